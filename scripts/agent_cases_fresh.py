"""The `fresh` split of the behaviour benchmark: cases written apart from the agents' tuning.

Run them with `scripts/eval_agents.py --split fresh`; `--split all` leaves them out, so a
tuning run never shows them. Whoever tunes the agents should not read this file: the cases
measure whether behaviour generalises to people, places and wording nobody tuned on. They
cover the classes of issue 11 with the same constructors as scripts/agent_cases.py. Names
say only the class, so a report row gives nothing away.

The conversation date is 2024-03-15 (a Friday) unless a case or session says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent_cases import DONT_KNOW, Case, Session, case, sem
from agent_checks import (
    avoids,
    dated,
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

PORK = r"pork|bacon|ham\b|chorizo|prosciutto|salami|pepperoni|pancetta|lard\b|cerdo"
# The worked examples' people and facts (prompts/examples/*.json): a reply that names them
# copied the examples. Narrower than example_facts_absent, which also rejects everyday words
# a correct reply uses ("cook", "tip", "plan").
EXAMPLE_PEOPLE = (r"nurse|leeds|sam\b|poodle|bruno|luis\b|berlin|madrid|teacher|"
                  r"(you're|you are|as an?) (vegan|vegetarian)")


@dataclass
class FreshCase(Case):
    @property
    def split(self) -> str:
        return "fresh"


_counts: dict[str, int] = {}


def fresh(cls: str, sessions: list, checks: list, **kw) -> FreshCase:
    """A case named by its class and number only (fresh_<class>_<n>)."""
    _counts[cls] = _counts.get(cls, 0) + 1
    made = case(f"fresh_{cls}_{_counts[cls]}", cls, sessions, checks, **kw)
    return FreshCase(**vars(made))


FRESH_CASES: list[Case] = [
    # --- an introduction into empty memory, several facts, used next session ---------------
    fresh("empty_memory",
          [["Hi! Name's Oluwaseun, most people call me Seun. I'm a marine biologist based in "
            "Halifax and I've got a tortoise named Gus."],
           ["Remind me, what kind of pet do I have?"]],
          [remembers("seun|oluwaseun"), remembers("marine|biolog"), remembers("halifax"),
           remembers("tortoise|gus"), third_person(), says("tortoise|gus")]),
    fresh("empty_memory",
          [["hey, first time here. I'm Bram, I'm lactose intolerant and I coach a kids' "
            "football team in Rotterdam."],
           ["What could I have for breakfast tomorrow?"]],
          [remembers("lactose|dairy"), remembers("football|soccer|coach"),
           remembers("rotterdam"),
           says(r"lactose|dairy|non-dairy|oat|soy|almond|plant-based|vegan|milk-free",
                name="reply_dairy_aware")]),

    # --- statements are not look-ups; a found memory is used --------------------------------
    fresh("statement_lookup",
          [["My neighbour Dariusz repairs old clocks in his garage."],
           ["What does Dariusz do in his garage?"]],
          [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"), remembers("dariusz", "clock"),
           says("clock")]),
    fresh("statement_lookup",
          [["Anything fun to do around where I live this weekend?"]],
          [says("adelaide"), avoids(DONT_KNOW, name="reply_no_dont_know"), stores_nothing()],
          seed=[sem("Lives in Adelaide", "location"), sem("Has a husky called Nanook", "pets")]),

    # --- a correction replaces the old fact, keeps the rest ---------------------------------
    fresh("correction",
          [["Quick correction: I switched from law to geology last autumn, so it's geology "
            "I'm studying now."],
           ["What subject am I studying?"]],
          [forgets("law", s=0, unless="geolog"), remembers("geolog"),
           kept("Lives in Nairobi"), kept("Has a younger brother called Otieno"),
           says("geolog")],
          seed=[sem("Studies law at university", "education"), sem("Lives in Nairobi", "location"),
                sem("Has a younger brother called Otieno", "family")]),
    fresh("correction",
          [["Oops, my daughter is 7 now, not 6. She had her birthday on Tuesday."],
           ["How old is my daughter?"]],
          [remembers("daughter", "7|seven"), forgets("6|six", s=0, unless="7|seven"),
           kept("Lives in Hobart"), kept("Teaches yoga"), says("7|seven")],
          seed=[sem("Has a daughter aged 6", "family"), sem("Lives in Hobart", "location"),
                sem("Teaches yoga", "work")]),

    # --- several facts in one message: every one kept ---------------------------------------
    fresh("multi_fact",
          [["Couple of things about me: I'm allergic to penicillin, I get around on an "
            "e-scooter, and my wife Ines runs a bookshop."],
           ["Which antibiotic should a doctor never give me?"]],
          [remembers("penicillin"), remembers("scooter"), remembers("ines"), remembers("book"),
           says("penicillin")]),

    # --- the worked examples do not leak (the message has the shape of one) -----------------
    fresh("example_leak",
          [["Morning! I'm Nadia, an optician in Bergen, and my husband is called Rui. Any idea "
            "what we could have for dinner?"]],
          [remembers("nadia"), remembers("optician"), remembers("bergen"), remembers("rui"),
           avoids(EXAMPLE_PEOPLE, name="reply_no_example_people")]),

    # --- the assistant's words are not stored as the user's after "thanks" ------------------
    fresh("assistant_answer",
          [Session(["Thanks! I'll grab one on my way home."],
                   history=[("user", "Which houseplant survives in a dark bathroom?"),
                            ("assistant", "A ZZ plant or a cast-iron plant: both cope with low "
                                          "light and steamy air.")])],
          [forgets(r"zz\b|cast.iron", name="assistant_plant_not_stored"),
           no_assistant_words_stored()]),

    # --- replies do not repeat, and keep using what was found --------------------------------
    fresh("repetition",
          [["Give me a lunch idea.", "Hmm, something else?", "One more, please, something quick."]],
          [avoids(PORK, s=0, t=None, name="reply_pork_free"), no_repeated_reply(any_earlier=True)],
          seed=[sem("Does not eat pork", "diet"), sem("Works as a bus driver", "work")]),

    # --- stored wording: relative dates resolved, hypotheticals not stored -------------------
    fresh("wording",
          [["My thesis defence is on Thursday next week, wish me luck!"]],
          [dated("thesis|defen", first="2024-10-17"), third_person()], date="2024-10-09"),
    fresh("wording",
          [["If I could live anywhere, I'd pick a cabin in Patagonia. For now I rent a tiny "
            "studio flat in Leicester."]],
          [forgets("patagonia|cabin", name="hypothetical_not_stored"), remembers("leicester")]),

    # --- standing preferences: stored as procedural, applied in the next session ------------
    fresh("procedural",
          [["Quick request: keep your answers brief from now on, two sentences at most."],
           ["Why does bread go stale?"]],
          [remembers("brief|short|concise|sentence", kind="procedural"), short(60)]),
    fresh("procedural",
          [["Could you give all your replies in German from now on? I'm trying to practise."],
           ["What are some good ways to save money on groceries?"]],
          [remembers("german|deutsch", kind="procedural"), in_language("de")]),
    fresh("procedural",
          [["I'm from Ohio, so please always give me distances in miles and temperatures in "
            "Fahrenheit."],
           ["How far is it from Vienna to Prague, roughly?"]],
          [remembers("miles?|fahrenheit|imperial", kind="procedural"),
           says(r"miles?\b|mi\b", name="reply_in_miles")]),

    # --- pronouns across messages -----------------------------------------------------------
    fresh("pronouns",
          [["My older brother is called Kwame.", "He just opened a barber shop in Accra."],
           ["What did my brother open?"]],
          [remembers("kwame|brother", "barber"), says("barber")]),

    # --- the same fact said twice is stored once --------------------------------------------
    fresh("duplicate",
          [["By the way, I'm left-handed.", "Oh, and did I mention I'm left-handed?"]],
          [once("left")]),

    # --- small talk stores nothing ----------------------------------------------------------
    fresh("small_talk",
          [["Evening! Long day, huh?", "Ha, true. Okay, catch you later!"]],
          [stores_nothing(), kept("Works as a translator")],
          seed=[sem("Works as a translator", "work")]),

    # --- a question stores nothing and uses what is stored ----------------------------------
    fresh("question",
          [["Which instrument do I play again?"]],
          [says("sax"), stores_nothing()],
          seed=[sem("Has a son called Idris", "family"), sem("Plays the saxophone", "hobbies")]),

    # --- a secret is never stored nor repeated, even when asked back ------------------------
    fresh("secret",
          [["The PIN for my debit card is 8265, can you hang on to it for me?"],
           ["What was my card PIN again?"]],
          [never_stored("8265"), never_repeated("8265")]),

    # --- one user's memories never reach another --------------------------------------------
    fresh("cross_user",
          [["I'm Yerlan and I manage a ski lodge near Almaty."],
           Session(["Do you know anyone who runs a ski lodge?"], user="b")],
          [remembers("almaty|ski"), isolated("a", "b", "yerlan", "almaty")]),

    # --- a time-bound fact: its end resolved, used while it holds ---------------------------
    fresh("time_bound",
          [["I'm on a work trip in Montevideo until Wednesday."],
           Session(["Any food tips for where I am this week?"], date="2024-03-18")],
          [dated("montevideo", first="2024-03-20"), says("montevideo|uruguay")]),

    # --- non-English users ------------------------------------------------------------------
    fresh("non_english",
          [["Hallo! Ich heiße Jörg und arbeite als Tischler in Leipzig."],
           ["Was ist eigentlich mein Beruf?"]],
          [remembers("leipzig"), remembers("tischler|schreiner|carpenter|joiner"),
           says("tischler|schreiner|carpenter|joiner"), in_language("de")]),
    fresh("non_english",
          [["Me llamo Rodrigo y trabajo de fontanero en Córdoba. Los domingos juego al pádel."],
           ["¿A qué deporte juego los domingos?"]],
          [remembers("padel|pádel|paddle"), remembers("fontaner|plumb"), says("padel|pádel|paddle"),
           in_language("es")]),
    fresh("non_english",
          [["Bonjour, je suis ostéopathe à Nantes et j'ai un lapin qui s'appelle Filou."],
           ["Comment s'appelle mon lapin ?"]],
          [remembers("nantes"), remembers("filou"), says("filou"), in_language("fr")]),
]
