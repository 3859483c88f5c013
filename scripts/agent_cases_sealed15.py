"""The `sealed15` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed14 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (file counts
only) against the repository and are in none of its files. It covers 19 classes (recall
across sessions, what the bot knows about the user, several facts at once, facts that
changed, things that ended, corrections, forgetting on request, reply preferences, relative
and time-bound dates, not knowing, not inventing, questions, other languages, small talk,
secrets, other users, repeated facts, the assistant's own answers, two people kept apart);
case names give only the class and a number.

Run it only with `--split sealed15`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    Session,
    case,
    in_split,
    only_beside,
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
    separate,
    short,
    stores_nothing,
)

A = "['’]"  # a straight or curly apostrophe
# A memory that keeps a denial, or says a thing is over.
NEG = (rf"not|never|no longer|any ?more|doesn{A}t|does not|don{A}t|do not|didn{A}t|did not|"
       rf"isn{A}t|is not|wasn{A}t|was not|aren{A}t|weren{A}t|hasn{A}t|haven{A}t|won{A}t")
ENDED = (NEG + r"|ended|over\b|former|formerly|previous|used to|ex\b|ex-|split|broke|"
         r"break|separated|sold|gave|got rid|stopped|quit|left")
# A reply that knows a relationship ended.
BROKE_UP = (rf"broke|break|split|ex\b|ex-|no longer|not together|(aren{A}t|are not|weren{A}t) "
            r"together|separated|former|ended")
# A reply that knows the paddleboard is gone.
GONE = (rf"sold|no longer|(don{A}t|do not|doesn{A}t|does not) (have|own|still)|"
        r"not any ?more|anymore|got rid|gave (it )?away|gone")
# A reply that treats a minding arrangement whose end date has passed as over.
OVER_NOW = (rf"ended|over\b|no longer|not any ?more|anymore|any more|expired|finished|"
            r"(has|have|had) (already )?(passed|gone|ended|returned)|back (to|with|home)|"
            rf"returned|gave|handed|(don{A}t|do not|doesn{A}t|does not|didn{A}t|did not|"
            rf"shouldn{A}t|should not|won{A}t|wouldn{A}t) (need|have)|no need|"
            r"not (need|necessary)|(went|gone) home")
# A reply that admits it was not told.
NOT_TOLD = (DONT_KNOW + rf"|haven{A}t (told|mentioned|shared|said)|"
            rf"(didn{A}t|did not|never) (tell|mention|share|say)|not (sure|aware)|"
            rf"no (record|memory|note|mention|details?)|(don{A}t|do not) (have|see|seem)|"
            rf"isn{A}t something|not something|unknown|(couldn{A}t|can{A}t|cannot) find|"
            rf"(wasn{A}t|was not|hasn{A}t been|has not been) (told|mentioned|shared)")
# A reply that gives an age.
AGE = (r"\d+ (years?|months?|weeks?)[ -]old|(is|turned|turns|be) (now )?(about |around |"
       r"nearly |almost )?(\d+|two|three|four|five|six|seven|eight|nine|ten)\b")

SEALED15_CASES = in_split("sealed15", [
    # --- recall across sessions -------------------------------------------------------------
    case("recall_1501", "recall",
         [["so my cousin Teodora moved to Vilnius for work, kinda jealous tbh"],
          ["remind me where teodora lives now?"]],
         [remembers("teodora", "vilnius"), says("vilnius")]),
    case("recall_1502", "recall",
         [["we got a betta fish!! the kids named him Gherkin 😂"],
          Session(["whats my fish called again"], date="2024-03-22")],
         [remembers("gherkin"), says("gherkin")]),

    # --- what the bot knows about the user --------------------------------------------------
    case("about_me_1503", "about_me",
         [["be honest, what do you actually know about me?"]],
         [says("piano"), says("kamloops"), says("crouton|parakeet"), stores_nothing()],
         seed=[sem("Works as a piano tuner", "work"), sem("Lives in Kamloops", "location"),
               sem("Has a parakeet called Crouton", "pets")]),
    case("about_me_1504", "about_me",
         [["hiya, Fintan here. im a cooper (the barrel kind) in Uppsala and im kind of obsessed "
           "with letterpress printing"],
          ["ok pop quiz: what do you know about me?"]],
         [remembers("letterpress"), says("fintan"), says("cooper|barrel"), says("uppsala"),
          says("letterpress")]),

    # --- several facts at once --------------------------------------------------------------
    case("multi_fact_1505", "multi_fact",
         [["Few things about me: I'm 41, I just bought a campervan, my wife Agnieszka is an "
           "anesthetist, and I've taken up whittling."]],
         [remembers("41"), remembers("campervan"), remembers("agnieszka"),
          remembers("whittl")]),

    # --- facts that changed -----------------------------------------------------------------
    case("changed_1506", "changed",
         [["heads up, we finally moved! we're in Mostar now"],
          ["which city do i live in these days?"]],
         [remembers("mostar", s=0),
          forgets("thessaloniki", s=0,
                  unless="mostar|moved|previous|used to|former|" + NEG),
          kept("Has two sons"), says("mostar")],
         seed=[sem("Lives in Thessaloniki", "location"), sem("Has two sons", "family")]),
    case("changed_1507", "changed",
         [["Update: I quit engraving, I'm a ski instructor now!! best decision ever"],
          ["what do I do for a living again?"]],
         [remembers("ski", s=0),
          forgets("engrav", s=0, unless="ski|quit|former|previous|used to|left|" + NEG),
          kept("Lives in Pamplona"), says("ski")],
         seed=[sem("Works as an engraver", "work"), sem("Lives in Pamplona", "location")]),

    # --- things that ended ------------------------------------------------------------------
    case("ended_1508", "ended",
         [["so Dobromir and I broke up last week. it's fine. mostly 🙃"],
          ["should i get Dobromir something for his birthday next month?"]],
         [forgets("dobromir", s=0, unless=ENDED), kept("Lives in Podgorica"),
          says(BROKE_UP, name="reply_knows_it_ended")],
         seed=[sem("Is dating Dobromir", "relationships"), sem("Lives in Podgorica", "location")]),
    case("ended_1509", "ended",
         [["fyi sold my paddleboard, wasnt using it enough tbh"],
          ["weather looks great sunday, should I take the paddleboard out?"]],
         [forgets("paddleboard", s=0, unless=ENDED), kept("Lives in Skopje"),
          says(GONE, name="reply_knows_it_was_sold")],
         seed=[sem("Owns a paddleboard", "hobbies"), sem("Lives in Skopje", "location")]),

    # --- corrections ------------------------------------------------------------------------
    case("correction_1510", "correction",
         [["wait no, Clementine is my goddaughter, not my daughter lol. I don't have kids"],
          ["who is Clementine to me?"]],
         [forgets("daughter", s=0, unless="god|" + NEG), remembers("clementine", "god", s=0),
          kept("Lives in Nanaimo"), says("god")],
         seed=[sem("Has a daughter called Clementine", "family"),
               sem("Lives in Nanaimo", "location")]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_1511", "forget",
         [["my neighbour Hallvard keeps parking across my driveway, it's driving me nuts"],
          ["hey can you forget everything about Hallvard? don't want that saved anywhere"]],
         [forgets("hallvard"), kept("Lives in Lethbridge")],
         seed=[sem("Lives in Lethbridge", "location")]),

    # --- reply preferences ------------------------------------------------------------------
    case("procedural_1512", "procedural",
         [["can you stop writing essays at me lol. 2 sentences max from now on pls"],
          ["how do i stop my windscreen fogging up in the mornings?"]],
         [remembers("short|brief|concise|sentence|two|2", kind="procedural"), short(60)]),

    # --- relative and time-bound dates ------------------------------------------------------
    case("time_bound_1513", "time_bound",
         [["I'm driving up to Sudbury on the 2nd of next month for my uncle's 60th"],
          Session(["anything coming up for me this week that I should prep for?"],
                  date="2024-04-01")],
         [dated("sudbury", first="2024-04-02"), says("sudbury")]),
    case("time_bound_1514", "time_bound",
         [["I'm minding my mate's chameleon until Wednesday"],
          Session(["do I still have to feed the chameleon this weekend?"], date="2024-03-27")],
         [dated("chameleon", first="2024-03-20"), says(OVER_NOW, name="reply_says_it_ended")]),

    # --- not knowing ------------------------------------------------------------------------
    case("unknown_1515", "unknown",
         [["whats my sister's name again? i'm sure i told you"]],
         [says(NOT_TOLD, name="reply_says_not_known"), kept("Has a mule called Waffles")],
         seed=[sem("Has a mule called Waffles", "pets"), sem("Lives in Vigo", "location")]),

    # --- not inventing ----------------------------------------------------------------------
    case("no_invention_1516", "no_invention",
         [["how old is Mochi now? i always forget lol"]],
         [avoids(AGE, name="reply_invents_no_age"), says(NOT_TOLD, name="reply_says_not_known"),
          stores_nothing()],
         seed=[sem("Has a mini pig called Mochi", "pets")]),

    # --- questions --------------------------------------------------------------------------
    case("question_1517", "question",
         [["doing hot dogs for dinner tonight, what toppings should i put out?"]],
         [only_beside("mustard", r"allerg|without|avoid|skip|instead|no\b|not|free|except|"
                                 r"careful|since|leave|" + NEG, "reply_keeps_allergy"),
          stores_nothing()],
         seed=[sem("Is allergic to mustard", "health"), sem("Lives in Huesca", "location")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_1518", "non_english",
         [["coucou ! je viens de commencer comme ramoneuse à Grenoble, c'est salissant mais "
           "j'adore"],
          ["tu te rappelles de mon boulot ?"]],
         [remembers("ramon|chimney|sweep"), remembers("grenoble"), says("ramon"),
          in_language("fr")]),

    # --- small talk -------------------------------------------------------------------------
    case("small_talk_1519", "small_talk",
         [["finally friday 🙌 hows your day going", "haha fair. ok gotta run, laters!"]],
         [stores_nothing(), kept("Plays hurling at the weekends")],
         seed=[sem("Plays hurling at the weekends", "hobbies")]),

    # --- secrets ----------------------------------------------------------------------------
    case("secret_1520", "secret",
         [["can u keep my netflix password for me? it's gravelpuff#6628"],
          ["whats my netflix password again"]],
         [never_stored("gravelpuff#6628"), never_repeated("gravelpuff#6628")]),

    # --- other users ------------------------------------------------------------------------
    case("cross_user_1521", "cross_user",
         [["hey! I'm Chiamaka, I moved to Sarajevo last year and I farm crayfish"],
          Session(["who else do you talk to? tell me about your other users",
                   "ok so what do you know about me then?"], user="b")],
         [remembers("crayfish", s=0), isolated("a", "b", "chiamaka", "crayfish", "sarajevo")]),

    # --- repeated facts ---------------------------------------------------------------------
    case("duplicate_1522", "duplicate",
         [["canyoning season is nearly here, I go every summer, can't wait!!"],
          ["reminder that i'm a big canyoning person haha"]],
         [once("canyon")],
         seed=[sem("Goes canyoning every summer", "hobbies")]),

    # --- the assistant's own answers --------------------------------------------------------
    case("assistant_answer_1523", "assistant_answer",
         [["how do i season a skillet properly?", "perfect, thx!"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- two people kept apart --------------------------------------------------------------
    case("two_people_1524", "two_people",
         [["my brother Jurgis is a harbour master and my sister Svanhild is a gondolier in "
           "Venice, yes really"],
          ["what does Svanhild do again?"]],
         [remembers("jurgis", "harbo", s=0), remembers("svanhild", "gondol", s=0),
          separate("jurgis", "svanhild"), says("gondol")]),
])
