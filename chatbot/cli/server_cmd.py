"""`chatbot server install|start|stop|status`: a local Qdrant server for several processes.

The embedded store serves one process; a server on 127.0.0.1 lets several `chatbot` processes
(or apps) share one memory: start it, then set CHATBOT_QDRANT_URL to the URL it prints.
Its storage and log live under the data dir (DATA_DIR/qdrant-server).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import time
from pathlib import Path

from chatbot.cli.app import add_common_options, load_settings, one_line_errors
from chatbot.errors import ChatbotError
from chatbot.memory import server_process

STATE_FILE = "server.json"
EXIT_NOT_RUNNING = 3  # like `systemctl status`
STOP_GRACE_S = 15.0


def server_folder(args: argparse.Namespace) -> Path:
    return Path(load_settings(args).data_dir) / "qdrant-server"


def alive(pid: int) -> bool:
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:  # our own child that has exited (a test's)
            return False
    except ChildProcessError:
        pass  # started by another `chatbot server start`, as usual
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def read_state(folder: Path) -> dict | None:
    """The server this data dir started, if that process still lives."""
    try:
        state = json.loads((folder / STATE_FILE).read_text())
        return state if alive(int(state["pid"])) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def cmd_install(args: argparse.Namespace) -> int:
    started = time.monotonic()
    binary = server_process.install()
    print(f"Qdrant {server_process.QDRANT_VERSION} at {binary} (SHA-256 checked, "
          f"{time.monotonic() - started:.1f} s)")
    return 0


def cmd_start(args: argparse.Namespace) -> int:
    folder = server_folder(args)
    state = read_state(folder)
    if state:
        print(f"already running at {state['url']} (pid {state['pid']})")
        return 0
    node = server_process.Node(folder, args.port, args.port + 1, api_key=args.api_key)
    node.start(detach=True)
    assert node.process is not None
    (folder / STATE_FILE).write_text(json.dumps(
        {"pid": node.process.pid, "url": node.url, "storage": str(folder / "storage")}))
    print(f"Qdrant {server_process.QDRANT_VERSION} running at {node.url} (pid "
          f"{node.process.pid}, storage {folder / 'storage'}); share memory with "
          f"CHATBOT_QDRANT_URL={node.url}")
    return 0


def cmd_stop(args: argparse.Namespace) -> int:
    folder = server_folder(args)
    state = read_state(folder)
    if not state:
        print("no server running for this data dir")
        return 0
    pid = int(state["pid"])
    os.kill(pid, signal.SIGTERM)
    how = "stopped"
    if not wait_gone(pid, STOP_GRACE_S):
        # A busy box has seen a graceful stop take longer; every acknowledged write is already
        # in Qdrant's write-ahead log (written through to the OS), so a kill loses nothing.
        with contextlib.suppress(ProcessLookupError):  # it may have just gone
            os.kill(pid, signal.SIGKILL)
        if not wait_gone(pid, 5.0):
            raise ChatbotError(f"the Qdrant server (pid {pid}) did not stop, even when killed")
        how = f"killed (no graceful stop in {STOP_GRACE_S:.0f} s)"
    (folder / STATE_FILE).unlink(missing_ok=True)
    print(f"{how} the Qdrant server at {state['url']}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    state = read_state(server_folder(args))
    if not state:
        print("not running (start it with: chatbot server start)")
        return EXIT_NOT_RUNNING
    ready = server_process.http_get(state["url"] + "/readyz") is not None
    print(f"{'running' if ready else 'starting'} at {state['url']} (pid {state['pid']}, "
          f"storage {state['storage']})")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    parser = one_line_errors(sub.add_parser(
        "server", help="run a local Qdrant server so several processes share one memory",
        description=__doc__))
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, func, text in (
            ("install", cmd_install, "install the pinned Qdrant binary (npm, SHA-256 checked)"),
            ("start", cmd_start, "start the server in the background on 127.0.0.1"),
            ("stop", cmd_stop, "stop the server this data dir started"),
            ("status", cmd_status, "is it running, and where (exit 3 if not)")):
        p = one_line_errors(actions.add_parser(name, help=text, description=text))
        add_common_options(p, user=False)
        if name == "start":
            p.add_argument("--port", type=int, default=server_process.DEFAULT_HTTP_PORT,
                           help="HTTP port (gRPC takes the next one); default 6333")
            p.add_argument("--api-key", default=os.environ.get("CHATBOT_QDRANT_API_KEY"),
                           help="require this key (default: CHATBOT_QDRANT_API_KEY)")
        p.set_defaults(func=func)
