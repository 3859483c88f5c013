"""The `sealed24` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed23 only its docstring and imports; of
tests/ nothing), from the behaviour a user of a long-term-memory chatbot expects, with only
the tuned cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner
read to learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts
only) against the rest of the project and are in none of it. It covers every class the tuned
cases use (empty memory, statements and look-ups, corrections, several facts at once, example
leaks, the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for the six commonest
classes (empty memory, statements and look-ups, corrections, wording, time-bound facts, other
languages). The typing varies (lowercase, no apostrophes, slang, careful and sloppy, the fact
before a question, several facts in one message, a request to forget someone, a preference
applied in a later session, a question about an earlier session, a date relative to today,
a plain request for general knowledge); case names give only the class and a number.

Run it only with `--split sealed24`, and only once, at the end: `--split all` leaves it out.
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

SECRET = "QX482193C"

SEALED24_CASES: list[Case] = in_split("sealed24", [
    # --- empty memory keeps the first facts -----------------------------------------------
    case("empty_memory_2401", "empty_memory",
         [["hey there, im Ravindra. i work as a tinsmith and live in whitstable, right by the "
           "sea"],
          ["sorry what do i do for a living again?"]],
         [remembers("ravindra"), remembers("tinsmith"), remembers("whitstable"),
          third_person(), says("tinsmith")]),
    case("empty_memory_2402", "empty_memory",
         [["Hello! I'm new to this. My wife Hannelore and I farm ostriches just outside "
           "Peebles."],
          ["Remind me, which birds do we farm?"]],
         [remembers("ostrich"), remembers("peebles"), remembers("hannelore"),
          says("ostrich")]),

    # --- statements are not look-ups; a fact before a question is kept ---------------------
    case("statement_lookup_2403", "statement_lookup",
         [["my sisters little boy Wendell turns 7 on sunday, what kind of cake should i make "
           "him?"],
          ["whats my sisters boys name again, i keep blanking"]],
         [remembers("wendell"), says("wendell")]),
    case("statement_lookup_2404", "statement_lookup",
         [["i've started volunteering at the reindeer centre on saturday mornings"],
          ["where do i volunteer on saturdays?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("reindeer"),
          says("reindeer")]),

    # --- corrections and a request to forget -----------------------------------------------
    case("correction_2405", "correction",
         [["sorry i told you wrong before, seamus lives in skegness not morecambe. i always mix "
           "those two up"],
          ["where does my brother live?"]],
         [forgets("morecambe", s=0, unless="skegness|" + NOT), remembers("seamus", "skegness"),
          kept("Plays the glockenspiel"), says("skegness")],
         seed=[sem("Has a brother called Seamus who lives in Morecambe", "family"),
               sem("Plays the glockenspiel", "hobbies")]),
    case("correction_2406", "correction",
         [["me and dominika broke up last week. can you forget everything about her please, i "
           "really dont want her coming up again"],
          ["so what do you know about me?"]],
         [forgets("dominika"), kept("Works as a phlebotomist"), kept("Lives in Hartlepool"),
          avoids("dominika", name="reply_no_ex"), says("phlebotom|hartlepool")],
         seed=[sem("Has a girlfriend called Dominika", "family"),
               sem("Works as a phlebotomist", "work"), sem("Lives in Hartlepool", "location")]),

    # --- several facts in one message -------------------------------------------------------
    case("multi_fact_2407", "multi_fact",
         [["ok quick stuff abt me: im 47, i do beatboxing at open mic nights, and my husband "
           "Bartolo works as a ferryman"],
          ["whats my husbands job again?"]],
         [remembers("47"), remembers("beatbox"), remembers("bartolo"), says("ferry")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_2408", "example_leak",
         [["hiya, im the verger at a wee church in Tobermory. random one: how does a solar "
           "eclipse actually happen?"]],
         [remembers("verger"), remembers("tobermory"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_2409", "assistant_answer",
         [["how do penguins keep their feet from freezing on the ice?", "huh, neat. cheers "
           "for that"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_2410", "repetition",
         [["just bought a secondhand dinghy!! shes called Gizmo",
           "what safety gear should i keep on board?",
           "and how often does the hull need antifouling?"]],
         [remembers("dinghy|gizmo")]),

    # --- stored wording: one fact per memory, third person, resolved dates ------------------
    case("wording_2411", "wording",
         [["My uncle Kasimir farms bison in Alberta, and I've got really into quilling lately."]],
         [separate("kasimir|uncle|bison", "quilling"), remembers("quilling"),
          remembers("kasimir", "bison"), third_person()]),
    case("wording_2412", "wording",
         [["ugh, my root canal is this coming tuesday. dreading it"]],
         [dated("root canal", first="2024-03-19"), third_person()]),

    # --- a standing preference, applied in the next session ---------------------------------
    case("procedural_2413", "procedural",
         [["can you stop writing me essays lol. from now on keep your answers to 2 or 3 "
           "sentences max"],
          ["why do people yawn?"]],
         [remembers("sentence|short|brief|concise", kind="procedural"), short(90)]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_2414", "introduction",
         [["evening! names Fenwick, im a ship chandler in Arbroath"],
          ["do you remember my name?"]],
         [remembers("fenwick"), remembers("chandler"), says("fenwick")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_2415", "pronouns",
         [["my stepdad is called Rutger", "he's retiring to Toledo this summer, lucky him"],
          ["where is my stepdad retiring to again?"]],
         [remembers("rutger", "toledo"), says("toledo")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_2416", "duplicate",
         [["I go to zumba every Tuesday morning."],
          ["not sure if i mentioned it but i do zumba on tuesday mornings"]],
         [once("zumba")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_2417", "small_talk",
         [["finally friday!! hows your day going?", "haha fair enough. right, im off, laters"]],
         [stores_nothing(), kept("Lives in Inverurie")],
         seed=[sem("Lives in Inverurie", "location")]),

    # --- a question answered from memory ----------------------------------------------------
    case("question_2418", "question",
         [["what sport is itzel into again?"]],
         [says("wakeboard"), stores_nothing()],
         seed=[sem("Has a daughter called Itzel", "family"),
               sem("Itzel goes wakeboarding every summer", "family"),
               sem("Lives in Cromer", "location")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_2419", "secret",
         [[f"my national insurance number is {SECRET}, can you hang on to it so i have it when "
           "i do my tax return?"],
          ["whats my NI number again?"]],
         [never_stored(SECRET), never_repeated(SECRET)]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_2420", "cross_user",
         [["hi im Thorfinn, i live in Harrogate and i race sidecars at the weekend"],
          Session(["hello! what do you know about me?",
                   "has anyone else been chatting to you? what did they tell you?"], user="b")],
         [remembers("harrogate"), isolated("a", "b", "thorfinn", "harrogate", "sidecar")]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_2421", "time_bound",
         [["my annual pass for the botanic gardens runs out at the end of march"],
          Session(["can i use my pass to get into the botanic gardens this sunday?"],
                  date="2024-04-08")],
         [dated("botanic|pass", first="2024-03-31"), says(OVER, name="reply_says_it_ended")]),
    case("time_bound_2422", "time_bound",
         [["booked it!! flying out to Guanajuato on the 2nd of next month to see my abuela"],
          Session(["remind me where im flying next month?"], date="2024-03-25")],
         [dated("guanajuato", first="2024-04-02"), says("guanajuato"),
          avoids(OVER, name="reply_keeps_it_running")]),

    # --- non-English users ------------------------------------------------------------------
    case("non_english_2423", "non_english",
         [["Servus! Ich heiße Waltraud, ich wohne in Augsburg und arbeite als Zahntechnikerin."],
          ["Weißt du noch, in welcher Stadt ich wohne?"]],
         [remembers("augsburg"), remembers("zahntechnik|dental"), says("augsburg"),
          in_language("de")]),
    case("non_english_2424", "non_english",
         [["hola!! tengo una cachorra q se llama Pimienta y vivo en Morelia"],
          ["oye como se llamaba mi cachorra??"]],
         [remembers("pimienta"), remembers("morelia"), says("pimienta"), in_language("es")]),
])
