"""The one query path: a question or a search request as the text `MemoryStore.search` gets.

The response agent's memory tool and the LoCoMo eval both call `search_text`, so the eval
measures what the product searches with (docs/retrieval-quality.md, "Query rewrite"). It is a
few regular expressions: no model, no tuned parameter, ~10 microseconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Question scaffolding of hypothetical questions ("Would Caroline likely ...", "What would ...
# likely be?"): words no memory says.
_HYPOTHETICAL = re.compile(r"\b(would|might|could|likely)\b", re.I)
_SCAFFOLD = (
    re.compile(r"^(what|which|how)\s+(\w+\s+)?(would|might|could)\s+", re.I),
    re.compile(r"^(would|might|could|is|are|does|do|did|will|has|have)\s+", re.I),
    re.compile(r"\b(likely|probably|possibly|be considered|still)\b", re.I),
    re.compile(r"\bbe\s+", re.I),
)


def _named(name: str) -> re.Pattern[str]:
    """A person's name as a word, possessive included ("Caroline", "Caroline's")."""
    return re.compile(rf"\b{re.escape(name.strip())}(?:'s|s'|\u2019s)?\b")


def search_text(query: str, names: Iterable[str] = ()) -> str:
    """The query without `names` and, for a hypothetical question, without its scaffolding.

    names: the people every one of the user's memories names, such as the speakers of a chat
    (each line of a chat memory starts "Name:"). They match all memories alike, so in a query
    they only pull dense search toward turns that address someone by name ("Thanks, Gina!").
    "Would Caroline likely have Dr. Seuss books on her bookshelf?" with names ["Caroline"] ->
    "have Dr. Seuss books on her bookshelf". The query as it is when nothing would be left.
    """
    text = query
    for name in names:
        if name.strip():
            text = _named(name).sub(" ", text)
    if _HYPOTHETICAL.search(text):
        for pattern in _SCAFFOLD:
            text = pattern.sub("", text.strip())
    text = re.sub(r"\s+", " ", text).strip(" ?")
    return text if re.search(r"\w", text) else query


def asked_about(query: str, names: Iterable[str]) -> str | None:
    """The one of `names` (a chat's speakers) the query names, as `MemoryStore.search(about=)`
    takes it: "What did Caroline paint?" is about Caroline's own turns. None when it names
    none or several (then search weighs only the assistant's words down)."""
    named = {name.strip() for name in names if name.strip() and _named(name).search(query)}
    return named.pop() if len(named) == 1 else None
