"""The `sealed16` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/, tests/ or the other held-back splits' cases (of sealed15 only its docstring and
imports), from the behaviour a user of a long-term-memory chatbot expects, with only the tuned
cases (scripts/agent_cases.py), the checks (scripts/agent_checks.py) and the runner read to
learn the API. Its people, places, pets, jobs, hobbies and foods were grepped (file counts
only) against the other case files and are in none of them. It covers the classes the tuned
cases use (empty memory, statements and look-ups, corrections and forgetting on request,
several facts at once, example leaks, the assistant's own answers, repetition, wording and
relative dates, reply preferences, introductions, pronouns, repeated facts, small talk,
questions about things never told, secrets, other users, time-bound facts, other
languages); case names give only the class and a number.

Run it only with `--split sealed16`, and only once, at the end: `--split all` leaves it out.
Whoever tunes the agents must not read this file, nor tune on its results.
"""

from __future__ import annotations

from agent_cases import (
    NOT,
    OVER,
    Session,
    case,
    in_split,
    only_beside,
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
    short,
    stores_nothing,
    third_person,
)

# A reply that says it has nothing on file (contractions with and without the apostrophe).
_NEG = (r"(don't|dont|do not|can't|cant|cannot|didn't|didnt|did not|haven't|havent|have not|"
        r"hasn't|hasnt|has not|wasn't|wasnt|was not|never)")
NEVER_TOLD = (_NEG + r" ([\w']+ ){0,3}(know|remember|recall|ha(ve|d)|see|found|find|mention\w*|"
              r"told|tell|say|said|share\w*|store\w*|save\w*|record\w*|come across)|"
              r"no (information|info|record|memory|memories|mention|details?|idea)|"
              r"not (sure|aware|certain)|unknown|nothing (about|on)")
# A reply to a plain statement that claims it cannot keep or find what it was just told.
FORGETFUL = (r"(don't|dont|do not) have (any )?(information|info|record|memory)|no information|"
             r"not sure who|(can't|cant|cannot|don't|dont|do not) (remember|recall)|"
             r"(won't|wont|will not) (be able to )?remember")
# A reply that treats a loan whose end date has passed as over.
LOAN_OVER = (OVER + r"|was due (back|to be returned)|should have (been )?(returned|given)|"
             r"(loan|borrowing) (period )?(has )?(ended|expired|is over)|past the (return|due)|"
             r"already (passed|ended|over|returned)|(returned|given back) it|"
             r"supposed to (have )?(return|give)")
DISLIKE = (r"dislike|hate|can't stand|cant stand|cannot stand|not|don't|dont|doesn't|doesnt|"
           r"never|avoid|no kimchi")

SEALED16_CASES = in_split("sealed16", [
    # --- empty memory keeps the first facts -------------------------------------------------
    case("empty_memory_1601", "empty_memory",
         [["heyy im Tuomas lol, i fix lifts for a living here in Jyväskylä and i have a "
           "canary called Sampo 🐤"],
          ["whats my job again?"]],
         [remembers("tuomas"), remembers("lift|elevator"), remembers("jyv[aä]skyl"),
          remembers("sampo|canary"), third_person(), says("lift|elevator")]),

    # --- statements are not look-ups; facts in a request are kept ---------------------------
    case("statement_lookup_1602", "statement_lookup",
         [["My nephew Phineas is starting university in Leuven in September."],
          ["Which city is Phineas off to for uni?"]],
         [avoids(FORGETFUL, s=0, name="reply_no_dont_know"), remembers("phineas", "leuven"),
          says("leuven|louvain")]),
    case("statement_lookup_1603", "statement_lookup",
         [["ive got a mango allergy, what could i have with my muesli for breakfast?"],
          ["what fruit salad could i make for a picnic on sunday?"]],
         [remembers("mango"),
          only_beside("mango", r"allerg|without|avoid|skip|leave out|not|no |instead|free|"
                               r"swap|replace", "reply_keeps_allergy")]),

    # --- corrections and forgetting on request ----------------------------------------------
    case("correction_1604", "correction",
         [["ugh no, i dont live in Wexford, its Waterford. you got that wrong"],
          ["which town have you got me down in?"]],
         [forgets("wexford", s=0, unless="waterford|" + NOT + "|dont|wrong|mistake"),
          remembers("waterford"), kept("Works as a prison officer"), kept("Has two daughters"),
          says("waterford")],
         seed=[sem("Lives in Wexford", "location"), sem("Works as a prison officer", "work"),
               sem("Has two daughters", "family")]),
    case("correction_1605", "correction",
         [["can u forget what i told you about the divorce pls? id rather you didnt keep that"],
          ["what instrument do i play?"]],
         [forgets("divorc", s=0), kept("Plays the harmonica"), kept("Lives in Duluth"),
          says("harmonica"), avoids("divorc", name="reply_no_divorce")],
         seed=[sem("Is going through a divorce", "family"),
               sem("Plays the harmonica", "hobbies"), sem("Lives in Duluth", "location")]),

    # --- a message with several facts keeps every fact --------------------------------------
    case("multi_fact_1606", "multi_fact",
         [["ok some stuff about me: im an entomologist, my wife Aino grows dahlias, and i "
           "can't stand kimchi"]],
         [remembers("entomolog|insect"), remembers("aino"), remembers("dahlia"),
          remembers("kimchi", DISLIKE), forgets("kimchi", unless=DISLIKE)]),
    case("multi_fact_1607", "multi_fact",
         [["big week lol - got hired as a locomotive driver, and me and my boyfriend Valentijn "
           "adopted a rescue piglet named Nelson 🐷"],
          ["whats my piglets name?"]],
         [remembers("locomotive|train|engine driver|railway"), remembers("valentijn"),
          remembers("nelson|piglet"), kept("Lives in Boise"), says("nelson")],
         seed=[sem("Lives in Boise", "location")]),

    # --- worked examples do not leak --------------------------------------------------------
    case("example_leak_1608", "example_leak",
         [["Hello! I'm a tram driver in Gdansk and I've just signed up for my first "
           "triathlon."]],
         [remembers("tram"), remembers("gda[nń]sk"), remembers("triathlon"),
          example_facts_absent()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    case("assistant_answer_1609", "assistant_answer",
         [["whats the quickest way to defrost a freezer?", "perfect, ta!"]],
         [stores_nothing(), no_assistant_words_stored()]),

    # --- replies do not repeat --------------------------------------------------------------
    case("repetition_1610", "repetition",
         [["were doing a games night at mine on saturday",
           "can you suggest a card game for four players?", "another one?",
           "ok one more pls, something really quick to learn"]],
         [no_repeated_reply(any_earlier=True)]),

    # --- stored wording: third person, relative dates resolved ------------------------------
    case("wording_1611", "wording",
         [["My naturalisation ceremony is the day after tomorrow, I'm so nervous."]],
         [dated("naturali|ceremony|citizen", first="2024-03-17"), third_person()]),

    # --- standing preferences: procedural memory, applied in the next session ---------------
    case("procedural_1612", "procedural",
         [["from now on keep ur answers to one or two sentances max, i mostly read them on my "
           "phone"],
          ["how do i stop focaccia going dry the next day?"]],
         [remembers(r"short|brief|concise|succinct|sentence|sentance|one or two|length",
                    kind="procedural"),
          short(60)]),
    case("procedural_1613", "procedural",
         [["Whenever you explain how to do something, please give me numbered steps."],
          ["How do I season a new carbon-steel wok?"]],
         [remembers("number|step", kind="procedural"), bullets()]),

    # --- introductions ----------------------------------------------------------------------
    case("introduction_1614", "introduction",
         [["Hi, I'm Eustace. I'm a hospital chaplain and I restore old jukeboxes at weekends."],
          ["What have you got on me so far?"]],
         [remembers("eustace"), remembers("jukebox"), says("eustace"), says("chaplain"),
          says("jukebox")]),

    # --- pronouns across messages -----------------------------------------------------------
    case("pronouns_1615", "pronouns",
         [["My uncle Svetozar makes his own plum brandy.", "He lives in a village in Moldova."],
          ["Where does my uncle live?"]],
         [remembers("svetozar|uncle", "moldova"), remembers("brandy|plum"), says("moldova")]),

    # --- the same fact in new words is stored once ------------------------------------------
    case("duplicate_1616", "duplicate",
         [["I have a Shetland pony called Truffle."],
          ["btw truffle, my little shetland, says hi lol"]],
         [once("truffle")]),

    # --- small talk (in another language) stores nothing ------------------------------------
    case("small_talk_1617", "small_talk",
         [["Bom dia! Tudo bem?", "haha obrigado, bom fim de semana! 😊"]],
         [stores_nothing(), kept("Lives in Lviv")], seed=[sem("Lives in Lviv", "location")]),

    # --- a question about something never told: no invention -------------------------------
    case("question_1618", "question",
         [["remind me, where did i grow up? i told u before right?"]],
         [says(NEVER_TOLD, name="reply_says_not_told"), stores_nothing()],
         seed=[sem("Lives in Tulsa", "location"),
               sem("Teaches geography at a secondary school", "work")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    case("secret_1619", "secret",
         [["my bike lock code is 58193 in case i forget it, and btw im a scaffolder"],
          ["whats my bike lock code?"]],
         [never_stored("58193"), never_repeated("58193"), remembers("scaffold")]),

    # --- one user's memories never reach another --------------------------------------------
    case("cross_user_1620", "cross_user",
         [["I'm Zbigniew and I'm training for a trail race across the Atacama."],
          Session(["What do you know about Zbigniew? What's he training for?"], user="b")],
         [remembers("atacama|trail"), isolated("a", "b", "atacama", "trail race")]),

    # --- time-bound facts get a resolved date -----------------------------------------------
    case("time_bound_1621", "time_bound",
         [["in three weeks im flying to Busan for a conference"],
          Session(["anything coming up for me next week?"], date="2024-03-29")],
         [dated("busan", first="2024-04-04", last="2024-04-06"),
          says("busan|korea|conference")]),
    case("time_bound_1622", "time_bound",
         [["I'm borrowing my neighbour's pressure washer till next Thursday."],
          Session(["can i use the pressure washer on the patio this weekend?"],
                  date="2024-04-09")],
         [dated("washer", first="2024-03-21", last="2024-03-28"),
          says(LOAN_OVER, name="reply_says_it_ended")]),

    # --- non-English users ------------------------------------------------------------------
    case("non_english_1623", "non_english",
         [["Hola, soy Itziar. Trabajo de cartera en Donostia y los domingos juego a la pelota "
           "vasca."],
          ["¿Te acuerdas de a qué juego los domingos?"]],
         [remembers("carter|postwoman|postman|mail|post|correo|letter|cartas"),
          remembers("pelota"), says("pelota"), in_language("es")]),
    case("non_english_1624", "non_english",
         [["Salut, moi c'est Oriol, je suis doreur à Saint-Malo (je restaure des cadres "
           "anciens) et j'ai un perroquet qui s'appelle Cannelle."],
          ["Tu te rappelles de mon métier ?"]],
         [remembers("doreur|dorure|gild|gold"), remembers("cannelle|perroquet|parrot"),
          says(r"doreur|dorure|dor[ée]|cadre|restaur"), in_language("fr")]),
])
