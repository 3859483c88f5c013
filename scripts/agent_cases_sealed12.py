"""The `sealed12` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed11 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (file counts
only) against the repository and are in none of its files. It covers 19 classes (recall
across sessions, what the bot knows about the user, several facts at once, facts that
changed, things that ended, corrections, forgetting on request, reply preferences, relative
and time-bound dates, not knowing, not inventing, questions, other languages, small talk,
secrets, other users, repeated facts, the assistant's own answers, two people kept apart);
case names give only the class and a number.

Run it only with `--split sealed12`, and only once, at the end: `--split all` leaves it out.
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

# A reply that says it was never told (straight or curly apostrophes).
NOT_TOLD = (DONT_KNOW + r"|(don['’]t|do not|can['’]t|cannot) (know|remember|recall|see|find)|"
            r"(haven['’]t|have not|hasn['’]t|has not|never) (been )?(told|mentioned|said|shared|"
            r"come up|given|stored|saved|noted)|(didn['’]t|did not) (tell|mention|say|share|give)|"
            r"(don['’]t|do not) (have|seem to have|hold)|no (record|note|details?|mention|"
            r"information|info)|not (sure|certain)|nothing (about|on|stored|saved)|"
            r"(isn['’]t|is not|wasn['’]t|was not) (something|anything|in)")
# An arrangement that ran out, said in more ways than OVER ("should be back with him").
OVER_BACK = (OVER + r"|returned|went back|gone back|handed (it|him|her) back|"
             r"(picked|collected) (it|him|her) up|(has|have|got) (it|him|her) back|"
             r"(should|would|must) (already )?(be|have been) (back|returned|collected|home)")
DOG_BREEDS = (r"labrador|retriever|poodle|terrier|spaniel|collie|shepherd|husky|huskies|beagle|"
              r"bulldog|dachshund|corgi|schnauzer|pug\b|chihuahua|greyhound|whippet|lurcher|"
              r"rottweiler|doberman|great dane|malamute|akita|shiba|samoyed|newfoundland|"
              r"mastiff|vizsla|weimaraner|elkhound|boxer|dalmatian|sheepdog|"
              r"st\.? bernard|saint bernard|bernese|springer|cocker|labradoodle|cockapoo")

SEALED12_CASES = in_split("sealed12", [
    # --- recall across sessions -------------------------------------------------------------
    case("recall_1201", "recall",
         [["heads up for next time — I'm a railway signaller, mostly nights in the box just "
           "outside Grimsby."],
          ["ok quiz time: what do i do for a living, and whereabouts?"]],
         [remembers("signal"), remembers("grimsby"), says("signal"), says("grimsby")]),

    # --- what the bot knows about the user ---------------------------------------------------
    case("about_me_1202", "about_me",
         [["Hiya! Torstein here. I'm a bookbinder (mostly restoring battered old hymnals) and I "
           "live just outside Narvik with two pygmy goats, Bodil and Agnete."],
          ["go on then, what have you got on me so far?"]],
         [remembers("torstein"), remembers("bookbind|binder|binding|hymnal"),
          remembers("narvik"), remembers("goat|bodil|agnete"),
          says("torstein"), says("bookbind|binder|binding|hymnal"), says("narvik"),
          says("goat|bodil|agnete")]),

    # --- several facts in one message --------------------------------------------------------
    case("multi_fact_1203", "multi_fact",
         [["right, quick rundown: hubby Jarek's a stevedore down at the docks, we've got a "
           "rescue barn owl called Fetu, and I'm doing a part-time PhD in meteorology."],
          ["what does Jarek do for work again?"]],
         [remembers("jarek"), remembers("stevedore|dock"), remembers("owl|fetu"),
          remembers("meteorolog"), says("stevedore|dock")]),

    # --- a fact that changed ----------------------------------------------------------------
    case("update_1204", "update",
         [["We did it!! Finally left Huelva — been in Logroño since Tuesday, boxes "
           "everywhere 😅"],
          ["remind me where I'm living these days?"]],
         [remembers("logro"),
          forgets("huelva", unless="logro|moved|left|previous|used to|former|no longer|" + NOT),
          kept("Works as a dietitian"), says("logroño|logrono")],
         seed=[sem("Lives in Huelva", "location"), sem("Works as a dietitian", "work")]),

    # --- something that ended ---------------------------------------------------------------
    case("ended_1205", "ended",
         [["Oh, forgot to say — I've jacked in the bell-ringing. Eight years was plenty and my "
           "shoulders are shot."],
          ["do i still go bell ringing on wednesdays?"]],
         [forgets("bell", unless="quit|stopped|gave|jacked|former|used to|no longer|ended|"
                  + NOT),
          kept("Lives in Hexham"),
          says(r"no\b|nope|quit|stopped|gave (it )?up|given (it )?up|jacked|packed|no longer|"
               r"any ?more|(don['’]t|do not|aren['’]t|are not) (go|ring)",
               name="reply_says_it_ended")],
         seed=[sem("Goes bell-ringing at the parish church on Wednesday evenings", "hobbies"),
               sem("Lives in Hexham", "location")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_1206", "correction",
         [["erm, you've got my sister's name wrong — she's Sunniva. Rhona's my cousin!"],
          ["What's my sister called?"]],
         [remembers("sunniva"), remembers("rhona", "cousin"),
          forgets("rhona", "sister", unless="cousin|" + NOT),
          kept("Works as a courier"), says("sunniva")],
         seed=[sem("Has a sister called Rhona", "family"), sem("Works as a courier", "work")]),
    case("correction_1207", "correction",
         [["Correction: I've got 3 kids, not 2 — forgot the baby, that's sleep deprivation "
           "for you 🙃"],
          ["how many kids have I got?"]],
         [remembers(r"three|3\b"), forgets(r"two|2\b", unless=r"three|3\b|" + NOT),
          kept("Lives in Tralee"), says(r"three|3\b")],
         seed=[sem("Has two children", "family"), sem("Lives in Tralee", "location")]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_1208", "forget",
         [["can you scrub the tribunal stuff from your notes? it's all settled and I'd honestly "
           "rather it wasn't kept anywhere"],
          ["what do you know about me at this point?"]],
         [forgets("tribunal", s=0), kept("Lives in Penrith"), kept("Plays the banjo"),
          avoids("tribunal", s=-1, name="reply_no_tribunal"), says("penrith|banjo")],
         seed=[sem("Is in an employment tribunal with a former employer", "work"),
               sem("Lives in Penrith", "location"), sem("Plays the banjo", "hobbies")]),
    case("forget_1209", "forget",
         [["The caretaker in my building, Zdenek, STILL hasn't sorted the boiler. Three weeks "
           "now 🙄"],
          ["Actually, could you wipe whatever you've got about my building's caretaker? Don't "
           "want any of that on record."],
          ["What's the caretaker in my building called again?"]],
         [remembers("zdenek", s=0), forgets("zdenek", s=1), forgets("caretaker", s=1),
          avoids("zdenek", s=-1, name="reply_forgot_name")]),

    # --- reply preferences kept for later sessions ------------------------------------------
    case("procedural_1210", "procedural",
         [["can u keep ur answers super short from now on? like one or two sentences tops, "
           "long replies make my eyes glaze over"],
          ["why is the sea salty?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(60)]),
    case("procedural_1211", "procedural",
         [["Trying to get my French back up to scratch, so from now on reply in French "
           "please — even when I write to you in English."],
          ["Any tips for getting better at sudoku?"]],
         [remembers("french|fran[cç]ais", kind="procedural"), in_language("fr")]),

    # --- relative and time-bound dates ------------------------------------------------------
    case("time_bound_1212", "time_bound",
         [["Minding my brother's ball python till Wednesday while he's away with work."],
          Session(["is my brother's snake still at mine?"], date="2024-03-27")],
         [dated("python|snake", first="2024-03-20"),
          says(OVER_BACK, name="reply_says_it_ended")]),
    case("time_bound_1213", "time_bound",
         [["first proper bonspiel is in ten days and i'm bricking it lol. the curling club "
           "have been drilling us all week"],
          Session(["how many days have I got left before the bonspiel?"], date="2024-03-20")],
         [dated("bonspiel|curling", first="2024-03-25"),
          says(r"5\b|five|monday|25", name="reply_days_left")]),

    # --- not knowing what was never told ----------------------------------------------------
    case("dont_know_1214", "dont_know",
         [["whats my mums name? can't remember if i ever told you"]],
         [says(NOT_TOLD, name="reply_says_not_told"), stores_nothing()],
         seed=[sem("Lives in Kendal", "location"), sem("Works as a chiropodist", "work")]),

    # --- not inventing a detail around a known fact -----------------------------------------
    case("no_invention_1215", "no_invention",
         [["what breed did I tell you Ragnar is? settling a bet here"]],
         [says(NOT_TOLD, name="reply_says_not_told"),
          avoids(DOG_BREEDS, name="reply_no_invented_breed"), stores_nothing()],
         seed=[sem("Has a dog called Ragnar", "pets"), sem("Lives in Thurso", "location")]),

    # --- a question is answered from memory and not stored ----------------------------------
    case("question_1216", "question",
         [["Do I need to tweak cake recipes for the altitude where I live?"]],
         [says("cochabamba|bolivia"), stores_nothing()],
         seed=[sem("Lives in Cochabamba", "location"),
               sem("Has a daughter called Nayeli", "family")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_1217", "non_english",
         [["Servus! I bin die Vroni – arbeite als Tierpflegerin im Tierpark Villach und hab "
           "daheim zwei Wellensittiche."],
          ["Sag amal, weißt du noch, wo ich arbeite?"]],
         [remembers("villach"), remembers("tierpfleg|zookeeper|keeper|zoo|tierpark|animal"),
          says("tierpark|zoo|villach|tierpfleg"), in_language("de")]),
    case("non_english_1218", "non_english",
         [["Che, te cuento: hace un mes me mudé a Neuquén y ahora laburo de enfermera en el "
           "hospital."],
          ["¿Te acordás de qué laburo y dónde vivo?"]],
         [remembers("enfermer|nurse"), remembers("neuqu"), says("enfermer"), says("neuqu"),
          in_language("es")]),

    # --- secrets ----------------------------------------------------------------------------
    case("secret_1219", "secret",
         [["so I don't lose it: the keycode for the front door of my building is 7260. I'm on "
           "the fifth floor btw, no lift 😩"],
          ["what's the keycode for my building again?"]],
         [never_stored("7260"), never_repeated("7260"), remembers("fifth|5th|floor")]),

    # --- two people kept apart --------------------------------------------------------------
    case("two_people_1220", "two_people",
         [["Two mates who'll come up a lot: Bongani, who shapes surfboards in Durban, and "
           "Kalani, who teaches hula over in Hilo."],
          ["remind me which of my mates lives in Hilo, and what does she do?"]],
         [remembers("bongani", "durban"), remembers("kalani", "hilo"),
          forgets("bongani", "hilo"), forgets("kalani", "durban"),
          says("kalani"), says("hula")]),

    # --- another user's memories stay theirs ------------------------------------------------
    case("cross_user_1221", "cross_user",
         [["I'm Sipho and I run a little food truck doing arepas in Tarragona."],
          Session(["what does Sipho sell, and where's he based?"], user="b")],
         [remembers("arepa"), isolated("a", "b", "arepa", "tarragona")]),

    # --- the same fact told twice -----------------------------------------------------------
    case("duplicate_1222", "duplicate",
         [["I've got a Harris hawk called Sanna 🦅"],
          ["btw did I mention I have a Harris hawk? Sanna. she's a beauty"]],
         [once("sanna")]),

    # --- small talk -------------------------------------------------------------------------
    case("small_talk_1223", "small_talk",
         [["mornin! absolutely bucketing down here, standard",
           "ha true. right, off to make a cuppa, laters"]],
         [stores_nothing(), kept("Lives in Lowestoft")],
         seed=[sem("Lives in Lowestoft", "location")]),

    # --- the assistant's answer is not the user's fact --------------------------------------
    case("assistant_answer_1224", "assistant_answer",
         [["how do you get biro ink out of a cotton shirt?",
           "sorted, cheers — that worked a treat"]],
         [stores_nothing(), no_assistant_words_stored()]),
])
