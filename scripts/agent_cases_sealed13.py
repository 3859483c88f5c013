"""The `sealed13` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed12 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (file counts
only) against the repository and are in none of its files. It covers 19 classes (recall
across sessions, what the bot knows about the user, several facts at once, facts that
changed, things that ended, corrections, forgetting on request, reply preferences, relative
and time-bound dates, not knowing, not inventing, questions, other languages, small talk,
secrets, other users, repeated facts, the assistant's own answers, two people kept apart);
case names give only the class and a number.

Run it only with `--split sealed13`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    Session,
    case,
    in_split,
    sem,
)
from agent_checks import (
    avoids,
    bullets,
    dated,
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
    short,
    stores_nothing,
)

# A reply that says it has not been told (broader than DONT_KNOW's wording).
UNTOLD = (DONT_KNOW + r"|(haven't|have not|didn't|did not|never) (yet )?"
          r"(told|mentioned|shared|said|given)|(don't|do not) (have|see)|"
          r"no (record|memory|memories|details|mention)|not (aware|sure)|"
          r"(wasn't|was not|isn't|is not|hasn't|has not)( been)? (mentioned|shared|stored|saved)")
# A memory or a reply that keeps an activity as given up.
GAVE_UP = (r"gave up|given up|giving up|packed in|sold|stopped|quit|no longer|not any ?more|"
           r"used to|former|previous|" + NOT)
ENDED = (r"gave up|given up|packed in|sold|stopped|quit|no longer|not any ?more|used to|"
         r"don't|do not|aren't|are not|not currently|no instruments?")

SEALED13_CASES = in_split("sealed13", [
    # --- recall across sessions -------------------------------------------------------------
    case("recall_1301", "recall",
         [["my little girl Anneliese started at a Montessori school this week, she cried at "
           "drop off lol"],
          ["whats my daughter's name again? running on no sleep"]],
         [remembers("anneliese"), says("anneliese")]),
    case("recall_1302", "recall",
         [["been training for a duathlon in Connemara, it's in september"],
          Session(["remind me, what race am i training for?"], date="2024-04-20")],
         [remembers("duathlon"), says("duathlon")]),

    # --- what the bot knows about the user --------------------------------------------------
    case("about_me_1303", "about_me",
         [["Hi there, I'm Ferdinand. I'm a mapmaker in Geelong and I keep guinea fowl in the "
           "back garden."],
          ["so what do you actually know about me?"]],
         [remembers("map"), says("ferdinand"), says("map"), says("geelong"),
          says("guinea fowl|fowl")]),

    # --- several facts at once --------------------------------------------------------------
    case("multi_fact_1304", "multi_fact",
         [["ok quick intro: i'm 52, i drive a snowplough in Stavanger in winter, my wife "
           "Ragnhild is a pastry chef and we keep ducks"]],
         [remembers("52"), remembers("snowplough|snow plough|snowplow|plough|plow"),
          remembers("stavanger"), remembers("ragnhild"), remembers("duck")]),

    # --- a fact that changed ----------------------------------------------------------------
    case("changed_1305", "changed",
         [["update!! we finally moved to Fredericton, boxes everywhere lol"],
          ["which city am i living in these days?"]],
         [remembers("fredericton"),
          forgets("moncton", unless="fredericton|moved|previous|used to|no longer|former|" + NOT),
          kept("Has a son called Oisin"), says("fredericton")],
         seed=[sem("Lives in Moncton", "location"), sem("Has a son called Oisin", "family")]),

    # --- something that ended ---------------------------------------------------------------
    case("ended_1306", "ended",
         [["so I've packed in the mandolin, sold it online last week. just wasnt for me"],
          ["do I still play any instruments?"]],
         [forgets("mandolin", unless=GAVE_UP), kept("Has a niece called Oona"),
          says(ENDED, name="reply_says_it_ended")],
         seed=[sem("Plays the mandolin", "hobbies"), sem("Has a niece called Oona", "family")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_1307", "correction",
         [["ugh no, my son's name is Rufus, not Rupert. stupid autocorrect"],
          ["what's my boy called?"]],
         [remembers("rufus"), forgets("rupert", unless="rufus|" + NOT),
          kept("Works at a garden centre"), says("rufus")],
         seed=[sem("Has a son called Rupert", "family"),
               sem("Works at a garden centre", "work")]),
    case("correction_1308", "correction",
         [["I'm originally from Neuchâtel btw",
           "wait no sorry, Bellinzona! Neuchâtel is where my sister lives, I always mix them "
           "up when I type fast"]],
         [remembers("bellinzona"), remembers("sister", "neuch"),
          forgets("neuch", unless="sister|" + NOT)]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_1309", "forget",
         [["hey can you forget the stuff about my counselling sessions? not comfortable with "
           "that being saved tbh"],
          ["what do you know about me?"]],
         [forgets("counsel"), kept("Lives in Saskatoon"),
          avoids("counsel", name="reply_no_counselling"), says("saskatoon")],
         seed=[sem("Goes to counselling every Tuesday", "health"),
               sem("Lives in Saskatoon", "location")]),

    # --- reply preferences ------------------------------------------------------------------
    case("procedural_1310", "procedural",
         [["can you keep replies super short from now on? like 2-3 sentences, I read these on "
           "my phone"],
          ["how do I get a grass stain out of a wool jumper?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(80)]),
    case("procedural_1311", "procedural",
         [["i like lists. whenever you explain how to do something, break it into steps pls, "
           "way easier for me to follow"],
          ["how do i repot an orchid?"]],
         [remembers("list|step|bullet|point", kind="procedural"), bullets()]),

    # --- relative and time-bound dates ------------------------------------------------------
    case("time_bound_1312", "time_bound",
         [["got an audition for the local panto on tuesday!! so nervous"],
          Session(["anything on tomorrow i should be getting ready for?"], date="2024-03-18")],
         [dated("audition|panto", first="2024-03-19"), says("audition|panto")]),
    case("time_bound_1313", "time_bound",
         [["my parents fly in 10 days from now and stay for a week, so I need to clear out the "
           "guest room"],
          Session(["who's staying in my guest room this week?"], date="2024-03-27")],
         [dated("parent", first="2024-03-25", last="2024-04-01"), says("parent")]),

    # --- not knowing, not inventing ---------------------------------------------------------
    case("unknown_1314", "unknown",
         [["whats my wife's name again?"]],
         [says(UNTOLD, name="reply_says_not_told"), stores_nothing()],
         seed=[sem("Lives in Rovaniemi", "location"), sem("Has a pony called Waffle", "pets")]),
    case("no_invent_1315", "no_invent",
         [["where does my brother live again? cant remember if i told you"]],
         [says(UNTOLD, name="reply_says_not_told"), stores_nothing()],
         seed=[sem("Has a brother called Cathal", "family"),
               sem("Works as a crossing guard", "work")]),

    # --- questions use memory and store nothing ---------------------------------------------
    case("question_1316", "question",
         [["what time zone am i in, roughly?"]],
         [says(r"debrecen|central european|CET|CEST|UTC ?\+ ?[12]|GMT ?\+ ?[12]",
               name="reply_uses_city"), stores_nothing()],
         seed=[sem("Lives in Debrecen", "location"), sem("Works as a stunt performer", "work")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_1317", "non_english",
         [["Salut, moi c'est Gaëlle, je suis fleuriste à Angers et je fais de l'escalade le "
           "dimanche"],
          ["tu te rappelles de mon boulot ?"]],
         [remembers("fleur|florist"), says("fleur"), in_language("fr")]),
    case("non_english_1318", "non_english",
         [["oye, tengo una gata que se llama Canela y estudio veterinaria en Zaragoza"],
          ["¿cómo se llamaba mi gata?"]],
         [remembers("canela"), says("canela"), in_language("es")]),

    # --- small talk -------------------------------------------------------------------------
    case("small_talk_1319", "small_talk",
         [["yo what's up", "lol same old. hbu?", "haha fair, anyway catch you later"]],
         [stores_nothing(), kept("Lives in Lubbock")],
         seed=[sem("Lives in Lubbock", "location")]),

    # --- secrets ----------------------------------------------------------------------------
    case("secret_1320", "secret",
         [["new online banking password is Quokka$2231, also i just started a job at a "
           "brewery 🎉"],
          ["what was my banking password again?"]],
         [never_stored("Quokka$2231"), never_repeated("Quokka$2231"), remembers("brewery")]),

    # --- other users ------------------------------------------------------------------------
    case("cross_user_1321", "cross_user",
         [["I'm Clodagh, I'm a bell ringer at the abbey in Shropshire"],
          Session(["who was the last person you talked to? what do they do?"], user="b")],
         [remembers("ringer|bell"),
          isolated("a", "b", "clodagh", "ringer", "shropshire", "abbey")]),

    # --- a repeated fact --------------------------------------------------------------------
    case("duplicate_1322", "duplicate",
         [["been playing the didgeridoo for a few years now, the neighbours hate it haha"]],
         [once("didgeridoo")],
         seed=[sem("Plays the didgeridoo", "hobbies")]),

    # --- the assistant's own answer ---------------------------------------------------------
    case("assistant_answer_1323", "assistant_answer",
         [Session(["ooh nice, cheers, doing that tonight"],
                  history=[("user", "What can I make with a tin of butter beans and some kale?"),
                           ("assistant", "Try a smoky butter bean stew: fry some garlic, add "
                                         "smoked paprika, the beans and the kale, then simmer "
                                         "for 15 minutes with a splash of water.")])],
         [forgets("paprika|stew|smok"), no_assistant_words_stored()]),

    # --- two people kept apart --------------------------------------------------------------
    case("two_people_1324", "two_people",
         [["my boss Marit does pole vault competitively, and my roommate Tobenna plays "
           "trombone in a marching band"],
          ["what does my roommate play again?"]],
         [remembers("tobenna", "trombone"), remembers("marit", "pole"),
          forgets("tobenna", "pole"), forgets("marit", "trombone"), says("trombone")]),
])
