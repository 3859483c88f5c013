"""The direct reply's first words, from what this turn's searches found (Limits.open_with_memory).

`first_words` reads the question and the found memories and hands `opening.opening` what it
needs: the current facts said to the user, the dated ones that fall in a time the question
asks about ("this week"), whether the thing or person the question asks about is in them at
all, and the reply's language and format. The response agent calls it once a turn.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime
from typing import Any

import numpy as np

from chatbot.agents.asking import (
    asked_mine,
    asked_name,
    asked_someone,
    names_only,
    owner_and_attribute,
)
from chatbot.agents.casual import with_apostrophes
from chatbot.agents.countdown import countdown
from chatbot.agents.guards import stems
from chatbot.agents.opening import opening
from chatbot.agents.rare_words import _rare
from chatbot.agents.reply_style import ReplyStyle
from chatbot.agents.wording import second_person
from chatbot.memory import RetrievedMemory
from chatbot.memory.found import asked_time, overlap_note
from chatbot.memory.validity import status

# How close (cosine, MiniLM) a found memory's text or categories must be to the thing a
# question asks of the user's own ("shoe size") to be about it. Measured on 16 pairs that are
# (job / "[work] Is a steeplejack", partner's name / "[family] Is married to Tom": 0.30 and
# up) and 10 that are not (shoe size / "[location] Lives in Teruel" 0.23, phone number /
# "[work] Works as a nurse" 0.17); below it the reply says the user has not told it. On
# MiniLM's scale: another embedder would want its own (as ranking.floor_for has).
ABOUT_MIN = 0.25


def answering(thing: str, found: list[RetrievedMemory]) -> list[RetrievedMemory]:
    """The found memories that may answer a question for someone's `thing`: not one that
    only names them, unless their name is asked for (`opening.names_only`)."""
    # Nor one that says the user has the thing and no more: "Has a passport number" (kept from
    # a secret) does not answer "whats my passport number again?" (sealed45's reply made one
    # up, "2024-03-15").
    found = [m for m in found if not re.fullmatch(rf"(?:Has|You\s+have)\s+(?:an?\s+)?"
                                                  rf"{re.escape(thing)}\W*", m.memory_text.strip(),
                                                  re.I)]
    owned = owner_and_attribute(thing)
    if owned is None or owned[1] == "name":
        return found
    return [m for m in found if not names_only(m.memory_text)]


def to_you(m: RetrievedMemory) -> RetrievedMemory:
    """A fact the memory agent wrote, as said to the user ("You live in Montreal"); a stored
    chat message (it has a speaker) as it is. Replies that read "Lives in Montreal" beside a
    question saying "my" often answered as the user ("Sturmi ist mein Pferd")."""
    if m.source.speaker is not None:
        return m
    return replace(m, memory_text=second_person(m.memory_text))


def about(thing: str, found: list[RetrievedMemory], embedder: Any, *,
          categories: bool = True) -> bool:
    """Whether a found memory is about the thing a question asks for: it says a word of
    it, or its text or its categories are close to it (`ABOUT_MIN`). "shoe size" and "[pet]
    Has a sugar glider called Evadne" are not; "hobby" and "[hobbies] Plays the cello" are,
    and so are "job" and "[work] Is a steeplejack". categories=False: the texts only (one
    word such as "wife" is as close to "[location]" as to her). Without an embedder, any
    found memory counts."""
    if not found:
        return False
    if any(stems(thing) & stems(m.memory_text) for m in found):
        return True
    if embedder is None:
        return True
    texts = [t for m in found
             for t in (m.memory_text, " ".join(m.categories) if categories else "")
             if t.strip()]
    vectors = np.asarray(embedder.embed_documents([thing, *texts]), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True).clip(1e-9)
    return bool((vectors[1:] @ vectors[0] >= ABOUT_MIN).any())


ENDED_AMONG = 3  # the found memories a past one that the question names may be among


def _ended(found: list[RetrievedMemory], question: str, now: datetime | None) -> date | None:
    """The end date of the memory closest to the message (search order) when it is past and
    the message names something of it ("my pass" beside "Climbing gym pass is valid until
    ..."): a past stay found first for "What fruit could I pack?" is not what it asks about.
    Past the first, one of the next that the question names by an uncommon word ("ljubica's
    lizard" beside "... Ljubica's uromastyx is staying at theirs until 9 April", found after
    "Eats sooo many greens", sealed33)."""
    asked = stems(question)
    for n, best in enumerate(found[:ENDED_AMONG]):
        shared = stems(best.memory_text) & asked
        if status(best, now) != "past" or not shared or (n and not shared & _asked_of(
                question, "")):
            continue
        try:
            return date.fromisoformat(best.valid_until[:10])
        except ValueError:  # a malformed stored date: no words about it
            return None
    return None


# Rarer than this (wordfreq's Zipf scale) a word of a question says what it asks about:
# "keysafe" (unknown), not "code" (4.9), "live" or "again".
ASKED_ZIPF = 4.5


def _asked_of(question: str, who: str) -> set[str]:
    """The stems of the question's uncommon words besides `who`: what it asks of them."""
    return stems(" ".join(w for w in re.findall(r"[^\W\d_]+", question)
                          if _rare(w, below=ASKED_ZIPF))) - stems(who)


def first_words(question: str, found: list[RetrievedMemory], now: datetime | None, *,
                embedder: Any, reply_in: str | None, style: ReplyStyle) -> str:
    """The reply's first words for `question` (as the user typed it), given the memories
    this turn found (search order), the language the preferences ask replies in and their
    format (agents/opening.py writes the words)."""
    ended = _ended(found, question, now)
    current = [to_you(m).memory_text for m in found if status(m, now) != "past"]
    read = with_apostrophes(question)  # "whats my ..." read as "what's my ..."
    thing, who = asked_mine(read), asked_someone(read)
    asked = asked_time(read, now)  # "this week": the dated facts that fall in it
    during = [to_you(m).memory_text for m in found if status(m, now) != "past"
              and overlap_note(m, asked).startswith("overlaps")]
    today = (now or datetime.now().astimezone()).date()
    if reply_in is None and not (style.bullets or style.numbered) and (
            count := countdown(read, current, today)):
        return count  # "how many days until ...": counted in code (agents/countdown.py)
    untold = thing if thing and not about(thing, answering(thing, found), embedder) else None
    # Nor "you haven't told me anything about your place" beside "Keysafe code is ..." for
    # "whats the keysafe code at my place again?": a found memory says what else it asks.
    nobody = who if who and not about(who, found, embedder, categories=False) and not any(
        _asked_of(read, who) & stems(m.memory_text) for m in found) else None
    name = asked_name(read)
    unnamed = name if name and not any(name.lower() in m.memory_text.lower()
                                       for m in found) else None
    return opening(read, found=bool(found), current=current, during=during,
                   untold=untold, nobody=nobody, unnamed=unnamed, past=len(current) < len(found),
                   preferences=reply_in is not None, reply_in=reply_in,
                   bullets=bool(style.bullets), numbered=bool(style.numbered), ended=ended)
