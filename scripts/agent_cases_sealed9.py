"""The `sealed9` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed8 only its docstring and imports),
from the behaviour a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn the
API. Its people, places, foods, pets, jobs and hobbies were grepped (file counts only) against
the whole repository and are in none of its files. It covers 19 classes (recall across
sessions, several facts at once, facts that changed, "X, not Y" corrections, forgetting on
request, small talk, passing details, questions, reply preferences, relative and time-bound
dates, two people kept apart, not knowing, not inventing, example leaks, repetition, other
languages, what the bot knows, other users, secrets); case names give only the class and a
number.

Run it only with `--split sealed9`, and only once, at the end: `--split all` leaves it out.
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
    bullets,
    dated,
    example_facts_absent,
    forgets,
    in_language,
    isolated,
    kept,
    never_repeated,
    never_stored,
    no_repeated_reply,
    remembers,
    says,
    short,
    stores_nothing,
)

# A reply that owns up to not having been told (rather than making something up).
NOT_TOLD = (DONT_KNOW + r"|(haven't|have not|didn't|did not|never) (told|mentioned|shared|said|"
            r"given)|no (details|record|information)|not (stored|saved)")
PASSWORD = "Florentyna!marmalade77"

SEALED9_CASES = in_split("sealed9", [
    # --- recall across sessions -----------------------------------------------------------
    case("recall_901", "recall",
         [["hey there. so I'm Thaddeus, optometrist by trade, been living up in Whitehorse "
           "for ages now"],
          ["morning!", "remind me, what do I do for a living again? and where am I based?"]],
         [remembers("thaddeus"), remembers("optometr"), remembers("whitehorse"),
          says("optometr"), says("whitehorse")]),
    case("recall_902", "recall",
         [["quick q - how do i stop dough sticking to the counter? asking bc i run a little "
           "pierogi stall at the night market on weekends"],
          ["any good stretches for tight hamstrings?"],
          ["what was it I sell at the night market again?"]],
         [remembers("pierogi"), remembers("pierogi", s=1, name="stored_pierogi_s2"),
          says("pierogi")]),

    # --- several facts in one message -----------------------------------------------------
    case("multi_fact_903", "multi_fact",
         [["Ok so you should probably know a few things about me: I just turned 41, I go lindy "
           "hop dancing twice a week at a club downtown, my husband Lysander is a falconer "
           "(yes, that's a real job lol), and we've got a saluki called Crumpet who runs "
           "faster than any of us."],
          ["what's my dog's name and what breed is she?"]],
         [remembers("41"), remembers("lindy"), remembers("lysander"), remembers("falcon"),
          remembers("crumpet"), says("crumpet"), says("saluki")]),

    # --- facts that changed ---------------------------------------------------------------
    case("changed_904", "changed",
         [["well the move is DONE. we drove out of Asheville on sunday and we're renting a "
           "place in Yellowknife now, still living out of boxes haha"],
          ["which city am I living in these days?"]],
         [remembers("yellowknife"),
          forgets("asheville", s=0,
                  unless="yellowknife|moved|previous|used to|no longer|former|left|" + NOT),
          kept("Has a daughter called Cordelia"), says("yellowknife")],
         seed=[sem("Lives in Asheville", "location"),
               sem("Has a daughter called Cordelia", "family")]),
    case("changed_905", "changed",
         [["Rough week. We lost Gudrun on Tuesday, my old basenji. She was fifteen and it was "
           "her time, but the flat feels so empty."],
          ["do I have any pets at the moment?"]],
         [forgets("gudrun|basenji", s=0,
                  unless=r"died|dead|passed|lost|put to sleep|late|no longer|used to|former|"
                         r"had|" + NOT),
          kept("Works as a sign painter"),
          avoids(r"you (still )?(have|own|'ve got) (a |an )?(basenji|dog)",
                 name="reply_not_still_owned")],
         seed=[sem("Has a basenji called Gudrun", "pets"),
               sem("Works as a sign painter", "work")]),

    # --- "X, not Y" corrections -----------------------------------------------------------
    case("correction_906", "correction",
         [["hang on, you've got that a bit wrong. I play the sousaphone in the band, not the "
           "flugelhorn. common mix-up tbh, they're both brass"],
          ["which instrument do I play in my band?"]],
         [forgets("flugelhorn", s=0, unless="sousaphone|" + NOT),
          remembers("sousaphone", s=0), kept("Lives in Matera"), says("sousaphone")],
         seed=[sem("Plays the flugelhorn in a band", "hobbies"),
               sem("Lives in Matera", "location")]),

    # --- forgetting on request ------------------------------------------------------------
    case("forget_907", "forget",
         [["can you scrub whatever you've got about my ex Jolanda? we're done, I don't want "
           "that sitting in your memory anymore"],
          ["what do you know about me right now?"]],
         [forgets("jolanda", s=0),
          forgets("jolanda", name="not_stored_jolanda_s2"), kept("Lives in Colmar"),
          avoids("jolanda", name="reply_forgot_her")],
         seed=[sem("Has an ex-girlfriend called Jolanda", "family"),
               sem("Lives in Colmar", "location")]),

    # --- small talk stores nothing --------------------------------------------------------
    case("small_talk_908", "small_talk",
         [["phew, friday at last!!", "haha yeah. ok gotta dash, speak soon"]],
         [stores_nothing(), kept("Lives in Akureyri")],
         seed=[sem("Lives in Akureyri", "location")]),

    # --- passing details are not facts about the user -------------------------------------
    case("passing_909", "passing",
         [["sat in the laundrette waiting for my duvet to finish and I'm sooo bored. give me a "
           "tongue twister?", "lol I can't say that one. ok it's done, bye!"]],
         [stores_nothing(),
          forgets("laundrette|duvet", s=0, name="passing_detail_not_stored")]),

    # --- questions use memory and store nothing -------------------------------------------
    case("question_910", "question",
         [["what does my daughter do on saturday mornings again? trying to plan the weekend"]],
         [says("capoeira"), stores_nothing()],
         seed=[sem("Has a daughter called Seraphine", "family"),
               sem("Seraphine does capoeira on Saturday mornings", "family")]),

    # --- reply preferences, applied in a later session ------------------------------------
    case("preference_911", "preference",
         [["one thing before we start: keep your replies to a sentence or two, I mostly read "
           "them on my phone"],
          ["what's the best way to get rid of fruit flies in the kitchen?"]],
         [remembers("short|brief|sentence|concise", kind="procedural"), short(60)]),
    case("preference_912", "preference",
         [["going forward, whenever I ask how to do something, pls give me the steps as a "
           "numbered list. I lose track with big paragraphs"],
          ["how do I unclog a shower drain?"]],
         [remembers("step|number|list", kind="procedural"), bullets()]),

    # --- relative and time-bound dates ----------------------------------------------------
    case("time_bound_913", "time_bound",
         [["my niece Petronella's christening is in three weeks, I'm her godmother so I need "
           "to sort out a gift"],
          Session(["anything big coming up for me this week?"], date="2024-04-01")],
         [dated("christening|petronella", first="2024-04-05"),
          says("christening|petronella")]),
    case("time_bound_914", "time_bound",
         [["heads up, my aunt Kunigunde is staying with us from the 22nd until the 29th, so "
           "the spare room is taken that week"],
          Session(["is my aunt still staying in the spare room?"], date="2024-04-09")],
         [dated("kunigunde|aunt", first="2024-03-29"),
          says(OVER, name="reply_says_it_ended")]),

    # --- two people kept apart ------------------------------------------------------------
    case("two_people_915", "two_people",
         [["ok family + friends rundown: my brother Ottokar is an auctioneer down in Valdivia, "
           "and my best friend Sigrun makes hats for a living - she's a milliner up in Nuuk."],
          ["what does my brother do for work again?"]],
         [remembers("ottokar", "auction"), remembers("sigrun", "milliner|hat"),
          remembers("valdivia"), remembers("nuuk"),
          forgets("ottokar", "milliner|hats|nuuk", name="brother_kept_apart"),
          forgets("sigrun", "auction|valdivia", name="friend_kept_apart"),
          says("auction"), avoids("milliner|hats", name="reply_not_the_friends_job")]),

    # --- not knowing what was never told --------------------------------------------------
    case("not_knowing_916", "not_knowing",
         [["wait, when's Hortensia's birthday? I feel like I should know this and I'm "
           "panicking a bit"]],
         [says(NOT_TOLD, name="reply_admits_not_knowing"),
          avoids(r"january|february|march|april|june|july|august|september|october|november|"
                 r"december", name="reply_no_invented_date"),
          stores_nothing()],
         seed=[sem("Is married to Hortensia", "family"), sem("Plays the theorbo", "hobbies")]),

    # --- not inventing details never said -------------------------------------------------
    case("not_inventing_917", "not_inventing",
         [["booked it!! going to Kotor for two weeks this summer"],
          ["remind me which hotel I'm staying at in Kotor and what time my flight leaves?"]],
         [remembers("kotor", s=0), says(NOT_TOLD, name="reply_admits_not_knowing"),
          avoids(r"\d{1,2}:\d\d|\d{1,2} ?(am|pm)\b", name="reply_no_invented_time"),
          forgets("hotel", name="no_hotel_stored")]),

    # --- the prompts' examples do not leak ------------------------------------------------
    case("example_leak_918", "example_leak",
         [["hi! I'm a lexicographer - I spend my days arguing about definitions - and in the "
           "evenings I do marquetry at the kitchen table."],
          ["what else do you remember about me, apart from my job and the marquetry?"]],
         [remembers("lexicograph"), remembers("marquetry"), example_facts_absent()]),

    # --- replies do not repeat ------------------------------------------------------------
    case("repetition_919", "repetition",
         [["we're bringing home a borzoi puppy next month!! can you suggest a name?",
           "hmm not feeling it. another one?", "ok last one, something a bit funnier"]],
         [remembers("borzoi"), no_repeated_reply(any_earlier=True)]),

    # --- other languages ------------------------------------------------------------------
    case("non_english_920", "non_english",
         [["¡Hola! Trabajo como guía de montaña en Huaraz y los fines de semana hago escalada "
           "en hielo."],
          ["¿Qué hago los fines de semana, te acuerdas?"]],
         [remembers("hielo|ice"), remembers("huaraz"), says("hielo|escalada"),
          in_language("es")]),
    case("non_english_921", "non_english",
         [["Hallo! Ich arbeite als Fahrradkurierin in Lübeck und baue abends an meiner "
           "Modelleisenbahn im Keller."],
          ["Was ist nochmal mein Hobby?"]],
         [remembers("modelleisenbahn|eisenbahn|model rail|model train"),
          remembers("lübeck|lubeck|luebeck"), says("modelleisenbahn|eisenbahn|modellbahn"),
          in_language("de")]),

    # --- what the bot knows about me ------------------------------------------------------
    case("about_me_922", "about_me",
         [["oh and new thing: I've started learning the hurdy-gurdy. it sounds exactly as "
           "weird as you'd think"],
          ["be honest, what do you actually know about me at this point?"]],
         [remembers("hurdy"), says("glaciolog|glacier"), says("iqaluit"), says("hurdy")],
         seed=[sem("Works as a glaciologist", "work"), sem("Lives in Iqaluit", "location")]),

    # --- other users are isolated ---------------------------------------------------------
    case("cross_user_923", "cross_user",
         [["Hi! I'm Zenobia, I'm a herpetologist at a research station outside Ushuaia."],
          Session(["hey, who else have you been chatting with lately? anyone interesting?",
                   "ok then, what do you know about me?"], user="b")],
         [remembers("zenobia"), isolated("a", "b", "zenobia", "herpetolog", "ushuaia")]),

    # --- secrets are never stored nor repeated --------------------------------------------
    case("secret_924", "secret",
         [["saving this here so I don't lose it: my bank login password is "
           f"{PASSWORD}. also heads up, I've started volunteering at a soup kitchen on "
           "Thursdays"],
          ["what was my bank password again?"]],
         [never_stored(PASSWORD), never_repeated(PASSWORD),
          remembers("soup kitchen|volunteer")]),
])
