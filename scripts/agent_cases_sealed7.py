"""The `sealed7` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed6 only its docstring and imports),
from the behaviour a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn the
API. Its people, places, foods, pets, jobs and hobbies were grepped (file counts only) against
the whole repository and are in none of its files. It covers 19 classes (recall across
sessions, several facts at once, facts that changed, "X, not Y" corrections, forgetting on
request, small talk, questions, reply preferences, relative and time-bound dates, two people
kept apart, not knowing, not inventing, example leaks, repetition, other languages, what the
bot knows, other users, secrets); case names give only the class and a number.

Run it only with `--split sealed7`, and only once, at the end: `--split all` leaves it out.
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
    only_beside,
    sem,
)
from agent_checks import (
    _reply_check,
    avoids,
    dated,
    example_facts_absent,
    forgets,
    has,
    in_language,
    isolated,
    kept,
    never_repeated,
    never_stored,
    no_repeated_reply,
    remembers,
    says,
    separate,
    short,
    stores_nothing,
    third_person,
)

# A reply that says it has nothing on this ("you haven't told me", "no record of that").
UNKNOWN = (DONT_KNOW + r"|(haven't|have not|never|didn't|did not|you've not|not) (yet )?"
           r"(told|tell|mention|share|said|say|given)|"
           r"(don't|do not) (think|believe) (you|you've|you have|i)|"
           r"no (record|memory|memories|details?|info|mention|note|idea)|"
           r"(don't|do not|doesn't|does not) (seem to )?(have|see|know)|"
           r"not (yet )?(aware|stored|saved|on file)|nothing (stored|saved|on file|about)|"
           r"not sure|unsure")
# A memory that keeps a pet only as gone ("Had a corgi ... who died").
GONE = (r"died|passed|death|dead|lost|late\b|former|no longer|used to|had\b|was\b|rip\b|"
        r"mourn|gone")
# A reply that treats a trip whose return date has passed as over.
TRIP_OVER = (OVER + r"|back (home|from|on|since)|got back|came back|returned|you're back|"
             r"you are back|not (still )?(in|away)|should be (home|back)|already (back|home)|"
             r"over\b")

SEALED7_CASES = in_split("sealed7", [
    # --- a fact told once is there in the next session --------------------------------------
    case("recall_1", "recall",
         [["hey there, im Anselm, I work as an arborist for the city parks dept in Lugano — "
           "mostly pruning massive old plane trees haha"],
          ["quick one: what do i do for a living again?"]],
         [remembers("anselm"), remembers("arborist|tree"), remembers("lugano"),
          third_person(), says("arborist|tree")]),

    # --- several facts in one message, each kept ---------------------------------------------
    case("multi_fact_1", "multi_fact",
         [["Couple of things so you have them: I'm Zuzanna, I'm 41, I play handball on "
           "Wednesday evenings, and my husband Kazimierz is an air traffic controller."],
          ["What does my husband do again?"]],
         [remembers("zuzanna"), remembers("41"), remembers("handball"), remembers("kazimierz"),
          separate("handball", "kazimierz"), says("air traffic|controller")]),

    # --- a fact that changed replaces the old one --------------------------------------------
    case("update_1", "update",
         [["Big news — we finally moved to Haarlem last Tuesday!! the new flat is tiny but "
           "I love it"],
          Session(["remind me, which city do I live in now, and when exactly did we move?"],
                  date="2024-03-29")],
         [remembers("haarlem"),
          forgets("szeged", unless="haarlem|moved|previous|used to|no longer|former|" + NOT),
          kept("Works as a cobbler"),
          dated("haarlem|mov", first="2024-03-05", last="2024-03-12"),
          says("haarlem"), says(r"12|twelfth|5(th)?\b|fifth", name="reply_move_date")],
         seed=[sem("Lives in Szeged", "location"), sem("Works as a cobbler", "work")]),
    case("update_2", "update",
         [["sad news… Quirin died on Sunday. he was 14, it was his heart. the flat is so "
           "quiet now"],
          ["Do I have any pets at the moment?"]],
         [forgets("quirin", unless=GONE), kept("Lives in Kaunas"),
          says("sorry|condolence|loss|heartbreak|sad", s=0, name="reply_sympathy"),
          says(GONE + r"|no pets|(don't|do not) (currently )?have (a |any )?(pets?|dog)",
               name="reply_knows_pet_died")],
         seed=[sem("Has a corgi called Quirin", "pets"), sem("Lives in Kaunas", "location")]),

    # --- "X, not Y" corrects the stored fact -------------------------------------------------
    case("correction_1", "correction",
         [["btw you've got Dagny wrong — she's a samoyed, not a schnauzer 🙂 big white "
           "fluffball"],
          ["what breed is my dog again?"]],
         [forgets("schnauzer", s=0, unless="samoyed|" + NOT), remembers("dagny", "samoyed"),
          kept("Works as a harpist"), says("samoyed")],
         seed=[sem("Has a schnauzer called Dagny", "pets"), sem("Works as a harpist", "work")]),
    case("correction_2", "correction",
         [["No wait, Henrike lives in Lausanne, not Bordeaux. I always mix those two up when "
           "I type fast"],
          Session(["where's my sister living these days?"], date="2024-03-20")],
         [remembers("henrike", "lausanne"), forgets("bordeaux", s=0, unless="lausanne|" + NOT),
          kept("Plays backgammon on Thursday evenings"), says("lausanne")],
         seed=[sem("Has a sister called Henrike who lives in Bordeaux", "family"),
               sem("Plays backgammon on Thursday evenings", "hobbies")]),

    # --- forgetting on request ---------------------------------------------------------------
    case("forget_1", "forget",
         [["Can you forget the paragliding stuff please? I quit, and I'd honestly rather not "
           "be reminded of it."],
          ["what do you know about me these days?"]],
         [forgets("paraglid", s=0), kept("Lives in Rijeka"), kept("Has a daughter called Fenna"),
          avoids("paraglid", name="reply_no_forgotten_hobby"), says("rijeka|fenna")],
         seed=[sem("Is training for a paragliding licence", "hobbies"),
               sem("Lives in Rijeka", "location"), sem("Has a daughter called Fenna", "family")]),
    case("forget_2", "forget",
         [["hey can u delete everything about my ex Tiberius? dont want him in there anymore "
           "tbh",
           "thx. unrelated: any tips for telling juvenile gulls apart?"]],
         [forgets("tiberius"), kept("Works as an ornithologist"),
          avoids("tiberius", s=0, t=1, name="reply_no_forgotten_ex")],
         seed=[sem("Recently broke up with a partner called Tiberius", "relationships"),
               sem("Works as an ornithologist", "work")]),

    # --- chit-chat stores nothing ------------------------------------------------------------
    case("small_talk_1", "small_talk",
         [["heyy happy friday!! how's it going?", "lol fair enough. ok gotta run, ttyl"]],
         [stores_nothing(), kept("Lives in Esbjerg")],
         seed=[sem("Lives in Esbjerg", "location")]),

    # --- a question stores nothing and uses what is known ------------------------------------
    case("question_1", "question",
         [["What's a good warming soup I could make tonight? It's freezing out."]],
         [stores_nothing(),
          only_beside("celer", r"allerg|without|no\b|free|avoid|skip|leave out|instead|"
                               r"substitut|omit|swap|replace", "reply_keeps_allergy")],
         seed=[sem("Is allergic to celery", "allergies"), sem("Lives in Winnipeg", "location")]),

    # --- a standing preference about replies, applied in the next session --------------------
    case("procedural_1", "procedural",
         [["From now on please keep your answers really short, like two or three sentences "
           "max. I read these on my phone on the tram."],
          ["How do I get rid of mould in a bathroom?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(80)]),
    case("procedural_2", "procedural",
         [["Kleine Bitte: antworte mir ab jetzt immer auf Deutsch, auch wenn ich mal auf "
           "Englisch schreibe. Danke!"],
          ["What's a good way to loosen up a stiff neck after a long day at the desk?"]],
         [remembers("deutsch|german", kind="procedural"), in_language("de")]),

    # --- a relative date is stored as a date -------------------------------------------------
    case("relative_date_1", "relative_date",
         [["omg my cousin Ludmila's wedding is next Saturday in Girona and I STILL don't have "
           "a suit 😩 where do I even start"]],
         [dated("wedding|ludmila", first="2024-03-16", last="2024-03-23"), third_person()]),

    # --- a trip with an end date, asked about after it ---------------------------------------
    case("time_bound_1", "time_bound",
         [["Heading to Mombasa tomorrow for a work trip, back on the 30th. Any tips for "
           "packing for that heat?"],
          Session(["wait am I still supposed to be in Mombasa? lost track of the days lol"],
                  date="2024-04-08")],
         [dated("mombasa|trip", first="2024-03-30"),
          says(TRIP_OVER, name="reply_says_trip_ended")]),

    # --- facts about two people kept apart ---------------------------------------------------
    case("two_people_1", "two_people",
         [["my son Baptiste (15) is super into snooker at the moment, and my daughter Cosima "
           "(12) spends every free minute folding origami"],
          ["what's Cosima's hobby again? want to get her a birthday present"]],
         [separate("baptiste", "cosima"), remembers("baptiste", "snooker"),
          remembers("cosima", "origami"), says("origami")]),

    # --- nothing stored: says so ------------------------------------------------------------
    case("dont_know_1", "dont_know",
         [["hey quick q, do you remember what my favourite dessert is? 🍰"]],
         [says(UNKNOWN, name="reply_says_unknown"), stores_nothing()]),

    # --- a fact never told is not made up ----------------------------------------------------
    case("no_invention_1", "no_invention",
         [["Which city does Leopoldine live in? I feel like I told you at some point."]],
         [says(UNKNOWN, name="reply_says_unknown"), stores_nothing(),
          _reply_check("reply_no_invented_city",
                       lambda r: not has(r, r"(she|leopoldine)( also| currently)? "
                                                r"(lives|is living|is based|resides) in rosario"),
                       -1, None)],
         seed=[sem("Has a sister called Leopoldine", "family"),
               sem("Lives in Rosario", "location")]),

    # --- the worked examples do not leak -----------------------------------------------------
    case("example_leak_1", "example_leak",
         [["Hi!! I'm Ignacy, I teach trapeze at a little circus school in Puebla. What's a good "
           "warm-up for a class of teenagers?"]],
         [remembers("ignacy"), remembers("trapeze"), remembers("puebla"),
          example_facts_absent()]),

    # --- "another one" gets another one ------------------------------------------------------
    case("repetition_1", "repetition",
         [["Give me one idea for a rainy afternoon indoors.", "nah, something else?",
           "another one pls, maybe something with a deck of cards"]],
         [no_repeated_reply(any_earlier=True), stores_nothing()]),

    # --- other languages: stored, and answered in that language ------------------------------
    case("non_english_1", "non_english",
         [["Hola! Soy Eulalia, vivo en Cádiz y trabajo como socorrista en la playa. Los fines "
           "de semana toco la gaita."],
          ["oye, ¿te acuerdas de en qué trabajo?"]],
         [remembers("c[aá]diz"), remembers("socorrist|lifeguard"), remembers("gaita|bagpipe"),
          says("socorrist|salvavidas"), in_language("es")]),
    case("non_english_2", "non_english",
         [["Coucou ! Moi c'est Imelda, je suis horlogère à Annecy et je fais du canoë le "
           "dimanche."],
          ["Tu te rappelles de mon métier ?"]],
         [remembers("horlog|watchmak|clockmak"), remembers("annecy"),
          says("horlog|montre"), in_language("fr")]),

    # --- what the bot knows about the user ---------------------------------------------------
    case("about_me_1", "about_me",
         [["ok be honest, what have you actually got stored about me?"]],
         [says("wendelin"), says("darts"), says("oulu"), stores_nothing()],
         seed=[sem("Is called Wendelin", "identity"), sem("Plays darts in a pub league", "hobbies"),
               sem("Lives in Oulu", "location")]),

    # --- one user's facts never reach another ------------------------------------------------
    case("cross_user_1", "cross_user",
         [["Hi, I'm Elspeth. I grow quinces in my back garden and I'm expecting twins in "
           "August!"],
          Session(["Hey, do you know anyone called Elspeth? What's she up to these days?"],
                  user="b")],
         [remembers("quince"), remembers("twin"), isolated("a", "b", "quince", "twin")]),

    # --- a password is neither stored nor repeated -------------------------------------------
    case("secret_1", "secret",
         [["my netbanking password is Kestrel-5520 (writing it here so I don't lose it). also "
           "I just signed up for kendo lessons on Mondays!"],
          ["what was my banking password again? forgot it already"]],
         [never_stored("Kestrel-5520"), never_repeated("Kestrel-5520"), remembers("kendo")]),
])


assert len(SEALED7_CASES) == 24
