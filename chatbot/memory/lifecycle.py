"""Versions of a memory: supersede (a correction is a new version), the chain, and revert.

A correction never rewrites the old text in place: the new version is a new memory whose
`supersedes` names the old one, and the old one turns invalid with `superseded_by` set, so it
leaves search but stays listable (`--all`) and can be brought back. Facts of the old text the
correction drops ("Lives in Lisbon, allergic to peanuts" corrected to "Lives in Porto") are
split into memories of their own (or the correction is refused, on_loss="refuse").

The chain of a memory is every memory linked to it by these links, oldest first; its versions
are every text those memories held (each ADD and UPDATE in the history), numbered from 1.
Revert makes one version the current one again and retires the chain's other current ones.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from chatbot.errors import ChatbotError, ConfigError
from chatbot.memory.backends.base import PointData
from chatbot.memory.facts import lost_facts
from chatbot.memory.models import Memory, Source
from chatbot.memory.payloads import new_payload
from chatbot.memory.validation import check_text, clean_categories, text_hash


class FactLossError(ChatbotError):
    """A correction would drop facts of the old text that it does not correct."""


@dataclass(frozen=True)
class Superseded:
    """What a correction wrote: the new version, and the facts split off the old text."""

    old_id: str
    new_id: str
    split_ids: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()


@dataclass(frozen=True)
class Version:
    number: int
    memory_id: str
    text: str
    event: str
    at: str
    current: bool


class Lifecycle:
    """MemoryStore's versioning methods (a mixin: it uses the store's backend and history,
    lock, embedder and write stamps)."""

    def supersede(
        self, memory_id: str, text: str, categories: Iterable[str] | None = None,
        *, user_id: str, actor: str = "api", session_id: str | None = None,
        on_loss: Literal["split", "refuse"] = "split",
        valid_from: str | None = None, valid_until: str | None = None,
        supersedes_also: Iterable[str] = (),
    ) -> Superseded:
        """Replace a current memory by a new version (see the module docstring).

        supersedes_also: more of the user's current memories the new one replaces (compaction).
        """
        text = check_text(text)
        with self._lock:
            old = self.get(memory_id, user_id=user_id, include_deleted=False)
            others = [self.get(i, user_id=user_id, include_deleted=False)
                      for i in supersedes_also if i != old.id]
            cats = old.categories if categories is None else clean_categories(categories)
            self.privacy.check(text, cats)
            lost = [] if others else lost_facts(old.memory_text, text)
            if lost and on_loss == "refuse":
                raise FactLossError(
                    f"refused: the new text drops {'; '.join(lost)} (keep them, or add them "
                    "as memories of their own)")
            olds = [old, *others]
            source = Source(
                session_id=session_id or old.source.session_id,
                message_ids=list(dict.fromkeys(i for m in olds for i in m.source.message_ids)),
                actor=actor)
            texts = [text, *lost]
            vectors = self.embedder.embed_documents(texts)
            stamps = self._stamps(len(texts) + 1)
            ids = [str(uuid.uuid4()) for _ in texts]
            points = []
            for n, (new_id, t, vec, now) in enumerate(zip(ids, texts, vectors, stamps,
                                                          strict=False)):
                payload = self._tag(new_payload(
                    old.user_id, t, cats, old.memory_type, created_at=now, updated_at=now,
                    observed_at=old.observed_at, source=source, digest=text_hash(t),
                    supersedes=[m.id for m in olds],
                    valid_from=valid_from if n == 0 else old.valid_from,
                    valid_until=valid_until if n == 0 else old.valid_until))
                points.append(PointData(new_id, vec.tolist(), self.keywords.document(t), payload))
            # History first, as every write: the log is never behind the store.
            self._history.record_many(
                [(p.id, old.user_id, "ADD", None, p.payload["memory_text"], actor, session_id)
                 for p in points]
                + [(m.id, m.user_id, "SUPERSEDE", m.memory_text, text, actor, session_id)
                   for m in olds])
            self._backend.upsert(points)
            for m in olds:
                self._backend.set_payload(m.id, {"valid": False, "superseded_by": ids[0],
                                                 "updated_at": stamps[-1]})
            return Superseded(old.id, ids[0], tuple(ids[1:]), tuple(lost))

    def chain(self, memory_id: str, *, user_id: str) -> list[Memory]:
        """Every memory linked to this one by supersede links, oldest first."""
        start = self.get(memory_id, user_id=user_id)
        with self._lock:
            rows = self._backend.scroll(self._scope(user_id, valid=None))
        memories = {pid: Memory.from_payload(pid, p) for pid, p in rows}
        links: dict[str, set[str]] = {pid: set() for pid in memories}
        for m in memories.values():
            for other in [*m.supersedes, m.superseded_by]:
                if other in memories:
                    links[m.id].add(other)
                    links[other].add(m.id)
        seen, todo = {start.id}, [start.id]
        while todo:
            for nxt in links.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return sorted((memories[i] for i in seen if i in memories),
                      key=lambda m: (m.created_at, m.id))

    def versions(self, memory_id: str, *, user_id: str) -> list[Version]:
        """Every text the chain held, oldest first, numbered from 1."""
        out: list[Version] = []
        for m in self.chain(memory_id, user_id=user_id):
            texts = [e for e in self.history(m.id, user_id=user_id)
                     if e.event in ("ADD", "UPDATE") and e.new_text is not None]
            for k, e in enumerate(texts):
                last = k == len(texts) - 1
                out.append(Version(0, m.id, e.new_text or "", e.event, e.created_at,
                                   m.valid and last and e.new_text == m.memory_text))
        return [Version(n, v.memory_id, v.text, v.event, v.at, v.current)
                for n, v in enumerate(out, 1)]

    def revert(self, memory_id: str, version: int | None = None, *,
               user_id: str, actor: str = "api") -> Memory:
        """Make a version current again (default: the one before the current ones; for a
        merge of several memories, undo the merge)."""
        with self._lock:
            given = self.get(memory_id, user_id=user_id)
            if version is None and given.valid and len(given.supersedes) > 1:
                self.undo_merge(given.id, user_id=user_id, actor=actor)
                return self.get(given.supersedes[0], user_id=user_id)
            versions = self.versions(memory_id, user_id=user_id)
            if version is None:
                first_current = next((v.number for v in versions if v.current), len(versions) + 1)
                if first_current <= 1:
                    raise ConfigError("nothing to revert to: this is the first version")
                version = first_current - 1
            if not 1 <= version <= len(versions):
                raise ConfigError(f"version must be between 1 and {len(versions)}")
            target = versions[version - 1]
            memory = self.get(target.memory_id, user_id=user_id)
            if memory.memory_text != target.text:
                self._rewrite(memory, check_text(target.text), memory.categories, actor, None,
                              self.embedder.embed_documents([target.text])[0])
            chain = self.chain(memory.id, user_id=user_id)
            # The facts split off in the same write (same `supersedes`) come back with it.
            kept = [memory, *(m for m in chain if m.id != memory.id and memory.supersedes
                              and m.supersedes == memory.supersedes)]
            for m in kept:
                if not m.valid:
                    self._history.record(m.id, user_id, "RESTORE", None,
                                         target.text if m is memory else m.memory_text, actor)
                self._backend.set_payload(m.id, {
                    "valid": True, "superseded_by": None, "updated_at": self._stamps()[0]})
            for m in chain:
                if m.valid and m.id not in {k.id for k in kept}:
                    self._history.record(m.id, user_id, "SUPERSEDE", m.memory_text,
                                         target.text, actor)
                    self._backend.set_payload(m.id, {
                        "valid": False, "superseded_by": memory.id,
                        "updated_at": self._stamps()[0]})
            return self.get(memory.id, user_id=user_id)

    def undo_merge(self, memory_id: str, *, user_id: str,
                   actor: str = "api") -> list[str]:
        """Undo the write that made this memory (a compaction, a correction and its split):
        every memory it superseded is current again; it and its siblings are retired.
        Returns the ids brought back."""
        with self._lock:
            merged = self.get(memory_id, user_id=user_id, include_deleted=False)
            if not merged.supersedes:
                raise ConfigError("this memory replaced nothing; there is nothing to undo")
            sources = set(merged.supersedes)
            siblings = [m for m in self.list(user_id) if set(m.supersedes) == sources]
            back = [self.get(i, user_id=user_id) for i in merged.supersedes]
            for m in siblings:
                self._history.record(m.id, user_id, "DELETE", m.memory_text, None, actor)
                self._backend.set_payload(m.id, {"valid": False, "superseded_by": None,
                                                 "updated_at": self._stamps()[0]})
            for m in back:
                if not m.valid:
                    self._history.record(m.id, user_id, "RESTORE", None, m.memory_text, actor)
                self._backend.set_payload(m.id, {"valid": True, "superseded_by": None,
                                                 "updated_at": self._stamps()[0]})
            return [m.id for m in back]
