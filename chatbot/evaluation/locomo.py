"""LoCoMo data: load the benchmark file, normalise its quirks, turn each dialog turn into text.

The format is that of `data/locomo10.json` in snap-research/LoCoMo (Maharana et al., ACL 2024):
a list of samples, each with `sample_id`, `conversation` (`speaker_a`, `speaker_b`, `session_N`
lists of turns and `session_N_date_time` strings) and `qa` (question, answer, evidence, category).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from chatbot.errors import ChatbotError
from chatbot.memory.chunking import Line, message_memories

# 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial (no answer; skipped).
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
SKIPPED_CATEGORIES = frozenset({5})
DATA_HINT = "get data/locomo10.json from https://github.com/snap-research/LoCoMo"

_SESSION_KEY = re.compile(r"session_(\d+)")
# "D8:6", "D:11:26", "D30:05": a dialog id is D<session>:<turn>, sometimes with stray ':' or zeros.
_EVIDENCE_ID = re.compile(r"D:?(\d+):(\d+)")


class DataError(ChatbotError):
    """The benchmark file is missing, unreadable or not in the expected format."""


@dataclass(frozen=True)
class Turn:
    dia_id: str
    speaker: str
    text: str
    caption: str | None = None


@dataclass
class Session:
    number: int
    date: datetime | None
    turns: list[Turn]


@dataclass(frozen=True)
class Question:
    id: str
    category: int
    question: str
    answer: str
    evidence: tuple[str, ...]


@dataclass
class Conversation:
    sample_id: str
    speakers: tuple[str, str]
    sessions: list[Session]
    questions: list[Question]
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def turn_count(self) -> int:
        return sum(len(s.turns) for s in self.sessions)


def normalise_evidence(raw: Any) -> list[str]:
    """Canonical dialog ids in one evidence entry: 'D8:6; D9:17' -> ['D8:6', 'D9:17']."""
    return [f"D{int(s)}:{int(t)}" for s, t in _EVIDENCE_ID.findall(str(raw))]


def parse_session_date(text: str) -> datetime | None:
    """'1:56 pm on 8 May, 2023' -> datetime(2023, 5, 8, 13, 56); None if it does not parse."""
    cleaned = re.sub(r"\s+", " ", str(text).strip()).upper()
    for fmt in ("%I:%M %p ON %d %B, %Y", "%I:%M %p ON %d %b, %Y", "%d %B, %Y", "%d %B %Y"):
        try:
            return datetime.strptime(cleaned, fmt)
        except ValueError:
            continue
    return None


def date_label(date: datetime | None) -> str:
    return f"{date.day} {date:%B} {date.year}" if date else "unknown date"


def turn_content(turn: Turn) -> str:
    """The turn's words, with ' [shares <caption>]' when it has an image caption."""
    return turn.text + (f" [shares {turn.caption}]" if turn.caption else "")


def turn_line(turn: Turn) -> str:
    """'Caroline: text [shares ...]': one turn as a line of memory text."""
    return f"{turn.speaker}: {turn_content(turn)}"


def turn_text(turn: Turn, date: datetime | None) -> str:
    """One turn alone as memory text: "[8 May 2023] Caroline: text [shares ...]"."""
    return f"[{date_label(date)}] {turn_line(turn)}"


def turn_memories(session: Session, index: int, context: int = 0) -> list[tuple[str, list[str]]]:
    """Texts and provenance of the memories of session turn `index` with `context` previous
    turns; the one place direct mode's memory text is decided (chatbot.memory.chunking).

    "[8 May 2023] Caroline: answer\nMelanie: question": the turn first, then the earlier turns
    (oldest first, each clipped); a long turn gives several memories with the same provenance,
    which is exactly the dia_ids whose text they contain.
    """
    before = session.turns[max(0, index - context):index] if context > 0 else []
    lines = [Line(t.dia_id, t.speaker, turn_content(t)) for t in [*before, session.turns[index]]]
    return message_memories(lines[-1], lines[:-1], f"[{date_label(session.date)}] ")


# The ways the eval can turn a question into the search query (EvalConfig / sweep option):
# "rewrite" is chatbot.memory.query.search_text with the chat's speaker names; "agent" is the same
# function without names, exactly as the response agent's memory tool calls it.
QUERY_MODES = ("question", "rewrite", "agent")


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_samples(path: str | Path) -> list[dict[str, Any]]:
    """The file's samples as plain JSON; DataError (one line) if it cannot be used."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"LoCoMo data file not found: {path} ({DATA_HINT})") from None
    except IsADirectoryError:
        raise DataError(f"LoCoMo data path is a directory, not a file: {path}") from None
    except OSError as exc:
        raise DataError(f"cannot read LoCoMo data file {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataError(f"{path} is not UTF-8 text, so not a LoCoMo JSON file") from None
    except json.JSONDecodeError as exc:
        raise DataError(
            f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    if not isinstance(data, list) or not data:
        raise DataError(f"{path} is not LoCoMo data: expected a non-empty JSON list of samples")
    for i, sample in enumerate(data):
        if not isinstance(sample, dict):
            raise DataError(f"{path}: sample {i} is not a JSON object")
        for key, kind in (("sample_id", str), ("conversation", dict), ("qa", list)):
            if not isinstance(sample.get(key), kind):
                name = sample.get("sample_id", f"#{i}")
                raise DataError(f"{path}: sample {name} has no valid {key!r} ({kind.__name__})")
    return data


def parse_sample(sample: dict[str, Any], where: str = "") -> Conversation:
    """One sample as a Conversation: real sessions only, evidence normalised, category 5 dropped."""
    sid = sample["sample_id"]
    conv = sample["conversation"]
    skipped = {"non_list_sessions": 0, "category_5": 0, "no_evidence": 0, "bad_turns": 0}
    sessions: list[Session] = []
    for key, value in conv.items():
        match = _SESSION_KEY.fullmatch(key)
        if not match:
            continue
        if not isinstance(value, list):
            skipped["non_list_sessions"] += 1
            continue
        turns = []
        for t in value:
            if not (isinstance(t, dict) and t.get("dia_id") and isinstance(t.get("text"), str)):
                skipped["bad_turns"] += 1
                continue
            ids = normalise_evidence(t["dia_id"])
            caption = t.get("blip_caption")
            turns.append(Turn(ids[0] if ids else str(t["dia_id"]), str(t.get("speaker", "?")),
                              t["text"], caption if isinstance(caption, str) and caption else None))
        date = parse_session_date(conv.get(f"{key}_date_time", ""))
        sessions.append(Session(int(match.group(1)), date, turns))
    sessions.sort(key=lambda s: s.number)
    questions: list[Question] = []
    for i, qa in enumerate(sample["qa"]):
        if not isinstance(qa, dict) or not isinstance(qa.get("question"), str):
            raise DataError(f"{where}sample {sid}: question #{i} has no 'question' text")
        try:
            category = int(qa.get("category"))
        except (TypeError, ValueError):
            raise DataError(
                f"{where}sample {sid}: question #{i} has no integer 'category'") from None
        if category in SKIPPED_CATEGORIES:
            skipped["category_5"] += 1
            continue
        evidence = qa.get("evidence") or []
        if isinstance(evidence, str):
            evidence = [evidence]
        ids = list(dict.fromkeys(x for e in evidence for x in normalise_evidence(e)))
        if not ids:
            skipped["no_evidence"] += 1
            continue
        answer = qa.get("answer", "")
        questions.append(Question(f"{sid}/q{i}", category, qa["question"],
                                  "" if answer is None else str(answer), tuple(ids)))
    speakers = (str(conv.get("speaker_a", "A")), str(conv.get("speaker_b", "B")))
    return Conversation(sid, speakers, sessions, questions, skipped)


def load_locomo(path: str | Path, conversations: list[str] | None = None) -> list[Conversation]:
    """The conversations of a LoCoMo file, optionally only those with the given sample ids."""
    samples = read_samples(path)
    by_id = {s["sample_id"]: s for s in samples}
    if conversations:
        unknown = [c for c in conversations if c not in by_id]
        if unknown:
            raise DataError(
                f"no conversation {', '.join(unknown)} in {path}; it has {', '.join(by_id)}")
        samples = [by_id[c] for c in dict.fromkeys(conversations)]
    return [parse_sample(s, f"{path}: ") for s in samples]
