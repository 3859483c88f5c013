"""`chatbot chat`: the interactive conversation, one ChatSession at a time."""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from rich.console import Console

from chatbot.autocompact import BackgroundCompaction
from chatbot.autocompact import describe as describe_compaction
from chatbot.cli import render
from chatbot.cli.app import (
    add_common_options,
    describe_lm,
    load_settings,
    new_session_id,
    one_line_errors,
    open_store,
    store_location,
)
from chatbot.cli.app import build_lm as default_build_lm
from chatbot.cli.commands import Commands
from chatbot.cli.repl import LineReader, input_history_file, make_reader
from chatbot.cli.stream import Outcome, TurnView, start_worker
from chatbot.cli.undo import SessionChanges
from chatbot.config import Settings
from chatbot.memory import MemoryStore
from chatbot.session import ChatSession, Reply, SessionEvent
from chatbot.transcripts import load_transcript, transcript_file

# Shown after the reply: errors (the turn's own is said once) and what memory did.
AFTER_THE_REPLY = ("error", "memory")
DOUBLE_CTRL_C = 2.0  # seconds: a second Ctrl-C within this exits
POLL = 0.1


def register(subparsers: argparse._SubParsersAction) -> None:
    p = one_line_errors(subparsers.add_parser(
        "chat", help="chat with the bot (it remembers you)",
        description="Chat in the terminal; the bot remembers you."))
    add_common_options(p)
    p.add_argument("--session", metavar="ID", help="session id (resumes its transcript if any)")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="hide the dim lines about what memory did")
    p.set_defaults(func=run_chat)


def run_chat(args: argparse.Namespace, lm: Any = None, input_stream: TextIO | None = None,
             console: Console | None = None, err_console: Console | None = None,
             reader: LineReader | None = None,
             session_factory: Callable[..., ChatSession] = ChatSession) -> int:
    """Run the REPL. Tests inject a scripted `lm` (or session), input and consoles."""
    settings = load_settings(args)
    out = console or Console()
    err = err_console or console or Console(stderr=True)
    render.note(err, describe_lm(settings))
    with render.spinner(err, "opening memory…"):
        store = open_store(settings)
    app = None
    try:
        render.note(err, f"memory: {store_location(settings, store)}")
        if lm is None:
            with render.spinner(err, "loading the language model…"):
                lm = default_build_lm(settings)
        if reader is None:
            reader = make_reader(input_history_file(settings.data_dir, settings.user), input_stream,
                                 commands=Commands.names())
        app = ChatApp(settings, store, lm, reader, out, err, quiet=args.quiet,
                      session_factory=session_factory)
        app.start_session(settings.user, getattr(args, "session", None))
        if reader.interactive:
            render.note(err, "Enter sends, Alt-Enter adds a line, /help lists commands, "
                             "Ctrl-D exits.")
        return app.loop()
    finally:
        if app is not None:
            app.stop_background()
        store.close()


class ChatApp:
    """The conversation loop: messages go to the agents, lines starting with / to Commands."""

    def __init__(self, settings: Settings, store: MemoryStore, lm: Any, reader: LineReader,
                 out: Console, err: Console, *, quiet: bool = False,
                 session_factory: Callable[..., ChatSession] = ChatSession):
        self.settings = settings
        self.store = store
        self.lm = lm
        self.reader = reader
        self.out = out
        self.err = err
        self.quiet = quiet
        self.debug = False
        self.session: ChatSession | None = None
        self.commands = Commands(self)
        self._shown_update: Any = None
        self._running: Outcome | None = None  # the turn in the worker thread
        self._pending_since: float | None = None
        self.session_factory = session_factory
        # Compaction after each session, in the background (chatbot.autocompact).
        self.compaction = (BackgroundCompaction(store, lm, size=settings.auto_compact,
                                                on_report=self._compacted)
                           if settings.auto_compact > 0 else None)
        self._compaction_notes: list[str] = []
        self._warming: threading.Thread | None = None
        # Memory updates that land while the user types are shown above the prompt.
        reader.on_idle = self.collect
        reader.status = self.prompt_status

    @property
    def user(self) -> str:
        assert self.session is not None
        return self.session.user_id

    # ------------------------------------------------------------- sessions

    def start_session(self, user: str, session_id: str | None = None) -> None:
        """Close the current session (its writes finish) and start a new one."""
        previous = self.session.user_id if self.session is not None else None
        self.end_session()
        if self.compaction is not None:
            # The session that just ended (at chat start: the one that ended at the last exit).
            self.compaction.after_session(previous if previous is not None else user)
        session_id = session_id or new_session_id()
        if previous not in (None, user) and hasattr(self.reader, "use_history"):
            # typed lines are kept per user: /user switches the history file too
            self.reader.use_history(input_history_file(self.settings.data_dir, user))
        path = None
        if self.settings.save_transcripts:
            path = transcript_file(self.settings.transcripts_dir, user, session_id)
        earlier, problems = load_transcript(path) if path is not None else ([], [])
        for problem in problems:
            render.note(self.err, problem)
        self.session = self.session_factory(
            user, self.store, self.lm, session_id=session_id, transcript_path=path,
            search_limit=self.settings.search_limit,
            context_messages=self.settings.update_context_messages,
            keep_raw_transcript=self.settings.keep_raw_transcript)
        self.session.transcript.extend(earlier)
        if previous is None:
            self._warm_up()
        self.changes = SessionChanges(self.store, user, session_id)
        count = len(self.store.list(user))
        resumed = f", resumed with {len(earlier)} earlier messages" if earlier else ""
        render.note(self.err, f"user: {user} ({count} memories) · session {session_id}{resumed}")

    def end_session(self) -> None:
        if self.session is None:
            return
        self.finish_memory()
        with render.spinner(self.err, "saving memories…"):
            self.session.close()
        self.show_events()
        self.session = None

    # ----------------------------------------------------------------- loop

    def loop(self) -> int:
        last_ctrl_c = 0.0
        while True:
            self.collect()
            try:
                line = self.reader.read(f"{self.user}> ")
            except KeyboardInterrupt:  # at an empty prompt: the reader clears a typed line
                now = time.monotonic()
                if now - last_ctrl_c < DOUBLE_CTRL_C:
                    break
                last_ctrl_c = now
                render.note(self.err, "^C again to exit")
                continue
            if line is None:
                break
            if not line.strip():
                continue
            try:
                if line.lstrip().startswith("/"):
                    if not self.commands.run(line.strip()):
                        break
                    continue
                self.turn(line)
            except KeyboardInterrupt:  # outside a reply's own handling: back to the prompt
                render.note(self.err, "(interrupted)")
        self.end_session()
        return 0

    def turn(self, text: str) -> Reply | None:
        """One message: the step and its seconds, the reply as it streams, then as Markdown.

        Ctrl-C cancels the reply and returns to the prompt; a second one stops waiting for the
        cancelled turn to wind down (the next message waits for it instead).
        """
        assert self.session is not None
        self.finish_turn()
        if self.compaction is not None:
            self.compaction.busy()  # a merge running in the background gives way
        session = self.session
        cancel = threading.Event()
        view = TurnView(self.live_console(), "updating memory" if session.pending else "thinking")
        after: list[SessionEvent] = []  # errors and memory lines, shown after the reply
        self._running = outcome = start_worker(lambda: session.turn(
            text, on_token=view.token, on_progress=view.step, cancel=cancel))
        with view:
            while True:
                try:
                    if outcome.done.wait(POLL):
                        break
                    self.show_events(defer=after)
                except KeyboardInterrupt:
                    if cancel.is_set():  # a second Ctrl-C: stop waiting for the turn to end
                        break
                    cancel.set()
                    view.step("cancelling")
        if not outcome.done.is_set():
            render.note(self.err, "cancelled; the reply stops in the background")
            for ev in after:
                self.show_event(ev)
            return None
        self._running = None
        if outcome.error is not None:
            raise outcome.error
        reply: Reply = outcome.value
        self.show_events(defer=after)
        if reply.cancelled:
            if view.streamed:
                render.partial_reply(self.out, view.streamed)
            render.note(self.err, "(cancelled)")
        elif reply.error:
            render.error(self.err, reply.error)
        else:
            render.reply(self.out, reply.response)
        for ev in after:
            if not (ev.kind == "error" and ev.text == reply.error):
                self.show_event(ev)
        if self.debug and reply.trajectory:
            render.trajectory(self.err, reply.trajectory, "response agent")
        return reply

    def finish_turn(self) -> None:
        """Wait for a cancelled turn that was left to stop: the session runs one turn at a time."""
        running, self._running = self._running, None
        if running is None or running.done.is_set():
            return
        with render.spinner(self.err, "stopping the cancelled reply…"):
            while not running.done.wait(POLL):
                pass

    def live_console(self) -> Console | None:
        """Where the turn's live view goes: the terminal (stderr first: it is not the answer)."""
        for console in (self.err, self.out):
            if console.is_terminal:
                return console
        return None

    def prompt_status(self) -> str:
        """Beside the prompt: what runs in the background while the user types."""
        session = self.session
        if session is None or not session.pending:
            self._pending_since = None
            compacting = self.compaction is not None and self.compaction.running
            return "compacting memories" if compacting else ""
        if self._pending_since is None:
            self._pending_since = time.monotonic()
        return f"updating memory {time.monotonic() - self._pending_since:.0f} s"

    def confirm(self, question: str) -> bool:
        if not self.reader.interactive:
            render.note(self.err, f"{question} [y/N]")
        return self.reader.confirm(question)

    # --------------------------------------------------------------- events

    def collect(self) -> None:
        """Record a background memory update that has finished, and show what it did."""
        session = self.session
        if session is None:
            return
        if session.poll() and self._running is None and self.compaction is not None:
            self.compaction.idle()
        self.show_events()
        while self._compaction_notes:
            render.note(self.err, self._compaction_notes.pop(0))

    def _compacted(self, report: Any) -> None:
        """From the compaction thread: shown at the next prompt."""
        self._compaction_notes.append(describe_compaction(report))

    def _warm_up(self) -> None:
        """The embedded model evaluates each agent's fixed prompt start while the user types
        the first message; those states (no user text) are the ones saved for the next process
        (chatbot.lm.local.prompt_cache). Only where states persist: a model with a cache dir."""
        engine = getattr(self.lm, "engine", None)
        if self.session is None or getattr(engine, "prompt_cache_dir", None) is None:
            return
        self._warming = threading.Thread(target=self.session.warm_up, daemon=True,
                                         name="warm-up")
        self._warming.start()

    def stop_background(self) -> None:
        """At exit: background compaction stops after its current step, the warm-up ends."""
        if self.compaction is not None:
            self.compaction.close()
        if self._warming is not None:
            self._warming.join()

    def settle(self) -> None:
        """Finish pending memory writes before reading or changing memory by hand."""
        self.finish_memory("finishing the memory update (Ctrl-C to skip)")

    def finish_memory(self, message: str = "finishing memory write (Ctrl-C to skip)") -> None:
        """Wait for the background memory write; Ctrl-C asks it to stop after its current write
        (each store write stays whole)."""
        session = self.session
        if session is None:
            return
        self.finish_turn()
        if not session.poll():
            if not self.err.is_terminal:
                render.note(self.err, message)
            skipped = False
            with render.spinner(self.err, message, elapsed_after=1.0):
                while True:
                    try:
                        if session.poll():
                            break
                        time.sleep(POLL)
                    except KeyboardInterrupt:
                        if not skipped:
                            skipped = True
                            session.cancel_pending()
                            render.note(self.err, "skipping: the memory write stops after its "
                                                  "current step")
        self.show_events()

    def show_events(self, *, defer: list[SessionEvent] | None = None) -> None:
        """Show what the session did; with `defer`, errors and memory lines are kept for after
        the reply (the turn's own error is said once, and memory's line comes last)."""
        session = self.session
        if session is None:
            return
        for ev in session.drain_events():
            if defer is not None and ev.kind in AFTER_THE_REPLY:
                defer.append(ev)
            else:
                self.show_event(ev)
        update = session.last_update
        if self.debug and update is not None and update is not self._shown_update:
            self._shown_update = update
            render.trajectory(self.err, update.trajectory, "memory update agent")

    def show_event(self, ev: SessionEvent) -> None:
        if ev.kind == "error":
            render.error(self.err, ev.text)
        elif not self.quiet or ev.kind == "notice":
            render.event(self.err, ev.kind, ev.text)
        if ev.kind == "memory":
            self.changes.record(ev.data.get("event"), ev.data.get("id"))
