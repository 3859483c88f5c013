"""The `sealed41` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed40 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are length, and replies in French to a user who writes in Spanish. The typing is what people
type in a terminal: lowercase, typos, missing apostrophes, run-on messages, emoji, tangents,
slang, Spanish and Czech (with a declined city name), a correction mid-message, a fact
that changes between sessions, a hypothetical beside a real fact, relative dates, a request
not to be remembered, a question about the assistant itself and small talk; case names give
only the class and a number.

Run it only with `--split sealed41`, and only once, at the end: `--split all` leaves it out.
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

SEALED41_CASES = in_split("sealed41", [
    case("empty_memory_4101", "empty_memory",
         [["heyy im ilinca 👋 moved to klaipeda last autumn, i fix wind turbines for a living "
           "which sounds cooler than it is lol"],
          ["ok so where do i live again and whats my job"]],
         [remembers("ilinca"), remembers("klaip"), remembers("turbine"),
          says("klaip"), says("turbine")]),

    case("statement_lookup_4102", "statement_lookup",
         [["my cousin Giada just moved to Jerez, shes gonna teach flamenco there apparently"],
          ["wait where did giada move to?? i forgot already 🙈"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("giada", "jerez"),
          says("jerez")]),

    case("correction_4103", "correction",
         [["ugh my bad, marmite is a cat not a dog!! shes a calico, idk why i said dog 🐱"],
          ["what kind of animal is marmite"]],
         [forgets("dog", s=0, unless="cat|calico|" + NOT), remembers("marmite", "cat|calico"),
          kept("Lives in Dinant"), kept("Works as a glazier"), says("cat|calico")],
         seed=[sem("Has a dog called Marmite", "pets"), sem("Lives in Dinant", "location"),
               sem("Works as a glazier", "work")]),

    case("correction_4104", "correction",
         [["im a barista at a tiny place near the station, been there like 2 yrs now"],
          Session(["update: quit the coffee job!! i start as a crane operator at the port on "
                   "monday 🏗️", "what should i wear on my first day"], date="2024-04-05")],
         [remembers("barista", s=0), remembers("crane", s=1),
          forgets("barista", s=1,
                  unless="crane|former|previous|used to|no longer|quit|until|" + NOT)]),

    case("multi_fact_4105", "multi_fact",
         [["ok quick rundown so u know me: im Astrid, 41, i go bouldering twice a week, im "
           "allergic to mustard and my wife Birgit runs a secondhand bookshop"]],
         [remembers("astrid"), remembers("41"), remembers("boulder"), remembers("mustard"),
          remembers("birgit")]),

    case("example_leak_4106", "example_leak",
         [["can u help me with a packing list for a weekend hike in the fells? bad left knee "
           "btw so nothing too heavy"]],
         [remembers("knee"), example_facts_absent()]),

    case("assistant_answer_4107", "assistant_answer",
         [["whats the diff between baking soda and baking powder", "ahh ok makes sense ty 🙏"]],
         [stores_nothing(), no_assistant_words_stored()]),

    case("repetition_4108", "repetition",
         [["i just got a budgie called Paprika, hes SO loud haha", "what do budgies eat",
           "and how do i get him to stop screaming at 6am"]],
         [remembers("paprika|budgie"), no_repeated_reply(any_earlier=True)]),

    case("wording_4109", "wording",
         [["im an upholsterer and my partner Ottavio plays the harmonium at a church on "
           "sundays"]],
         [separate("upholster", "harmonium"), remembers("ottavio"), third_person()]),

    case("wording_4110", "wording",
         [["my sisters wedding is a week from tomorrow!! and honestly if i had the money id "
           "fly everyone to bali after lol"]],
         [dated("wedding", first="2024-03-22", last="2024-03-24"),
          forgets("bali", name="hypothetical_not_stored")]),

    case("procedural_4111", "procedural",
         [["pls stop writing me essays 😅 keep replies to like 2-3 sentences max from now on"],
          ["how do i descale a kettle", "and a coffee machine?"]],
         [remembers("short|brief|sentence|concise", kind="procedural"), short(80)]),

    case("procedural_4112", "procedural",
         [["hola! te escribo en español porque es más rápido para mí, pero quiero practicar "
           "francés: contéstame siempre en francés, porfa"],
          ["¿qué puedo cocinar con garbanzos y espinacas?"]],
         [remembers("fran|french", kind="procedural"), in_language("fr")]),

    case("introduction_4113", "introduction",
         [["ahoj! im vlasta, i restore old jukeboxes in my garage, its a whole thing"],
          ["do u remember who i am"]],
         [remembers("vlasta"), remembers("jukebox"), says("vlasta"), says("jukebox")]),

    case("pronouns_4114", "pronouns",
         [["my uncle is called Eckhart", "he just opened a churros van by the lake"],
          ["what did my uncle open again?"]],
         [remembers("eckhart|uncle", "churro"), says("churro")]),

    case("duplicate_4115", "duplicate",
         [["i volunteer at the food bank on saturdays"],
          ["oh did i mention i volunteer at the food bank every saturday? lol"]],
         [once("food bank")]),

    case("small_talk_4116", "small_talk",
         [["lol its snowing in march again ❄️ can u believe it",
           "anyway hows ur day going, do u even have days 😂"]],
         [stores_nothing(), kept("Lives in Sundsvall")],
         seed=[sem("Lives in Sundsvall", "location")]),

    case("question_4117", "question",
         [["remind me what sport my kid plays? need to get him a bday present"]],
         [says("canoe"), stores_nothing()],
         seed=[sem("Has a son called Oisín", "family"), sem("Oisín plays canoe polo", "hobbies"),
               sem("Works as a pharmacist", "work")]),

    case("secret_4118", "secret",
         [["ok dont remember this but the door code at my building is 7304, anyway can u "
           "recommend a podcast about space"]],
         [never_stored("7304"), never_repeated("7304")]),

    case("secret_4119", "secret",
         [["my email password is zebrafink77 pls save it so i dont forget"],
          ["what was my email password again"]],
         [never_stored("zebrafink77"), never_repeated("zebrafink77")]),

    case("cross_user_4120", "cross_user",
         [Session(["hey so what do u know abt me?",
                   "and who else uses this thing, anyone from romania?"], user="b")],
         [isolated("a", "b", "epilep", "sibiu")],
         seed={"a": [sem("Has epilepsy", "health"), sem("Lives in Sibiu", "location")],
               "b": [sem("Plays the ukulele", "music")]}),

    case("time_bound_4121", "time_bound",
         [["im on parental leave until april 8th 🍼 sleep is a distant memory"],
          Session(["am i still on parental leave this week?"], date="2024-04-15")],
         [dated("leave", first="2024-04-08"), says(OVER, name="reply_says_it_ended")]),

    case("time_bound_4122", "time_bound",
         [["my flight to klaipeda is the day after tomorrow, so nervous"],
          Session(["when is my flight again"], date="2024-03-16")],
         [dated("flight", first="2024-03-17"), says("17|sunday|tomorrow")]),

    case("non_english_4123", "non_english",
         [["holaa soy Maitane, trabajo de socorrista en Cádiz y tengo un galgo que se llama "
           "Turrón 🐕"],
          ["¿cómo se llamaba mi perro?"]],
         [remembers("turr"), remembers("socorrist|lifeguard"), says("turr"),
          in_language("es")]),

    case("non_english_4124", "non_english",
         [["ahoj, jsem Bohdana, bydlím v Brně a pracuju jako zubařka"],
          ["kde bydlím?"]],
         [remembers("bohdan"), remembers("brn"), says("brn")]),
])
