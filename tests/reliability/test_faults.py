"""Faults of the machine: a full disk, read-only and damaged files, a store another process
holds. Each is one line naming the file, exit code 1, no signal death, nothing stored lost.

Fault injection uses a small tmpfs and chattr +i where the machine allows them (root with
CAP_SYS_ADMIN / CAP_LINUX_IMMUTABLE); elsewhere those tests are skipped with the reason.
Runs the real `chatbot` command in a child process: a SIGBUS must not take pytest down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import probes
import pytest

from chatbot.errors import StoreLockedError
from chatbot.memory import MemoryStore


def chatbot(data: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CHATBOT_DATA_DIR": str(data), "CHATBOT_LOCK_WAIT": "1",
           "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-m", "chatbot.cli.main", *argv], env=env,
                          capture_output=True, text=True, timeout=300)


def one_line_error(proc: subprocess.CompletedProcess, *words: str) -> bool:
    lines = proc.stderr.strip().splitlines()
    return (proc.returncode == 1 and len(lines) == 1 and "Traceback" not in proc.stderr
            and all(w in lines[0] for w in words))


def seed(data: Path, embedder, *texts: str) -> list[str]:
    """Memories written in-process (the children then need no model: they open lazily)."""
    with MemoryStore(path=data / "memory", embedder=embedder) as store:
        return [store.add("ann", text) for text in texts]


def _count(name: str, proc: subprocess.CompletedProcess, lost: int = 0) -> None:
    probes.count(name, tried=1, lost_writes=lost,
                 unhandled=int("Traceback" in proc.stderr or proc.returncode < 0))


@pytest.fixture
def small_disk(tmp_path):
    """A 100 MB tmpfs, unmounted afterwards; skipped where mounting is not allowed."""
    mount = tmp_path / "disk"
    mount.mkdir()
    res = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=100m", "tmpfs", str(mount)],
                         capture_output=True, text=True)
    if res.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({res.stderr.strip() or 'not root'})")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_full_disk_is_one_line_and_loses_nothing(small_disk, embedder):
    data = small_disk / "data"
    seed(data, embedder, "Grows tomatoes")
    filler = small_disk / "filler"
    free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
    with open(filler, "wb") as f:  # leave about 1 MB
        f.write(b"\0" * max(0, free - 2**20))
    for argv in (["memories", "add", "Collects stamps"],
                 ["memories", "import", "-"]):
        proc = subprocess.run(
            [sys.executable, "-m", "chatbot.cli.main", *argv, "-u", "ann"], input=json.dumps(
                {"text": "Reads poetry"}), env={**os.environ, "CHATBOT_DATA_DIR": str(data),
                                                "PYTHONPATH": os.pathsep.join(sys.path)},
            capture_output=True, text=True, timeout=300)
        assert one_line_error(proc, "no space left"), (proc.returncode, proc.stderr)
        _count("no_space", proc)
    filler.unlink()
    listed = chatbot(data, "memories", "list", "-u", "ann", "--json")
    texts = [m["text"] for m in json.loads(listed.stdout)]
    lost = int(texts != ["Grows tomatoes"])
    assert not lost, texts
    _count("no_space", listed, lost)


def _immutable(path: Path) -> None:
    res = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if res.returncode != 0:
        pytest.skip(f"cannot make a file immutable here ({res.stderr.strip() or 'chattr'})")


def _mutable(path: Path) -> None:
    subprocess.run(["chattr", "-i", str(path)], capture_output=True)


@pytest.mark.parametrize("target", ["history.sqlite", "edge"])
def test_a_read_only_file_is_one_line_and_loses_nothing(tmp_path, embedder, target):
    data = tmp_path / "data"
    [mid] = seed(data, embedder, "Grows tomatoes")
    path = data / "memory" / target
    _immutable(path)
    try:
        proc = chatbot(data, "memories", "delete", mid, "-u", "ann")  # a write, no model
    finally:
        _mutable(path)
    # The history log refuses the write; the shard folder takes it (its files stay writable).
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    if target == "history.sqlite":
        assert one_line_error(proc, "history"), proc.stderr
    _count("read_only", proc)
    listed = chatbot(data, "memories", "list", "-u", "ann", "--all", "--json")
    assert [m["text"] for m in json.loads(listed.stdout)] == ["Grows tomatoes"]


def test_a_damaged_history_file_is_one_line_naming_it(tmp_path, embedder):
    data = tmp_path / "data"
    seed(data, embedder, "Grows tomatoes")
    history = data / "memory" / "history.sqlite"
    for suffix in ("-wal", "-shm"):
        Path(str(history) + suffix).unlink(missing_ok=True)
    history.write_bytes(os.urandom(8192))
    proc = chatbot(data, "memories", "list", "-u", "ann")
    assert one_line_error(proc, "history.sqlite", "damaged"), proc.stderr
    _count("damaged_files", proc)


def test_damaged_shard_files_are_one_line_or_served_sound(tmp_path, embedder):
    data = tmp_path / "data"
    seed(data, embedder, "Grows tomatoes")
    shard = data / "memory" / "edge"
    files = sorted(p for p in shard.rglob("*") if p.is_file() and p.stat().st_size > 64)
    for path in files:  # every file of the shard gets a stretch of garbage in the middle
        raw = bytearray(path.read_bytes())
        mid = len(raw) // 2
        raw[mid:mid + 16] = os.urandom(16)
        path.write_bytes(bytes(raw))
    proc = chatbot(data, "memories", "list", "-u", "ann", "--json")
    assert proc.returncode in (0, 1) and proc.returncode >= 0, proc.stderr
    assert "Traceback" not in proc.stderr and "panicked" not in proc.stderr, proc.stderr[-800:]
    if proc.returncode == 0:
        assert all(m["text"] == "Grows tomatoes" for m in json.loads(proc.stdout))
    else:
        assert one_line_error(proc), proc.stderr
    _count("damaged_files", proc)


def test_a_locked_store_is_waited_for_a_bounded_time(tmp_path, embedder):
    path = tmp_path / "store"
    holder = MemoryStore(path=path, embedder=embedder)
    told: list[str] = []
    start = time.monotonic()
    with pytest.raises(StoreLockedError) as err:
        MemoryStore(path=path, embedder=embedder, lock_wait=0.5, on_wait=told.append)
    assert 0.5 <= time.monotonic() - start < 5 and "waited 0.5 s" in str(err.value)
    assert len(told) == 1 and "waiting up to 0.5 s" in told[0]
    threading.Timer(0.5, holder.close).start()
    waiter = MemoryStore(path=path, embedder=embedder, lock_wait=10)  # gets it once freed
    user = f"u-{uuid.uuid4().hex[:6]}"
    waiter.add(user, "Grows tomatoes")
    assert [m.memory_text for m in waiter.list(user)] == ["Grows tomatoes"]
    waiter.close()
    probes.count("locked_store", tried=2)
