"""/undo: the memory changes of this chat session, newest last, and how to take one back."""

from __future__ import annotations

from dataclasses import dataclass

from chatbot.cli import render
from chatbot.cli.app import UsageError, short_id
from chatbot.memory import MemoryStore

# What each change's undo does: ADD and RESTORE are deleted, UPDATE gets its old text back,
# DELETE is restored, REVERT makes the version current before it current again. A purge is
# for good; NOOP changed nothing.
UNDOABLE = ("ADD", "UPDATE", "DELETE", "RESTORE", "REVERT")


@dataclass(frozen=True)
class Change:
    event: str
    memory_id: str
    version: int | None = None  # REVERT: the version that was current before


class SessionChanges:
    """Changes made in one chat session, by the memory agent or by the user's commands."""

    def __init__(self, store: MemoryStore, user: str, session_id: str):
        self.store = store
        self.user = user
        self.session_id = session_id
        self._changes: list[Change] = []

    def record(self, event: str | None, memory_id: str | None,
               version: int | None = None) -> None:
        if event in UNDOABLE and memory_id:
            self._changes.append(Change(event, memory_id, version))

    def forget(self, memory_id: str | None) -> None:
        """A purged memory (None: all of them) has nothing left to undo."""
        self._changes = [c for c in self._changes if memory_id not in (None, c.memory_id)]

    def undo(self) -> str:
        """Take back the newest change; returns what was done, in one line."""
        if not self._changes:
            raise UsageError("nothing to undo: this session changed no memory")
        change = self._changes.pop()
        store, user, mid = self.store, self.user, change.memory_id
        if change.event in ("ADD", "RESTORE"):
            text = store.get(mid, user_id=user).memory_text
            store.delete(mid, user_id=user, actor="user", session_id=self.session_id)
            return f"undid {change.event} of {short_id(mid)}: deleted '{render.clip(text)}'"
        if change.event == "REVERT" and change.version is not None:
            m = store.revert(mid, change.version, user_id=user, actor="user")
            return f"undid the restore: version {change.version} is current again " \
                   f"('{render.clip(m.memory_text)}')"
        if change.event == "DELETE":
            m = store.restore(mid, user_id=user, actor="user")
            return f"undid DELETE of {short_id(mid)}: restored '{render.clip(m.memory_text)}'"
        old = self._text_before_update(mid)
        store.update(mid, old, user_id=user, actor="user", session_id=self.session_id)
        return f"undid UPDATE of {short_id(mid)}: back to '{render.clip(old)}'"

    def _text_before_update(self, memory_id: str) -> str:
        """The old text of this session's latest UPDATE of the memory, from the history log."""
        for event in reversed(self.store.history(memory_id, user_id=self.user)):
            if event.event == "UPDATE" and event.session_id == self.session_id:
                if event.old_text:
                    return event.old_text
                break
        raise UsageError(f"the history of {short_id(memory_id)} has no earlier text to go back to")
