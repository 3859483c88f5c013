"""A word taken back for another in lower case ("no wait sorry i meant the xylophone lol, the
banjo is her cousin", "i meant july!! june is the stag do"), read on the whole message: the
shown memory holding the old word gets the new one. Moved out of agents/put_right.py (no
behaviour change; chatbot.agents.part_calls reads the message with it before its parts).
"""

from __future__ import annotations

import re
from typing import Any

from chatbot.agents.parts import TAKES_BACK
from chatbot.agents.put_right import _WORD, _folded, _with_article
from chatbot.agents.rare_words import _rare
from chatbot.memory.timewords import MONTHS, WEEKDAYS

# "i meant the xylophone": a word taken back for a new one, in lower case (a name is read by
# `named_instead`). "no wait sorry i meant the xylophone lol, the banjo is her cousin" beside
# "... she's got a solo on the banjo" was kept as "Daughters' school concert is tomorrow", the
# solo lost (sealed35).
_MEANT = re.compile(r"\bi\s+meant?\s+(?:the\s+|an?\s+|my\s+)?((?-i:[a-z])[\w'-]{2,})\b", re.I)
_MEANT_ZIPF = 5.0  # the old word the part says again is no common one ("the", "is", "kids")


def _same_kind(old: str, new: str) -> bool:
    """Both words are months, or both weekdays ("i meant july!! june is the stag do")."""
    return any(old.lower() in names and new.lower() in names for names in (MONTHS, WEEKDAYS))


def meant_instead(part: str, shown: dict[int, str], updates: dict[int, dict[str, Any]]) -> bool:
    """The shown memory holding the one uncommon word the part says again, with it replaced by
    the word the part meant: "... a solo on the banjo" -> "... a solo on the xylophone"."""
    meant = _MEANT.search(part)
    if meant is None or not TAKES_BACK.search(part[:meant.start()] + " i meant"):
        return False
    new = meant.group(1)
    again = {w.lower() for w in _WORD.findall(part[meant.end():] + " " + part[:meant.start()])}
    if new.lower() in again:
        return False  # "sorry i meant tuesday, the dentist is tuesday": said of something else
    for memory_id, old in shown.items():
        if memory_id in updates or _folded(new) in {_folded(w) for w in _WORD.findall(old)}:
            continue
        olds = [m for m in _WORD.finditer(old)
                if m.group(0).lower() in again and (_rare(m.group(0), below=_MEANT_ZIPF)
                                                    or _same_kind(m.group(0), new))]
        if len({m.group(0).lower() for m in olds}) != 1:
            continue
        at = olds[-1]
        word = new[:1].upper() + new[1:] if at.group(0)[:1].isupper() else new  # "July"
        updates[memory_id] = {"memory_id": memory_id, "categories": [],
                              "updated_memory_text": _with_article(old[:at.start()], new) + word
                              + old[at.end():]}
        return True
    return False
