"""The `sealed3` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written by a helper session that did not see the prompts, the agents' code, chatbot/session.py,
docs/agents.md or the other held-back splits' cases (sealed, sealed2, blind, unseen, fresh,
prefs; of sealed2 only its docstring and imports), from the behaviour a user of a memory chatbot
expects, with only the tuned cases (scripts/agent_cases.py), the checks and the runner read to
learn the API. Its people, places, foods, pets, jobs and hobbies were grepped against every
case file and prompts/ and are in none of them. Its classes follow the tuned cases' in rough
proportion (plus `forget`); case names give only the class and a number.

Run it only with `--split sealed3`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import DONT_KNOW, NOT, OVER, Case, Session, case, in_split, only_beside, sem
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
    once,
    remembers,
    says,
    separate,
    stores_nothing,
    third_person,
)

# A reply that treats a loan whose end date has passed as over, in more of the ways people say it.
ENDED = (OVER + r"|due back|overdue|(should|would) have (been )?(returned|given)|"
         r"(return|give|hand|bring|take)(ed|n)? (it|the telescope) back|"
         r"return(ed)? (it|the telescope) to|past the (24|end)")



_CASES: list[Case] = [
    # --- introductions ----------------------------------------------------------------------
    case("introduction_v1", "introduction",
         [["Hey, name's Oisín. I'm a clockmaker, so most of my days go on tiny fiddly gears."],
          ["Sorry, remind me: what did I say my name was?"]],
         [remembers("ois[ií]n"), remembers("clock"), says("ois[ií]n")]),

    # --- empty memory keeps the first facts -------------------------------------------------
    case("empty_memory_v1", "empty_memory",
         [["I'm new to this app, so hello! I'm a lifeboat mechanic based just outside "
           "Kirkwall."],
          ["What was it I said I do for work, and where am I based?"]],
         [remembers("lifeboat|mechanic"), remembers("kirkwall"), third_person(),
          says("lifeboat|mechanic"), says("kirkwall")]),

    # --- statements are not look-ups; found memories are used -------------------------------
    case("statement_lookup_v1", "statement_lookup",
         [["My neighbour Radek races pigeons; he's got about forty of them in a loft on his "
           "roof."],
          ["What does Radek do with his pigeons?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("radek", "pigeon"),
          says("rac")]),
    case("statement_lookup_v2", "statement_lookup",
         [["How warm or cold should I keep the tank?"]],
         [says("axolotl|gumbo"), stores_nothing()],
         seed=[sem("Has a pet axolotl called Gumbo", "pets"), sem("Lives in Timaru", "location")]),

    # --- a correction updates the shown memory ----------------------------------------------
    case("correction_v1", "correction",
         [["Ah, small mix-up on my part: it's my brother who's the saddler. I'm actually a "
           "podiatrist."],
          ["So what do I actually do for a living?"]],
         [forgets("saddler", s=0, unless="brother|" + NOT), remembers("podiatr|foot|feet"),
          kept("Lives in Wollongong"), kept("Has a cockatiel called Biscotti"),
          says("podiatr|foot|feet")],
         seed=[sem("Works as a saddler", "work"), sem("Lives in Wollongong", "location"),
               sem("Has a cockatiel called Biscotti", "pets")]),
    case("correction_v2", "correction",
         [["We're bringing home a gerbil from the shelter tomorrow!",
           "Oh wait, it's a degu, not a gerbil. The shelter got the paperwork mixed up."]],
         [remembers("degu"), forgets("gerbil", unless="degu|" + NOT)]),

    # --- a message with several facts keeps every fact --------------------------------------
    case("multi_fact_v1", "multi_fact",
         [["I'm 52, I don't own a telly, and most evenings I'm out handbell ringing with the "
           "church group."]],
         [remembers("52"), remembers("telly|tv|television", NOT + "|no |without"),
          forgets("telly|tv|television", unless=NOT + "|no |without"),
          remembers("handbell|bell")]),
    case("multi_fact_v2", "multi_fact",
         [["Quick rundown: I've got two kids, Anouk and Jarrah, I work nights as a hospital "
           "porter, and ibuprofen doesn't agree with me."],
          ["What are my kids called again?"]],
         [remembers("anouk"), remembers("jarrah"), remembers("porter"), remembers("ibuprofen"),
          says("anouk"), says("jarrah")]),

    # --- stored wording: one fact per memory, third person, dates resolved ------------------
    case("wording_v1", "wording",
         [["I restore old pinball machines in my spare time, and my wife Saoirse is a "
           "blacksmith."]],
         [separate("pinball", "saoirse|blacksmith"), remembers("saoirse", "blacksmith"),
          third_person()]),
    case("wording_v2", "wording",
         [["My citizenship ceremony is this coming Wednesday, can't wait!"]],
         [dated("citizenship|ceremony", first="2024-03-20"), third_person()]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_v1", "pronouns",
         [["My grandparents just moved to Oaxaca.", "They're opening a little guesthouse there."],
          ["What are my grandparents up to these days?"]],
         [remembers("grandparent", r"guest|b&b|bed and breakfast|inn\b|hostel"),
          remembers("oaxaca"), says(r"guest|b&b|bed and breakfast|inn\b|hostel")]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_v1", "repetition",
         [["I'm trying to get into orienteering this spring.", "What gear do I need to start?",
           "Any tips for reading contour lines on the map?"]],
         [remembers("orienteer")]),

    # --- the same fact twice is stored once -------------------------------------------------
    case("duplicate_v1", "duplicate",
         [["I keep eleven koi in a pond in the garden."],
          ["Not sure if I've told you already, but I've got eleven koi in a garden pond."]],
         [once("koi")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_v1", "example_leak",
         [["Any ideas for a birthday present for my dad? He spent forty years as a welder and "
           "he's obsessed with cryptic crosswords."]],
         [remembers("weld"), example_facts_absent()]),

    # --- small talk stores nothing ----------------------------------------------------------
    case("small_talk_v1", "small_talk",
         [["Man, today dragged. How are things with you?",
           "Haha, true. Right, I'm off to bed, night!"]],
         [stores_nothing(), kept("Lives in Lerwick")], seed=[sem("Lives in Lerwick", "location")]),

    # --- questions store nothing and use memory ---------------------------------------------
    case("question_v1", "question",
         [["I can't for the life of me remember which city I told you I live in. Any idea?"]],
         [says("rotorua"), stores_nothing()],
         seed=[sem("Lives in Rotorua", "location"), sem("Plays the harmonium", "hobbies")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_v1", "secret",
         [["Can you keep my router admin password safe for me? It's marigold#5502. Oh, and I've "
           "just moved to Plovdiv."],
          ["What was my router password again?"]],
         [never_stored("marigold#5502"), never_repeated("marigold#5502"),
          remembers("plovdiv")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_v1", "cross_user",
         [["I'm Ngozi, and I'm a puppeteer with a touring theatre company based in "
           "Aberystwyth."],
          Session(["Have you talked to someone called Ngozi? What does she do for work?"],
                  user="b")],
         [remembers("puppet"), isolated("a", "b", "puppet", "aberystwyth", "theat")]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_v1", "time_bound",
         [["My friend Eero has lent me his telescope until the 24th."],
          Session(["Can I still use Eero's telescope to look at the stars this weekend?"],
                  date="2024-04-02")],
         [dated("telescope", first="2024-03-24"), says(ENDED, name="reply_says_it_ended")]),
    case("time_bound_v2", "time_bound",
         [["Heads up: I'm away at a calligraphy retreat in Bergamo from Tuesday to Saturday "
           "next week."],
          Session(["Can you remind me what I've got going on over the next few days?"],
                  date="2024-03-21")],
         [dated("retreat|calligraph|bergamo", first="2024-03-19", last="2024-03-23"),
          says("bergamo|retreat|calligraph")]),

    # --- standing preferences: procedural memory, applied in the next session ---------------
    case("procedural_v1", "procedural",
         [["I'm brushing up on my German, so please answer me in German from now on."],
          ["What's a good way to keep cut flowers fresh for longer?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- non-English users ------------------------------------------------------------------
    case("non_english_v1", "non_english",
         [["¡Hola! Me llamo Ximena y trabajo como guía de avistamiento de ballenas en Puerto "
           "Madryn."],
          ["¿Te acuerdas de dónde trabajo y a qué me dedico?"]],
         [remembers("madryn"), remembers("ballena|whale"), says("madryn"),
          says("ballena|avistamiento"), in_language("es")]),
    case("non_english_v2", "non_english",
         [["Petite précision : je suis allergique au céleri."],
          ["Tu peux me proposer une soupe pour ce soir ?"]],
         [remembers("c[ée]ler"), in_language("fr"),
          only_beside("c[ée]ler", "allerg|sans|évit|evit|pas de|aucun|remplac|exclu",
                      "reply_keeps_allergy")]),

    # --- forget requests remove what they name, and only that -------------------------------
    case("forget_v1", "forget",
         [["Could you please forget everything about my ex, Cornelius? I'd rather not have that "
           "hanging around any more."]],
         [forgets("cornelius"), kept("Builds ships in bottles")],
         seed=[sem("Has an ex-husband called Cornelius", "family"),
               sem("Builds ships in bottles", "hobbies")]),
]

SEALED3_CASES: list[Case] = in_split("sealed3", _CASES)
