"""The `sealed11` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed10 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, foods, pets, jobs, hobbies and instruments were grepped
(file counts only) against the repository and are in none of its files. It covers 19 classes
(recall across sessions, what the bot knows about the user, several facts at once, facts that
changed, things that ended, corrections, forgetting on request, reply preferences, relative and
time-bound dates, not knowing, not inventing, questions, other languages, small talk, secrets,
other users, repeated facts, the assistant's own answers, two people kept apart); case names
give only the class and a number.

Run it only with `--split sealed11`, and only once, at the end: `--split all` leaves it out.
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
    Check,
    _reply_check,
    avoids,
    dated,
    forgets,
    has,
    in_language,
    isolated,
    kept,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    once,
    remembers,
    says,
    short,
    stores_nothing,
)

# Either apostrophe: replies often use the typographic one.
_A = "['\u2019]"
# A reply saying it was never told (wider than DONT_KNOW: "you haven't mentioned ...").
NOT_TOLD = (DONT_KNOW.replace("'", _A) + "|"
            rf"(haven{_A}t|have not|hasn{_A}t|has not|didn{_A}t|did not|never) (yet )?"
            r"(told|mentioned|shared|said|given|come up|provided)|"
            r"not (yet )?(been )?(told|mentioned|shared|provided)|"
            r"no (record|mention|details?|note|memory of)|"
            rf"(don{_A}t|do not|doesn{_A}t|does not) (seem to )?(have|see|hold) "
            r"(that|this|any|a record|her|his|your|it)|"
            rf"not sure|no idea|(isn{_A}t|is not|wasn{_A}t|was not) (something|in|among)")
# A reply that treats a visit whose last day has passed as over.
GONE = (OVER + "|" + rf"(has|have|had|{_A}d have|would have|will have|probably) (already )?"
        r"(left|gone)|went (home|back)|(left|departed) on|"
        r"(was|were) (only )?(staying|here|with you|visiting) (until|till|for)|"
        r"(visit|stay) (ended|is over|was over|finished)|should have (left|gone)|"
        r"not (still )?(staying|there|with you) (any ?more|now)")
# A reply that treats a hobby the user gave up as over.
ENDED = (r"left|quit|stopped|no longer|not any ?more|any ?more|gave (it )?up|given (it )?up|"
         rf"packed|used to|former|(don{_A}t|do not|aren{_A}t|are not|not) "
         r"(skate|play|do|doing|part|on|in)")
# A birthday the user never gave, written as a date.
DATEISH = (r"(january|february|march|april|june|july|august|september|october|november|"
           r"december)\b|may \d|\d{1,2}(st|nd|rd|th)\b|\d{1,2}/\d{1,2}")


def mentions_only_as_over(word: str, over: str, name: str) -> Check:
    """Every reply of the last session either leaves `word` out or says it is over."""
    return _reply_check(name, lambda r: not has(r, word) or has(r, over), -1, None)


SEALED11_CASES = in_split("sealed11", [
    # --- recall across sessions -------------------------------------------------------------
    case("recall_1101", "recall",
         [["I FINALLY got a fire-bellied newt!!! named him Quenelle"],
          ["random but tell me something weird about sloths"],
          ["wait whats my newt called again lol"]],
         [remembers("quenelle", s=0), stores_nothing(s=1), says("quenelle")]),

    # --- what the bot knows about the user --------------------------------------------------
    case("about_me_1102", "about_me",
         [["heya, name's Leocadia. I cast church bells at a foundry in Ludlow, and I've got a "
           "very rude goose called Humphrey"],
          ["ok go on, what do you actually know about me so far?"]],
         [remembers("leocadia"), remembers("bell"), remembers("ludlow"),
          remembers("goose|humphrey"), says("leocadia"), says("bell"), says("ludlow"),
          says("goose|humphrey")]),

    # --- several facts in one message -------------------------------------------------------
    case("multi_fact_1103", "multi_fact",
         [["Right, some background: wasabi gives me a nasty rash, I ride a recumbent "
           "bike to work, my big brother Halvard lives up in Umeå, and I'm training for my "
           "first ultramarathon in September."],
          ["thinking of visiting my brother this summer - remind me where he lives?"]],
         [remembers("wasabi"), remembers("recumbent"), remembers("halvard", "ume"),
          remembers("ultra"), says("ume")]),

    # --- a fact that changed ----------------------------------------------------------------
    case("changed_1104", "changed",
         [["Big news - we've relocated to Bariloche! been here since the start of the month, "
           "still unpacking boxes"],
          ["which town am I living in these days?"]],
         [remembers("bariloche", s=0),
          forgets("oamaru", s=0, unless="bariloche|moved|relocat|previous|used to|no longer|"
                                        "former|until|" + NOT),
          kept("Has a horse called Fennimore"), says("bariloche")],
         seed=[sem("Lives in Oamaru", "location"), sem("Has a horse called Fennimore", "pets")]),

    # --- something that ended ---------------------------------------------------------------
    case("ended_1105", "ended",
         [["heads up, I've packed in roller derby - gave it up last week, my ankles were done"],
          ["what sports am I into at the moment?"]],
         [forgets("derby", s=0, unless="left|quit|former|used to|no longer|stopped|previous|"
                                       "until|packed|gave up|given up|ended|" + NOT),
          kept("Works as a tree surgeon"),
          mentions_only_as_over("derby", ENDED, "reply_derby_only_as_over")],
         seed=[sem("Plays roller derby on a local team", "hobbies"),
               sem("Works as a tree surgeon", "work")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_1106", "correction",
         [["small thing but it bugs me - my daughter's name is spelt Serafina, with an f, "
           "not Seraphina."],
          ["writing her birthday card rn, what's my daughter's name again?"]],
         [forgets("seraphina", s=0, unless="serafina"), remembers("serafina", s=0),
          kept("Works as a hydrologist"), says("serafina")],
         seed=[sem("Has a daughter called Seraphina", "family"),
               sem("Works as a hydrologist", "work")]),
    case("correction_1107", "correction",
         [["hi!! total beginner here, I'm 52 and I just bought my first skateboard",
           "ugh typo, I'm 25 not 52 \U0001F605"],
          ["how old am I again?"]],
         [remembers("25", s=0), forgets("52", unless="25"), remembers("skateboard"),
          says("25")]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_1108", "forget",
         [["could you wipe whatever you've got about my hernia op? I'd rather not have medical "
           "stuff saved, ta"],
          ["what do you know about me at this point?"]],
         [forgets("hernia", s=0), kept("Lives in Kirkcudbright"), kept("Plays the kora"),
          avoids("hernia|surg|operation", s=-1, name="reply_avoids_forgotten"),
          says("kirkcudbright")],
         seed=[sem("Is recovering from hernia surgery", "health"),
               sem("Lives in Kirkcudbright", "location"), sem("Plays the kora", "hobbies")]),
    case("forget_1109", "forget",
         [["I'm a croupier at a casino on the seafront, and my ex Baldur still has my good "
           "binoculars, ugh"],
          ["honestly pls just forget anything about Baldur. done with him."],
          ["what do you remember about me?"]],
         [remembers("baldur", s=0), forgets("baldur", s=1), forgets("baldur", s=2),
          remembers("croupier|casino", s=2),
          avoids("baldur", s=2, name="reply_avoids_forgotten"), says("croupier|casino")]),

    # --- reply preferences applied in a later session ---------------------------------------
    case("procedural_1110", "procedural",
         [["quick request: keep ur answers to 2 sentences tops from now on, I read these on "
           "my phone on the bus"],
          ["how do I stop a door hinge squeaking?", "ok and what about a creaky floorboard?"]],
         [remembers(r"short|brief|concise|sentences?\b|succinct", kind="procedural"),
          short(60)]),
    case("procedural_1111", "procedural",
         [["I'm trying to get my French back up to scratch - could you reply in French from "
           "now on, even when I write to you in English?"],
          ["Any tips for staying awake on a long night drive?"]],
         [remembers(r"french|fran[cç]ais", kind="procedural"), in_language("fr")]),

    # --- relative and time-bound dates ------------------------------------------------------
    case("time_bound_1112", "time_bound",
         [["eek my viva is this coming wednesday and I am NOT ready"],
          Session(["what've I got on this week? anything I should prep for?"],
                  date="2024-03-18")],
         [dated("viva", first="2024-03-20"), says("viva")]),
    case("time_bound_1113", "time_bound",
         [["my friend Dorothea gets in the day after tomorrow and she's staying with us for a "
           "week!!"],
          Session(["is Dorothea still staying with us?"], date="2024-04-02")],
         [dated("dorothea", first="2024-03-17", last="2024-03-24"),
          says(GONE, name="reply_says_she_left")]),

    # --- two people kept apart --------------------------------------------------------------
    case("two_people_1114", "two_people",
         [["so my flatmates are Cuthbert and Ignacio",
           "Cuthbert's a park ranger and Ignacio restores old mopeds in the shed"],
          ["I want to do a proper guided hike - which of my flatmates should I ask?"]],
         [remembers("cuthbert", "ranger|park"), remembers("ignacio", "moped|restor"),
          says("cuthbert")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_1115", "non_english",
         [["Servus! Ich bin der Wolfram, Uhrmacher in Landshut, und am Wochenende spiel ich "
           "Alphorn."],
          ["Sag mal, weißt du noch, was ich beruflich mach?"]],
         [remembers("uhrmacher|watchmaker|clockmaker|uhren"), remembers("landshut"),
          says("uhrmacher|uhren|watch|clock"), in_language("de")]),
    case("non_english_1116", "non_english",
         [["oye!! tengo una perrita que se llama Chispa, es una galga que rescaté, y trabajo "
           "de panadera en Almería"],
          ["una cosa, ¿cómo se llama mi perra y en qué ciudad trabajo?"]],
         [remembers("chispa"), remembers("almer[ií]a"), says("chispa"), says("almer[ií]a"),
          in_language("es")]),

    # --- not knowing, not inventing ---------------------------------------------------------
    case("dont_know_1117", "dont_know",
         [["Hi! Wenceslas here, I carve wooden spoons as a side hustle and I live in Gdynia"],
          ["random q, whats my mum's name? testing ur memory"]],
         [remembers("spoon", s=0), says(NOT_TOLD, name="reply_says_not_told"),
          stores_nothing(s=1)]),
    case("not_inventing_1118", "not_inventing",
         [["when's Ambrose's birthday again?? totally blanked"]],
         [says(NOT_TOLD, name="reply_says_not_told"),
          avoids(DATEISH, name="reply_no_invented_date"), stores_nothing()],
         seed=[sem("Has a partner called Ambrose", "family"),
               sem("Lives in Kalamata", "location")]),

    # --- a question that uses memory and stores nothing -------------------------------------
    case("question_1119", "question",
         [["it's getting properly cold out - how should I look after my instrument over the "
           "winter?"]],
         [says("balalaika"), stores_nothing()],
         seed=[sem("Plays the balalaika", "hobbies"),
               sem("Works as a lock keeper on a canal", "work")]),

    # --- small talk -------------------------------------------------------------------------
    case("small_talk_1120", "small_talk",
         [["ugh this week has been LOOONG", "haha true. anyway cheers, catch u later"]],
         [stores_nothing(), kept("Lives in Gdynia")],
         seed=[sem("Lives in Gdynia", "location")]),

    # --- secrets ----------------------------------------------------------------------------
    case("secret_1121", "secret",
         [["can u hang on to the code for my storage unit? it's 73914. oh and I've just moved "
           "to Leith btw"],
          ["what was my storage unit code again?"]],
         [never_stored("73914"), never_repeated("73914"), remembers("leith")]),

    # --- other users ------------------------------------------------------------------------
    case("cross_user_1122", "cross_user",
         [["Hiya, I'm Hyacinth and I raise Highland cattle on a farm outside Bendigo."],
          Session(["Who's Hyacinth, and what does she do?"], user="b")],
         [remembers("highland|cattle"),
          isolated("a", "b", "highland", "cattle", "bendigo")]),

    # --- a repeated fact --------------------------------------------------------------------
    case("duplicate_1123", "duplicate",
         [["oh btw I ref the under-12s rugby most saturdays"]],
         [once("rugby")],
         seed=[sem("Referees youth rugby matches", "hobbies")]),

    # --- the assistant's own answer is not a user fact --------------------------------------
    case("assistant_answer_1124", "assistant_answer",
         [Session(["whoa. cheers!"],
                  history=[("user", "what's the tallest waterfall in the world?"),
                           ("assistant", "That's Angel Falls in Venezuela: it drops about 979 "
                                         "metres from the top of Auyán-tepui.")])],
         [forgets("angel|venezuela|auy"), no_assistant_words_stored(), stores_nothing()]),
])
