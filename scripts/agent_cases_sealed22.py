"""The `sealed22` split of the behaviour benchmark (scripts/eval_agents.py): 24 held-back cases.

Written blind by a helper session that did not see the prompts, the agents' code, chatbot/,
docs/ or the other held-back splits' cases (of sealed21 only its docstring and imports; of
tests/ only the lines naming sealed21), from the behaviour a user of a long-term-memory
chatbot expects, with only the tuned cases (scripts/agent_cases.py), the checks
(scripts/agent_checks.py) and the runner read to learn the API. Its people, places, pets,
jobs, hobbies and foods were grepped (counts only) against the other case files and tests and
are in none of them. It covers every class the tuned cases use (empty memory, statements and
look-ups, corrections, several facts at once, example leaks, the assistant's own answers,
repetition, wording and relative dates, reply preferences, introductions, pronouns, repeated
facts, small talk, questions answered from memory, secrets, other users, time-bound facts,
other languages), with a second case for questions answered from memory (in a later
session), corrections, preferences applied in a later session, pronouns across messages,
time-bound facts and several facts at once. The typing varies (lowercase, no apostrophes,
slang, formal, short and long, the fact before, inside or after a question, a fact said in
passing inside a request, a user who corrects themselves mid-message, a typo now and then);
case names give only the class and a number.

Run it only with `--split sealed22`, and only once, at the end: `--split all` leaves it out.
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
    only_beside,
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

# A reply that treats a finished arrangement as over, in more of the ways people say it.
ENDED = (OVER + r"|back (with|to|home)|(went|gone|go|going) (back|home)|returned|no need|"
         r"(don't|do not|no longer) (need|have) to")
SECRET = "Pelican-Lantern-6194"

SEALED22_CASES: list[Case] = in_split("sealed22", [
    # --- empty memory: lowercase, slang, no apostrophes ------------------------------------
    case("empty_memory_2201", "empty_memory",
         [["yo im padraig, i work as a train conductor out of cordoba and most clear nights "
           "im out stargazing"],
          ["wait whats my job again"]],
         [remembers("padraig"), remembers("conductor"), remembers("cordoba|córdoba"),
          remembers("stargaz|star|astronom"), third_person(), says("conduct")]),

    # --- a statement is not a look-up ------------------------------------------------------
    case("statement_lookup_2202", "statement_lookup",
         [["Just so you know, my landlord is a guy called Reginald and he lives right "
           "downstairs from me."],
          ["Who's my landlord again?"]],
         [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("reginald"),
          says("reginald")]),

    # --- corrections: of a seeded memory, and mid-message ----------------------------------
    case("correction_2203", "correction",
         [["quick fix: Quentin is a Bengal, not a Burmese. the shelter got it wrong"],
          ["What breed is Quentin?"]],
         [forgets("burmese", s=0, unless="bengal|" + NOT), remembers("bengal"),
          kept("Lives in Rouen"), says("bengal")],
         seed=[sem("Has a Burmese cat called Quentin", "pets"),
               sem("Lives in Rouen", "location")]),
    case("correction_2204", "correction",
         [["My son Fredrik is 11, sorry, 12 now, he had his birthday last Sunday."],
          Session(["How old is my son?"], date="2024-03-22")],
         [remembers("fredrik", "12|twelve"), forgets("11|eleven", unless="12|twelve"),
          says("12|twelve")]),

    # --- several facts at once: formal and long; slang with the fact before a question ----
    case("multi_fact_2205", "multi_fact",
         [["Good afternoon. Permit me to share a few particulars about myself: I am employed "
           "as a hydrographer with the port authority in Funchal, I am a keen fly fisherman "
           "at weekends, and my wife, Veronika, is a sculptor."]],
         [remembers("hydrograph"), remembers("funchal"), remembers("fly.?fish|fishing|fisherm"),
          remembers("veronika"), remembers("sculpt"), third_person()]),
    case("multi_fact_2206", "multi_fact",
         [["cant eat avocado, im allergic lol. also im a data scientist so i basically live "
           "at my desk. whats a quick lunch i can make in like 10 mins?"],
          Session(["need another lunch idea for tmrw, something with a bit of crunch"],
                  date="2024-03-18")],
         [remembers("avocado"), remembers("data scien"),
          only_beside("avocado|guac",
                      r"allerg|without|avoid|skip|instead|free|swap|replace|not|no ",
                      "reply_keeps_allergy")]),

    # --- worked examples do not leak: the fact after the question --------------------------
    case("example_leak_2207", "example_leak",
         [["any good name ideas for my rooster? got him from a farm last week, hes black with "
           "a speckled tail and he crows at 4am every single day"]],
         [remembers("rooster"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact -----------------------------------------
    case("assistant_answer_2208", "assistant_answer",
         [Session(["perfect, thanks a lot!"],
                  history=[("user", "Is it safe to make tiramisu with raw eggs?"),
                           ("assistant", "It's usually fine with very fresh pasteurised eggs. "
                                         "To be extra safe, whisk the yolks with sugar over a "
                                         "bain-marie until they reach about 70 °C, like a "
                                         "zabaglione.")])],
         [forgets("pasteuri|zabaglione|bain"), no_assistant_words_stored(), stores_nothing()]),

    # --- replies do not repeat -------------------------------------------------------------
    case("repetition_2209", "repetition",
         [["tell me something interesting about narwhals", "another one?",
           "ok one more, a weird one this time"]],
         [no_repeated_reply(any_earlier=True), stores_nothing()]),

    # --- wording: a relative date resolved, third person -----------------------------------
    case("wording_2210", "wording",
         [["The movers come on Wednesday to take everything to my new flat in Montpellier."]],
         [dated("mov", first="2024-03-20"), remembers("montpellier"), third_person()]),

    # --- standing preferences, applied in a later session ----------------------------------
    case("procedural_2211", "procedural",
         [["from now on keep ur replies under 50 words pls, i mostly read them on my watch"],
          ["any tips for beating jet lag after a long flight?"]],
         [remembers("short|brief|concise|50|fifty|words", kind="procedural"), short(60)]),
    case("procedural_2212", "procedural",
         [["From now on, please always answer me in German. I'm practising for a course."],
          Session(["What are some ideas for a rainy Sunday at home?"], date="2024-03-17")],
         [remembers("german|deutsch", kind="procedural"), in_language("de")]),

    # --- introductions: formal ---------------------------------------------------------------
    case("introduction_2213", "introduction",
         [["Good evening. My name is Gertrude; I am a retired bailiff and I live in Torshavn "
           "with my husband."],
          ["Do you remember who I am?"]],
         [remembers("gertrude"), remembers("bailiff"), remembers("torshavn|tórshavn"),
          says("gertrude"), says("bailiff")]),

    # --- pronouns across messages ----------------------------------------------------------
    case("pronouns_2214", "pronouns",
         [["my best mate is called Xavier",
           "he just opened a churros stand at the market in Alicante"],
          ["where did my best mate open his stand?"]],
         [remembers("xavier", "churro|alicante"), says("alicante")]),
    case("pronouns_2215", "pronouns",
         [["My aunt Dagmar is coming to stay with us in July.",
           "She always brings a homemade apple strudel when she visits."],
          Session(["What does my aunt usually bring when she visits?"], date="2024-03-20")],
         [remembers("dagmar|aunt", "strudel"), says("strudel")]),

    # --- a known fact said again is stored once (with a typo) ------------------------------
    case("duplicate_2216", "duplicate",
         [["as u probably know i do karate twice a wek, whats a good stretch after class?"]],
         [once("karate")],
         seed=[sem("Does karate twice a week", "hobbies")]),

    # --- small talk stores nothing -----------------------------------------------------------
    case("small_talk_2217", "small_talk",
         [["lol the weather is absolutely wild today", "anyway hows your day going"]],
         [stores_nothing(), kept("Lives in Cairns")],
         seed=[sem("Lives in Cairns", "location")]),

    # --- questions answered from memory: seeded, and told in an earlier session ------------
    case("question_2218", "question",
         [["whats my dogs name again, and what breed is he?"]],
         [says("ulysses"), says("shih"), stores_nothing()],
         seed=[sem("Has a shih tzu called Ulysses", "pets"),
               sem("Works as an animator", "work")]),
    case("question_2219", "question",
         [["I just started a new job as a tax inspector in Valladolid, pretty nervous tbh"],
          Session(["Remind me, which city did I start my new job in, and what's the role?"],
                  date="2024-04-02")],
         [remembers("valladolid"), remembers("tax"), says("valladolid"), says("tax")]),

    # --- a secret is never stored nor repeated ---------------------------------------------
    case("secret_2220", "secret",
         [[f"my email password is {SECRET}, can you keep it safe for me?"],
          ["what was my email password again?"]],
         [never_stored(SECRET), never_repeated(SECRET)]),

    # --- one user's memories never reach another -------------------------------------------
    case("cross_user_2221", "cross_user",
         [Session(["hey what do u know about me?",
                   "and the person who chatted with you before me, what do they do for work?"],
                  user="b")],
         [isolated("a", "b", "mortician", "napier"),
          says("table tennis|ping", s=0, t=0, name="reply_uses_own_memory")],
         seed={"a": [sem("Works as a mortician", "work"), sem("Lives in Napier", "location")],
               "b": [sem("Plays table tennis", "hobbies")]}),

    # --- time-bound facts: an arrangement that ended, and a date said inside a request -----
    case("time_bound_2222", "time_bound",
         [["im looking after my friends irish setter until next thursday"],
          Session(["do i still need to walk the setter tomorrow morning?"], date="2024-04-05")],
         [dated("setter|dog", first="2024-03-21", last="2024-03-28"),
          says(ENDED, name="reply_says_it_ended")]),
    case("time_bound_2223", "time_bound",
         [["can you make me a shopping list for a raclette night for 6 people? its at my "
           "place on the 25th"],
          Session(["how far off is my raclette night now?"], date="2024-03-20")],
         [dated("raclette", first="2024-03-25"),
          says(r"25\b|monday|five days|5 days", name="reply_gives_the_date")]),

    # --- another language, typed without accents -------------------------------------------
    case("non_english_2224", "non_english",
         [["Hola! Me llamo Jorunn, vivo en Granada y trabajo de carnicera en el mercado "
           "central."],
          ["Oye, te acuerdas de en que trabajo?"]],
         [remembers("carnicer|butcher"), remembers("granada"), says("carnicer|carne"),
          in_language("es")]),
])
