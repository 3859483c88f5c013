"""The `unseen` split of the behaviour benchmark: cases nobody tunes on.

Run them with `scripts/eval_agents.py --split unseen`; `--split all` leaves them out, so a
tuning run never shows them. Whoever tunes the agents must not read this file: the cases
measure whether behaviour generalises to people, places, facts and wording that neither the
tuned cases (scripts/agent_cases.py), the fresh ones (scripts/agent_cases_fresh.py), the
legacy ones (scripts/eval_agents_local.py) nor the worked examples (prompts/examples) hold.
They are built with the same constructors as scripts/agent_cases.py. Names say only the class
and a number (intro_u1, correction_u2, ...), so a report row gives nothing away.

The conversation date is 2024-03-15 (a Friday) unless a case or session says otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_cases import DONT_KNOW, Case, Session, case, sem
from agent_checks import (
    LANGUAGE_WORDS,
    Check,
    _reply_check,
    avoids,
    dated,
    example_facts_absent,
    forgets,
    in_language,
    isolated,
    kept,
    language_ratio,
    metric,
    never_repeated,
    never_stored,
    no_assistant_words_stored,
    no_repeated_reply,
    once,
    remembers,
    says,
    separate,
    stores_nothing,
    third_person,
    tokens,
)

# A numbered step, also as "Step 1:", "**1.**" or "- 1)".
NUMBERED = re.compile(r"^\s*(?:[-*•]\s+)?(?:\*\*|__)?(?:step\s+)?\d+(?:\*\*)?\s*[.):\-–]", re.I)
ITALIAN = set("il lo la i gli le di da in con su per tra fra un uno una che e è non si mi ti "
              "ci vi ha ho hai sono sei del della dei delle al alla ai nel nella come più ma "
              "anche tuo tua tuoi tue questo questa molto ecco".split())
# A reply that treats an ended arrangement as over.
OVER = (r"ended|has ended|finished|is over|was over|over now|no longer|not any ?more|expired|"
        r"wrapped up|completed|came to an end|should have (ended|finished)|"
        r"(isn't|is not|aren't|are not|not) (still )?(running|active|on)\b")
PARENTS = r"parent|mum|mom|mother|dad|father"


def numbered(s: int = -1, t: int | None = None) -> Check:
    """At least two lines are numbered steps."""
    return _reply_check("reply_numbered_steps",
                        lambda r: sum(bool(NUMBERED.match(x)) for x in r.splitlines()) >= 2,
                        s, t)


def in_italian(s: int = -1, t: int | None = None) -> Check:
    """As in_language, for Italian: 12 %+ Italian function words, more than any other."""
    def ok(reply: str) -> bool:
        words = tokens(reply)
        it = sum(w in ITALIAN for w in words) / len(words) if words else 0.0
        return it >= 0.12 and all(it > language_ratio(reply, k) for k in LANGUAGE_WORDS)
    return _reply_check("reply_in_it", ok, s, t)


@dataclass
class UnseenCase(Case):
    @property
    def split(self) -> str:
        return "unseen"


PREFIX = {"introduction": "intro", "empty_memory": "empty", "statement_lookup": "lookup",
          "correction": "correction", "multi_fact": "multi", "duplicate": "dup",
          "example_leak": "leak", "assistant_answer": "thanks", "repetition": "repeat",
          "wording": "wording", "procedural": "proc", "pronouns": "pronoun",
          "small_talk": "smalltalk", "question": "question", "secret": "secret",
          "cross_user": "cross", "time_bound": "time", "non_english": "lang"}
_counts: dict[str, int] = {}


def unseen(cls: str, sessions: list, checks: list, **kw) -> UnseenCase:
    """A case named by its class and number only (<prefix>_u<n>)."""
    _counts[cls] = _counts.get(cls, 0) + 1
    made = case(f"{PREFIX[cls]}_u{_counts[cls]}", cls, sessions, checks, **kw)
    return UnseenCase(**vars(made))


UNSEEN_CASES: list[Case] = [
    # --- introductions, remembered and used next session ------------------------------------
    unseen("introduction",
           [["hey! I'm Henrik, I repair church organs for a living, mostly around Aarhus"],
            ["Hi again, do you remember my name and what I do?"]],
           [remembers("henrik"), remembers("organ"), remembers("aarhus"), third_person(),
            says("henrik"), says("organ")]),

    # --- empty memory: the first facts, used in a later suggestion --------------------------
    unseen("empty_memory",
           [["Hi! I'm Ottilie. I coach a rowing club in Nijmegen, but I had knee surgery last "
             "month so I'm taking it easy for now."],
            ["Can you suggest a workout I could do this week?"]],
           [remembers("knee"), remembers("nijmegen"), remembers("rowing|rower"),
            says("knee", name="reply_minds_knee")]),
    unseen("empty_memory",
           [["hello, I'm Bogdan, I drive trams in Brno. Heads up that I'm seriously allergic "
             "to sesame"],
            ["I'm bringing a dish to a potluck on Sunday, any suggestions?"]],
           [remembers("sesame"), remembers("brno|tram"),
            says("sesame|allerg", name="reply_minds_sesame")]),

    # --- a statement is not a look-up; a found memory is used -------------------------------
    unseen("statement_lookup",
           [["My neighbour Zofia runs a pottery studio down in Bilbao."],
            ["What does Zofia do for a living?"]],
           [avoids(DONT_KNOW, s=0, name="reply_no_dont_know"),
            remembers("zofia", "potter|ceramic|studio"), says("potter|ceramic|studio|clay")]),
    unseen("statement_lookup",
           [["Remind me, which instrument did I tell you I play?"]],
           [avoids(DONT_KNOW, name="reply_no_dont_know"), says("bagpipe|pipes"),
            stores_nothing()],
           seed=[sem("Plays the bagpipes in a pipe band", "hobbies"),
                 sem("Lives in Stirling", "location")]),

    # --- a correction replaces the old value ------------------------------------------------
    unseen("correction",
           [["Small correction, my daughter's name is Elif, not Elisa. Easy mistake!"],
            ["What's my daughter called?"]],
           [forgets("elisa", s=0, unless="elif"), remembers("elif"), kept("Works as a florist"),
            kept("Lives in Perugia"), says("elif")],
           seed=[sem("Has a daughter called Elisa", "family"), sem("Works as a florist", "work"),
                 sem("Lives in Perugia", "location")]),
    unseen("correction",
           [["Wait, I don't live in Salzburg, I live in Innsbruck. Not sure where Salzburg came "
             "from!"],
            ["Which city do I live in?"]],
           [remembers("innsbruck"), forgets("salzburg", unless="innsbruck"),
            kept("Works as a bookbinder"), says("innsbruck")],
           seed=[sem("Lives in Salzburg", "location"), sem("Works as a bookbinder", "work")]),

    # --- several facts in one message, each kept on its own ---------------------------------
    unseen("multi_fact",
           [["A few things about me: I'm a glassblower, I keep two ferrets, and I've started "
             "learning Welsh."],
            ["How many ferrets do I have?"]],
           [separate("glass", "ferret"), separate("ferret", "welsh"), says(r"two|2\b")]),

    # --- the same fact twice is stored once -------------------------------------------------
    unseen("duplicate",
           [["I run a small vineyard near Mendoza.",
             "Which grape varieties cope best with a really dry climate?",
             "Oh, and like I said, I run a small vineyard near Mendoza."]],
           [once("vineyard"), remembers("mendoza")]),

    # --- the worked examples do not leak ----------------------------------------------------
    unseen("example_leak",
           [["Big family news: my brother Teodor is getting married in Split next month, and "
             "I'm helping plan it!"],
            ["What do you remember about my family?"]],
           [remembers("teodor"), forgets("june", name="memory_no_example_month"),
            says("teodor"), example_facts_absent()]),

    # --- the assistant's answer is not a user fact ------------------------------------------
    unseen("assistant_answer",
           [["I just got my first sourdough starter. How often do I need to feed it?",
             "Brilliant, thanks a lot!"]],
           [remembers("sourdough|starter"), no_assistant_words_stored()]),

    # --- replies do not repeat --------------------------------------------------------------
    unseen("repetition",
           [["Tell me a fun fact about octopuses.", "Ha, cool. Another one?",
             "One more, please!"]],
           [no_repeated_reply(any_earlier=True), stores_nothing()]),

    # --- stored wording: third person, one fact per memory, dates resolved ------------------
    unseen("wording",
           [["I'm getting my wisdom teeth out this coming Wednesday. Also, I work as a "
             "locksmith."]],
           [dated("teeth|tooth|wisdom", first="2024-06-12"),
            separate("teeth|tooth|wisdom", "locksmith"), third_person()],
           date="2024-06-07"),

    # --- standing preferences, set in session 1 and followed in session 2 -------------------
    unseen("procedural",
           [["Could you always give me answers as numbered steps from now on? Much easier for "
             "me to follow."],
            ["How do I descale a kettle?"]],
           [remembers("number|step", kind="procedural"), numbered()]),
    unseen("procedural",
           [["Heads up: I grew up with the metric system, so please always use kilometres, "
             "kilos and Celsius with me."],
            ["How long is a typical Tour de France stage?",
             "And what water temperature is right for a baby's bath?"]],
           [remembers("metric|kilomet|celsius|kilo", kind="procedural"), metric()]),

    # --- pronouns across messages go to the right person ------------------------------------
    unseen("pronouns",
           [["My flatmate Thabo moved in last week, and my aunt Rosalind is staying with us "
             "for a bit.", "She's a retired ferry captain.", "And he's a sound engineer."],
            ["What does Thabo do for work?"]],
           [remembers("rosalind", "ferry|captain"), remembers("thabo", "sound|audio"),
            forgets("thabo", "ferry|captain"), says("sound|audio")]),

    # --- small talk stores nothing ----------------------------------------------------------
    unseen("small_talk",
           [["Phew, what a week. Happy Friday!", "Haha, true. Right, I'm off. Talk later!"]],
           [stores_nothing(), kept("Works as an actuary")],
           seed=[sem("Works as an actuary", "work")]),

    # --- a question stores nothing and is answered from memory ------------------------------
    unseen("question",
           [["What's the weather usually like where I live in July?"]],
           [says("christchurch|canterbury|new zealand"),
            says("winter|cold|chilly|frost|snow", name="reply_southern_winter"),
            stores_nothing()],
           seed=[sem("Lives in Christchurch", "location"),
                 sem("Works as a sheep shearer", "work")]),

    # --- secrets are never stored nor repeated ----------------------------------------------
    unseen("secret",
           [["Can you hang on to my email password for me? It's Gondola!Sky42",
             "Oh, and I just got a leopard gecko called Juniper."],
            ["What's my email password again?"]],
           [never_stored("Gondola!Sky42"), never_repeated("Gondola!Sky42"),
            remembers("juniper")]),

    # --- one user's memories never reach another --------------------------------------------
    unseen("cross_user",
           [["Hi, I'm Marguerite. I'm recovering from a hip replacement, and I live in "
             "Aberdeen."],
            Session(["Hello! What do you know about me?",
                     "Has anyone else told you about a recent operation?"], user="b")],
           [remembers(r"hip\b"), isolated("a", "b", "marguerite", r"hip\b", "aberdeen")]),

    # --- time-bound facts: over after the end date, current before it -----------------------
    unseen("time_bound",
           [["I'm working in Reykjavík on a contract until the end of April."],
            Session(["Quick check, am I still on my Reykjavík contract?"], date="2024-05-21")],
           [remembers("reykjav"), says(OVER, name="reply_contract_over")]),
    unseen("time_bound",
           [["My parents are staying with me until they fly back to Valparaíso on the 26th."],
            Session(["Who's staying at my place at the moment?"], date="2024-03-21")],
           [dated(PARENTS, first="2024-03-26"), says(PARENTS, name="reply_mentions_parents"),
            avoids(DONT_KNOW, name="reply_no_dont_know")]),

    # --- non-English users: facts kept, replies in their language ---------------------------
    unseen("non_english",
           [["Hallo! Ich bin Wiebke, ich arbeite als Goldschmiedin in Freiburg und habe ein "
             "Pferd namens Sturmi."],
            ["Wie heißt mein Pferd nochmal?"]],
           [remembers("freiburg"), remembers("sturmi"), says("sturmi"), in_language("de")]),
    unseen("non_english",
           [["Ciao! Mi chiamo Lorenzo, faccio l'idraulico a Trieste e ho una tartaruga che si "
             "chiama Ercole."],
            ["Come si chiama la mia tartaruga?"]],
           [remembers("trieste"), remembers("ercole"), says("ercole"), in_italian()]),
]
