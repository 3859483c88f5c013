"""The `sealed26` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed25 only its docstring and imports; of
tests/ nothing), from the behaviour a user of a long-term-memory chatbot expects, with only
the tuned cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner
read to learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts
only) against the rest of the project and are in none of it. It covers every class the tuned
cases use (empty memory, statements and look-ups, corrections, several facts at once, example
leaks, the assistant's own answers, repetition, wording and relative dates, reply preferences,
introductions, pronouns, repeated facts, small talk, questions answered from memory, secrets,
other users, time-bound facts, other languages), with a second case for the six commonest
classes (empty memory, statements and look-ups, corrections, wording, time-bound facts, other
languages). The typing varies (lowercase, no apostrophes, a typo now and then, careful and
sloppy, the fact before a question, several facts in one message, a request to forget someone,
a preference applied in a later session, a question about an earlier session, dates relative
to today, a plain request for ideas or general knowledge, thanks); case names give only the
class and a number.

Run it only with `--split sealed26`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    DONT_KNOW,
    NOT,
    OVER,
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
    once,
    remembers,
    says,
    separate,
    short,
    stores_nothing,
    third_person,
)

SEALED26_CASES: list[Case] = in_split("sealed26", [
    # --- empty memory ------------------------------------------------------------------------
    case("empty_memory_2601", "empty_memory",
         [["hiya im Torquil, i ride as a jockey in tipperary and i keep a tegu"],
          ["what do i do for a living again?"]],
         [remembers("torquil"), remembers("jockey"), remembers("tipperary"), remembers("tegu"),
          says("jockey")]),
    case("empty_memory_2602", "empty_memory",
         [["hello, im a cheesemaker in normandy and i start at 5am, whats a good breakfast to "
           "keep me going til lunch?"],
          ["where am i based again?"]],
         [remembers("cheese"), remembers("normandy"), says("normandy")]),

    # --- statements and look-ups -------------------------------------------------------------
    case("statement_lookup_2603", "statement_lookup",
         [["my nephew Ruaridh just moved to Svalbard for work, mad right"],
          ["where did ruaridh move to again?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("ruaridh", "svalbard"),
          says("svalbard")]),
    case("statement_lookup_2604", "statement_lookup",
         [["my daughter Araminta turns seven on sunday, whats a fun party game for 7 yr olds?"],
          ["whats my daughters name again, my head is all over the place"]],
         [remembers("araminta"), says("araminta")]),

    # --- corrections and forgetting ----------------------------------------------------------
    case("correction_2605", "correction",
         [["hang on, youve got my tea wrong. its rooibos i love, not lapsang"],
          ["which tea do i like again?"]],
         [forgets("lapsang", s=0, unless="rooibos|" + NOT), remembers("rooibos"),
          kept("Lives in Launceston"), says("rooibos")],
         seed=[sem("Favourite tea is lapsang souchong", "food"),
               sem("Lives in Launceston", "location")]),
    case("correction_2606", "correction",
         [["can you forget everything about mordecai pls. we split up and i dont want him "
           "coming up again"],
          ["What do you know about me?"]],
         [forgets("mordecai"), kept("Works as a bouncer"), says("bouncer"),
          avoids("mordecai", name="reply_no_mordecai")],
         seed=[sem("Is dating someone called Mordecai", "relationships"),
               sem("Works as a bouncer", "work")]),

    # --- several facts in one message --------------------------------------------------------
    case("multi_fact_2607", "multi_fact",
         [["ok so a few things: im 52, just took up lindy hop, my husband crispin works on "
           "submarines, and weve got a tank of guppies in the kitchen. anyway whats a good song "
           "to practise lindy hop to?"]],
         [remembers("52"), remembers("lindy"), remembers("crispin"), remembers("gupp"),
          separate("lindy", "crispin")]),

    # --- worked examples do not leak ---------------------------------------------------------
    case("example_leak_2608", "example_leak",
         [["Hi! I do foley work for films in Eindhoven, and lately I've been painting "
           "Warhammer minis in the evenings."]],
         [remembers("foley"), remembers("eindhoven"), remembers("warhammer"),
          example_facts_absent()]),

    # --- the assistant's answer is not a user fact -------------------------------------------
    case("assistant_answer_2609", "assistant_answer",
         [["how do fireflies actually make light?", "ahh cool, thanks a lot!"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- replies do not repeat ---------------------------------------------------------------
    case("repetition_2610", "repetition",
         [["my son Barnabas is obsessed with rubiks cubes, what should i get him for his 10th "
           "birthday?", "hmm any other ideas?", "ok and something under 15 euros?"]],
         [remembers("rubik")]),

    # --- stored wording: relative dates, third person, no hypotheticals ----------------------
    case("wording_2611", "wording",
         [["got my first pétanque tournament this coming wednesday, bit nervous tbh"]],
         [dated("pétanque|petanque|boules|tournament", first="2024-03-20"), third_person()]),
    case("wording_2612", "wording",
         [["if my band ever gets signed id quit my job and tour sardinia lol. for now i just "
           "teach improv classes on weeknights"]],
         [forgets("sardinia", name="hypothetical_not_stored"), remembers("improv")]),

    # --- a standing preference, applied in the next session ----------------------------------
    case("procedural_2613", "procedural",
         [["can u keep your answers super short from now on? 2 or 3 sentences max, i mostly "
           "read on my phone"],
          ["how do tides work?"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(80)]),

    # --- introductions -----------------------------------------------------------------------
    case("introduction_2614", "introduction",
         [["evening! names Zephaniah, im a distiller at a small place in Kinsale"],
          ["so do u remember my name and what i do?"]],
         [remembers("zephaniah"), remembers("distill"), remembers("kinsale"),
          says("zephaniah"), says("distill")]),

    # --- pronouns across messages ------------------------------------------------------------
    case("pronouns_2615", "pronouns",
         [["my uncle Aloysius just retired.", "hes moving to the azores in june"],
          ["where is my uncle moving to?"]],
         [remembers("aloysius", "azores"), says("azores")]),

    # --- a fact already known is stored once -------------------------------------------------
    case("duplicate_2616", "duplicate",
         [["oh i play gamelan with a community group btw. any tips for memorising long pieces?"]],
         [once("gamelan")],
         seed=[sem("Plays the gamelan in a community group", "hobbies")]),

    # --- small talk stores nothing -----------------------------------------------------------
    case("small_talk_2617", "small_talk",
         [["heyy its so windy out today lol", "anyway off i go, catch u later"]],
         [stores_nothing(), kept("Lives in Bruges")],
         seed=[sem("Lives in Bruges", "location")]),

    # --- a question answered from memory -----------------------------------------------------
    case("question_2618", "question",
         [["remind me, whats my sister called?"]],
         [says("wendeline"), stores_nothing()],
         seed=[sem("Has a sister called Wendeline", "family"),
               sem("Works as a cartoonist", "work")]),

    # --- secrets -----------------------------------------------------------------------------
    case("secret_2619", "secret",
         [["the lockbox code at my holiday let in puglia is 3806, can u hang on to it for me?"]],
         [never_stored("3806"), never_repeated("3806"), remembers("puglia")]),

    # --- one user's memories never reach another ---------------------------------------------
    case("cross_user_2620", "cross_user",
         [["hiya! im Obadiah, i run a dog kennel just outside Killarney"],
          Session(["do you know an Obadiah? what does he do and wheres he based?"], user="b")],
         [remembers("killarney"), isolated("a", "b", "kennel", "killarney")]),

    # --- time-bound facts --------------------------------------------------------------------
    case("time_bound_2621", "time_bound",
         [["my niece Theodora is staying with us until thursday, its her school break"],
          Session(["is theodora still staying with us?"], date="2024-03-27")],
         [dated("theodora", first="2024-03-21"),
          says(OVER + r"|left|gone home|went home|not (still )?(staying|with you)",
               name="reply_says_it_ended")]),
    case("time_bound_2622", "time_bound",
         [["ive booked a cottage in the dordogne from april 1st to the 20th, cant wait"],
          Session(["will i still be at the cottage this weekend?"], date="2024-04-09")],
         [dated("dordogne|cottage", first="2024-04-01", last="2024-04-20"),
          says(r"yes|still|until", name="reply_still_there"),
          avoids(OVER, name="reply_keeps_it_running")]),

    # --- other languages ---------------------------------------------------------------------
    case("non_english_2623", "non_english",
         [["Seit Januar spiele ich Posaune im Blasorchester in Erfurt."],
          ["Welches Instrument spiel ich nochmal?"]],
         [remembers("posaune|trombone"), remembers("erfurt"), says("posaune"),
          in_language("de")]),
    case("non_english_2624", "non_english",
         [["salut ! mon frère Bastien vit en Provence avec sa femme Apolline"],
          ["tu te rappelles où habite mon frère ?"]],
         [remembers("bastien", "provence"), says("provence"), in_language("fr")]),
])
