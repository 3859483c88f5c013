"""Test-only stand-ins for the chat's side of issue 11's ChatSession contract.

`install` gives the real ChatSession the keyword arguments the chat passes to turn()
(on_token, on_progress, cancel), `pending`, `cancel_pending()` and `Reply.cancelled` while main
does not have them yet; once it does, it changes nothing. `StreamingSession` is a real session
(real store, transcript and events) whose reply is scripted and streamed slowly: the language
model is the only fake.
"""

from __future__ import annotations

import inspect
import threading
import time
from typing import Any

from chatbot.session import ChatSession, Reply


def install(monkeypatch: Any) -> None:
    if "cancel" in inspect.signature(ChatSession.turn).parameters:
        return
    original = ChatSession.turn

    def turn(self, question, *, on_token=None, on_progress=None, cancel=None):
        if on_progress is not None:
            on_progress("answering")
        return original(self, question)

    monkeypatch.setattr(ChatSession, "turn", turn)
    monkeypatch.setattr(ChatSession, "pending", property(_pending), raising=False)
    monkeypatch.setattr(ChatSession, "cancel_pending", lambda self: None, raising=False)
    monkeypatch.setattr(Reply, "cancelled", False, raising=False)


def _pending(session: ChatSession) -> bool:
    pending = getattr(session, "_pending", None)
    return pending is not None and not pending.done()


class StreamingSession(ChatSession):
    """Answers every message with `REPLY`, one word every `DELAY` seconds, honouring cancel."""

    REPLY = ("Here is a **slow** answer that streams word by word so that you can watch it "
             "arrive and stop it halfway through with a Ctrl-C. THE-END")
    DELAY = 0.25
    interrupt_after: int | None = None  # tests: a simulated Ctrl-C after this many words

    def turn(self, question: str, *, on_token=None, on_progress=None,
             cancel: threading.Event | None = None) -> Reply:
        for step in ("searching memories", "answering"):
            if on_progress is not None:
                on_progress(step)
            time.sleep(self.DELAY)
        self._append({"role": "user", "content": question})
        said: list[str] = []
        for i, word in enumerate(self.REPLY.split(" ")):
            if cancel is not None and cancel.is_set():
                return self._stopped("".join(said))
            piece = word if i == 0 else " " + word
            said.append(piece)
            if on_token is not None:
                on_token(piece)
            if self.interrupt_after == i + 1:
                import _thread

                self.interrupt_after = None  # once
                _thread.interrupt_main()
            time.sleep(self.DELAY)
        self._append({"role": "assistant", "content": "".join(said)})
        self._emit("memory", "nothing saved: the reply was scripted")
        return _reply("".join(said), cancelled=False)

    def _stopped(self, text: str) -> Reply:
        self._append({"role": "assistant", "content": text, "cancelled": True})
        return _reply(text, cancelled=True)


def _reply(text: str, *, cancelled: bool) -> Reply:
    reply = Reply(text, False)
    reply.cancelled = cancelled  # a field once issue 11 lands
    return reply
