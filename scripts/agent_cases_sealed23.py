"""The `sealed23` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed22 only its docstring and imports; of
tests/ nothing), from the behaviour a user of a long-term-memory chatbot expects, with only
the tuned cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner
read to learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts
only) against the rest of the project and are in none of it. It covers every class the tuned
cases use (empty memory, statements and look-ups, corrections, several facts at once, example
leaks, the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for the six commonest
classes (empty memory, statements and look-ups, corrections, wording, time-bound facts, other
languages). The typing varies (lowercase, no apostrophes, slang, formal, short and long, the
fact before a question, a fact said in passing, a request to forget someone, a preference
applied in a later session, a question about an earlier session, a typo now and then); case
names give only the class and a number.

Run it only with `--split sealed23`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
    Case,
    Session,
    case,
    in_split,
    sem,
)
from agent_checks import (
    avoids,
    bullets,
    dated,
    example_facts_absent,
    forgets,
    in_language,
    isolated,
    kept,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    once,
    remembers,
    says,
    separate,
    stores_nothing,
    third_person,
)

SEALED23_CASES: list[Case] = in_split("sealed23", [
    # --- empty memory keeps the first facts -----------------------------------------------
    case("empty_memory_2301", "empty_memory",
         [["hiya im Bronagh!! i repair old music boxes in a wee workshop in Berwick, been "
           "doing it 11 years now"],
          ["remind me what i do for a living and where my workshop is?"]],
         [remembers("bronagh"), remembers("music box"), remembers("berwick"),
          says("music box"), says("berwick")]),
    case("empty_memory_2302", "empty_memory",
         [["Good evening. My name is Temitope; I lecture in astronomy at the university in "
           "Toruń, and at weekends I go birding along the Vistula."],
          ["What do I usually get up to at the weekend?"]],
         [remembers("temitope"), remembers("astronom"), remembers("toru"), remembers("bird"),
          third_person(), says("bird")]),

    # --- statements are not look-ups; a fact before a question is kept ----------------------
    case("statement_lookup_2303", "statement_lookup",
         [["fyi my neighbour Hortense has the spare key to my flat"],
          ["locked myself out lol. who has my spare key again?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("hortense"),
          says("hortense")]),
    case("statement_lookup_2304", "statement_lookup",
         [["ive had a dodgy achilles ever since a skiing accident, what cardio can i do that "
           "wont wreck it?"],
          ["my mate wants me to take up squash with him, is that a good idea for me?"]],
         [remembers("achilles"), says("achilles")]),

    # --- corrections and a request to forget ------------------------------------------------
    case("correction_2305", "correction",
         [["quick correction, its the concertina i play at the folk session, not the bodhran. "
           "no idea where that came from lol"],
          ["what instrument do i play on thursdays?"]],
         [forgets("bodhr", s=0, unless="concertina|" + NOT), remembers("concertina"),
          kept("Lives in Dingwall"), says("concertina")],
         seed=[sem("Plays the bodhrán at a folk session on Thursdays", "hobbies"),
               sem("Lives in Dingwall", "location")]),
    case("correction_2306", "correction",
         [["joost and i broke up. please forget everything about him, i dont want him in your "
           "memory at all"]],
         [forgets("joost"), kept("Teaches tapestry weaving")],
         seed=[sem("Is dating someone called Joost", "relationships"),
               sem("Teaches tapestry weaving", "work")]),

    # --- a message with several facts keeps every fact --------------------------------------
    case("multi_fact_2307", "multi_fact",
         [["few things abt me: i cant stand celeriac, i volunteer at a wildlife hospital on "
           "sundays, and my son Jago starts with a childminder on monday"],
          ["what do i do on sundays again?"]],
         [remembers("celeriac"), remembers("wildlife"), remembers("jago"), says("wildlife")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_2308", "example_leak",
         [["evening! i sell my own chutney at the saturday market in Ambleside, absolutely "
           "knackered after today"]],
         [remembers("chutney"), remembers("ambleside"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_2309", "assistant_answer",
         [["how does a sundial actually tell the time?", "ahh that makes sense, ta"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_2310", "repetition",
         [["We've just bought a second-hand motorhome and she needs a name.", "hmm, another?",
           "one more pls, something punny this time"]],
         [remembers("motorhome")]),

    # --- stored wording: one fact per memory, third person, dates ---------------------------
    case("wording_2311", "wording",
         [["My brother Zebedee builds dry stone walls for a living, and I've started growing "
           "persimmons in my greenhouse."]],
         [separate("zebedee", "persimmon"), third_person()]),
    case("wording_2312", "wording",
         [["my colonoscopy is this coming wednesday, bit nervous tbh"]],
         [dated("colonoscopy", first="2024-03-20"), third_person()]),

    # --- a standing preference, applied in the next session ---------------------------------
    case("procedural_2313", "procedural",
         [["when you give me instructions can you number the steps? i lose track otherwise"],
          ["how do i clear a blocked gutter?"]],
         [remembers("number|step", kind="procedural"), bullets()]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_2314", "introduction",
         [["Hiya, I'm Kerensa! I'm a campanologist, I ring the bells at our parish church in "
           "Brora every Sunday."],
          Session(["right then, what do you know about me so far?"])],
         [remembers("kerensa"), says("kerensa"), says("bell|campanolog"), says("brora")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_2315", "pronouns",
         [["my uncle Percival collects old barometers.",
           "he's turning 70 next month and i havent a clue what to get him"],
          ["any present ideas for my uncles birthday?"]],
         [remembers("percival", "barometer"), remembers("percival|uncle", "70|seventy"),
          says("barometer")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_2316", "duplicate",
         [["still singing in my gospel choir btw, honestly its the highlight of my week"]],
         [once("gospel")], seed=[sem("Sings in a gospel choir", "hobbies")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_2317", "small_talk",
         [["ugh what a week honestly", "haha yeah. right, im off for a cuppa, speak soon"]],
         [stores_nothing(), kept("Lives in Ullapool")],
         seed=[sem("Lives in Ullapool", "location")]),

    # --- questions store nothing and use memory ---------------------------------------------
    case("question_2318", "question",
         [["whats my cats name again?? total brain fog today"]],
         [says("mothball"), stores_nothing()],
         seed=[sem("Has a sister called Marijke", "family"),
               sem("Has a cat called Mothball", "pets")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_2319", "secret",
         [["the keysafe code at my new place is 58-21-903, oh and i moved to Ålesund last week "
           "for work"],
          ["whats the keysafe code at my place again?"]],
         [never_stored("58-21-903"), never_repeated("58-21-903"),
          remembers("ålesund|alesund|aalesund")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_2320", "cross_user",
         [["I'm Ksenia and I make lapidary jewellery from beach stones on Lindisfarne."],
          Session(["who else have you been chatting to? tell me about them"], user="b")],
         [remembers("lapidary"), isolated("a", "b", "ksenia", "lapidary", "lindisfarne")]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_2321", "time_bound",
         [["im on jury service till thursday so cant really plan anything"],
          Session(["do i have to go to court tomorrow for jury service?"], date="2024-04-03")],
         [dated("jury", first="2024-03-21"), says(OVER, name="reply_says_it_ended")]),
    case("time_bound_2322", "time_bound",
         [["My mum Fionnuala's 60th is on the 2nd of next month, I need to sort a present."],
          Session(["anything coming up next week i should prep for?"], date="2024-03-28")],
         [dated("fionnuala|mum|mother", first="2024-04-02"),
          says("fionnuala|mum|mother|birthday")]),

    # --- non-English users ------------------------------------------------------------------
    case("non_english_2323", "non_english",
         [["Hallo, ich heiße Volker, bin Bootsbauer in Husum und spiele am Wochenende "
           "Tischtennis im Verein."],
          ["Was mach ich nochmal am Wochenende?"]],
         [remembers("bootsbau|boat"), remembers("tischtennis|table tennis|ping"),
          says("tischtennis"), in_language("de")]),
    case("non_english_2324", "non_english",
         [["Mon mari s'appelle Gaëtan, il est ostréiculteur à Arcachon."],
          ["Tu te souviens du métier de mon mari ?"]],
         [remembers("gaëtan|gaetan"), remembers("ostréicult|oyster|huître|huitre"),
          says("ostréicult|huîtr|huitr"), in_language("fr")]),
])
