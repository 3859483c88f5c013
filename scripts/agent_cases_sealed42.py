"""The `sealed42` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed41 only its docstring and
imports), from what a user of a long-term-memory chatbot expects, with only the tuned cases
(scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to learn
the API. Its people, places, pets, jobs, hobbies and secrets were grepped (counts only)
against the repository, and most of them occur nowhere else in it or only a few times. It
covers every class the tuned cases use, with a second case for corrections, wording, reply
preferences, secrets, time-bound facts and other languages; the reply preferences asked for
are short answers in bullet points, and replies in German to a user who writes in English.
The typing is what people type in a terminal: lowercase, typos, missing apostrophes, run-on
messages, emoji, tangents, slang, Portuguese and Italian, a correction mid-message, a fact
that changes between sessions (three sessions, a fortnight apart), a hypothetical beside a
real fact, relative dates (this Wednesday, next Thursday), a request not to be remembered, a
question about the assistant itself and small talk; case names give only the class and a
number.

Run it only with `--split sealed42`, and only once, at the end: `--split all` leaves it out.
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

# A reply in English to a user who writes Portuguese or Italian (the stopword check of
# `in_language` knows only en/es/fr/de): whole English function words that neither language has.
ENGLISH = r"the\b|you\b|your\b|and\b|with\b"
# A memory that keeps a replaced fact as the past.
PAST = r"sold|used to|no longer|former|previous|until|" + NOT

SEALED42_CASES: list[Case] = in_split("sealed42", [
    case("empty_memory_4201", "empty_memory",
         [["heyy im zainab 👋 just started driving trams here in leipzig, 2 weeks in and i "
           "havent crashed yet lol"],
          ["ok so what do u actually know abt me so far"]],
         [remembers("zainab"), remembers("tram"), remembers("leipzig"), third_person(),
          says("zainab"), says("tram"), says("leipzig")]),

    case("statement_lookup_4202", "statement_lookup",
         [["my brother ruairi just moved to reykjavik for a job at a geothermal plant, hes "
           "gonna freeze lol 🥶 anyway its pouring here again, third day in a row ugh"],
          ["wait which city did ruairi move to again"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("ruair", "reykjav"),
          says("reykjav")]),

    # A correction in the middle of the message that states the fact.
    case("correction_4203", "correction",
         [["btw i work as a sommelier at a hotel in bath— sorry not bath, wells. typing too "
           "fast 😅"],
          ["which town is my job in again?"]],
         [remembers("sommelier"), remembers("wells"), forgets("bath", unless="wells|" + NOT),
          kept("Has a cat called Marzipan"), kept("Plays squash on Mondays"), says("wells")],
         seed=[sem("Has a cat called Marzipan", "pets"),
               sem("Plays squash on Mondays", "hobbies")]),

    # A fact that changes between sessions, asked about in a third.
    case("correction_4204", "correction",
         [["i ride a little red vespa to work every day 🛵 best thing i ever bought tbh"],
          Session(["update: sold the vespa lol, im cycling to work now on my old road bike. "
                   "legs r dying"], date="2024-03-29"),
          Session(["how do i get to work these days?"], date="2024-04-12")],
         [remembers("vespa", s=0), forgets("vespa", s=1, unless=PAST),
          remembers("cycl|bike|bicycle", s=1), says("cycl|bike|bicycle")]),

    case("multi_fact_4205", "multi_fact",
         [["ok quick rundown of me: im 52, i restore old pinball machines in my garage, my "
           "wife ragnhild is a marine biologist and weve got a deaf dalmatian called domino "
           "who basically runs the house"]],
         [remembers("52"), remembers("pinball"), remembers("ragnhild"),
          remembers("domino|dalmatian")]),

    case("example_leak_4206", "example_leak",
         [["can u plan me some packed lunches for this week? i do night shifts as a crane "
           "operator down at the docks and theres no microwave"]],
         [remembers("crane"), example_facts_absent()]),

    case("assistant_answer_4207", "assistant_answer",
         [["how do i get candle wax out of a wool jumper??", "omg that actually worked, ty!! 🙏"]],
         [stores_nothing(), no_assistant_words_stored()]),

    case("repetition_4208", "repetition",
         [["just got a hurdy gurdy off ebay 😅 how do i even start", "whats a good first tune "
           "to learn on it", "any other tips?"]],
         [remembers("hurdy"), no_repeated_reply(any_earlier=True)]),

    # A hypothetical beside a real fact.
    case("wording_4209", "wording",
         [["if i ever won big id open a surf shop in the algarve lol. for now tho i fix buses, "
           "im a mechanic at the depot in swindon"]],
         [remembers("mechanic"), remembers("swindon"),
          forgets("surf|algarve", name="hypothetical_not_stored"), third_person()]),

    case("wording_4210", "wording",
         [["my twin brother fionn is a taxidermist (yes really) and i play didgeridoo in a "
           "jam band on weekends"]],
         [remembers("fionn", "taxiderm"), remembers("didgeridoo"),
          separate("fionn|taxiderm", "didgeridoo"), third_person()]),

    case("procedural_4211", "procedural",
         [["can u keep ur answers really short from now on? bullet points ideally, i mostly "
           "read them on my phone on the bus 📱"],
          ["how do i get limescale off a shower head"]],
         [remembers("bullet|short|brief|concise", kind="procedural"), bullets(), short(90)]),

    case("procedural_4212", "procedural",
         [["from now on pls answer me in german, im trying to get better before i move to "
           "vienna this summer 🇦🇹"],
          ["whats the cheapest way to get around vienna?"]],
         [remembers("german|deutsch", kind="procedural"), in_language("de"),
          says("wien|vienna")]),

    case("introduction_4213", "introduction",
         [["yo. names thibaut, i restore old harpsichords for a living, based in a tiny "
           "village outside kendal"],
          ["do u remember my name? and what i do?"]],
         [remembers("thibaut"), remembers("harpsichord"), says("thibaut"),
          says("harpsichord")]),

    case("pronouns_4214", "pronouns",
         [["my neighbour gwendolyn turned 91 last week",
           "she still swims in the lake every single morning, even in january 🥶 absolute legend"],
          ["whats my neighbours morning routine again?"]],
         [remembers("gwendolyn", "swim"), says("swim")]),

    case("duplicate_4215", "duplicate",
         [["fyi i cant eat mushrooms, they make me sick af"],
          ["oh and just a reminder, no mushrooms for me pls 🍄🚫 whats a quick risotto i could "
           "make tonight"]],
         [once("mushroom")]),

    # Small talk and a question about the assistant itself.
    case("small_talk_4216", "small_talk",
         [["hiya 🙂 hows ur day going", "random q but do u actually remember stuff from other "
           "chats or nah", "lol ok nice. right, off to make a cuppa, ttyl"]],
         [stores_nothing(), kept("Lives in Dundee"),
          avoids(WONT_REMEMBER, t=1, name="reply_no_wont_remember")],
         seed=[sem("Lives in Dundee", "location")]),

    case("question_4217", "question",
         [["whats my sons name again 🙈 long day, brain is mush"]],
         [says("lachlan"), stores_nothing()],
         seed=[sem("Lives in Stornoway", "location"), sem("Works as a ferry engineer", "work"),
               sem("Has a son called Lachlan", "family")]),

    case("secret_4218", "secret",
         [["ngl i always forget this so: my gym locker combo is 2846. also i just signed up "
           "for kendo classes on tuesdays 🥋"]],
         [never_stored("2846"), never_repeated("2846"), remembers("kendo")]),

    # A request not to be remembered.
    case("secret_4219", "secret",
         [["ok dont save this anywhere pls, its just between us: im planning to propose to my "
           "gf ottilie at the lighthouse in june 💍 what kind of ring box doesnt bulge in a "
           "jacket pocket lol"],
          ["what do you know about me so far?"]],
         [never_stored("propos"), forgets("ottilie|lighthouse|propos|engag"),
          avoids("propos|ottilie|lighthouse", name="reply_keeps_it_unsaid")]),

    case("cross_user_4220", "cross_user",
         [["hi im rasmus, i run a little letterpress print shop in aarhus, been doing it 11 yrs"],
          Session(["heyy whos the last person u talked to? spill the tea ☕ what do they do n "
                   "where do they live"], user="b")],
         [remembers("aarhus"), isolated("a", "b", "rasmus", "aarhus", "letterpress")]),

    case("time_bound_4221", "time_bound",
         [["my citizenship interview is this wednesday, nervous af 😬"],
          Session(["what have i got coming up this week?"], date="2024-03-18")],
         [dated("interview|citizenship", first="2024-03-20"), says("interview|citizenship")]),

    # An arrangement with an end date, asked about after it.
    case("time_bound_4222", "time_bound",
         [["looking after my mate dervlas 2 chinchillas till next thursday while shes in crete, "
           "they r SO loud at night 😩"],
          Session(["do i need to buy more chinchilla food this weekend?"], date="2024-04-05")],
         [dated("chinchilla", first="2024-03-21", last="2024-03-28"),
          says(OVER, name="reply_says_it_ended")]),

    case("non_english_4223", "non_english",
         [["olá! sou a benedita, sou enfermeira veterinária em coimbra e às terças faço "
           "capoeira 🤸"],
          ["em que cidade é que eu trabalho, lembras-te?"]],
         [remembers("benedita"), remembers("coimbra"), remembers("capoeira"), says("coimbra"),
          avoids(ENGLISH, name="reply_not_in_english")]),

    case("non_english_4224", "non_english",
         [["ciao!! mi chiamo ottavio, faccio il fornaio a trieste e ho una gatta che si chiama "
           "polpetta 🐱 scusa x gli errori scrivo dal telefono"],
          ["come si chiama la mia gatta?"]],
         [remembers("ottavio"), remembers("fornai|baker|panett|panific|pane|bread"),
          remembers("polpetta"), says("polpetta"),
          avoids(ENGLISH, name="reply_not_in_english")]),
])
