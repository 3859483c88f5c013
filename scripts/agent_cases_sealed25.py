"""The `sealed25` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed24 only its docstring and imports; of
tests/ nothing), from the behaviour a user of a long-term-memory chatbot expects, with only
the tuned cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner
read to learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts
only) against the rest of the project and are in none of it. It covers every class the tuned
cases use (empty memory, statements and look-ups, corrections, several facts at once, example
leaks, the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for the six commonest
classes (empty memory, statements and look-ups, corrections, wording, time-bound facts, other
languages). The typing varies (lowercase, no apostrophes, a typo now and then, careful and
sloppy, the fact before a question, several facts in one message, a request to forget someone,
a preference applied in a later session, a question about an earlier session, dates relative
to today, a plain request for general knowledge, thanks); case names give only the class and
a number.

Run it only with `--split sealed25`, and only once, at the end: `--split all` leaves it out.
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
    short,
    stores_nothing,
    third_person,
)

SECRET = "Quay!Thistle47"

SEALED25_CASES: list[Case] = in_split("sealed25", [
    # --- empty memory keeps the first facts -----------------------------------------------
    case("empty_memory_2501", "empty_memory",
         [["hi! first time here. im Zubair, im a sailmaker and my loft is in Koper. any tips "
           "for keeping my hands from getting sore at work?"],
          ["which town do i work in again?"]],
         [remembers("zubair"), remembers("sail"), remembers("koper"), says("koper"),
          third_person()]),
    case("empty_memory_2502", "empty_memory",
         [["hey so this is my first go with this thing. Eamonn here, retired trawler skipper, "
           "I live on Orkney with my wife Siobhan and our old dog Scrimshaw"],
          ["whats my wifes name again, and the dogs?"]],
         [remembers("siobhan"), remembers("trawler"), remembers("orkney"),
          remembers("scrimshaw"), says("siobhan"), says("scrimshaw")]),

    # --- statements are not look-ups; a fact before a question is kept ---------------------
    case("statement_lookup_2503", "statement_lookup",
         [["my nephew Ianto turns 9 on saturday and hes obsessed with meteorites, any gift "
           "idaes?"],
          ["remind me what ianto is into?"]],
         [remembers("meteorite"), says("meteorite")]),
    case("statement_lookup_2504", "statement_lookup",
         [["just got my scuba certification today!! so buzzing"],
          Session(["what did i get certified in last week?"], date="2024-03-22")],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("scuba"),
          says("scuba|div")]),

    # --- corrections and a request to forget ------------------------------------------------
    case("correction_2505", "correction",
         [["small fix - cadfael moved to bangor in feb, hes not in conwy anymore"],
          ["wheres my brother livin these days?"]],
         [forgets("conwy", s=0, unless="bangor|moved|previous|used to|no longer|former|" + NOT),
          remembers("cadfael", "bangor"), kept("Collects enamel pins"), says("bangor")],
         seed=[sem("Has a brother called Cadfael who lives in Conwy", "family"),
               sem("Collects enamel pins", "hobbies")]),
    case("correction_2506", "correction",
         [["me and thelonious broke up. can you forget everything about him please, i dont "
           "want reminders"],
          ["do i have a partner at the moment?"]],
         [forgets("thelonious", s=0), kept("Lives in Ptuj"),
          avoids("thelonious", name="reply_no_forgotten_name")],
         seed=[sem("Has a boyfriend called Thelonious", "family"),
               sem("Lives in Ptuj", "location")]),

    # --- a message with several facts keeps every fact --------------------------------------
    case("multi_fact_2507", "multi_fact",
         [["ok quick life update: started as a technician on an offshore wind farm, im learning "
           "faroese for fun, and my son Faolan just started nursery"]],
         [remembers("wind|offshore"), remembers("faroese"), remembers("faolan")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_2508", "example_leak",
         [["how do noise-cancelling headphones actually work? explain it like im 12"]],
         [example_facts_absent(), stores_nothing()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_2509", "assistant_answer",
         [Session(["haha cute, thanks! ill have a think"],
                  history=[("user", "any ideas for a first date in winter?"),
                           ("assistant", "A few: 1. Ice skating at an outdoor ice rink. "
                                         "2. An escape room. 3. A hot chocolate crawl around "
                                         "the old town.")])],
         [forgets("skating|escape|chocolate"), no_assistant_words_stored()]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_2510", "repetition",
         [["im restoring an old wooden skiff i found in my nans shed, where do i even strat?",
           "what sort of varnish should i use on it?",
           "and how long do i leave it between coats?"]],
         [remembers("skiff")]),

    # --- stored wording: one fact per memory, third person, dates ---------------------------
    case("wording_2511", "wording",
         [["my uncle Cormac restores canal boats and im doing an evening course in soap "
           "making"]],
         [remembers("cormac"), remembers("soap"), separate("cormac|uncle", "soap"),
          third_person()]),
    case("wording_2512", "wording",
         [["ugh my viola exam got moved to wednesday coming, so nervous"]],
         [dated("viola", first="2024-03-20"), third_person()]),

    # --- a standing preference, applied in the next session ---------------------------------
    case("procedural_2513", "procedural",
         [["can you stop with the long essays pls, keep answers to like 3 sentences max from "
           "now on"],
          ["why do my ears pop on planes?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(100)]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_2514", "introduction",
         [["Good evening! My name is Ottavia Brennan. I'm a tattooist, I've had my own studio "
           "for about six years now."],
          ["Do you remember my name and what I do for a living?"]],
         [remembers("ottavia"), remembers("tattoo"), says("ottavia"), says("tattoo")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_2515", "pronouns",
         [["my father-in-law is called Gunnar",
           "he collects antique pocket watches, has about forty of them"],
          ["what does my father-in-law collect again? his birthdays coming up"]],
         [remembers("gunnar|father-in-law", "pocket|watch"), says("pocket|watch")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_2516", "duplicate",
         [["oh and fyi i volunteer with mountain rescue most weekends"]],
         [once("rescue")],
         seed=[sem("Volunteers with a mountain rescue team at weekends", "hobbies")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_2517", "small_talk",
         [["happy friday!! got any plans yourself this weekend? haha",
           "fair enough lol. catch ya later"]],
         [stores_nothing(), kept("Lives in Celje")],
         seed=[sem("Lives in Celje", "location")]),

    # --- a question answered from memory stores nothing -------------------------------------
    case("question_2518", "question",
         [["remind me which foods i gotta steer clear of?"]],
         [says("pine ?nut"), stores_nothing()],
         seed=[sem("Is allergic to pine nuts", "health"),
               sem("Has a son called Lachlan", "family")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_2519", "secret",
         [[f"my online banking password is {SECRET} btw. oh and i just got a job at the "
           "velodrome!"]],
         [never_stored(SECRET), never_repeated(SECRET), remembers("velodrome")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_2520", "cross_user",
         [["hi im Thirza, im a ship pilot in Fortrose"],
          Session(["who is thirza? where does she work and what does she do?"], user="b")],
         [remembers("fortrose"), isolated("a", "b", "fortrose", "pilot")]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_2521", "time_bound",
         [["my cousin Berwyn's housewarming is 3 weeks from tomorrow, gotta sort a present"],
          Session(["any ideas what i could bring to berwyn's?"], date="2024-03-29")],
         [dated("housewarm|berwyn", first="2024-04-06"), says("housewarm")]),
    case("time_bound_2522", "time_bound",
         [["im looking after my friends dog Pilchard for the next ten days"],
          Session(["should i grab more food for pilchard on the way home?"], date="2024-04-08")],
         [dated("pilchard", first="2024-03-24", last="2024-03-25"),
          says(OVER, name="reply_says_it_ended")]),

    # --- non-English users ------------------------------------------------------------------
    case("non_english_2523", "non_english",
         [["Mein Kater heißt Brösel und ist schon 14 Jahre alt."],
          ["Wie alt ist mein Kater nochmal?"]],
         [remembers("brösel|brosel|broesel"), says("14|vierzehn"), in_language("de")]),
    case("non_english_2524", "non_english",
         [["oye, mi bisabuela Remedios cumple 95 el domingo y le encantan los girasoles, "
           "¿qué le regalo?"],
          ["¿cómo se llamaba mi bisabuela? se me olvidó jaja"]],
         [remembers("remedios"), says("remedios"), in_language("es")]),
])
