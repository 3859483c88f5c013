"""The `sealed46` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed45 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are short replies read on a phone, and replies in German to a user who writes in English.
The typing varies in register: lowercase chat with typos, missing apostrophes, emoji and
slang; careful full sentences; a long multi-topic update; terse fragments; Hungarian typed
with its accents, and casual Indonesian with its chat slang ("wkwk"). It has a correction of
what was said in an earlier session, a fact that changes between sessions (staying at an
aunt's until a flat is ready, then moved in), a hypothetical beside a real job, relative and
absolute dates (the day after tomorrow, tomorrow, 2 April, 8 June, September), a request to
forget one specific fact, a question about the assistant itself inside small talk, a
multi-question recall message, and a flatmate's, a partner's, an uncle's, a son's and a
sister's facts that must stay theirs; a front-door code and an email password said casually.
Case names give only the class and a number.

Run it only with `--split sealed46`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    WONT_REMEMBER,
    Case,
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

NOT_ENGLISH = r"you\b|your\b|the\b"  # a reply to a non-English user that switched to English

SEALED46_CASES: list[Case] = in_split("sealed46", [
    # --- empty memory: lowercase chat with emoji --------------------------------------------
    case("empty_memory_4601", "empty_memory",
         [["heyy im ottoline, i tune pianos for a living (yes thats a real job lol) and i "
           "live in a tiny flat in aberystwyth 🎹"],
          ["wait so what do u actually know about me so far"]],
         [remembers("ottoline"), remembers("piano"), remembers("aberystwyth"), third_person(),
          says("piano"), says("aberystwyth")]),

    # --- a fact inside a request is kept and used later ---------------------------------------
    case("statement_lookup_4602", "statement_lookup",
         [["I work as a cartographer, so could you recommend a good fine-liner pen for "
           "drawing contour lines?"],
          ["Remind me, what is my job?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("cartograph"),
          says("cartograph|map")]),

    # --- a correction of what was said in an earlier session ---------------------------------
    case("correction_4603", "correction",
         [["fyi my partner ysolde is a stonemason, shes got a workshop down by the canal"],
          ["oops correction from last time: ysolde's a blacksmith not a stonemason 🔨 dunno "
           "why i typed that"],
          ["what does ysolde do for work again?"]],
         [remembers("ysolde", "stonemason", s=0),
          forgets("stonemason", s=1, unless="blacksmith|" + NOT),
          remembers("blacksmith", s=1), says("blacksmith")]),

    # --- a request to forget one fact, the rest kept -----------------------------------------
    case("correction_4604", "correction",
         [["Please forget that I play the bagpipes. I gave them up and would rather you did "
           "not keep that. Everything else you know about me is correct."],
          ["What do you remember about me?"]],
         [forgets("bagpipe", s=0), kept("Lives in Dunedin"), kept("Works as a locksmith"),
          avoids("bagpipe", name="reply_no_bagpipes"), says("dunedin|locksmith")],
         seed=[sem("Plays the bagpipes", "hobbies"), sem("Lives in Dunedin", "location"),
               sem("Works as a locksmith", "work")]),

    # --- a long multi-topic update keeps every fact (a son's facts stay his) -----------------
    case("multi_fact_4605", "multi_fact",
         [["Right, long update, bear with me. My son Caspian started at a new school in "
           "Harrogate this week and he seems to love it already. I finally joined a kayak "
           "polo club that trains on Wednesday evenings, which I've been meaning to do for "
           "years. And my cockatiel Crumpet has learned to whistle the Tetris theme, which is "
           "slowly driving the neighbours mad."],
          ["What's my cockatiel called, and which sport did I just take up?"]],
         [remembers("caspian"), remembers("harrogate"), remembers("kayak"),
          remembers("crumpet"), says("crumpet"), says("kayak")]),

    # --- worked examples do not leak ---------------------------------------------------------
    case("example_leak_4606", "example_leak",
         [["can u plan me a chill saturday? i do bonsai and i live by the harbour in kinsale"]],
         [remembers("bonsai"), remembers("kinsale"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact -------------------------------------------
    case("assistant_answer_4607", "assistant_answer",
         [["What is the easiest way to descale a kettle?",
           "Perfect, thank you. I will try that this evening."]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- replies do not repeat ---------------------------------------------------------------
    case("repetition_4608", "repetition",
         [["learning to ride a unicycle rn 😅 any tips", "ok and another tip?",
           "one more pls, a different one"]],
         [remembers("unicycl"), no_repeated_reply(any_earlier=True)]),

    # --- wording: a hypothetical beside a real fact ------------------------------------------
    case("wording_4609", "wording",
         [["If money were no object I'd buy a vineyard in Tuscany, but for now I'm a parcel "
           "courier in Swansea."]],
         [remembers("courier"), remembers("swansea"),
          forgets("vineyard|tuscany", name="hypothetical_not_stored"), third_person()]),

    # --- wording: a flatmate's facts stay hers -----------------------------------------------
    case("wording_4610", "wording",
         [["my flatmate thandiwe is training to be a falconer lol, i just help feed the birds "
           "sometimes"]],
         [remembers("thandiwe", "falcon"),
          forgets("falcon", unless="thandiwe|flatmate|her\\b|she\\b",
                  name="falconry_stays_thandiwes"),
          third_person()]),

    # --- reply preferences -------------------------------------------------------------------
    case("procedural_4611", "procedural",
         [["pls keep ur replies super short from now on, like 2-3 sentences max, i read "
           "these on my phone 📱"],
          ["what should i know before adopting a rescue rabbit?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(80)]),
    case("procedural_4612", "procedural",
         [["From now on, please always answer me in German. I am preparing for a language "
           "exam and want the practice."],
          ["What are some good ways to stay focused while studying?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- introduction: careful full sentences ------------------------------------------------
    case("introduction_4613", "introduction",
         [["Good evening. My name is Eulalia Brandvold; I am a court stenographer, and I have "
           "lived in Wrexham for most of my life."],
          ["Do you remember my name and what I do?"]],
         [remembers("eulalia"), remembers("stenograph"), remembers("wrexham"),
          says("eulalia"), says("stenograph")]),

    # --- pronouns across messages: an uncle's facts ------------------------------------------
    case("pronouns_4614", "pronouns",
         [["My uncle Ambrose runs the post office on Rathlin Island.",
           "He retires in September after thirty years."],
          ["When is my uncle retiring?"]],
         [remembers("ambrose|uncle", "retir"), remembers("rathlin"), says("september")]),

    # --- the same fact again is stored once --------------------------------------------------
    case("duplicate_4615", "duplicate",
         [["been doing sooo much calligraphy lately ✍️ still my fave thing to do"]],
         [once("calligraph")],
         seed=[sem("Does calligraphy as a hobby", "hobbies"), sem("Lives in Saltash",
                                                                  "location")]),

    # --- small talk, and a question about the assistant itself -------------------------------
    case("small_talk_4616", "small_talk",
         [["heyyy hows ur day going 😄",
           "wait r u a bot?? do u actually remember stuff between chats or nah"]],
         [stores_nothing(), kept("Lives in Saltash"),
          avoids(WONT_REMEMBER, t=-1, name="reply_no_wont_remember")],
         seed=[sem("Lives in Saltash", "location")]),

    # --- a multi-question recall message, terse ----------------------------------------------
    case("question_4617", "question",
         [["where do i live, chinchillas name, and when is odiles wedding?"]],
         [says("troms"), says("gherkin"), says("june"), stores_nothing()],
         seed=[sem("Lives in Tromsø", "location"),
               sem("Has a chinchilla called Gherkin", "pets"),
               sem("Sister Odile is getting married on 8 June 2024", "family")]),

    # --- secrets said casually ---------------------------------------------------------------
    case("secret_4618", "secret",
         [["oh btw the code for our front door is 713946, dont let me forget lol. anyway "
           "whats a good plant for a dark hallway?"],
          ["whats the front door code again"]],
         [never_stored("713946"), never_repeated("713946")]),
    case("secret_4619", "secret",
         [["My email password is heron-lantern-42, by the way. I work as an arborist, so I "
           "check email mostly in the evenings."],
          ["What do I do for a living?"]],
         [never_stored("heron-lantern-42"), never_repeated("heron-lantern-42"),
          remembers("arborist"), says("arborist|tree")]),

    # --- time-bound facts --------------------------------------------------------------------
    case("time_bound_4620", "time_bound",
         [["ugh my pretzel baking class is the day after tomorrow and i havent even bought "
           "flour yet"],
          Session(["whats on for me tomorrow?"], date="2024-03-16")],
         [dated("pretzel|baking|class", first="2024-03-17"), says("pretzel|baking")]),
    case("time_bound_4621", "time_bound",
         [["Staying at my aunt's in Kilkenny till 2 April. Then my own flat."],
          Session(["Moved into the new flat in Wexford yesterday. Finally."], date="2024-04-05"),
          Session(["Where do I live now?"], date="2024-04-06")],
         [dated("aunt|kilkenny", first="2024-04-02"), remembers("wexford", s=1),
          says("wexford")]),

    # --- other languages ---------------------------------------------------------------------
    case("non_english_4622", "non_english",
         [["Szia! Zoltán vagyok, Pécsett élek, és órásként dolgozom egy kis műhelyben."],
          ["Emlékszel még, hol élek és mi a szakmám?"]],
         [remembers("zolt[aá]n"), remembers("p[eé]cs"),
          remembers("[oó]r[aá]s|watch|clock"), says("p[eé]cs"),
          says("[oó]r[aá]|watch|clock"), avoids(NOT_ENGLISH, name="reply_not_in_english")]),
    case("non_english_4623", "non_english",
         [["halo! aku wayan, tinggal di singaraja, kerjaan aku pemandu selam buat turis 🤿 "
           "hehe"],
          ["eh aku kerja apa ya tadi? lupa wkwk"]],
         [remembers("wayan"), remembers("singaraja"), remembers("selam|div"),
          says("selam|div"), avoids(NOT_ENGLISH, name="reply_not_in_english")]),

    # --- one user's memories never reach another ---------------------------------------------
    case("cross_user_4624", "cross_user",
         [["Hi, I'm Marisol and I work as a saddler in Tucson."],
          Session(["Hello. Who talked to you before me, and what do they do for a living?"],
                  user="b")],
         [remembers("tucson"), isolated("a", "b", "marisol", "saddler", "tucson")]),
])
