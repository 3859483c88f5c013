"""What every terminal command needs: settings with CLI overrides, the store, the LM, ids."""

from __future__ import annotations

import argparse
import re
import sys
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from chatbot.config import Settings
from chatbot.errors import ChatbotError, ConfigError, MemoryNotFoundError
from chatbot.memory import MemoryStore

SHORT_ID = 8
# Control characters (but tab and newline), DEL, C1 and bidi overrides: stored text never
# drives the terminal (clear the screen, set the window title); shown as visible escapes.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def escape_controls(text: str) -> str:
    return _CONTROL.sub(lambda m: m.group(0).encode("unicode_escape").decode("ascii"), text)


class UsageError(ChatbotError):
    """A command was called with bad arguments."""


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments are one line on stderr and exit 2, like every other user error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Give a parser made by someone else's add_subparsers our one-line error."""
    parser.error = OneLineParser.error.__get__(parser)  # type: ignore[method-assign]
    return parser


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number in [low, high], else argparse's one-line error."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range ({low}-{high})")
        return value
    parse.__name__ = "number"
    return parse


def add_common_options(parser: argparse.ArgumentParser, *, user: bool = True) -> None:
    if user:
        parser.add_argument("--user", "-u", metavar="NAME",
                            help="whose memories (default: CHATBOT_USER or $USER)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="where memories, history and transcripts live (CHATBOT_DATA_DIR)")


def load_settings(args: argparse.Namespace | None = None, **overrides: Any) -> Settings:
    """Settings from env/.env, with the command line's --user / --data-dir on top."""
    if args is not None:
        if getattr(args, "user", None) is not None:
            overrides.setdefault("user", args.user)
        if getattr(args, "data_dir", None) is not None:
            overrides.setdefault("data_dir", args.data_dir)
    try:
        settings = Settings(**overrides)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err.get("loc", ())) or "settings"
        raise ConfigError(f"bad setting CHATBOT_{where.upper()}: {err.get('msg')}") from None
    if not settings.user.strip():
        raise UsageError("the user name must not be empty")
    return settings


def open_store(settings: Settings) -> MemoryStore:
    """The store; while another process holds it, a line on stderr says we wait (bounded)."""
    return MemoryStore.from_settings(
        settings, on_wait=lambda message: print(f"chatbot: {message}", file=sys.stderr))


def store_location(settings: Settings, store: MemoryStore | None = None) -> str:
    if settings.qdrant_url:
        return f"Qdrant server at {settings.qdrant_url}"
    engine = store.engine if store is not None else settings.engine
    return f"embedded Qdrant ({engine}) at {settings.store_dir}"


def build_lm(settings: Settings) -> Any:
    from chatbot.lm import build_lm as build
    from chatbot.privacy import is_hosted, redacting

    lm = build(settings)
    # What leaves the machine has its secrets redacted, whatever a transcript keeps.
    if settings.redact_hosted_lm and is_hosted(settings.lm, settings.lm_api_base):
        lm = redacting(lm)
    return lm


def describe_lm(settings: Settings) -> str:
    try:
        from chatbot.lm import describe_lm as describe
    except ImportError:
        return f"LM: {settings.lm}"
    return describe(settings)


def new_session_id() -> str:
    """The same shape ChatSession gives its sessions: sortable by time, unique enough."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]


def short_id(memory_id: str) -> str:
    return str(memory_id)[:SHORT_ID]


def resolve_memory_id(store: MemoryStore, user: str, text: str, *,
                      include_deleted: bool = True) -> str:
    """The full id of the user's memory that `text` names: the id itself or a unique prefix."""
    wanted = text.strip().lower()
    if not wanted:
        raise UsageError("give a memory id (or the first characters of one)")
    # Damaged memories are not listed, but can be named (to purge them).
    ids = [m.id for m in store.list(user, include_deleted=include_deleted)]
    ids += [pid for pid in store.problems.get(user, {}) if pid not in ids]
    if wanted in ids:
        return wanted
    found = [pid for pid in ids if pid.startswith(wanted)]
    if not found:
        raise MemoryNotFoundError(f"no memory of {user} has an id starting with {text.strip()!r}")
    if len(found) > 1:
        raise UsageError(f"{len(found)} memories of {user} have ids starting with "
                         f"{text.strip()!r}; type more characters")
    return found[0]


def stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
