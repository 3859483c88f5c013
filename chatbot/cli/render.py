"""rich rendering: the reply as Markdown, dim lines for what memory did, memory tables."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from chatbot.cli.app import escape_controls, short_id
from chatbot.memory import HistoryEvent, Memory, RetrievedMemory
from chatbot.memory.validity import validity_note

EVENT_STYLES = {"search": "dim", "memory": "dim green", "rejected": "dim yellow", "error": "red"}
NOTHING_SAVED = "nothing saved"  # a memory event that says why nothing was written

STAT_LABELS = [
    ("turns", "turns"), ("lm_calls", "LM calls"), ("lm_errors", "LM errors"),
    ("prompt_tokens", "prompt tokens"), ("completion_tokens", "completion tokens"),
    ("searches", "memory searches"), ("memory_add", "memories added"),
    ("memory_update", "memories updated"), ("memory_delete", "memories deleted"),
    ("memory_noop", "no-op decisions"), ("dedup_hits", "duplicates absorbed"),
    ("invented_ids", "invented ids rejected"), ("tool_errors", "malformed tool calls"),
    ("turn_errors", "failed turns"), ("update_errors", "failed memory updates"),
    ("manual_edit", "memories edited by you"), ("manual_forget", "memories forgotten by you"),
    ("manual_restore", "memories restored by you"), ("manual_undo", "changes undone by you"),
]
ALWAYS_SHOWN = {"turns", "lm_calls", "prompt_tokens", "completion_tokens", "searches",
                "memory_add", "memory_update", "memory_delete"}


def date(iso: str | None) -> str:
    """'2026-11-29T10:20:31+00:00' -> '2026-11-29 10:20'."""
    return (iso or "").replace("T", " ")[:16]


def clip(text: str | None, width: int = 60) -> str:
    text = escape_controls(" ".join((text or "").split()))
    return text if len(text) <= width else text[: width - 1] + "…"


def plain(text: str | None, style: str = "") -> Text:
    """User and model text in a table: shown as is, never read as rich markup or escapes."""
    return Text(escape_controls(text or ""), style=style)


def reply(console: Console, text: str) -> None:
    """Markdown on a terminal; elsewhere (a pipe, a file) the text as the model wrote it."""
    if console.is_terminal:
        console.print(Markdown(text or "_(no answer)_"))
    else:
        partial_reply(console, text or "(no answer)")


def partial_reply(console: Console, text: str) -> None:
    """Text as it is: no markup, no wrapping (a cut-off reply is not valid Markdown)."""
    console.print(text, markup=False, highlight=False, emoji=False, soft_wrap=True)


def event(console: Console, kind: str, text: str) -> None:
    style = "dim" if text.startswith(NOTHING_SAVED) else EVENT_STYLES.get(kind, "dim")
    console.print(Text(f"  {text}", style=style))


def note(console: Console, text: str) -> None:
    console.print(Text(text, style="dim"))


def error(console: Console, text: str) -> None:
    console.print(Text(f"error: {text}", style="bold red"))


@contextmanager
def spinner(console: Console, message: str, *, elapsed_after: float = 3.0) -> Iterator[None]:
    """A spinner on a terminal, nothing otherwise; it is stopped when the block ends.

    After `elapsed_after` seconds it also counts the seconds: a local model takes minutes.
    """
    if not console.is_terminal:
        yield
        return
    with console.status(Text(message, style="dim")) as status:
        done = threading.Event()
        started = time.monotonic()

        def tick() -> None:
            while not done.wait(1.0):
                seconds = time.monotonic() - started
                if seconds >= elapsed_after:
                    status.update(Text(f"{message} {seconds:.0f} s", style="dim"))

        ticker = threading.Thread(target=tick, name="spinner-clock", daemon=True)
        ticker.start()
        try:
            yield
        finally:
            done.set()
            ticker.join()


def memory_table(memories: Iterable[Memory], title: str | None = None) -> Table:
    table = Table(title=plain(title) if title else None, title_justify="left")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("memory", overflow="fold")
    table.add_column("categories", style="magenta")
    table.add_column("updated", style="dim", no_wrap=True)
    for m in memories:
        text = plain(m.memory_text, style="" if m.valid else "dim strike")
        _dated(text, m)
        table.add_row(short_id(m.id), text, plain(", ".join(m.categories)), date(m.updated_at))
    return table


def search_table(results: Iterable[RetrievedMemory], title: str | None = None) -> Table:
    table = Table(title=plain(title) if title else None, title_justify="left")
    table.add_column("score", justify="right", style="dim")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("memory", overflow="fold")
    table.add_column("categories", style="magenta")
    for m in results:
        table.add_row(f"{m.score:.2f}", short_id(m.id), _dated(plain(m.memory_text), m),
                      plain(", ".join(m.categories)))
    return table


def _dated(text: Text, m: Memory) -> Text:
    """The memory's validity after its text, dim ("until 2026-12-13", "past: until ...")."""
    note = validity_note(m)
    if note:
        text.append(f"  ({note})", style="dim")
    return text


# Parts added only by optional signals: a column appears when some hit's part is not 0.
_OPTIONAL_PARTS = {"recency_part": "recency part", "access_part": "access part",
                   "repeat_part": "repeat part", "other_speaker": "other speaker x"}


def explain_table(results: Iterable[RetrievedMemory], title: str | None = None) -> Table:
    """Each hit's signals: raw dense / BM25 scores with their pool ranks, and each one's share
    (recency, access and repetition parts, and the other-speaker factor, only when one of them
    moved some hit)."""
    results = list(results)
    optional = [k for k in _OPTIONAL_PARTS if any(m.signals.get(k) for m in results)]
    table = Table(title=plain(title) if title else None, title_justify="left")
    for name in ("#", "score", "dense (rank)", "bm25 (rank)", "dense part", "bm25 part",
                 *(_OPTIONAL_PARTS[k] for k in optional)):
        table.add_column(name, justify="right", style="dim" if name == "#" else None)
    table.add_column("memory", overflow="fold")
    for m in results:
        s = m.signals
        table.add_row(str(int(s.get("rank", 0))), f"{m.score:.3f}", _raw_signal(s, "dense"),
                      _raw_signal(s, "bm25"), *(f"{s[k]:.3f}" if k in s else "–" for k in (
                          "dense_part", "bm25_part", *optional)), plain(m.memory_text))
    return table


def _raw_signal(signals: dict[str, float], name: str) -> str:
    rank = signals.get(f"{name}_rank")
    return f"{signals.get(name, 0.0):.3f} ({int(rank) if rank else '–'})"


def history_table(events: Iterable[HistoryEvent], title: str | None = None) -> Table:
    table = Table(title=plain(title) if title else None, title_justify="left")
    table.add_column("when", style="dim", no_wrap=True)
    table.add_column("event", style="bold")
    table.add_column("old text", overflow="fold")
    table.add_column("new text", overflow="fold")
    table.add_column("by", style="dim")
    for e in events:
        table.add_row(date(e.created_at), e.event, plain(e.old_text), plain(e.new_text),
                      plain(e.actor))
    return table


def versions_table(versions: Iterable[Any], title: str | None = None) -> Table:
    """A memory's versions (chatbot.memory.lifecycle.Version), oldest first."""
    table = Table(title=plain(title) if title else None, title_justify="left")
    table.add_column("version", justify="right")
    table.add_column("id", style="dim", no_wrap=True)
    table.add_column("when", style="dim", no_wrap=True)
    table.add_column("text", overflow="fold")
    table.add_column("", style="bold green")
    for v in versions:
        table.add_row(str(v.number), v.memory_id[:8], date(v.at), plain(v.text),
                      "current" if v.current else "")
    return table


def users_table(users: Iterable[tuple[str, int]]) -> Table:
    table = Table()
    table.add_column("user", style="cyan")
    table.add_column("memories", justify="right")
    for user, count in users:
        table.add_row(plain(user), str(count))
    return table


def stats_table(stats: Counter[str], title: str | None = None) -> Table:
    table = Table(title=plain(title) if title else None, title_justify="left", show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, label in STAT_LABELS:
        if stats.get(key) or key in ALWAYS_SHOWN:
            table.add_row(label, str(stats.get(key, 0)))
    return table


def trajectory(console: Console, steps: dict[str, Any], title: str) -> None:
    """A ReAct trajectory, step by step: thought, tool call, observation."""
    console.print(Text(title, style="bold dim"))
    i = 0
    while f"tool_name_{i}" in steps or f"thought_{i}" in steps:
        args = steps.get(f"tool_args_{i}") or {}
        call = f"{steps.get(f'tool_name_{i}', '?')}({json.dumps(args, ensure_ascii=False)})"
        console.print(Text(f"  {i + 1}. thought: {clip(steps.get(f'thought_{i}'), 200)}",
                           style="dim"))
        console.print(Text(f"     call: {call}", style="dim cyan"))
        console.print(Text(f"     observation: {clip(str(steps.get(f'observation_{i}')), 300)}",
                           style="dim"))
        i += 1
    if i == 0:
        console.print(Text("  (no steps)", style="dim"))
