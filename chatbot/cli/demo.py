"""`chatbot demo`: three scripted sessions show memory carried across processes.

Session 1 shares facts; session 2 runs in a new process and asks questions where they matter;
session 3 corrects one fact (an UPDATE that keeps the id) and retracts another (a DELETE). The
agents are real (only the user's lines are scripted), so the demo prints what they actually did.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chatbot.cli import render
from chatbot.cli.app import (
    add_common_options,
    describe_lm,
    load_settings,
    one_line_errors,
    open_store,
    short_id,
)
from chatbot.cli.app import build_lm as default_build_lm
from chatbot.config import Settings
from chatbot.errors import ChatbotError
from chatbot.session import ChatSession
from chatbot.transcripts import transcript_file

DEMO_USER = "sam"


@dataclass(frozen=True)
class DemoSession:
    title: str
    turns: tuple[str, ...]


SESSIONS = (
    DemoSession("Sam introduces themself", (
        "Hi! I'm Sam. I live in Lisbon and I work as a nurse.",
        "I'm vegetarian, and I like short, practical answers.",
    )),
    DemoSession("a new process: is what Sam said used, unasked?", (
        "Can you suggest something to cook for dinner tonight?",
        "Any ideas for a day trip this weekend?",
    )),
    DemoSession("Sam corrects one fact and retracts another", (
        "Correction: I moved from Lisbon to Porto last month.",
        "Please forget that I work as a nurse.",
    )),
)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = one_line_errors(subparsers.add_parser(
        "demo", help="a scripted three-session demo of memory across sessions",
        description="Three scripted sessions on a throwaway data dir: share facts, use them in "
                    "a new process, correct and retract. Prints what each agent did."))
    add_common_options(p)
    p.add_argument("--lm", metavar="MODEL",
                   help="LM to use instead of CHATBOT_LM (default: the embedded local model)")
    # The demo runs each session in a child process of itself.
    p.add_argument("--run-session", type=int, help=argparse.SUPPRESS)
    # Tests: a JSON list (one list per session) of scripted DummyLM answers.
    p.add_argument("--lm-script", type=Path, help=argparse.SUPPRESS)
    p.set_defaults(func=run_demo_command)


def run_demo_command(args: argparse.Namespace) -> int:
    overrides: dict[str, Any] = {"user": args.user or DEMO_USER}
    if args.lm:
        overrides["lm"] = args.lm
    if args.run_session is not None:
        if args.data_dir is None:
            raise ChatbotError("--run-session needs --data-dir")
        settings = load_settings(args, **overrides)
        lm = scripted_lm(args.lm_script, args.run_session) if args.lm_script else None
        run_session(settings, args.run_session, lm, Console())
        return 0
    if args.data_dir is not None:
        return run_demo(load_settings(args, **overrides), lm_script=args.lm_script)
    with tempfile.TemporaryDirectory(prefix="chatbot-demo-") as tmp:
        return run_demo(load_settings(args, data_dir=Path(tmp), **overrides),
                        lm_script=args.lm_script, throwaway=True)


def scripted_lm(path: Path, index: int) -> Any:
    from dspy.utils import DummyLM

    try:
        script = json.loads(path.read_text(encoding="utf-8"))
        return DummyLM(script[index])
    except (OSError, ValueError, IndexError, TypeError) as exc:
        raise ChatbotError(f"bad --lm-script {path}: {exc}") from None


def run_demo(settings: Settings, console: Console | None = None, lm: Any = None, *,
             lm_script: Path | None = None, throwaway: bool = False) -> int:
    """All three sessions, then the memory table. With `lm`, sessions run in this process."""
    out = console or Console()
    out.rule("[bold]chatbot demo[/]")
    render.note(out, describe_lm(settings) if lm is None else "LM: scripted (injected)")
    keep = "removed afterwards; pass --data-dir to keep it" if throwaway else "kept"
    render.note(out, f"data: {settings.data_dir} ({keep}) · user: {settings.user}")
    render.note(out, "Only the user's lines are scripted; the agents decide for themselves. "
                     "A small local model takes ~20-40 s per agent call.")
    for index, session in enumerate(SESSIONS):
        out.print()
        out.rule(f"Session {index + 1}: {session.title}", align="left")
        if lm is not None:
            run_session(settings, index, lm, out)
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        code = spawn_session(settings, index, lm_script)
        if code != 0:
            render.error(out, f"session {index + 1} failed (exit {code}); stopping the demo")
            return code
    out.print()
    out.rule("What memory holds now", align="left")
    final_report(settings, out)
    return 0


def spawn_session(settings: Settings, index: int, lm_script: Path | None) -> int:
    """One session in a fresh Python process: nothing is shared but the data dir."""
    cmd = [sys.executable, "-m", "chatbot.cli.main", "demo", "--run-session", str(index),
           "--data-dir", str(settings.data_dir), "--user", settings.user, "--lm", settings.lm]
    if lm_script is not None:
        cmd += ["--lm-script", str(lm_script)]
    return subprocess.run(cmd, check=False).returncode


def run_session(settings: Settings, index: int, lm: Any, console: Console) -> dict[str, Any]:
    """Run one scripted session and print what each agent did; the turn-running hook."""
    if lm is None:
        with render.spinner(console, "loading the language model…"):
            lm = default_build_lm(settings)
    render.note(console, f"(process {os.getpid()})")
    store = open_store(settings)
    summary: dict[str, Any] = {"session": index + 1, "turns": []}
    try:
        session_id = f"demo-{index + 1}-{int(time.time())}"
        path = (transcript_file(settings.transcripts_dir, settings.user, session_id)
                if settings.save_transcripts else None)
        session = ChatSession(settings.user, store, lm, session_id=session_id,
                              transcript_path=path, background=False,
                              search_limit=settings.search_limit,
                              context_messages=settings.update_context_messages)
        summary["session_id"] = session_id
        for text in SESSIONS[index].turns:
            summary["turns"].append(demo_turn(session, text, console))
        session.close()
    finally:
        store.close()
    out_dir = settings.data_dir / "demo"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"session-{index + 1}.json").write_text(json.dumps(summary, indent=2))
    return summary


def demo_turn(session: ChatSession, text: str, console: Console) -> dict[str, Any]:
    console.print(Text.assemble((f"{session.user_id}: ", "bold cyan"), text))
    before = session.last_update
    started = time.monotonic()
    with render.spinner(console, "the agents are thinking…"):
        reply = session.turn(text)
    seconds = time.monotonic() - started
    events = session.drain_events()
    record: dict[str, Any] = {
        "user": text, "reply": reply.response, "error": reply.error,
        "save_memory": reply.save_memory, "seconds": round(seconds, 1),
        "searches": [{"text": s.search_text, "categories": s.categories,
                      "found": [m.memory_text for m in s.results]} for s in reply.searches],
        "actions": [],
    }
    if reply.searches:
        for s in reply.searches:
            found = "; ".join(render.clip(m.memory_text, 40) for m in s.results) or "nothing"
            _agent_line(console, "response agent",
                        f"searched {s.search_text!r} -> {len(s.results)}: {found}")
    else:
        _agent_line(console, "response agent", "answered without searching memory")
    if reply.error:
        render.error(console, reply.error)
    else:
        console.print(Text("bot:", style="bold green"))
        render.reply(console, reply.response)
    update = session.last_update if session.last_update is not before else None
    if not reply.save_memory:
        _agent_line(console, "memory agent", "not run (the response agent saw nothing to save)")
    elif update is not None:
        record["actions"] = [{"event": a.event, "id": a.memory_id, "text": a.text,
                              "detail": a.detail} for a in update.actions]
        for a, times in _collapse(update.actions):
            ident = f" {short_id(a.memory_id)}" if a.memory_id else ""
            said = f" {a.text!r}" if a.text else ""
            detail = f" ({a.detail})" if a.detail else ""
            repeat = f" ×{times}" if times > 1 else ""
            _agent_line(console, "memory agent", f"{a.event}{repeat}{ident}{said}{detail}")
        if not update.actions:
            _agent_line(console, "memory agent", f"changed nothing ({update.summary or 'done'})")
    for ev in events:
        if ev.kind == "error" and ev.text != reply.error:
            render.error(console, ev.text)
    render.note(console, f"  ({seconds:.0f} s)")
    return record


def _collapse(actions: list[Any]) -> list[tuple[Any, int]]:
    """Runs of the same action (a small model repeating itself) as one line with a count."""
    out: list[tuple[Any, int]] = []
    for a in actions:
        if out and (out[-1][0].event, out[-1][0].memory_id, out[-1][0].text, out[-1][0].detail) \
                == (a.event, a.memory_id, a.text, a.detail):
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((a, 1))
    return out


def _agent_line(console: Console, who: str, what: str) -> None:
    console.print(Text.assemble(("  " + who + ": ", "dim bold"), (what, "dim")))


def history_line(events: list[Any]) -> str:
    """ADD → UPDATE ×3 (was 'x') → DELETE: runs of one event are counted, first old text shown."""
    steps: list[list[Any]] = []
    for e in events:
        if steps and steps[-1][0] == e.event:
            steps[-1][1] += 1
        else:
            steps.append([e.event, 1, e.old_text])
    parts = []
    for event, times, old in steps:
        part = event + (f" ×{times}" if times > 1 else "")
        if event == "UPDATE" and old:
            part += f" (was {render.clip(old, 60)!r})"
        parts.append(part)
    return " → ".join(parts)


def load_summaries(settings: Settings) -> list[dict[str, Any]]:
    out = []
    for index in range(len(SESSIONS)):
        path = settings.data_dir / "demo" / f"session-{index + 1}.json"
        if path.is_file():
            out.append(json.loads(path.read_text()))
    return out


def final_report(settings: Settings, console: Console) -> dict[str, Any]:
    """The memory table with each memory's history, then what the agents did, plainly."""
    store = open_store(settings)
    try:
        memories = store.list(settings.user, include_deleted=True)
        histories = {m.id: store.history(m.id, user_id=settings.user) for m in memories}
    finally:
        store.close()
    table = Table(title=render.plain(f"{settings.user}'s memories after three sessions"),
                  title_justify="left")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("memory now", overflow="fold")
    table.add_column("state")
    table.add_column("history", overflow="fold")
    for m in memories:
        state = Text("kept", style="green") if m.valid else Text("deleted", style="red")
        table.add_row(short_id(m.id), render.plain(m.memory_text), state,
                      render.plain(history_line(histories[m.id])))
    console.print(table)

    summaries = {s["session"]: s for s in load_summaries(settings)}
    lines = []
    s2 = summaries.get(2)
    if s2:
        searches = [s for t in s2["turns"] for s in t["searches"]]
        found = sorted({f for s in searches for f in s["found"]})
        lines.append(f"Session 2 (new process): the response agent searched memory "
                     f"{len(searches)} time(s) and was shown {len(found)} memories"
                     + (": " + "; ".join(found) if found else "."))
    s3 = summaries.get(3, {}).get("session_id")
    by_id = {m.id: m for m in memories}
    updated = [m for m in memories
               if any(e.event == "UPDATE" and e.session_id == s3 for e in histories[m.id])]
    deleted = [m for m in memories
               if any(e.event == "DELETE" and e.session_id == s3 for e in histories[m.id])]
    for m in updated:
        old = next(e.old_text for e in histories[m.id]
                   if e.event == "UPDATE" and e.session_id == s3)
        lines.append(f"Session 3 corrected {old!r} -> {by_id[m.id].memory_text!r}, "
                     f"same id {short_id(m.id)}.")
    if not updated:
        lines.append("Session 3: no memory was UPDATEd; the model did not treat the correction "
                     "as one (see the memory agent's lines above).")
    for m in deleted:
        lines.append(f"Session 3 retracted {m.memory_text!r} (id {short_id(m.id)}): deleted; "
                     "the history keeps it and `chatbot memories restore` can undo it.")
    if not deleted:
        lines.append("Session 3: nothing was DELETEd; the model did not act on the retraction.")
    for line in lines:
        console.print(Text("• " + line))
    return {"memories": memories, "histories": histories, "updated": updated,
            "deleted": deleted}
