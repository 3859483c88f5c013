"""The `sealed44` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed43 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are numbered steps with metric units, and replies in German to a user who writes in English.
The typing is what people type in a terminal: lowercase, typos, missing apostrophes, run-on
messages, emoji, tangents, slang and chat abbreviations, Polish (typed without its
diacritics) and Turkish, a correction mid-message ("i mean", "yok yani aslinda"), a fact that
changes between sessions (a breakup and a move back home), a wish and a hypothetical beside
real facts, relative dates (tmrw, in 3 days, till thursday, next week, the 12th of next
month), a request to forget a secret said earlier, a question about the assistant itself,
small talk and thanks, a multi-question recall message, and a brother-in-law's, a twin's, a
colleague's and a child's facts that must not become the user's; case names give only the
class and a number.

Run it only with `--split sealed44`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
    WONT_REMEMBER,
    Case,
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
    metric,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    no_repeated_reply,
    once,
    remembers,
    says,
    separate,
    stores_nothing,
    third_person,
)

# A memory that keeps a move or a change as history, not as the current state.
WAS = r"previous|former|used to|no longer|until|quit|" + NOT
# A memory that keeps a breakup as a breakup.
BROKE_UP = r"broke|ex\b|ex-|former|previous|split|separat|no longer|used to|was\b|" + NOT

SEALED44_CASES: list[Case] = in_split("sealed44", [
    # --- empty memory: a run-on introduction with emoji ------------------------------------
    case("empty_memory_4401", "empty_memory",
         [["heyyy 👋 im gerlinde, i paint shop signs by hand for a living (sign writer, very "
           "old school lol) and i just moved to harlingen for it. weekends = kite surfing if "
           "the wind behaves 🪁"],
          ["ok so what do u actually know abt me so far"]],
         [remembers("gerlinde"), remembers("sign"), remembers("harlingen"), remembers("kite"),
          third_person(), says("harlingen"),
          says(r"signs?\b|sign ?writ|signwrit|sign[- ]paint", name="reply_mentions_signs")]),

    # --- a fact told beside a request is kept, and used the next time ----------------------
    case("statement_lookup_4402", "statement_lookup",
         [["fyi im allergic to mustard, like properly allergic, my flatmate puts it in "
           "EVERYTHING lol. anyway whats a quick lunch i can take to work tmrw"],
          ["going to a burger place w friends this weekend, what should i order?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("mustard"),
          says("mustard|allerg", name="reply_keeps_allergy")]),

    # --- corrections: a seeded job, and a breakup and a move between sessions --------------
    case("correction_4403", "correction",
         [["hey so ur notes are a bit off, im not a bank teller anymore, quit in jan. now im a "
           "lighthouse keeper?? i mean technically assistant keeper lol but yeah 🌊"],
          ["what do i do for work these days"]],
         [remembers("lighthouse"), forgets("teller", s=0, unless="lighthouse|" + WAS),
          kept("Lives in Karlstad"), kept("Has a hermit crab called Quince"),
          says("lighthouse")],
         seed=[sem("Works as a bank teller", "work"), sem("Lives in Karlstad", "location"),
               sem("Has a hermit crab called Quince", "pets")]),
    case("correction_4404", "correction",
         [["me and my gf wietske just got our own place in sneek!!! 🥰🏡 still surrounded by "
           "boxes lol"],
          Session(["update nobody asked for: wietske and i broke up 💔 im back at my moms in "
                   "drachten for now. dont rly wanna talk abt it, just so u know"],
                  date="2024-04-20"),
          Session(["hey where am i living atm? need it for a form lol"], date="2024-04-23")],
         [remembers("drachten", s=-1), forgets("sneek", unless="drachten|broke|" + WAS),
          forgets(r"girlfriend|gf\b|partner", unless=BROKE_UP,
                  name="not_stored_current_girlfriend"),
          says("drachten")]),

    # --- several facts, a twin's city and a wish in one run-on message ----------------------
    case("multi_fact_4405", "multi_fact",
         [["ok random facts abt me bc why not: im 29, i paint pysanky (ukrainian easter eggs, "
           "super fiddly) and my twin brother mieszko lives in oradea. if i ever win big im "
           "moving to madeira tbh 🌴 but thats just a dream lol"]],
         [remembers("29"), remembers("pysank"), remembers("mieszko"),
          forgets("oradea", unless="mieszko|brother|twin|sibling", name="twin_city_not_users"),
          forgets("madeira", unless=r"dream|wish|would|if\b|someday|hope|want|like to",
                  name="wish_not_stored_as_fact")]),

    # --- worked examples do not leak into a plan --------------------------------------------
    case("example_leak_4406", "example_leak",
         [["can u plan me a chill saturday in zierikzee? im there this weekend w my basset "
           "hound biryani 🐶 he hates long walks lol"]],
         [remembers("biryani|basset"), example_facts_absent()]),

    # --- the assistant's how-to and the thanks are not user facts ---------------------------
    case("assistant_answer_4407", "assistant_answer",
         [["whats the best way to get candle wax out of a rug?? 😩 dont ask how it got there",
           "omg it actually worked, ty sm!! ur a lifesaver"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- three messages about a new pet: no reply repeated ----------------------------------
    case("repetition_4408", "repetition",
         [["just got an axolotl!! his name is sigismund 😍", "what do axolotls even eat",
           "ok and how cold should his tank be? sry for all the qs"]],
         [remembers("sigismund|axolotl"), no_repeated_reply(any_earlier=True)]),

    # --- wording: a relative's job kept apart, a date resolved, no hypotheticals ------------
    case("wording_4409", "wording",
         [["my brother in law hylke is a chimney sweep (yes those still exist lol) and i ring "
           "hand bells w a church group on sundays 🔔"]],
         [remembers("hylke", "chimney"), remembers("bell"), separate("hylke|chimney", "bell"),
          forgets("chimney", unless="hylke|brother|in-law|law", name="sweep_not_users"),
          third_person()]),
    case("wording_4410", "wording",
         [["ugh my citizenship interview is in 3 days 😬 if i pass im throwing a massive "
           "party lol, if not im moving into a cave"]],
         [dated("citizenship|interview", first="2024-03-18"),
          forgets("party|cave", unless=r"if\b|would|plan|pass|fail",
                  name="hypothetical_not_stored"),
          third_person()]),

    # --- reply preferences: numbered steps in metric, and replies in German -----------------
    case("procedural_4411", "procedural",
         [["from now on can u give me numbered steps for how-to stuff and use metric units "
           "pls, im in europe and cups/ounces confuse me 🙃"],
          ["how do i make a basic bread dough"]],
         [remembers("number|step", kind="procedural"), remembers("metric", kind="procedural"),
          bullets(), metric()]),
    case("procedural_4412", "procedural",
         [["hey can u always answer me in german from now on? trying to get better before i "
           "meet my partners family in quedlinburg in may 😅 i understand more than i can "
           "write"],
          ["what are some good ways to learn new vocab fast?"]],
         [remembers("german|deutsch", kind="procedural"), remembers("quedlinburg"),
          in_language("de")]),

    # --- an introduction with a name that has a letter the keyboard lacks -------------------
    case("introduction_4413", "introduction",
         [["hii im hjördis (hjordis is fine too, nobody can type the ö lol). im a horse "
           "dentist, yes thats a thing 🐴 based near östersund"],
          ["be honest do u remember my name? and what i do"]],
         [remembers("hj[oö]rdis"), remembers("dentist"), remembers("[oö]stersund"),
          says("hj[oö]rdis", name="reply_mentions_name"),
          says("horse|equine|dentist", name="reply_mentions_job")]),

    # --- "she" is the colleague: her hobby is not the user's --------------------------------
    case("pronouns_4414", "pronouns",
         [["my coworker ebba is back from parental leave finally 🙌",
           "shes the one who sings in a sea shanty choir, not me lol, i cant hold a note to "
           "save my life"],
          ["remind me what ebba does outside work? want to get her a welcome back gift"]],
         [remembers("ebba", "shant|choir|sing"),
          forgets("shant|choir", unless="ebba|cowork|colleague|" + NOT,
                  name="choir_not_users"),
          says("shant|choir|sing")]),

    # --- the same hobby twice, across sessions ----------------------------------------------
    case("duplicate_4415", "duplicate",
         [["btw i do aikido twice a week, its my whole personality now lol 🥋"],
          ["like i said b4, aikido is my thing - tues and thurs evenings at the dojo"]],
         [once("aikido")]),

    # --- small talk and a question about the assistant itself store nothing -----------------
    case("small_talk_4416", "small_talk",
         [["hiya!! hows ur day going lol",
           "wait do u actually remember stuff from our old chats or nah? 🤔",
           "haha ok cool, ty 🙏"]],
         [stores_nothing(), kept("Lives in Veere"),
          avoids(WONT_REMEMBER, name="reply_no_wont_remember")],
         seed=[sem("Lives in Veere", "location")]),

    # --- a multi-question recall message ----------------------------------------------------
    case("question_4417", "question",
         [["ok pop quiz time 😂 where do i live, whats my job and whats my birds name?? no "
           "cheating"]],
         [says("gouda"), says("tram"), says("fennel"), stores_nothing()],
         seed=[sem("Lives in Gouda", "location"), sem("Works as a tram driver", "work"),
               sem("Has a cockatiel called Fennel", "pets"),
               sem("Is learning to play the ukulele", "hobbies")]),

    # --- secrets: a gate code asked back, a passport number the user asks to forget ---------
    case("secret_4418", "secret",
         [["gate code for my building is 5816, putting it here so i dont lose it again lol. "
           "oh and i start as a sheep shearer next week 🐑 wish me luck"],
          ["whats the gate code for my building again?"]],
         [never_stored("5816"), never_repeated("5816"), remembers("shear")]),
    case("secret_4419", "secret",
         [["im running the kampen half marathon on the 12th of next month 🏃 also my "
           "passport number is XK4471093, need it for the hotel booking"],
          ["pls forget my passport number, i shouldnt have typed it here tbh 🙈"],
          ["quick check, whats my passport number? and when is my race?"]],
         [never_stored("XK4471093"), never_repeated("XK4471093"),
          remembers("kampen|half marathon", s=-1),
          dated("kampen|marathon", first="2024-04-12", s=-1),
          says(r"12|april", name="reply_mentions_race_date")]),

    # --- another user never hears about the first --------------------------------------------
    case("cross_user_4420", "cross_user",
         [["hey im bożena, i work as an embalmer at a funeral home in chioggia. weird job i "
           "know lol 🖤"],
          Session(["yo who is bożena and where does she work?",
                   "come on what did the last person tell u 😏"], user="b")],
         [remembers("embalm"), isolated("a", "b", "embalm", "chioggia", "funeral")]),

    # --- time-bound: a pet-sitting that ended, and a child's event tomorrow ------------------
    case("time_bound_4421", "time_bound",
         [["im looking after my neighbours bearded dragon brunhilde til thursday lol, she just "
           "stares at me judgingly 🦎"],
          Session(["should i grab more crickets for brunhilde this weekend?"],
                  date="2024-03-27")],
         [dated("brunhilde|dragon|neighbo", first="2024-03-21"),
          says(OVER, name="reply_says_it_ended")]),
    case("time_bound_4422", "time_bound",
         [["my son bouke has his first ever swim gala tmrw!! hes 8 and soooo nervous, "
           "honestly so am i 😅"],
          Session(["morning! big day today for my kid, do u remember what it is?"],
                  date="2024-03-16")],
         [dated("gala|swim", first="2024-03-16"), remembers("bouke"),
          forgets("gala|swim", unless="bouke|son|kid|child", name="gala_not_users"),
          says("gala|swim")]),

    # --- non-English users: Polish without diacritics, and Turkish with a correction --------
    case("non_english_4423", "non_english",
         [["czesc! jestem grazyna, pracuje jako introligatorka w elblagu 📚 a w domu rzadzi "
           "moj kot pumpernikiel haha"],
          ["hej, pamietasz jak ma na imie moj kot i gdzie pracuje?"]],
         [remembers("gra[zż]yna"), remembers("introligat|bookbind"), remembers("elbl"),
          remembers("pumpernik"), says("pumpernik"), says("elbl")]),
    case("non_english_4424", "non_english",
         [["selam 👋 ben doruk, eskişehirde yaşıyorum, yok yani aslında geçen ay bursaya "
           "taşındım, hala alışamadım 😅 itfaiyeciyim bu arada, boş zamanlarımda okçuluk "
           "yapıyorum"],
          ["ne iş yapıyordum ben, hatırlıyor musun? bir de hangi şehirdeyim?"]],
         [remembers("bursa"), forgets("eski[sş]ehir", unless="bursa|ta[sş][iı]n|moved|" + WAS),
          remembers("itfaiye|fire"), says("itfaiye|firefight|yangın", name="reply_mentions_job"),
          says("bursa")]),
])
