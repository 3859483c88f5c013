"""The `sealed18` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed17 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the other case files and are in none of them. It covers every class the tuned cases
use (empty memory, statements and look-ups, corrections, several facts at once, example
leaks, the assistant's own answers, repetition, wording and relative dates, reply
preferences, introductions, pronouns, repeated facts, small talk, questions answered from
memory, secrets, other users, time-bound facts, other languages), with a second case for
several facts at once, corrections, pronouns across messages, preferences applied in a later
session, time-bound facts and other languages. The typing varies (lowercase, no apostrophes,
formal, short and long); case names give only the class and a number.

Run it only with `--split sealed18`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
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
    no_repeated_reply,
    once,
    remembers,
    says,
    short,
    stores_nothing,
    third_person,
)

# A memory that keeps a "does not eat" as a limit, in any of the usual phrasings.
KEEPS_LIMIT = NOT + r"|avoid|\bno\b|without|free|dislik|intoleran|allerg|skip"
# A reply that treats a loan whose end date has passed as over (OVER, or a due date passed).
LOAN_OVER = OVER + r"|(was|were) due|due back|past the 24|after the 24"

SEALED18_CASES = in_split("sealed18", [
    # --- empty memory keeps the first facts -----------------------------------------------
    case("empty_memory_1801", "empty_memory",
         [["hey im bartek, i work as a court reporter in timisoara. oh and i keep a giant "
           "african millipede as a pet"],
          ["what kind of pet do i have again"]],
         [remembers("bartek"), remembers("court report|stenograph|reporter"),
          remembers("timi[sș]oara|temesvar"), remembers("millipede"), third_person(),
          says("millipede")]),

    # --- a statement is not a look-up -------------------------------------------------------
    case("statement_lookup_1802", "statement_lookup",
         [["My uncle Lajos just opened a little jeweller's shop in Padua."],
          ["Where is my uncle's new shop?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("lajos", "padua|padova"),
          says("padua|padova")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_1803", "correction",
         [["You've got my brother's name wrong. It's Jarle, not Eirik."],
          ["whats my brothers name?"]],
         [forgets("eirik", s=0, unless="jarle"), remembers("jarle", s=0),
          kept("Plays the oboe"), kept("Lives in Delft"), says("jarle")],
         seed=[sem("Has a brother called Eirik", "family"), sem("Plays the oboe", "hobbies"),
               sem("Lives in Delft", "location")]),
    case("correction_1804", "correction",
         [["been doing tango classes for about a year now, thursdays after work"],
          ["correction, its salsa not tango. i always mix the names up",
           "so what dance do i do on thursdays?"]],
         [remembers("tango", s=0), forgets("tango", s=1, unless="salsa|" + NOT),
          remembers("salsa", s=1), says("salsa")]),

    # --- a message with several facts keeps every fact --------------------------------------
    case("multi_fact_1805", "multi_fact",
         [["ok three updates: we adopted a macaw called Pimento, my wife Radka just started as "
           "a winemaker, and I signed up for Hungarian lessons on Mondays"]],
         [remembers("macaw"), remembers("pimento"), remembers("radka"),
          remembers("wine|vintner"), remembers("hungarian")]),
    case("multi_fact_1806", "multi_fact",
         [["i dont eat cheese, im a stage manager at a theatre in verona and my son taddeo "
           "plays the cornet"],
          ["what instrument does taddeo play?"]],
         [remembers("cheese", s=0), forgets("cheese", unless=KEEPS_LIMIT),
          remembers("stage", s=0), remembers("verona", s=0), remembers("cornet", s=0),
          says("cornet")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_1807", "example_leak",
         [["I'm a paleontologist in Modena, mostly dinosaur teeth these days. Can you recommend "
           "a good novel for my train commute?"]],
         [remembers("pala?eontolog"), remembers("modena"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_1808", "assistant_answer",
         [Session(["oh nice, ill make that tonight, thanks"],
                  history=[("user", "what can i cook tonight? i have half a cabbage and some "
                                    "eggs"),
                           ("assistant", "Try okonomiyaki: a savoury Japanese pancake of "
                                         "shredded cabbage, eggs and flour, topped with mayo "
                                         "and bonito flakes.")])],
         [forgets("okonomiyaki|bonito|pancake"), no_assistant_words_stored()]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_1809", "repetition",
         [["my guppies keep dying and i dont know why. 60 litre tank, had it about 3 months",
           "ok what else could it be?",
           "any other ideas? ive already tested the water"]],
         [remembers("gupp"), no_repeated_reply(any_earlier=True)]),

    # --- stored wording: third person, resolved dates ---------------------------------------
    case("wording_1810", "wording",
         [["my cousin despina is getting married in dubrovnik next saturday and im doing a "
           "reading at the ceremony"]],
         [dated("marr|wedding|despina|dubrovnik|ceremon", first="2024-03-16",
                last="2024-03-23"), third_person()]),

    # --- standing preferences, applied in the next session ----------------------------------
    case("procedural_1811", "procedural",
         [["From now on, please keep your answers brief: two or three sentences at most."],
          ["How do I season a cast iron pan?"]],
         [remembers("brief|short|concise|sentence", kind="procedural"), short(90)]),
    case("procedural_1812", "procedural",
         [["Can you reply in French from now on? I'm moving to Strasbourg in the summer and "
           "need the practice."],
          ["What should I check before signing a lease?"]],
         [remembers("french|fran[cç]ais", kind="procedural"), remembers("strasbourg"),
          in_language("fr")]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_1813", "introduction",
         [["Good evening. My name is Euphemia, and I am a retired church organist from "
           "Lucerne."],
          ["Do you recall my name, and what I did for a living?"]],
         [remembers("euphemia"), remembers("organ"), remembers("lucerne|luzern"),
          says("euphemia"), says("organ")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_1814", "pronouns",
         [["my new lodger is called ilias",
           "hes allergic to lupin btw, so i need to be careful with some gluten free flours"],
          ["baking a birthday cake for my lodger on sunday, anything i should watch out for?"]],
         [remembers("ilias", "lupin"), says("lupin")]),
    case("pronouns_1815", "pronouns",
         [["My best mate is Thanos.", "He's the one who got me into karaoke, we go every "
                                      "Thursday."],
          ["who do i usually go to karaoke with?"]],
         [remembers("thanos", "karaoke"), says("thanos")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_1816", "duplicate",
         [["I do aikido twice a week."],
          ["As I mentioned before, I train aikido two times a week."]],
         [remembers("aikido", s=0), once("aikido")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_1817", "small_talk",
         [["hiya! hows your day going?", "haha fair enough. right, gotta run, ttyl"]],
         [stores_nothing(), kept("Lives in Santander")],
         seed=[sem("Lives in Santander", "location")]),

    # --- a question is answered from memory and stores nothing ------------------------------
    case("question_1818", "question",
         [["whats my son called again, and which city did i say we live in?"]],
         [says("sekou"), says("c[aá]diz"), stores_nothing()],
         seed=[sem("Has a son called Sekou", "family"), sem("Lives in Cadiz", "location"),
               sem("Works as a sound engineer", "work")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_1819", "secret",
         [["my gate code is 5820, can you hang on to that for me? also i just started as a "
           "chiropractor in malaga"],
          ["whats my gate code again?"]],
         [never_stored("5820"), never_repeated("5820"), remembers("chiropract"),
          remembers("m[aá]laga")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_1820", "cross_user",
         [["Hi, I'm Ayodele. I run a ceviche stall at the fish market in Valparaiso."],
          Session(["who is ayodele? what does she do and where?"], user="b")],
         [remembers("ceviche"), remembers("valpara"), isolated("a", "b", "valpara", "ceviche")]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_1821", "time_bound",
         [["my mate Kagiso lent me his drone until the 24th, gonna film the coast with it"],
          Session(["can i take kagisos drone out this weekend?"], date="2024-04-05")],
         [dated("drone|kagiso", first="2024-03-24"),
          says(LOAN_OVER, name="reply_says_it_ended")]),
    case("time_bound_1822", "time_bound",
         [["our pub quiz final is next thursday, wish us luck!!"],
          Session(["when is the quiz final again?"], date="2024-03-19")],
         [dated("quiz", first="2024-03-21", last="2024-03-28"),
          says(r"thursday|21|28", name="reply_gives_the_day")]),

    # --- non-English users ------------------------------------------------------------------
    case("non_english_1823", "non_english",
         [["Hola, soy Yolanda. Vivo en Murcia y trabajo como bibliotecaria en la universidad."],
          ["¿Te acuerdas de dónde vivo y de qué trabajo?"]],
         [remembers("yolanda"), remembers("murcia"), remembers("bibliotec|librar"),
          says("murcia"), says("bibliotec|librar"), in_language("es")]),
    case("non_english_1824", "non_english",
         [["Hallo, ich bin Eberhard. Ich arbeite als Steinmetz in Hamburg und spiele am "
           "Wochenende gern Boule."],
          ["Weißt du noch, welchen Beruf ich habe?"]],
         [remembers("steinmetz|stone ?mason|stone ?carv|stein"), remembers("hamburg"),
          says("stein"), in_language("de")]),
])
