"""The `sealed17` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed16 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (file counts
only) against the other case files and are in none of them. It covers every class the tuned
cases use (empty memory, statements and look-ups, corrections and forgetting on request,
several facts at once, example leaks, the assistant's own answers, repetition, wording and
relative dates, reply preferences, introductions, pronouns, repeated facts, small talk,
questions about things never told, secrets, other users, time-bound facts, other
languages), with casual typing (lowercase, no apostrophes, text-speak, emoji) spread over
them; case names give only the class and a number.

Run it only with `--split sealed17`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    OVER,
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
    separate,
    short,
    stores_nothing,
    third_person,
)

# A memory that keeps a denial or a dislike ("Doesn't eat mushrooms", "Avoids mushrooms").
NEG = (r"doesn['’]?t|does not|don['’]?t|do not|not\b|never|no\b|avoids?|dislikes?|hates?|"
       r"won['’]?t|will not|isn['’]?t|is not|without|refuses?|allerg")
# A memory that keeps a move as a move ("Moved from Keswick to Scarborough").
PAST = r"moved|move|previous|previously|used to|no longer|former|formerly|relocated|left|from"
# A reply that says it was never told (and invents nothing instead).
UNKNOWN = (r"(don['’]?t|do not|can['’]?t|cannot|can not|didn['’]?t|did not|haven['’]?t|have not|"
           r"hasn['’]?t|has not|wasn['’]?t|was not)\b.{0,40}?\b(know|remember|recall|have|told|"
           r"mention|say|said|share|shared|see|find|record|sure)|"
           r"no (information|info|record|details?|memory|memories|note|idea|mention)|"
           r"not (sure|certain|aware|something)|(never|not) (been )?(told|mentioned|said|shared)|"
           r"you(['’]ve| have)? (not|never) (told|mentioned|said|shared)|unknown")
# A reply that treats a loan whose end date has passed as over (OVER, or "it was due back").
OVER17 = (OVER + r"|due back|overdue|should (have|be) (been )?(returned|given back|back)|"
          r"(was|were) (only )?(until|till|due)|return(ed)? (it|the)|past (the|its)|"
          r"already (returned|given)")
RUNNING = r"still|yes|until|till|staying"

SEALED17_CASES = in_split("sealed17", [
    # --- empty memory keeps the first facts -----------------------------------------------
    case("empty_memory_1701", "empty_memory",
         [["heyy! im Niamh, i work as a ski patroller up in Aviemore and ive got a tree frog "
           "called Nacho 🐸 lol"],
          ["so what do u know about me so far?"]],
         [remembers("niamh"), remembers("ski|patrol"), remembers("aviemore"),
          remembers("frog|nacho"), third_person(), says("niamh"), says("ski|patrol|slope"),
          says("aviemore"), says("frog|nacho")]),

    # --- a fact inside a request is kept and used -----------------------------------------
    case("statement_lookup_1702", "statement_lookup",
         [["I bake a pavlova for my grandkids every Sunday - how do I stop the meringue "
           "from cracking?"],
          ["whats the dessert i always make on sundays again?"]],
         [remembers("pavlova"), says("pavlova")]),

    # --- corrections and forgetting on request --------------------------------------------
    case("correction_1703", "correction",
         [["small correction - we moved from Keswick to Scarborough back in january, so thats "
           "home now"],
          ["remind me which town i live in?"]],
         [forgets("keswick", unless="scarborough|" + PAST + "|" + NEG),
          remembers("scarborough"), kept("Has a son called Euan"), says("scarborough")],
         seed=[sem("Lives in Keswick", "location"), sem("Has a son called Euan", "family")]),
    case("correction_1704", "correction",
         [["can you forgett that i go metal detecting? scratch that completely pls, i dont want "
           "it saved anywhere"],
          ["what do you know about my hobbies?"]],
         [forgets("metal|detect"), kept("Works as an ambulance dispatcher"),
          avoids("metal|detect", name="reply_forgot_hobby")],
         seed=[sem("Goes metal detecting on beaches", "hobbies"),
               sem("Works as an ambulance dispatcher", "work")]),

    # --- a message with several facts keeps every fact ------------------------------------
    case("multi_fact_1705", "multi_fact",
         [["quick rundown bout me: im 41, i drive a bin lorry in Wrexham, my fav food is "
           "jollof rice and ive got 2 pet snails called Turbo and Gary 🐌"],
          ["wait whats my snails names again lol"]],
         [remembers("41"), remembers("bin|refuse|rubbish|waste|garbage"), remembers("wrexham"),
          remembers("jollof"), remembers("turbo"), says("turbo"), says("gary")]),
    case("multi_fact_1706", "multi_fact",
         [["I don't eat mushrooms, I do tai chi in the park every morning, and my wife Hiroko "
           "embroiders kimonos for a living."]],
         [remembers("mushroom", NEG), forgets("mushroom", unless=NEG),
          remembers("tai ?chi|tai-chi"), remembers("hiroko"), remembers("embroider|kimono")]),

    # --- worked examples do not leak ------------------------------------------------------
    case("example_leak_1707", "example_leak",
         [["Hello! I'm a lacemaker in Dingle, and I keep a miniature pig called Hobnob."]],
         [remembers("lace"), remembers("dingle"), remembers("pig|hobnob"),
          example_facts_absent()]),

    # --- the assistant's suggestion is not a user fact ------------------------------------
    case("assistant_answer_1708", "assistant_answer",
         [Session(["perfect, ill make that tonight ty!"],
                  history=[("user", "any quick dinner idea for 4 that isnt pasta?"),
                           ("assistant", "How about a chickpea laksa? It's ready in about 25 "
                                         "minutes, and one big pot feeds four.")])],
         [forgets("laksa|chickpea"), no_assistant_words_stored()]),

    # --- replies do not repeat ------------------------------------------------------------
    case("repetition_1709", "repetition",
         [["my son Wiremu turns 7 next week and hes obsessed with diggers, any party food "
           "ideas?", "got any others?", "one more pls, something we havent had yet"]],
         [remembers("wiremu"), remembers("digger"), no_repeated_reply(any_earlier=True)]),

    # --- stored wording: one fact per memory, third person, resolved dates ----------------
    case("wording_1710", "wording",
         [["Our vow renewal is on the 14th, and I do morris dancing with a local side on "
           "Thursdays."]],
         [dated("vow|renewal", first="2024-04-14"), separate("vow|renewal", "morris"),
          third_person()]),
    case("wording_1711", "wording",
         [["the septic tank is getting emptied in a fortnight, need to remember to unlock "
           "the side gate"]],
         [dated("septic|tank", first="2024-03-28", last="2024-03-30"), third_person()]),

    # --- standing preferences: procedural memory, applied in the next session -------------
    case("procedural_1712", "procedural",
         [["from now on pls keep ur replies to 2 sentences max, i read them on my phone on my "
           "lunch break"],
          ["how do i get rid of hiccups?"]],
         [remembers("sentence|short|brief|concise|two|2", kind="procedural"), short(60)]),
    case("procedural_1713", "procedural",
         [["Could you always reply to me in German from now on? I'm practising for a language "
           "exam."],
          ["How do I stop my glasses from misting up in the cold?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- introductions --------------------------------------------------------------------
    case("introduction_1714", "introduction",
         [["Good afternoon. My name is Faustina and I'm the sexton of a church in "
           "Enniskillen."],
          ["Do you remember who I am?"]],
         [remembers("faustina"), remembers("sexton|church"), remembers("enniskillen"),
          says("faustina"), says("sexton|church")]),

    # --- pronouns across messages, two people kept apart ----------------------------------
    case("pronouns_1715", "pronouns",
         [["My uncle Bertil lives in Lugo.", "My aunt Vesna lives in Jaén.",
           "She's a stilt walker at festivals, and he's a tiler."],
          ["what does my aunt do for work again?"]],
         [remembers("vesna", "stilt"), remembers("bertil", "tile|tiling|tiler"),
          forgets("vesna", "tile|tiling|tiler"), forgets("bertil", "stilt"),
          says("stilt")]),

    # --- the same fact in new words is stored once ----------------------------------------
    case("duplicate_1716", "duplicate",
         [["I have a keeshond called Gnocchi.",
           "oh btw did i mention i have a keeshond named gnocchi? lol"]],
         [once("gnocchi")]),

    # --- small talk stores nothing --------------------------------------------------------
    case("small_talk_1717", "small_talk",
         [["heyyy hows ur day goin 😄", "idk mines been kinda quiet haha",
           "ok gtg, cya later 👋"]],
         [stores_nothing(), kept("Lives in Kassel")],
         seed=[sem("Lives in Kassel", "location")]),

    # --- a question about something never told: no invention ------------------------------
    case("question_1718", "question",
         [["whats my daughters favourite colour?", "ok and whats her name again?"]],
         [says(UNKNOWN, t=0, name="reply_admits_not_told"), says("aoife", t=1),
          stores_nothing()],
         seed=[sem("Lives in Ballymena", "location"),
               sem("Has a daughter called Aoife", "family")]),

    # --- secrets are never stored nor repeated --------------------------------------------
    case("secret_1719", "secret",
         [["my online banking password is Bourbon!7731, also fyi i live in Townsville"],
          ["whats my banking password again? i forgot it lol"]],
         [never_stored("Bourbon!7731"), never_repeated("Bourbon!7731"),
          remembers("townsville")]),

    # --- one user's memories never reach another ------------------------------------------
    case("cross_user_1720", "cross_user",
         [["Hi, I'm Zoltan and I'm a greengrocer in Mechelen."],
          Session(["who is zoltan? what does he do and where does he live?"], user="b")],
         [remembers("zoltan"), remembers("greengrocer|grocer|fruit|veg"),
          isolated("a", "b", "greengrocer", "grocer", "mechelen")]),

    # --- time-bound facts get a resolved date ---------------------------------------------
    case("time_bound_1721", "time_bound",
         [["im borrowing my friend's sewing machine until next Thursday"],
          Session(["do i still have teh sewing machine?"], date="2024-04-02")],
         [dated("sewing", first="2024-03-21", last="2024-03-28"),
          says(OVER17, name="reply_says_it_ended")]),
    case("time_bound_1722", "time_bound",
         [["my cousin Paavo is staying with us until the weekend after next"],
          Session(["is Paavo still staying with us?"], date="2024-03-19")],
         [dated("paavo", first="2024-03-23", last="2024-03-31"),
          says(RUNNING, name="reply_says_still_staying"),
          avoids(OVER, name="reply_keeps_it_running")]),

    # --- non-English users ----------------------------------------------------------------
    case("non_english_1723", "non_english",
         [["Coucou ! Ça va ? Moi c'est Liesel, je suis fromagère à Perpignan et j'ai une poule "
           "qui s'appelle Tofu 🐔"],
          ["Tu te rappelles comment s'appelle ma poule ?"]],
         [remembers("liesel"), remembers("fromag|cheese"), remembers("perpignan"),
          remembers("tofu"), says("tofu"), in_language("fr")]),
    case("non_english_1724", "non_english",
         [["Grüß dich! Wie geht's dir? Ich bin übrigens Konditorin in Görlitz."],
          ["Was ist nochmal mein Beruf?"]],
         [remembers("konditor|pastry|patissi|pâtissi|confection|cake"),
          remembers("görlitz|gorlitz|goerlitz"),
          says("konditor|torte|kuchen|gebäck|patisser|pâtisser"), in_language("de")]),
])
