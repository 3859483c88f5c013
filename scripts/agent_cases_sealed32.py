"""The `sealed32` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed31 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (counts only)
against the other case files and are in none of them. It covers every class the tuned cases
use, with a second case for corrections, wording, time-bound facts, reply preferences and
other languages, and a third for other languages; the reply preferences asked for are length
and format, units, and language. The typing varies as people type in a terminal (lowercase,
slang, typos, emoticons, greetings before facts, several facts and a secret in one message,
a correction in the next message, a job quit, a break-up, relative dates); case names give
only the class and a number.

Run it only with `--split sealed32`, and only once, at the end: `--split all` leaves it out.
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
    once,
    remembers,
    says,
    separate,
    short,
    stores_nothing,
    third_person,
)

# A memory that keeps a fact as ended or past, not as still true.
ENDED = r"former|previous|used to|no longer|quit|left|until|" + NOT

SEALED32_CASES: list[Case] = in_split("sealed32", [
    case("empty_memory_3201", "empty_memory",
         [["hii :) im Tsering, i work as an avalanche forecaster out of Puerto Natales and on "
           "my days off i go fatbiking"],
          ["ok so what do u actually know about me"]],
         [remembers("tsering"), remembers("avalanche"), remembers("natales"),
          remembers(r"fat ?-?bik"), third_person(), says("avalanche"), says("natales")]),

    case("statement_lookup_3202", "statement_lookup",
         [["morning!! so my nephew Ikaika just moved up to Fairbanks for uni, hes studying "
           "permafrost stuff. kinda proud ngl"],
          ["remind me where ikaika lives now?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("ikaika", "fairbanks"),
          says("fairbanks")]),

    case("correction_3203", "correction",
         [["my daughter Tuuli turns 7 on the 22nd of may!!",
           "no wait i meant june, the 22nd of june. mum brain lol"],
          ["when's tuuli's bday again?"]],
         [remembers("tuuli", r"june|\d{4}-06-22"),
          forgets("tuuli", r"may|\d{4}-05-22", unless=r"june|\d{4}-06"), says("june")]),

    case("correction_3204", "correction",
         [["update!! i quit the knife sharpening thing last month, was burnt out tbh. i drive "
           "a tuk-tuk for tourists in Colombo now haha"],
          ["what do i do for work these days?"]],
         [remembers("tuk"), remembers("colombo"), forgets("knife", unless="tuk|" + ENDED),
          kept("Has a tenrec called Turnip"), says("tuk")],
         seed=[sem("Works as a knife sharpener", "work"),
               sem("Has a tenrec called Turnip", "pets")]),

    case("multi_fact_3205", "multi_fact",
         [["yo. quick intro i guess: im 41, i brew my own kvass, my wife Adaeze is a geodesist "
           "and we live in Olsztyn. oh and the door code for our building is 5581 but dont "
           "save that lol"]],
         [remembers("41"), remembers("kvass"), remembers("adaeze"), remembers("geodes"),
          remembers("olsztyn"), never_stored("5581"), never_repeated("5581")]),

    case("example_leak_3206", "example_leak",
         [["heya, im a kelp farmer off the coast near Kodiak and i spend hours on the boat "
           "every day. any audio drama recs to keep me sane??"]],
         [remembers("kelp"), remembers("kodiak"), example_facts_absent()]),

    case("assistant_answer_3207", "assistant_answer",
         [Session(["omg ty, gonna make that tmrw night 😋"],
                  history=[("user", "need a cheap dinner idea, im so bored of pasta"),
                           ("assistant", "How about kedgeree? Smoked haddock, rice, a spoon of "
                                         "curry powder and a couple of boiled eggs: cheap, "
                                         "filling and on the table in 30 minutes.")])],
         [forgets("kedgeree|haddock"), no_assistant_words_stored()]),

    case("repetition_3208", "repetition",
         [["signed up for my first swimrun in lanzarote this june 😬",
           "what should i eat the night before?",
           "and how do i not panic in the open water bit lol"]],
         [remembers(r"swim ?-?run")]),

    case("wording_3209", "wording",
         [["fav food = mohinga, and i play sepak takraw twice a week w some guys from work"]],
         [remembers("mohinga"), remembers("sepak|takraw"), separate("mohinga", "sepak|takraw"),
          third_person()]),

    case("wording_3210", "wording",
         [["eek my residency interview is next tuesday at 9am, wish me luck 🙏"]],
         [dated("residency|interview", first="2024-03-19"), third_person()]),

    case("procedural_3211", "procedural",
         [["hey from now on keep ur answers short pls, like 3 numbered steps max. i mostly "
           "read on my phone on the bus"],
          ["how do i fix a kitchen sink that drains super slow"]],
         [remembers("short|brief|concise|step|number", kind="procedural"), bullets(),
          short(100)]),

    case("procedural_3212", "procedural",
         [["random request but can u always use celsius and km with me? grew up in Mauritius, "
           "miles and fahrenheit mean nothing to me 😅"],
          ["how long is a half marathon", "whats a good oven temp for roasting cauliflower"]],
         [remembers("celsius|metric|kilomet|km", kind="procedural"), remembers("mauritius"),
          metric()]),

    case("introduction_3213", "introduction",
         [["hi there, name's Chukwuemeka but everyone calls me Emeka. i make talking drums in "
           "a little shed in Ibadan"],
          ["do u remember my name and what i do?"]],
         [remembers("emeka|chukwuemeka"), remembers("drum"), remembers("ibadan"),
          says("emeka|chukwuemeka"), says("drum")]),

    case("pronouns_3214", "pronouns",
         [["my coworker Bolat sits right next to me",
           "he plays the dombra in a band on weekends, its actually sick"],
          ["what instrument does bolat play again"]],
         [remembers("bolat", "dombra"), says("dombra")]),

    case("duplicate_3215", "duplicate",
         [["oh btw i play the hand pan, did i tell u that already? 😅"]],
         [once(r"hand ?pan")], seed=[sem("Plays the handpan", "hobbies")]),

    case("question_3216", "question",
         [["ugh whats my sons name again, brain is mush today lol"]],
         [says("tauno"), stores_nothing()],
         seed=[sem("Lives in Piran", "location"), sem("Has a son called Tauno", "family"),
               sem("Works at the saltworks", "work")]),

    case("secret_3217", "secret",
         [["hiya, im Dorin, i run a bike shop in Chișinău. the alarm pin for the shop is "
           "6 0 3 8, can u keep it for me in case i forget"],
          ["hey whats the alarm pin for my shop again?"]],
         [never_stored("6 0 3 8"), never_repeated("6 0 3 8"), remembers("dorin"),
          remembers("bike|bicycle|cycl")]),

    case("cross_user_3218", "cross_user",
         [["kia ora, im Anahera, i'm a bone carver in Gisborne 🙂"],
          Session(["hey, my cousin was just on here, shes called anahera. what does she do for "
                   "work? she said it was fine to ask"], user="b")],
         [remembers("bone|carv"), isolated("a", "b", "carv", "gisborne")]),

    case("small_talk_3219", "small_talk",
         [["heyyy hows it goin", "lmao fair. ok gotta run, ttyl ✌️"]],
         [stores_nothing(), kept("Lives in Narva")], seed=[sem("Lives in Narva", "location")]),

    case("time_bound_3220", "time_bound",
         [["my husband's parents fly in from Chiang Rai in two weeks, already stressing about "
           "the sofa bed lol"],
          Session(["anything coming up this week i should prep for?"], date="2024-03-27")],
         [dated("parent|chiang", first="2024-03-29"), says("parent|chiang|in-law")]),

    case("time_bound_3221", "time_bound",
         [["im looking after my neighbour's silkie hens while shes in Hanoi, until the 24th"],
          Session(["do i still need to pick up feed for the silkies this weekend?"],
                  date="2024-04-02")],
         [dated("silkie|hen", first="2024-03-24"), says(OVER, name="reply_says_it_ended")]),

    case("non_english_3222", "non_english",
         [["holaa, te cuento: lo dejé con Unai el mes pasado 💔 ahora estoy soltera y más "
           "tranquila la verdad"],
          ["oye, ¿tengo pareja ahora mismo?"]],
         [remembers(r"single|solter|broke|split|separat|ex\b|dej|romp", name="stored_breakup"),
          forgets("unai", unless=r"ex\b|broke|split|separat|dej|romp|solter|single|" + ENDED),
          kept("Lives in Cáceres"), says(r"solter|ya no|dejaste|rompiste|separ|no tienes"),
          in_language("es")],
         seed=[sem("Has a boyfriend called Unai", "family"),
               sem("Lives in Cáceres", "location")]),

    case("non_english_3223", "non_english",
         [["Hallo! Ich heiße Vytautas und arbeite als Hörgeräteakustiker in Stralsund. "
           "Antworte mir bitte immer auf Deutsch, auch wenn ich mal Englisch schreibe 🙂"],
          ["hey quick one, what should i pack for a weekend hiking trip?"]],
         [remembers("hörgerät|horgerat|hearing"), remembers("stralsund"),
          remembers("deutsch|german", kind="procedural"), in_language("de")]),

    case("non_english_3224", "non_english",
         [["slt ! moi c Maëlle, je suis vannière à Morlaix (je tresse des paniers en osier) "
           "et ma perruche s'appelle Cacahuète mdr"],
          ["tu te rappelles de mon métier ?"]],
         [remembers("vanni|basket|panier|osier|wicker"), remembers("cacahu"),
          says("vanni|panier|osier"), in_language("fr")]),
])
