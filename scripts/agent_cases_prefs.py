"""The `prefs` split of the behaviour benchmark: standing preferences about how to reply.

Run them with `scripts/eval_agents.py --split prefs`; `--split all` leaves them out, so a
tuning run never shows them. Whoever tunes the agents must not read this file: the cases were
written blind to the implementation and measure whether a preference about the form of a reply
(bullets, numbered steps, the 24-hour clock, metric units, a length limit, a preference turned
off, a preference asked in Spanish) is stored and applied when asked in new wording. They are
built with the same constructors as scripts/agent_cases.py. Names say only a number
(pref_p1, pref_p2, ...), so a report row gives nothing away.

The conversation date is 2024-03-15 (a Friday) unless a case or session says otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_cases import Case, case, proc, sem
from agent_checks import (
    BULLET,
    Check,
    _reply_check,
    avoids,
    bullets,
    forgets,
    in_language,
    kept,
    metric,
    remembers,
    says,
)

AM_PM = r"\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)"
# A memory that still mentions bullets is fine when it says not to use them.
NEGATED = r"no\b|not\b|\w+n['’]t\b|stop|without|avoid|instead|plain|prose|no longer|rather"
DASH = re.compile(r"^\s*[-–—]\s+\S")
STEP = re.compile(r"^\s*(?:\*\*)?(?:step\s+)?(\d{1,2})[.):]", re.I)
ABBREVIATIONS = re.compile(r"\b(?:e\.g|i\.e|etc|approx|vs|mr|mrs|dr)\.", re.I)


def dash_points(s: int = -1, t: int | None = None) -> Check:
    """At least two lines start with a dash (not *, • or a number)."""
    return _reply_check("reply_dash_points",
                        lambda r: sum(bool(DASH.match(x)) for x in r.splitlines()) >= 2, s, t)


def numbered_steps(steps: int = 3, s: int = -1, t: int | None = None) -> Check:
    """Lines numbered 1, 2, ... up to `steps` ("1.", "2)", "Step 3:", "**4.**")."""
    def ok(reply: str) -> bool:
        found = {int(m.group(1)) for x in reply.splitlines() if (m := STEP.match(x))}
        return set(range(1, steps + 1)) <= found
    return _reply_check("reply_numbered_steps", ok, s, t)


def sentences(text: str) -> int:
    """Sentences in a text: pieces ending in . ! ? before a space, or lines, with a letter."""
    text = ABBREVIATIONS.sub("", text.strip())
    return sum(bool(re.search(r"[^\W\d_]", p)) for p in re.split(r"(?<=[.!?])\s+|\n+", text))


def at_most_sentences(n: int, s: int = -1, t: int | None = None) -> Check:
    return _reply_check(f"reply_at_most_{n}_sentence{'s' if n > 1 else ''}",
                        lambda r: 0 < sentences(r) <= n, s, t)


def no_bullets(s: int = -1, t: int | None = None) -> Check:
    """Fewer than two lines start with -, * or • (or 1. 2.): plain sentences."""
    return _reply_check("reply_no_bullets",
                        lambda r: sum(bool(BULLET.match(x)) for x in r.splitlines()) < 2, s, t)


@dataclass
class PrefsCase(Case):
    @property
    def split(self) -> str:
        return "prefs"


_count = 0


def pref(sessions: list, checks: list, **kw) -> PrefsCase:
    """A procedural case named by its number only (pref_p<n>)."""
    global _count
    _count += 1
    made = case(f"pref_p{_count}", "procedural", sessions, checks, **kw)
    return PrefsCase(**vars(made))


PREFS_CASES: list[Case] = [
    # --- bullets, asked in new wording ------------------------------------------------------
    pref([["When you give me advice, please set it out as a bulleted list — I only ever skim."],
          ["What should I pack for a weekend of hiking in the hills?"]],
         [remembers(r"bullet|list", kind="procedural"), bullets()]),
    pref([["Paragraphs wear me out. Going forward, write your answers in point form with "
           "dashes, please."],
          ["Any tips for keeping a pot of basil alive on my kitchen windowsill?"]],
         [remembers(r"point|dash|bullet|list", kind="procedural"), dash_points()]),

    # --- numbered steps ---------------------------------------------------------------------
    pref([["Whenever I ask how to do something, break it into numbered steps so I can follow "
           "along one at a time."],
          ["How do I fix a puncture in my bike's inner tube?"]],
         [remembers(r"number|step", kind="procedural"), numbered_steps(3)]),

    # --- the 24-hour clock, then a question answered with a clock time ----------------------
    pref([["I use military time, so please write any times that way when you talk to me."],
          ["My video call with my sister in Osaka starts at quarter to four in the afternoon "
           "and always runs two and a half hours. What time will we hang up?"]],
         [remembers(r"24|twenty-four|military|clock", kind="procedural"),
          says(r"18[:.h]15|1815\b", name="reply_24h_time"),
          avoids(AM_PM, name="reply_no_am_pm")]),

    # --- metric units, then questions whose answers carry a unit ----------------------------
    pref([["Never give me measurements in imperial: I only think in grams, metres and degrees "
           "Celsius."],
          ["How heavy does a fully grown male golden retriever usually get?",
           "And what temperature should the inside of a roast chicken reach before it's safe?"]],
         [remembers(r"metric|imperial|gram|met(er|re)|celsius", kind="procedural"), metric()]),

    # --- a length limit ---------------------------------------------------------------------
    pref([["I read your replies on my smartwatch, so from now on give me a single sentence, "
           "nothing more."],
          ["Why do onions make you cry when you chop them?",
           "What's the best way to store fresh ginger?"]],
         [remembers(r"sentence|brief|short|concise", kind="procedural"),
          at_most_sentences(1)]),

    # --- a standing preference turned off, then a question that invites a list --------------
    pref([["Actually, could you stop putting everything in bullet points? Plain sentences suit "
           "me better now."],
          ["What are some tips for sleeping on a hot summer night?"]],
         [forgets("bullet", s=0, unless=NEGATED, name="bullet_preference_dropped"),
          kept("Lives in Valletta"), no_bullets()],
         seed=[proc("Wants answers as bullet points", "preferences"),
               sem("Lives in Valletta", "location")]),

    # --- a preference asked in Spanish: bullets, in Spanish ---------------------------------
    pref([["¡Hola! Me cuesta leer párrafos largos, así que de ahora en adelante contéstame "
           "siempre en forma de lista con viñetas, por favor."],
          ["¿Qué me recomiendas para dormir bien en un vuelo largo?"]],
         [remembers(r"bullet|viñeta|vineta|lista|list|punto", kind="procedural"), bullets(),
          in_language("es")]),
]
