"""The `sealed20` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed19 only its docstring and imports; of
tests/ only the lines naming sealed19), from the behaviour a user of a long-term-memory
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
formal, short and long, the fact before, inside or after a question, a typo now and then);
case names give only the class and a number.

Run it only with `--split sealed20`, and only once, at the end: `--split all` leaves it out.
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

# A memory that keeps a dislike or a refusal as such (curly apostrophes too).
NO = r"doesn.t|does not|don.t|do not|not|never|avoid|dislike|hate|without|free"
# A reply that treats a rental whose end date has passed as over, in a few more words.
LATE = (OVER + r"|(been|be) returned|should have (been )?returned|(gave|give|handed|hand) "
        r"it back|no,? you (don.t|do not|no longer)")
ONE_WEEK = (r"one week|a week|1 week|7 days|seven days|april 5|5 april|5th|"
            r"next friday|a week from")

SEALED20_CASES = in_split("sealed20", [
    # --- empty memory: the first facts, the fact inside a question, all lowercase ---------
    case("empty_memory_2001", "empty_memory",
         [["hey is it normal for a conure to scream every morning at 6? shes called pomelo. "
           "im hjalmar btw, i work as a silversmith in turku"],
          ["what kind of bird do i have, and whats her name?"]],
         [remembers("hjalmar"), remembers("silversmith|silver"), remembers("turku"),
          remembers("conure|pomelo"), third_person(), says("conure"), says("pomelo")]),

    # --- a statement about a friend is no look-up; later it is used -----------------------
    case("statement_lookup_2002", "statement_lookup",
         [["My old university friend Gethin has just opened a falafel shop in Exeter."],
          ["Where did Gethin open his shop?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("gethin", "exeter"),
          says("exeter")]),

    # --- corrections: a formal one of the city, a lowercase one of the job ----------------
    case("correction_2003", "correction",
         [["I must correct an error in what you have on record: I do not live in Poznan. I "
           "moved to Ostrava in February; Poznan is merely where I grew up."],
          ["Kindly remind me which city I currently reside in."]],
         [remembers("ostrava"),
          forgets("poznan", s=0, unless="ostrava|grew|moved|former|previous|used to|"
                                        "no longer|" + NOT),
          kept("Has a Maine Coon called Zephyr"), says("ostrava")],
         seed=[sem("Lives in Poznan", "location"),
               sem("Has a Maine Coon called Zephyr", "pets")]),
    case("correction_2004", "correction",
         [["hey quick fix, i dont drive trains anymore - quit in january and i teach tap "
           "dancing full time now"],
          ["what do i do for work these days?"]],
         [remembers("danc"),
          forgets("train", unless="former|previous|used to|no longer|until|quit|left|stopp|"
                                  "tap|danc|" + NOT),
          kept("Has a son called Takumi"), says("danc")],
         seed=[sem("Works as a train driver", "work"),
               sem("Has a son called Takumi", "family")]),

    # --- several facts at once: a long message before a question, a lowercase list --------
    case("multi_fact_2005", "multi_fact",
         [["Okay, a bit of background before my question: I'm 61, I spent thirty years in the "
           "coastguard until I retired last autumn, my wife Valentina runs a tapas bar in "
           "Tenby, and we're getting a bichon frise puppy next month. What should first-time "
           "bichon owners know?"]],
         [remembers("61"), remembers("coastguard|coast guard"), remembers("valentina"),
          remembers("bichon")]),
    case("multi_fact_2006", "multi_fact",
         [["few things abt me: i dont eat fennel, i cycle to wrok most days, and my brother "
           "eamon lives in kelowna"],
          ["where does my brother live again?"]],
         [remembers("fennel"), forgets("fennel", unless=NO, name="fennel_kept_as_a_no"),
          remembers("cycl|bike|bicycl"), remembers("eamon", "kelowna"), says("kelowna")]),

    # --- worked examples do not leak: the facts after the request ------------------------
    case("example_leak_2007", "example_leak",
         [["Could you suggest a novel for a rainy evening? For context, I work as a typesetter "
           "and I go wild swimming most weekends."]],
         [remembers("typeset"), remembers("swim"), example_facts_absent()]),

    # --- the assistant's suggestion is not the user's fact --------------------------------
    case("assistant_answer_2008", "assistant_answer",
         [Session(["nice, ill grab a few on saturday, ta"],
                  history=[("user", "whats an easy fish for a small tank?"),
                           ("assistant", "Neon tetras are a great start: hardy, colourful and "
                                         "happy in a small heated tank with a filter.")])],
         [forgets("neon|tetra"), no_assistant_words_stored()]),

    # --- "another one" gets another one ---------------------------------------------------
    case("repetition_2009", "repetition",
         [["give me a name idea for my new sailboat", "another one pls",
           "ok one more, something funny this time"]],
         [remembers("sailboat|boat"), no_repeated_reply(any_earlier=True)]),

    # --- wording: a weekday resolved to a date, third person, a typo ----------------------
    case("wording_2010", "wording",
         [["cant wait, my ferry to portree is on wednesday mornign"]],
         [dated("portree|ferry", first="2024-03-20"), third_person()]),

    # --- reply preferences, applied in the next session ----------------------------------
    case("procedural_2011", "procedural",
         [["From now on, please keep your answers to two or three sentences at most; I mostly "
           "read them on my phone."],
          ["How does compound interest work?", "And what is an index fund, in simple terms?"]],
         [remembers("sentence|short|brief|concise", kind="procedural"), short(90)]),
    case("procedural_2012", "procedural",
         [["im learning german so from now on pls always reply to me in german"],
          ["whats a good way to remember new words?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- a formal introduction ------------------------------------------------------------
    case("introduction_2013", "introduction",
         [["Good afternoon. My name is Bronwyn Mokoena, and I am a goatherd in the hills "
           "outside Bozeman."],
          ["Would you kindly remind me of my name and my occupation?"]],
         [remembers("bronwyn"), remembers("goat"), remembers("bozeman"), says("bronwyn"),
          says("goat")]),

    # --- pronouns across messages: "he", then a chain "new person" -> "her" -> "she" -------
    case("pronouns_2014", "pronouns",
         [["My uncle is called Tancredi.", "He plays steel drums in a calypso band."],
          ["what instrument does my uncle play?"]],
         [remembers("tancredi", "drum|calypso"), says("drum")]),
    case("pronouns_2015", "pronouns",
         [["My brother has a new girlfriend.", "Her name is Octavia.",
           "She's a choreographer for a contemporary dance company."],
          ["What does my brother's girlfriend do for work?"]],
         [remembers("octavia", "choreograph|danc"), says("choreograph|danc")]),

    # --- the same fact in other words, a session later, is stored once -------------------
    case("duplicate_2016", "duplicate",
         [["I play lawn bowls on Tuesday evenings."],
          ["As I mentioned, Tuesday evenings are my lawn bowls nights."]],
         [once("bowls")]),

    # --- small talk stores nothing --------------------------------------------------------
    case("small_talk_2017", "small_talk",
         [["hiya, hows your day going?", "haha fair enough. ok catch you later!"]],
         [stores_nothing(), kept("Plays ice hockey on weekends")],
         seed=[sem("Plays ice hockey on weekends", "hobbies")]),

    # --- questions answered from memory: seeded, and told in an earlier session ----------
    case("question_2018", "question",
         [["whats the weather usually like in july where i live?"]],
         [says("bunbury|western australia", name="reply_uses_home_town"), stores_nothing()],
         seed=[sem("Lives in Bunbury, Western Australia", "location"),
               sem("Is allergic to coconut", "health")]),
    case("question_2019", "question",
         [["We're getting the hallway retiled next month; the guy doing it is called Zoran."],
          Session(["whats the name of the guy retiling my hallway?"], date="2024-03-22")],
         [remembers("zoran"), says("zoran"), stores_nothing(s=1)]),

    # --- a secret beside a fact -----------------------------------------------------------
    case("secret_2020", "secret",
         [["for the record the code for my safe is 3968. also i run an empanada stall at the "
           "farmers market on sundays"],
          ["whats the code for my safe again?"]],
         [never_stored("3968"), never_repeated("3968"), remembers("empanada")]),

    # --- another user asks about the first one --------------------------------------------
    case("cross_user_2021", "cross_user",
         [["Hi! I'm Kalliope, I work as a ventriloquist on cruise ships sailing out of "
           "Savannah."],
          Session(["Do you know someone called Kalliope?", "What does she do for a living?"],
                  user="b")],
         [remembers("ventriloqu"), isolated("a", "b", "ventriloqu", "savannah", "cruise")]),

    # --- time-bound: a rental asked about after its end, an event asked about before ------
    case("time_bound_2022", "time_bound",
         [["ive rented a cargo bike until the 25th while my car is in for repairs"],
          Session(["do i still have the cargo bike?"], date="2024-04-05")],
         [dated("cargo|bike", first="2024-03-25"), says(LATE, name="reply_says_it_ended")]),
    case("time_bound_2023", "time_bound",
         [["My beach volleyball league starts in three weeks, any tips for getting match fit "
           "quickly?"],
          Session(["How long do I have left until the volleyball league starts?"],
                  date="2024-03-29")],
         [dated("volleyball", first="2024-04-05"),
          says(ONE_WEEK, name="reply_says_one_week_left"),
          avoids(r"(has|have) already (started|begun)|already underway|is underway",
                 name="reply_not_started")]),

    # --- another language, typed without accents -----------------------------------------
    case("non_english_2024", "non_english",
         [["salut ! je m'appelle Clothilde, je suis souffleuse de verre a Namur et j'ai un "
           "furet qui s'appelle Caramel."],
          ["tu te souviens de mon metier ?"]],
         [remembers("verre|glass|souffl"), remembers("namur"), remembers("caramel"),
          says("verre|souffl"), in_language("fr")]),
])
