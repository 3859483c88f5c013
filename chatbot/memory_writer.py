"""The background memory writer of a chat session: runs the memory agent after a reply, one
update at a time, in its own thread, so the user reads the reply while memory is written.

A transient LM error is retried (chatbot.lm.retry); a failed or cancelled update ends as an
UpdateResult that says so, never as an exception in the chat; writes a failed run had already
made are whole and are reported with the result.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import Any

from chatbot.agents.updater import MemoryUpdater, UpdateResult
from chatbot.lm.retry import RetryPolicy, call_with_retry, transient_kind
from chatbot.lm.streaming import Cancelled, token_sink, was_cancelled


class MemoryWriter:
    """Runs `updater` on the messages given to schedule(); `record` gets each result in the
    caller's thread (from wait() or poll()), never in the writer thread."""

    def __init__(self, updater: MemoryUpdater, *, retry: RetryPolicy,
                 context: Callable[[], AbstractContextManager[Any]],
                 today: Callable[[], str], record: Callable[[UpdateResult], None],
                 explain: Callable[[BaseException], str], background: bool = True):
        """context: the DSPy settings the update runs under (LM, usage callbacks). today: the
        conversation's date. explain: one line for the user about an exception."""
        self.updater = updater
        self.retry = retry
        self._context = context
        self._today = today
        self._record = record
        self._explain = explain
        self._pending: Future[UpdateResult] | None = None
        self._executor = ThreadPoolExecutor(1, "memory-writer") if background else None
        self._cancel = threading.Event()

    def schedule(self, messages: list[dict[str, Any]]) -> None:
        """Update memory from these messages: in the background, or now without a thread."""
        if self._executor is None:
            self._record(self._run(messages))
            return
        self._pending = self._executor.submit(self._run, messages)

    def wait(self) -> None:
        """Finish the pending update, if any, and record it."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self._record(pending.result())
        self._cancel.clear()

    @property
    def pending(self) -> bool:
        """An update is running (or queued)."""
        return self._pending is not None and not self._pending.done()

    def cancel(self) -> None:
        """Ask the running update to stop at the model's next token. Every store write it
        already made stays whole; wait() then returns soon."""
        if self._pending is not None:
            self._cancel.set()

    def poll(self) -> bool:
        """Record the pending update if it has finished, without blocking; True if none is left."""
        pending = self._pending
        if pending is not None and pending.done():
            self.wait()
        return self._pending is None

    def close(self) -> None:
        """Finish the pending update and stop the thread."""
        self.wait()
        if self._executor is not None:
            self._executor.shutdown(wait=True)

    def _run(self, messages: list[dict[str, Any]]) -> UpdateResult:
        """Runs in the writer thread: touches no session state but what it returns."""
        retries: Counter[str] = Counter()
        failed_runs: list[UpdateResult] = []

        def stop_if_cancelled(piece: str) -> None:
            if self._cancel.is_set():
                raise Cancelled("the memory update was skipped")

        def update() -> UpdateResult:
            try:
                with self._context(), token_sink(stop_if_cancelled):
                    return self.updater.run(messages, today=self._today())
            except Exception:
                if self.updater.last_result is not None:
                    failed_runs.append(self.updater.last_result)
                raise

        def on_retry(kind: str, attempt: int, exc: BaseException) -> None:
            retries[f"lm_{kind}"] += 1
            retries["lm_retries"] += 1

        start = time.perf_counter()
        try:
            try:
                result = call_with_retry(update, self.retry, on_retry)
            except Exception as exc:
                if was_cancelled(exc):
                    raise Cancelled() from exc
                raise
        except Cancelled:
            result = UpdateResult(summary="skipped by the user")
            result.counts["updates_skipped_by_user"] += 1
        except Exception as exc:  # noqa: BLE001 - a failed update must not kill the session
            result = UpdateResult(summary="failed")
            result.error = f"memory not updated: {self._explain(exc)}"
            result.counts["update_errors"] += 1
            result.counts[f"lm_{transient_kind(exc) or 'permanent'}"] += 1
        # Writes made by a run that then failed are whole and stay: report them too.
        earlier = [f for f in failed_runs if f is not result]
        result.actions[:0] = [a for f in earlier for a in f.actions]
        for f in earlier:
            result.counts.update(f.counts)
        result.counts.update(retries)
        result.seconds = time.perf_counter() - start
        return result
