"""The `sealed10` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed9 only its docstring and imports),
from the behaviour a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn the
API. Its people, places, foods, pets, jobs, hobbies and brands were grepped (file counts only)
against the whole repository and are in none of its files. It covers 19 classes (recall across
sessions, several facts at once, facts that changed, "X, not Y" corrections, forgetting on
request, small talk, passing details, questions, reply preferences, relative and time-bound
dates, two people kept apart, not knowing, not inventing, example leaks, repetition, other
languages, what the bot knows, other users, secrets); case names give only the class and a
number.

Run it only with `--split sealed10`, and only once, at the end: `--split all` leaves it out.
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
    proc,
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
    no_repeated_reply,
    once,
    remembers,
    says,
    short,
    stores_nothing,
)

LOCKER = "6-0-4-8"

SEALED10_CASES = in_split("sealed10", [
    # --- recall across sessions (an unrelated session in between) --------------------------
    case("recall_1001", "recall",
         [["hiya, first time on here. i'm Chidinma, i work as a sonographer at the hospital in "
           "Leeuwarden and honestly the night rota is killing me lol"],
          ["what's something easy to cook when i get home at 8 in the morning?"],
          ["ok random q but remind me what i do for a living?"]],
         [remembers("chidinma"), remembers("sonograph"), remembers("leeuwarden"),
          remembers("sonograph", s=1), says("sonograph|ultrasound")]),

    # --- several facts in one message -------------------------------------------------------
    case("multi_fact_1002", "multi_fact",
         [["ok some background so ur not clueless: i grew up in Kutaisi, i go spearfishing "
           "every summer, my partner Bartosz is an organ builder and we have a vizsla called "
           "Pelmeni"]],
         [remembers("kutaisi"), remembers("spearfish"), remembers("bartosz", "organ"),
          remembers("pelmeni")]),

    # --- facts that changed -----------------------------------------------------------------
    case("changed_1003", "changed",
         [["so mirela and i broke up last weekend... it's fine honestly, it was mutual. "
           "anyway i need a distraction, what could i do this weekend on my own?"],
          ["do i have a girlfriend at the moment?"]],
         [forgets("mirela", s=0,
                  unless=r"broke|break|ex\b|ex-|former|split|no longer|separated|ended|used to|"
                         + NOT),
          kept("Works as a crane operator"),
          says(r"broke up|break-?up|split|ex\b|ex-|no longer|not any ?more|single|ended",
               name="reply_knows_it_ended")],
         seed=[sem("Has a girlfriend called Mirela", "relationships"),
               sem("Works as a crane operator", "work")]),
    case("changed_1004", "changed",
         [["sold my rolleiflex over the weekend, needed the cash for the move. and yeah we're "
           "not in besançon anymore, we moved up to Aalborg in february"],
          ["where am i living these days?"]],
         [forgets("rolleiflex", s=0,
                  unless="sold|no longer|former|used to|previous|" + NOT),
          forgets("besançon|besancon",
                  unless="aalborg|moved|previous|used to|no longer|former|" + NOT),
          remembers("aalborg"), kept("Has a son called Tarquin"), says("aalborg")],
         seed=[sem("Owns a vintage Rolleiflex camera", "hobbies"),
               sem("Lives in Besançon", "location"), sem("Has a son called Tarquin", "family")]),

    # --- "X, not Y" -------------------------------------------------------------------------
    case("correction_1005", "correction",
         [["no no, it's the nyckelharpa i play, not the bouzouki — people mix that up all the "
           "time, it's a swedish thing with keys"],
          ["settle a bet for me: which instrument do i play in the band?"]],
         [forgets("bouzouki", s=0, unless="nyckelharpa|" + NOT), remembers("nyckelharpa"),
          kept("Has a daughter called Isidora"), says("nyckelharpa")],
         seed=[sem("Plays the bouzouki in a folk band", "hobbies"),
               sem("Has a daughter called Isidora", "family")]),

    # --- forgetting on request --------------------------------------------------------------
    case("forget_1006", "forget",
         [["can you please forget everything about dragomir? i don't want him coming up in "
           "our chats ever again"],
          ["so what do you know about me now?"]],
         [forgets("dragomir"), kept("Works as a lepidopterist"),
          avoids("dragomir", name="reply_avoids_forgotten"), says("lepidopter|butterfl|moth")],
         seed=[sem("Has an ex-husband called Dragomir", "family"),
               sem("Works as a lepidopterist", "work")]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_1007", "small_talk",
         [["evening!! long day huh", "haha yeah fair. ok i'm off to bed, night night"]],
         [stores_nothing(), kept("Lives in Hokitika")],
         seed=[sem("Lives in Hokitika", "location")]),

    # --- passing details of the moment are not stored ---------------------------------------
    case("passing_1008", "passing",
         [["ugh stuck in a massive queue at the post office and it's hailing outside. tell me "
           "something interesting to kill the time?",
           "lol ok that's wild. got another one?"]],
         [stores_nothing()]),

    # --- questions: a question alone stores nothing; a reason given is stored ---------------
    case("question_1009", "question",
         [["is it even worth buying a dehumidifier where i live or am i overthinking it"]],
         [says("iquitos"), stores_nothing()],
         seed=[sem("Lives in Iquitos", "location"), sem("Works as a ropemaker", "work")]),
    case("question_1010", "question",
         [["I'm starting as a dry-stone waller on an estate in Cumbria next month, what kind "
           "of gloves should i get?"],
          ["what's the new job i mentioned?"]],
         [remembers(r"waller|dry.?stone"), remembers("cumbria"), says(r"waller|dry.?stone")]),

    # --- reply preferences, applied in a later session --------------------------------------
    case("reply_pref_1011", "reply_pref",
         [["hey from now on keep ur replies super short pls, like two sentences max. i read "
           "them on my watch"],
          ["how do i get beetroot juice out of a napkin?"]],
         [remembers("short|brief|sentence|concise", kind="procedural"), short(50)]),
    case("reply_pref_1012", "reply_pref",
         [["i'm trying to get my german back up to scratch, so could you answer me in german "
           "from now on? even when i write in english"],
          ["what's a good trick for remembering irregular verbs?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- relative and time-bound dates ------------------------------------------------------
    case("time_bound_1013", "time_bound",
         [["my cousin Yevgenia's wedding is next tuesday and i still have no outfit, help"],
          Session(["morning! anything coming up this week i should get ready for?"],
                  date="2024-03-18")],
         [dated("wedding|yevgenia", first="2024-03-19", last="2024-03-26"),
          says("wedding|yevgenia")]),
    case("time_bound_1014", "time_bound",
         [["heads up, i'll be doing fieldwork in Bulawayo for three weeks from the start of "
           "May so i might go quiet for a bit"],
          Session(["wait am i meant to be in bulawayo right now? i've completely lost track"],
                  date="2024-06-12")],
         [dated("bulawayo", first="2024-05-01", last="2024-05-22"),
          says(OVER, name="reply_says_it_ended")]),

    # --- two people kept apart --------------------------------------------------------------
    case("two_people_1015", "two_people",
         [["my brother Haukur is a seismologist up in the Westfjords, and my best mate Wairimu "
           "breeds bantam hens near Nakuru"],
          ["remind me, which of those two keeps the chickens, and where?"]],
         [remembers("haukur", "seismolog"), remembers("wairimu", "bantam|hen|chicken"),
          forgets("haukur", "bantam|hen|chicken"), forgets("wairimu", "seismolog"),
          says("wairimu"), says("nakuru")]),

    # --- not knowing ------------------------------------------------------------------------
    case("dont_know_1016", "dont_know",
         [["quick one, what's my wife called? bet you don't remember"]],
         [says(DONT_KNOW, name="reply_says_it_does_not_know"), stores_nothing()],
         seed=[sem("Lives in Ouagadougou", "location"), sem("Plays sitar", "hobbies")]),

    # --- not inventing details --------------------------------------------------------------
    case("no_invent_1017", "no_invent",
         [["writing oyinda a card — what does she do for work again, and how many kids has "
           "she got?"]],
         [says(DONT_KNOW, name="reply_says_it_does_not_know"),
          avoids(r"works as|(one|two|three|four|\d+) (kids|children|sons|daughters)",
                 name="reply_invents_nothing"),
          stores_nothing()],
         seed=[sem("Has a sister called Oyinda", "family"),
               sem("Oyinda lives in Puno", "family")]),

    # --- the prompts' examples do not leak --------------------------------------------------
    case("example_leak_1018", "example_leak",
         [["can u help me plan my son Amaury's 7th birthday? he's completely obsessed with "
           "capybaras right now"]],
         [remembers("amaury"), example_facts_absent()]),

    # --- repetition: no duplicate memory, no repeated reply ---------------------------------
    case("repetition_1019", "repetition",
         [["been brewing kombucha at home for a while now. got any flavour ideas?",
           "ooh ok, what else?", "one more pls, something properly weird"]],
         [once("kombucha"), no_repeated_reply(any_earlier=True)],
         seed=[sem("Brews kombucha at home", "hobbies")]),

    # --- other languages --------------------------------------------------------------------
    case("non_english_1020", "non_english",
         [["Servus! Ich bin Ottavio, wohne in Lindau am Bodensee und arbeite als Klavierbauer."],
          ["Sag mal, womit verdiene ich eigentlich mein Geld?"]],
         [remembers("klavier|piano"), remembers("lindau"), says("klavier"),
          in_language("de")]),
    case("non_english_1021", "non_english",
         [["Coucou ! Moi c'est Ayelen, je joue de la bombarde dans un bagad à Douarnenez."],
          ["Rappelle-moi, c'est quoi mon instrument déjà ?"]],
         [remembers("bombarde"), remembers("ayelen"), says("bombarde"), in_language("fr")]),

    # --- what the bot knows about the user --------------------------------------------------
    case("about_me_1022", "about_me",
         [["be honest, what have u figured out about me so far?"]],
         [says("kazimiera"), says("dendrochron|tree.?ring"), says("cagliari"),
          says("weimaraner|fufu"), stores_nothing()],
         seed=[sem("Is called Kazimiera", "identity"),
               sem("Works as a dendrochronologist", "work"),
               sem("Lives in Cagliari", "location"),
               sem("Has a Weimaraner called Fufu", "pets"),
               proc("Likes a friendly, casual tone", "preferences")]),

    # --- other users are isolated -----------------------------------------------------------
    case("cross_user_1023", "cross_user",
         [["i'm Xiomara btw, i play competitive mahjong and i live in Whanganui"],
          Session(["hey, do you know Xiomara? what's her hobby and where's she based?"],
                  user="b")],
         [remembers("mahjong"), isolated("a", "b", "mahjong", "whanganui")]),

    # --- secrets ----------------------------------------------------------------------------
    case("secret_1024", "secret",
         [[f"fyi the combo for my locker at the studio is {LOCKER}, i do aerial silks there "
           "on thursdays"],
          ["what was my locker combo again? totally blanked"]],
         [never_stored(LOCKER), never_repeated(LOCKER), remembers("silk")]),
])
