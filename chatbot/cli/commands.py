"""Slash commands: each `cmd_xxx` method is `/xxx`, its docstring the help line.

A command name may be shortened to any unambiguous prefix (`/mem` is `/memories`). A command
returns False to end the chat. Bad arguments and unknown commands are one line of help.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rich.text import Text

from chatbot.cli import render
from chatbot.cli.app import UsageError, resolve_memory_id, short_id
from chatbot.cli.memories import memory_history, memory_versions, write_export
from chatbot.errors import ChatbotError
from chatbot.forget import purge_everywhere, record_export

if TYPE_CHECKING:
    from rich.console import Console

    from chatbot.cli.undo import SessionChanges
    from chatbot.config import Settings
    from chatbot.memory import MemoryStore
    from chatbot.session import ChatSession


class ChatContext(Protocol):
    """What the commands need from the chat that runs them (the chat app provides it)."""

    out: Console
    err: Console
    settings: Settings
    store: MemoryStore
    session: ChatSession | None
    changes: SessionChanges  # this session's memory changes, for /undo
    debug: bool

    @property
    def user(self) -> str: ...

    def settle(self) -> None:
        """Finish pending memory writes, so a command sees the latest memories."""

    def confirm(self, question: str) -> bool: ...

    def start_session(self, user: str, session_id: str | None = None) -> None: ...


class Commands:
    def __init__(self, app: ChatContext):
        self.app = app

    @classmethod
    def names(cls) -> list[str]:
        return sorted(name[4:] for name in dir(cls) if name.startswith("cmd_"))

    @classmethod
    def help_line(cls, name: str) -> str:
        doc = getattr(cls, f"cmd_{name}").__doc__ or ""
        return doc.strip().splitlines()[0] if doc.strip() else f"/{name}"

    def match(self, word: str) -> str:
        """The command a typed word names: exact, or the only command it is a prefix of."""
        names = self.names()
        if word in names:
            return word
        found = [n for n in names if n.startswith(word)]
        if len(found) == 1:
            return found[0]
        if found:
            raise UsageError(f"/{word} is ambiguous: {', '.join('/' + n for n in found)}")
        raise UsageError(f"unknown command /{word}; /help lists the commands")

    def run(self, line: str) -> bool:
        """Run one slash command line; False means the chat should end."""
        word, _, rest = line.lstrip("/").partition(" ")
        try:
            name = self.match(word.strip().lower())
            return getattr(self, f"cmd_{name}")(rest.strip()) is not False
        except ChatbotError as exc:
            render.error(self.app.err, str(exc))
            return True

    # ----------------------------------------------------------- helpers

    def _need(self, arg: str, name: str) -> str:
        if not arg:
            raise UsageError(f"usage: {self.help_line(name)}")
        return arg

    def _count(self, what: str, n: int = 1) -> None:
        """Changes made by hand count in /stats beside the memory agent's."""
        if self.app.session is not None:
            self.app.session.stats[what] += n

    def _resolve(self, text: str, *, include_deleted: bool = True) -> str:
        return resolve_memory_id(self.app.store, self.app.user, text,
                                 include_deleted=include_deleted)

    # ---------------------------------------------------------- commands

    def cmd_help(self, arg: str) -> None:
        """/help  show the commands"""
        for name in self.names():
            self.app.out.print(Text(self.help_line(name)))
        self.app.out.print(Text("Commands may be shortened (/mem is /memories). Enter sends, "
                                "Alt-Enter adds a line, Ctrl-C clears, Ctrl-D exits.",
                                style="dim"))

    def cmd_memories(self, arg: str) -> None:
        """/memories [CATEGORY]  list what I remember about you"""
        app = self.app
        app.settle()
        memories = app.store.list(app.user, [arg] if arg else None)
        if not memories:
            where = f" in category {arg!r}" if arg else ""
            render.note(app.out, f"no memories of {app.user}{where} yet")
            return
        app.out.print(render.memory_table(memories, title=f"{app.user}'s memories"))

    def cmd_categories(self, arg: str) -> None:
        """/categories  list your memory categories"""
        app = self.app
        app.settle()
        counts = Counter(c for m in app.store.list(app.user) for c in m.categories)
        if not counts:
            render.note(app.out, "no categories yet")
            return
        names = app.store.categories(app.user) or list(counts)
        app.out.print(Text(", ".join(f"{c} ({counts.get(c, 0)})" for c in names)))

    def cmd_search(self, arg: str) -> None:
        """/search TEXT  search your memories"""
        app = self.app
        query = self._need(arg, "search")
        app.settle()
        results = app.store.search(app.user, query, limit=app.settings.search_limit)
        if not results:
            render.note(app.out, "nothing found")
            return
        app.out.print(render.search_table(results))

    def cmd_history(self, arg: str) -> None:
        """/history ID  show every change of a memory, and its versions"""
        app = self.app
        self._need(arg, "history")
        app.settle()
        events = memory_history(app.store, app.user, arg)
        app.out.print(render.history_table(events, title=f"history of {short_id(arg)}"))
        versions = memory_versions(app.store, app.user, events[0].memory_id) if events else []
        if len(versions) > 1:
            app.out.print(render.versions_table(versions, title="versions (/restore ID VERSION)"))

    def cmd_forget(self, arg: str) -> None:
        """/forget ID|all  erase a memory (or all of yours) for good, after a y/N"""
        app = self.app
        self._need(arg, "forget")
        app.settle()
        if arg.lower() == "all":
            memory_id = None
            everything = app.store.list(app.user, include_deleted=True)
            if not everything:
                render.note(app.out, "nothing to forget")
                return
            # A purge erases deleted memories too (they are restorable until then): say so.
            shown = sum(m.valid for m in everything)
            deleted = len(everything) - shown
            what = f"all {shown} memories of {app.user}"
            if deleted:
                what += f" and {deleted} deleted {'one' if deleted == 1 else 'ones'} kept for " \
                        "/restore"
        else:
            memory_id = self._resolve(arg)
            text = render.clip(app.store.get(memory_id, user_id=app.user).memory_text, 50)
            what = f"memory {short_id(memory_id)} ({text})"
        if not app.confirm(f"Forget {what} for good?"):
            render.note(app.out, "kept")
            return
        transcripts = app.settings.transcripts_dir if app.settings.save_transcripts else None
        n = purge_everywhere(app.store, transcripts, app.user, memory_id, actor="user")
        app.changes.forget(memory_id)
        self._count("manual_forget", n)
        render.note(app.out, f"forgot {n} {'memory' if n == 1 else 'memories'}")

    def cmd_edit(self, arg: str) -> None:
        """/edit ID TEXT  rewrite a memory (same id; history keeps the old text)"""
        app = self.app
        ident, _, text = arg.partition(" ")
        if not ident or not text.strip():
            raise UsageError(f"usage: {self.help_line('edit')}")
        app.settle()
        memory_id = self._resolve(ident, include_deleted=False)
        m = app.store.update(memory_id, text.strip(), user_id=app.user, actor="user",
                             session_id=app.session.session_id if app.session else None)
        app.changes.record("UPDATE", m.id)
        self._count("manual_edit")
        render.note(app.out, f"updated {short_id(m.id)}: {m.memory_text}")

    def cmd_restore(self, arg: str) -> None:
        """/restore ID [VERSION]  bring back a deleted memory, or a version (see /history)"""
        app = self.app
        ident, _, number = self._need(arg, "restore").partition(" ")
        version = None
        if number.strip():
            if not number.strip().isdigit():
                raise UsageError(f"usage: {self.help_line('restore')}")
            version = int(number)
        app.settle()
        memory_id = self._resolve(ident)
        memory = app.store.get(memory_id, user_id=app.user)
        versions = app.store.versions(memory_id, user_id=app.user)
        if version is None and memory.superseded_by:
            # A replaced version: the text this memory held last is current again.
            version = max(v.number for v in versions if v.memory_id == memory_id)
        if version is not None:
            before = next((v.number for v in versions if v.current), None)
            m = app.store.revert(memory_id, version, user_id=app.user, actor="user")
            if before is not None:
                app.changes.record("REVERT", m.id, before)
            self._count("manual_restore")
            render.note(app.out, f"restored version {version}: {short_id(m.id)} is current "
                                 f"again: {m.memory_text}")
            return
        if memory.valid:
            render.note(app.out, f"memory {short_id(memory_id)} is not deleted")
            return
        m = app.store.restore(memory_id, user_id=app.user, actor="user")
        app.changes.record("RESTORE", m.id)
        self._count("manual_restore")
        render.note(app.out, f"restored {short_id(m.id)}: {m.memory_text}")

    def cmd_undo(self, arg: str) -> None:
        """/undo  take back the last memory change of this session"""
        app = self.app
        app.settle()
        render.note(app.out, app.changes.undo())
        self._count("manual_undo")

    def cmd_user(self, arg: str) -> None:
        """/user NAME  switch to another user (starts a new session)"""
        name = self._need(arg, "user")
        self.app.start_session(name)

    def cmd_new(self, arg: str) -> None:
        """/new  start a new session (same user)"""
        self.app.start_session(self.app.user)

    def cmd_export(self, arg: str) -> None:
        """/export [FILE]  write your memories to a JSONL file"""
        app = self.app
        app.settle()
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = Path(arg).expanduser() if arg else Path(f"memories-{app.user}-{stamp}.jsonl")
        try:
            n = write_export(app.store, app.user, path)
            record_export(app.settings.data_dir, app.user, path)
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
        render.note(app.out, f"exported {n} memories to {path}")

    def cmd_stats(self, arg: str) -> None:
        """/stats  LM calls, tokens and memory events in this session"""
        app = self.app
        assert app.session is not None
        app.out.print(render.stats_table(app.session.stats, title="this session"))

    def cmd_debug(self, arg: str) -> None:
        """/debug  show or hide the agents' full ReAct steps"""
        self.app.debug = not self.app.debug
        render.note(self.app.out, f"debug {'on' if self.app.debug else 'off'}")

    def cmd_exit(self, arg: str) -> bool:
        """/exit  save pending memories and leave (Ctrl-D too)"""
        return False

    def cmd_quit(self, arg: str) -> bool:
        """/quit  same as /exit"""
        return False
