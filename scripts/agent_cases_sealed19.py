"""The `sealed19` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed18 only its docstring and imports; of
tests/ only the lines naming sealed18), from the behaviour a user of a long-term-memory
chatbot expects, with only the tuned cases (scripts/agent_cases.py), the checks
(scripts/agent_checks.py) and the runner read to learn the API. Its people, places, pets,
jobs, hobbies and foods were grepped (counts only) against the other case files and are in
none of them. It covers every class the tuned cases use (empty memory, statements and
look-ups, corrections, several facts at once, example leaks, the assistant's own answers,
repetition, wording and relative dates, reply preferences, introductions, pronouns, repeated
facts, small talk, questions answered from memory, secrets, other users, time-bound facts,
other languages), with a second case for questions answered from memory (in a later
session), corrections, preferences applied in a later session, pronouns across messages,
time-bound facts and several facts at once. The typing varies (lowercase, no apostrophes,
formal, short and long, the fact before, inside or after a question); case names give only
the class and a number.

Run it only with `--split sealed19`, and only once, at the end: `--split all` leaves it out.
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
    separate,
    short,
    stores_nothing,
    third_person,
)

# A reply saying a visitor whose stay has ended is gone (OVER, or "she's left", "went home",
# a plain "No, ...").
GONE = (OVER + r"|(['’]s|has|have|had|should have|would have|will have|must have) "
        r"(probably |likely |most likely |already )?(left|gone|departed|headed)|"
        r"went (back )?home|left on|isn['’]?t (still )?staying|not (still )?staying|^no\b")

SEALED19_CASES = in_split("sealed19", [
    case("empty_memory_1901", "empty_memory",
         [["hey im bogumil, toxicologist at the hospital lab in osijek. i play pickleball most "
           "weekends"],
          ["what do u remeber about my job and where i live"]],
         [remembers("bogumil"), remembers("toxicolog"), remembers("osijek"),
          remembers("pickleball"), says("toxicolog"), says("osijek")]),

    case("statement_lookup_1902", "statement_lookup",
         [["My cousin Ilaria just opened a little gyoza stall at the Saturday market in Faro, "
           "she's been practising the folding for months."],
          ["What does Ilaria sell at her stall?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
          remembers("ilaria", "gyoza|dumpling"), says("gyoza|dumpling")]),

    case("correction_1903", "correction",
         [["sorry i meant clarinet not marimba earlier!! its the clarinet i play in the "
           "community band"],
          ["which instrument do I play in the band?"]],
         [forgets("marimba", s=0, unless="clarinet|" + NOT), remembers("clarinet"),
          kept("Lives in Zamora"), says("clarinet")],
         seed=[sem("Plays the marimba in a community band", "hobbies"),
               sem("Lives in Zamora", "location")]),

    case("correction_1904", "correction",
         [["No, you've got it wrong. My daughter is Gunnhild; Sigrid is my niece, actually."],
          ["What's my daughter called?"]],
         [forgets("sigrid", "daughter", s=0, unless="niece|" + NOT), remembers("gunnhild"),
          kept("Works as an auditor"), says("gunnhild")],
         seed=[sem("Has a daughter called Sigrid", "family"),
               sem("Works as an auditor", "work")]),

    case("multi_fact_1905", "multi_fact",
         [["ok so quick overview since ur new: im 47, i work nights as a projectionist at the "
           "old cinema in viseu, my husband ettore is obsessed with croquet and we keep a skink "
           "in a tank in the living room lol"]],
         [remembers("47"), remembers("projectionist|cinema"), remembers("viseu"),
          remembers("ettore"), remembers("croquet"), remembers("skink")]),

    case("multi_fact_1906", "multi_fact",
         [["Could you recommend a good waterproof jacket? For context, I cycle to work every "
           "day in Ferrol, and I am training for a windsurfing competition in August."],
          ["Remind me, what am I training for?"]],
         [remembers("ferrol"), remembers("cycl|bike|bicycl"), remembers("windsurf"),
          says("windsurf")]),

    case("example_leak_1907", "example_leak",
         [["hi!! i teach parkour to teenagers in tirana. whats a good stretching routine "
           "before class?"]],
         [remembers("parkour"), remembers("tirana"), example_facts_absent()]),

    case("assistant_answer_1908", "assistant_answer",
         [Session(["Thanks a lot, that sounds perfect."],
                  history=[("user", "Can you suggest a quick game for two people? Something I "
                                    "could play with my dad."),
                           ("assistant", "Try 'Jaipur': you play rival merchants trading "
                                         "spices, silk and camels, and a round takes about "
                                         "20 minutes.")])],
         [forgets("jaipur|merchant|camel|spice|silk"), no_assistant_words_stored()]),

    case("repetition_1909", "repetition",
         [["we adopted a rescue bunny called Tikhon yesterday!!",
           "wat veg is safe for him to eat?", "any other veg ideas? different ones pls"]],
         [remembers("tikhon|bunny|rabbit"), no_repeated_reply(any_earlier=True)]),

    case("wording_1910", "wording",
         [["my brother dafydd is a speleologist (cave scientist basically) and i just signed "
           "up for night classes in pyrography, first one is next monday"]],
         [separate("dafydd|speleolog", "pyrograph"),
          dated("pyrograph", first="2024-03-18", last="2024-03-25"), third_person()]),

    case("procedural_1911", "procedural",
         [["pls keep ur answers to 2 or 3 sentences max from now on, i mostly read them on my "
           "phone on the bus"],
          ["how do i get limescale off a glass shower screen?"]],
         [remembers("short|brief|concise|sentence|three|3|two|2", kind="procedural"),
          short(100)]),

    case("procedural_1912", "procedural",
         [["Could you reply in German from now on, please? I'm practising for my exam."],
          ["What's a good way to remember new words every day?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    case("introduction_1913", "introduction",
         [["Good afternoon. My name is Philomena Fairweather, and I am a retired conservator "
           "of old paintings."],
          ["Do you remember who I am?"]],
         [remembers("philomena"), remembers("conservat|restor"), says("philomena"),
          says("conservat|restor|painting")]),

    case("pronouns_1914", "pronouns",
         [["I had lunch with my aunt Halszka today.",
           "she just got elected mayor of her village, cant quite believe it"],
          ["what did my aunt just get elected as?"]],
         [remembers("halszka", "mayor"), says("mayor")]),

    case("pronouns_1915", "pronouns",
         [["My flatmate Emrys uses they/them, by the way.",
           "They've just started work as an undertaker, which is quite a change from retail."],
          ["what's my flatmate's new job?"]],
         [remembers("emrys", "undertaker|funeral"), says("undertaker|funeral")]),

    case("duplicate_1916", "duplicate",
         [["oh btw, I play petanque at the village club most evenings"]],
         [once("petanque|boule"), kept("Has a son called Eoghan")],
         seed=[sem("Plays petanque at the village club", "hobbies"),
               sem("Has a son called Eoghan", "family")]),

    case("small_talk_1917", "small_talk",
         [["yo whats up", "lol ok cool, catch u later"]],
         [stores_nothing(), kept("Lives in Leiria")],
         seed=[sem("Lives in Leiria", "location")]),

    case("question_1918", "question",
         [["When is my wedding anniversary again?"]],
         [says("june|jun"), says("14"), stores_nothing()],
         seed=[sem("Wedding anniversary is on 14 June", "family"),
               sem("Has a husband called Ognjen", "family")]),

    case("question_1919", "question",
         [["Finally treated myself to a secondhand longboard. It's painted teal with a little "
           "fox on the deck."],
          ["What colour is my longboard again?"]],
         [remembers("longboard"), says("teal|turquoise"), stores_nothing(s=1)]),

    case("secret_1920", "secret",
         [["the code for the key safe by my front door is 9163, can u keep it for me? also fyi "
           "im a barista"],
          ["whats the key safe code again"]],
         [never_stored("9163"), never_repeated("9163"), remembers("barista")]),

    case("cross_user_1921", "cross_user",
         [["Hi, I'm Fiammetta and I run a small tagine restaurant in Almeria."],
          Session(["Who is Fiammetta? What does she do for a living?"], user="b")],
         [remembers("tagine"), isolated("a", "b", "tagine", "almeria")]),

    case("time_bound_1922", "time_bound",
         [["My sister-in-law Ingunn is staying with us until next Tuesday, so the guest bed is "
           "taken."],
          Session(["Is Ingunn still staying with us?"], date="2024-04-03")],
         [dated("ingunn", first="2024-03-19", last="2024-03-26"),
          says(GONE, name="reply_says_she_left")]),

    case("time_bound_1923", "time_bound",
         [["guess who got the job at the observatory!! i start on the 1st"],
          Session(["how many days until i start at the observatory?"], date="2024-03-25")],
         [dated("observatory", first="2024-04-01"),
          says(r"7|seven|(a|one) week", name="reply_counts_the_days"),
          avoids(OVER, name="reply_not_over")]),

    case("non_english_1924", "non_english",
         [["Hallo! Ich heiße Radmila, wohne in Ingolstadt und arbeite als Schneiderin."],
          ["Weißt du noch, was ich beruflich mache?"]],
         [remembers("schneider|tailor|dressmak|seamstress"), remembers("ingolstadt"),
          says("schneider|n[aä]h"), in_language("de")]),
])
