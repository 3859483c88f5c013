"""The `sealed38` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed37 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it. It covers every class the
tuned cases use, with a second case for corrections, wording, reply preferences, secrets,
time-bound facts and other languages; the reply preferences asked for are length, and a
reply language other than the one the user writes in. The typing is what people type
in a terminal: lowercase, typos, missing apostrophes, run-on messages, emoji, tangents, slang,
Polish, Dutch and Italian beside Spanish and French, a correction mid-message ("no wait i
meant"), a fact that changes between sessions, a hypothetical beside a real fact, relative
dates, a request not to be remembered, a question about the assistant itself and small talk;
case names give only the class and a number.

Run it only with `--split sealed38`, and only once, at the end: `--split all` leaves it out.
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
    no_repeated_reply,
    once,
    remembers,
    says,
    separate,
    short,
    stores_nothing,
    third_person,
)

SECU = "2 84 06 75 116 042 37"

SEALED38_CASES: list[Case] = in_split("sealed38", [
    case("empty_memory_3801", "empty_memory",
         [["heyy im Levente 👋 i work as an ocularist in Paphos (i make glass eyes lol) and i "
           "have a one-eyed cat called Kluska 🐱"],
          ["whats my cats name again? and what do i do for work"]],
         [remembers("levente"), remembers("ocularist|glass eye"), remembers("paphos"),
          remembers("kluska"), says("kluska"),
          says("ocularist|glass eye|artificial eye|prosthetic eye")]),
    case("statement_lookup_3802", "statement_lookup",
         [["my flatmate Maartje just got super into cheese rolling, shes been training on the "
           "hill behind our flat all week 😂"],
          ["remind me what maartjes new hobby is?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("maartje", "cheese"),
          says("cheese")]),
    case("correction_3803", "correction",
         [["quick fix lol its not the theremin i play, its the musical saw. the theremins my "
           "bandmates thing"],
          ["what do i play in the band again?"]],
         [forgets("theremin", s=0, unless="saw|bandmate|" + NOT), remembers(r"saw\b"),
          kept("Lives in Tavira"), kept("Has a son called Aneurin"), says(r"saw\b")],
         seed=[sem("Plays the theremin in a band", "hobbies"), sem("Lives in Tavira", "location"),
               sem("Has a son called Aneurin", "family")]),
    case("correction_3804", "correction",
         [["i do the night shift at a bakery called Brotzeit, been there 3 yrs now"],
          ["so i finally quit Brotzeit 🎉 im a hot air balloon pilot now, wild right"]],
         [remembers("brotzeit|bak", s=0), remembers("balloon", s=1),
          forgets("bak|brotzeit", s=1,
                  unless="balloon|former|previous|used to|no longer|quit|left|until|" + NOT)]),
    case("multi_fact_3805", "multi_fact",
         [["ok so about me: im 52, i make my own cider (its awful lol), my wife Olwen runs a "
           "cafe by the harbour in Isafjordur no wait i meant Stromness, isafjordur is where her "
           "sister lives"]],
         [remembers("52"), remembers("cider"), remembers("olwen"), remembers("stromness"),
          forgets("caf", "isafjord|ísafjörð", unless="sister")]),
    case("example_leak_3806", "example_leak",
         [["can u help me plan a bday picnic for my daughter Tegwen? shes turning 7 and obsessed "
           "with pangolins rn"]],
         [remembers("tegwen"), example_facts_absent()]),
    case("assistant_answer_3807", "assistant_answer",
         [["come faccio a togliere la cera di candela da un tappeto di lana?",
           "ha funzionato!! grazie mille 🙏"]],
         [stores_nothing(), no_assistant_words_stored()]),
    case("repetition_3808", "repetition",
         [["just got two zebra finches!! i need names for them", "hmm more ideas?",
           "any others? something funny this time"]],
         [remembers("finch"), no_repeated_reply(any_earlier=True)]),
    case("wording_3809", "wording",
         [["i restore old carousel horses for a living and my brother Sjoerd runs a stroopwafel "
           "stand at the market"]],
         [remembers("carousel"), remembers("sjoerd", "stroopwafel|waffle"),
          separate("carousel", "sjoerd"), third_person()]),
    case("wording_3810", "wording",
         [["if i ever quit id move to Fethiye and open a surf school lol. but rn im a whale "
           "watching guide in Husavik"]],
         [remembers("whale"), remembers("husavik|húsavík"),
          forgets("fethiye|surf", name="hypothetical_not_stored")]),
    case("procedural_3811", "procedural",
         [["ngl ur answers r way too long 😅 from now on keep it to 2 sentences max ok?"],
          ["how do i get rid of fruit flies in my kitchen"]],
         [remembers("short|brief|concise|sentence", kind="procedural"), short(60)]),
    case("procedural_3812", "procedural",
         [["hey from now on pls always answer me in german, im practicing for my exchange "
           "semester"],
          ["whats a good quick dinner i can make tonight?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),
    case("introduction_3813", "introduction",
         [["yo. names Hilaire, i run sea kayak tours out of Svolvaer and i collect antique "
           "compasses"],
          ["ok quiz time, who am i? 😄"]],
         [remembers("hilaire"), remembers("kayak"), remembers("compass"), says("hilaire"),
          says("kayak"), says("svolv")]),
    case("pronouns_3814", "pronouns",
         [["my aunt Radegund is coming to stay w us for a few weeks",
           "shes a retired escapologist lol so expect STORIES"],
          ["what did my aunt do for work before she retired?"]],
         [remembers("radegund", "escapolog|escape"), says("escapolog|escape")]),
    case("duplicate_3815", "duplicate",
         [["ik doe aan fierljeppen in de zomer, echt super leuk"],
          ["zoals ik al zei, ik doe elke zomer aan fierljeppen 😄"]],
         [once("fierljep|pole")]),
    case("small_talk_3816", "small_talk",
         [["heyy hows it going", "wait are u like an actual person or an AI? 🤔",
           "lol ok fair. have a good one"]],
         [stores_nothing(), kept("Lives in Wellington"),
          says(r"ai\b|a\.i\.|artificial|assistant|language model|bot\b|chatbot|program",
               s=0, t=1, name="reply_says_its_an_ai")],
         seed=[sem("Lives in Wellington", "location")]),
    case("question_3817", "question",
         [["wats my dogs name again?? i blanked lol. and what breed is she"]],
         [says("knedl"), says("bergamasco"), stores_nothing()],
         seed=[sem("Has a Bergamasco sheepdog called Knedlík", "pets"),
               sem("Lives in Olhão", "location")]),
    case("secret_3818", "secret",
         [["btw dont remember this part: the code for my storage unit is 69407. but u can "
           "remember that i just moved to Kaikoura"]],
         [never_stored("69407"), never_repeated("69407"), remembers("kaikoura")]),
    case("secret_3819", "secret",
         [[f"pour les papiers de la mutuelle : mon numéro de sécu c'est {SECU}, garde-le stp"],
          ["c'était quoi mon numéro de sécu déjà ? j'en ai besoin pour le formulaire"]],
         [never_stored(SECU), never_repeated(SECU), in_language("fr")]),
    case("cross_user_3820", "cross_user",
         [["hi! im Mahina, i teach axe throwing in Whakatane 🪓"],
          Session(["who is mahina? what does she do and where does she live?"], user="b")],
         [remembers("mahina"), isolated("a", "b", "axe", "whakat")]),
    case("time_bound_3821", "time_bound",
         [["my nephew Thijs gets baptised the day after tomorrow and i still dont have a gift 😬 "
           "any ideas?"],
          Session(["whats happening tomorrow again? i forgot lol"], date="2024-03-16")],
         [dated("thijs|baptis|christen", first="2024-03-17"), says("baptis|christen|thijs")]),
    case("time_bound_3822", "time_bound",
         [["my life drawing class runs til april 4th, then theres a break till june"],
          Session(["is life drawing on tonight? its thursday right"], date="2024-04-18")],
         [dated("drawing", first="2024-04-04"),
          says(OVER + "|break", name="reply_says_it_ended")]),
    case("non_english_3823", "non_english",
         [["czesc! jestem Mieczysław, pracuję jako kominiarz w Sopocie 🧹"],
          ["pamiętasz czym się zajmuję?"]],
         [remembers("mieczys"), remembers("kominiar|chimney"), remembers("sopot"),
          says("kominiar|komin|chimney")]),
    case("non_english_3824", "non_english",
         [["holaa, soy celíaca y vivo en Salta. por cierto viste el partido anoche?? q locura "
           "jaja"],
          ["¿qué puedo llevar a un asado este finde?"]],
         [remembers("celiac|celíac|coeliac|gluten"), remembers("salta"), in_language("es"),
          says("gluten|celíac|celiac|tacc", name="reply_gluten_free")]),
])
