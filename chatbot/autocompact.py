"""Compaction in the background, after a session.

When a chat session ends (at `/new`, `/user`, and, for the session that ended at the last
exit, when the next chat starts), each category of the user with CHATBOT_AUTO_COMPACT current
memories or more is compacted (chatbot.memory.compaction) in a thread of its own:
- it never blocks the user: before each merge it waits until no reply and no memory update
  runs, and a reply that starts stops the running merge at the model's next token (the merge
  is tried again once the chat is idle); at exit it stops, and what is left waits for next time;
- it never crosses users: one pass is one user's, every read and write scoped to that user id;
- each merge is a supersede, so provenance and history stay and `memories revert NEW_ID`
  undoes it; a group the LM could not merge without losing a fact is not tried again in this
  process.
CHATBOT_AUTO_COMPACT=0 turns it off.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from chatbot.lm.streaming import Cancelled, token_sink
from chatbot.memory.compaction import CompactionReport, compact, should_compact

ACTOR = "auto-compaction"
WAIT = 0.1  # seconds between looks at whether the chat is idle


class BackgroundCompaction:
    """One thread that compacts, user after user, the categories that grew past `size`."""

    def __init__(self, store: Any, lm: Any, *, size: int,
                 on_report: Callable[[CompactionReport], None] | None = None):
        self.store = store
        self.lm = lm
        self.size = max(2, size)
        self.on_report = on_report
        self.reports: list[CompactionReport] = []
        self._users: list[str] = []
        self._refused: set[frozenset[str]] = set()
        self._idle = threading.Event()
        self._idle.set()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def after_session(self, user_id: str) -> None:
        """Queue a pass over the user's memories (the check itself runs in the thread)."""
        with self._lock:
            if self._stop.is_set():
                return
            if user_id not in self._users:
                self._users.append(user_id)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="compaction")
                self._thread.start()

    def busy(self) -> None:
        """A reply starts: merges wait, and the running one stops at its next token."""
        self._idle.clear()

    def idle(self) -> None:
        """Nothing of the user's runs: merges may go on."""
        self._idle.set()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the queued passes to finish; True when none is left."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.running

    def close(self) -> None:
        """Stop after the current step (a merge being written stays whole) and wait for it."""
        self._stop.set()
        self._idle.set()
        self.wait()

    # ----------------------------------------------------------- the thread

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._users or self._stop.is_set():
                    self._users.clear()
                    return
                user = self._users.pop(0)
            try:
                report = self._pass(user)
            except Exception as exc:  # noqa: BLE001 - compaction must never take the chat down
                report = CompactionReport(user)
                report.counts["errors"] += 1
                report.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
            if report.counts.get("groups") or report.error:
                self.reports.append(report)
                if self.on_report is not None:
                    self.on_report(report)

    def _pass(self, user: str) -> CompactionReport:
        categories = should_compact(self.store, user, size=self.size)
        if not categories or self._stop.is_set():
            return CompactionReport(user)
        with token_sink(self._interrupt):
            report = compact(self.store, user, self.lm, categories=categories, actor=ACTOR,
                             gate=self._gate, skip=self._refused)
        self._refused.update(frozenset(m.source_ids) for m in report.merges
                             if m.refused and m.refused.startswith("the merge dropped"))
        return report

    def _gate(self) -> bool:
        while not self._idle.wait(WAIT):
            pass
        return not self._stop.is_set()

    def _interrupt(self, piece: str) -> None:
        if self._stop.is_set() or not self._idle.is_set():
            raise Cancelled("the user is waiting for a reply")


def describe(report: CompactionReport) -> str:
    """One line for the chat about what a background pass did."""
    if report.error:
        return f"compaction failed: {report.error}"
    merged = [m for m in report.merges if m.new_id]
    if not merged:
        return f"compaction: {report.counts['groups']} group(s) of overlapping memories left " \
               "as they were"
    n = sum(len(m.source_ids) for m in merged)
    ids = ", ".join(m.new_id[:8] for m in merged if m.new_id)
    return f"compacted {n} memories into {len(merged)} ({ids}; `memories revert ID` undoes one)"
