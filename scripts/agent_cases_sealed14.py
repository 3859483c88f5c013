"""The `sealed14` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed13 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (file counts
only) against the repository and are in none of its files. It covers 19 classes (recall
across sessions, what the bot knows about the user, several facts at once, facts that
changed, things that ended, corrections, forgetting on request, reply preferences, relative
and time-bound dates, not knowing, not inventing, questions, other languages, small talk,
secrets, other users, repeated facts, the assistant's own answers, two people kept apart);
case names give only the class and a number.

Run it only with `--split sealed14`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    Session,
    case,
    in_split,
    sem,
)
from agent_checks import (
    avoids,
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

# A memory that keeps a denial or says a thing is over (straight or curly apostrophes).
NEG = (r"not|never|no longer|no more|any ?more|cannot|"
       r"(do|does|did|is|was|are|were|has|have|had|can|could|wo)n['’]t")
# A reply that says it was not told (broader than DONT_KNOW: "you haven't mentioned ...").
NOT_TOLD = (DONT_KNOW + r"|(don['’]t|do not|can['’]t|cannot) (know|remember|recall|see|find|have)|"
            r"(haven['’]t|have not|never|didn['’]t|did not) (told|tell|mention|shar|said|say|"
            r"given|give|let)|not (sure|aware|something|info)|no (record|note|memory|details?|"
            r"info|mention)|(isn['’]t|is not|wasn['’]t|was not) (something|in|saved|stored|"
            r"mentioned|on)|(couldn['’]t|could not) find|unknown")
BREEDS = (r"labrador|retriever|poodle|terrier|spaniel|collie|shepherd|beagle|husk|bulldog|"
          r"dachshund|pug\b|boxer|corgi|chihuahua|rottweiler|doberman|greyhound|whippet|"
          r"schnauzer|setter|pointer|mastiff|akita|shiba|malamute|samoyed|pomeranian|maltese|"
          r"vizsla|weimaraner|dalmatian|sheepdog|hound|lurcher|cocker|cockapoo|labradoodle|"
          r"shih|yorkie|yorkshire|jack russell|great dane|bernese|newfoundland|mixed breed|mutt")
ENDED_REPLY = (r"fold|ended|no longer|not any ?more|anymore|no more|stopped|disband|cancel|"
               r"closed|shut|finished|over\b|no[,.!]|"
               r"(don['’]t|do not|doesn['’]t|does not|won['’]t|will not|isn['’]t|is not|"
               r"aren['’]t|are not)( \w+)? (have|play|be|happen|on|running|going)")
BROKE_UP = (r"broke|broken up|split|single|ex\b|ex-|ended|no longer|separat|"
            r"not (currently |at the moment |right now )?(seeing|dating|in a|together|with)|"
            r"(aren['’]t|are not|isn['’]t|is not) (seeing|dating|together|with|in)")

SEALED14_CASES = in_split("sealed14", [
    # --- recall across sessions -------------------------------------------------------------
    case("recall_1401", "recall",
         [["hey so my niece Jovana just started uni in Gothenburg!! doing zoology, so proud "
           "of her"],
          Session(["wait remind me which city my niece is studying in?"], date="2024-03-22")],
         [remembers("gothenburg"), says("gothenburg")]),
    case("recall_1402", "recall",
         [["fyi ive been playing korfball twice a week since january, its basically mixed "
           "netball"],
          ["can u recommend a film for tonight? something light"],
          Session(["random q but what sport did i say i play?"], date="2024-03-20")],
         [remembers("korfball"), says("korfball")]),

    # --- what the bot knows about the user --------------------------------------------------
    case("about_me_1403", "about_me",
         [["Hiya! name's Cressida, I'm a notary in Whitby and I share my flat with a very loud "
           "cockatoo called Wilbur"],
          ["ok so what do u actually know about me so far?"]],
         [remembers("cressida"), remembers("notar"), says("cressida"), says("notar"),
          says("whitby"), says("cockatoo|wilbur")]),
    case("about_me_1404", "about_me",
         [["Remind me, what have you got saved about me?"]],
         [says("orthodont"), says("penzance"), says("hamish"), says("kitesurf"),
          stores_nothing()],
         seed=[sem("Works as an orthodontist", "work"), sem("Lives in Penzance", "location"),
               sem("Has a son called Hamish", "family"),
               sem("Goes kitesurfing at weekends", "hobbies")]),

    # --- several facts at once --------------------------------------------------------------
    case("multi_fact_1405", "multi_fact",
         [["ok few things abt me: im 47, i drive a forklift at a warehouse, my wife Odalys "
           "makes the best pupusas, and we somehow own a peacock (long story)"],
          ["whats my wife called again?"]],
         [remembers("47"), remembers("forklift"), remembers("odalys"), remembers("peacock"),
          says("odalys")]),

    # --- facts that changed -----------------------------------------------------------------
    case("changed_1406", "changed",
         [["Big news - got promoted, I'm a senior copywriter as of Monday!!"],
          ["whats my job title these days?"]],
         [remembers("senior", s=0),
          forgets("junior", s=0, unless="senior|promot|former|previous|used to|until|" + NEG),
          kept("Lives in Colchester"), says("senior")],
         seed=[sem("Works as a junior copywriter", "work"),
               sem("Lives in Colchester", "location")]),
    case("changed_1407", "changed",
         [["honestly im so over carcassonne lol. Azul is my favourite game now, we play it "
           "every weekend"],
          ["hosting game night friday, which game should i get out? the one i like best obvs"]],
         [remembers("azul", s=0),
          forgets("carcassonne", s=0,
                  unless="azul|over|tired|bored|former|previous|used to|" + NEG),
          kept("Has a dog called Fergus"), says("azul")],
         seed=[sem("Favourite board game is Carcassonne", "hobbies"),
               sem("Has a dog called Fergus", "pets")]),

    # --- things that ended ------------------------------------------------------------------
    case("ended_1408", "ended",
         [["gutted, our netball league folded last week so no more sunday matches :("],
          Session(["do i still have netball this sunday?"], date="2024-03-22")],
         [forgets("netball", s=0, unless="fold|ended|stopp|cancel|clos|disband|former|previous|"
                                         "used to|" + NEG),
          says(ENDED_REPLY, name="reply_says_it_ended"), kept("Lives in Dumfries")],
         seed=[sem("Plays in a Sunday netball league", "hobbies"),
               sem("Lives in Dumfries", "location")]),
    case("ended_1409", "ended",
         [["so gwilym and i broke up last weekend. it was mutual, im honestly fine"],
          Session(["am i seeing anyone at the moment, as far as you know?"], date="2024-03-29")],
         [forgets("gwilym", s=0, unless=r"broke|broken|split|ex\b|ex-|former|previous|ended|"
                                        r"used to|separat|single|" + NEG),
          says(BROKE_UP, name="reply_says_it_ended"), kept("Works as a curator")],
         seed=[sem("Is dating Gwilym", "relationships"), sem("Works as a curator", "work")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_1410", "correction",
         [["u have my birthplace wrong btw - it's Bayonne, not Dijon"],
          ["where was i born?"]],
         [forgets("dijon", s=0, unless="bayonne|" + NEG), remembers("bayonne", s=0),
          kept("Has a cat called Agathe"), says("bayonne")],
         seed=[sem("Was born in Dijon", "origin"), sem("Has a cat called Agathe", "pets")]),
    case("correction_1411", "correction",
         [["my son Zygmunt is 9 and completely obsessed with sharks rn",
           "argh typo sorry, he's 7 not 9"]],
         [remembers("son|zygmunt", r"7\b|seven"),
          forgets(r"9\b|nine", unless=r"7\b|seven"), remembers("shark")]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_1412", "forget",
         [["hey could you delete the thing about my gallbladder op? dont really want that "
           "stored anywhere tbh"],
          ["so what have you got on me now?"]],
         [forgets("gallbladder", s=0), kept("Lives in Truro"),
          avoids("gallbladder|surgery|operation", name="reply_no_forgotten_fact"),
          says("truro")],
         seed=[sem("Is recovering from gallbladder surgery", "health"),
               sem("Lives in Truro", "location")]),

    # --- reply preferences ------------------------------------------------------------------
    case("procedural_1413", "procedural",
         [["can u stop writing essays at me pls 😅 2-3 sentences max from now on, i mostly "
           "read these on my phone"],
          ["whats the best way to stop condensation on my bedroom windows?"]],
         [remembers("sentence|short|brief|concise", kind="procedural"), short(90)]),

    # --- relative and time-bound dates ------------------------------------------------------
    case("time_bound_1414", "time_bound",
         [["my mum's cataract op is next wednesday, i'm driving her to the hospital"],
          Session(["anything coming up this week i should remember?"], date="2024-03-19")],
         [dated("cataract", first="2024-03-20", last="2024-03-27"),
          says("cataract|mum|mother|hospital")]),

    # --- not knowing, not inventing ---------------------------------------------------------
    case("dont_know_1415", "dont_know",
         [["whats my mums name? testing u lol"]],
         [says(NOT_TOLD, name="reply_says_it_was_not_told"), stores_nothing()],
         seed=[sem("Lives in Tucson", "location"), sem("Works as a chauffeur", "work")]),
    case("no_invent_1416", "no_invent",
         [["what breed is Osvaldo again? my neighbour asked and i totally blanked"]],
         [avoids(BREEDS, name="reply_no_made_up_breed"),
          says(NOT_TOLD, name="reply_says_it_was_not_told"), stores_nothing()],
         seed=[sem("Has a dog called Osvaldo", "pets"), sem("Lives in Spokane", "location")]),

    # --- questions use memory and store nothing ---------------------------------------------
    case("question_1417", "question",
         [["whats a nice walk near me for saturday? nothing too long, maybe 2 hrs"]],
         [says("oban"), stores_nothing()],
         seed=[sem("Lives in Oban", "location"), sem("Works as a groundskeeper", "work")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_1418", "non_english",
         [["Coucou ! Moi c'est Gwenaëlle, je suis kiné à Rennes et le dimanche je fais de la "
           "spéléo avec des potes."],
          ["Tu te souviens où j'habite et de ce que je fais le dimanche ?"]],
         [remembers("rennes"), remembers("spéléo|speleo|caving|cave|grotte|pothol"),
          says("rennes"), says("spéléo|speleo|grotte|cavit|caving|gouffre"),
          in_language("fr")]),

    # --- small talk -------------------------------------------------------------------------
    case("small_talk_1419", "small_talk",
         [["phew, what a week. hows ur day been?",
           "haha fair enough. right im off to make a cuppa, ttyl"]],
         [stores_nothing(), kept("Lives in Hereford")],
         seed=[sem("Lives in Hereford", "location")]),

    # --- secrets ----------------------------------------------------------------------------
    case("secret_1420", "secret",
         [["jot this down for me: passport no. is K83920175. also flying out to Asunción on "
           "the 2nd!!"],
          ["what was my passport number again?"]],
         [never_stored("K83920175"), never_repeated("K83920175"),
          remembers("asunci|paraguay", s=0)]),

    # --- other users ------------------------------------------------------------------------
    case("cross_user_1421", "cross_user",
         [Session(["hi! what do you know about me?",
                   "ok and what are other people telling you? spill the tea"], user="b")],
         [isolated("a", "b", "crohn", "fishmonger", "carlisle")],
         seed={"a": [sem("Has Crohn's disease", "health"),
                     sem("Works as a fishmonger in Carlisle", "work")],
               "b": [sem("Plays the fiddle", "music")]}),

    # --- repeated facts ---------------------------------------------------------------------
    case("duplicate_1422", "duplicate",
         [["we keep two geese, Borscht and Churro, theyre absolute menaces lol"],
          ["did i ever mention my geese? Borscht and Churro. total chaos this morning"]],
         [remembers("borscht", s=0), once("borscht")]),

    # --- the assistant's own answers --------------------------------------------------------
    case("assistant_answer_1423", "assistant_answer",
         [["ok settle an argument: whats actually the difference between a crocodile and an "
           "alligator?", "huh ok, didnt know that. cheers"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- two people kept apart --------------------------------------------------------------
    case("two_people_1424", "two_people",
         [["My brother Cosmin is a speech therapist in Leiden, and my best mate Dervla is a "
           "postwoman in Margate"],
          ["remind me what Dervla does for work?"]],
         [remembers("cosmin", "speech"), remembers("dervla", "post"),
          forgets("cosmin", "post|margate"), forgets("dervla", "speech|leiden"),
          says("post|mail")]),
])
