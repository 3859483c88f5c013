"""A real Qdrant server: its errors in one line, `chatbot server`, one history shared by every
process, and several processes writing one user's memory at once."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from qdrant_servers import drop_collections, new_collection
from reliability.hash_embedder import HashEmbedder

from chatbot.cli.main import main
from chatbot.errors import ConfigError
from chatbot.memory import MemoryStore
from chatbot.memory import server_process as sp
from chatbot.memory.backends.qdrant_server import MIN_VERSION, parse_version
from chatbot.memory.server_history import ServerHistory

ROOT = Path(__file__).parents[1]


def _one_line_error(capsys, argv: list[str]) -> str:
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


def test_unreachable_server_is_one_line_and_writes_nothing(capsys, monkeypatch, data_dir):
    monkeypatch.setenv("CHATBOT_QDRANT_URL", f"http://127.0.0.1:{sp.free_port()}")
    for argv in (["memories", "list"], ["memories", "add", "I like tea"], ["users"]):
        err = _one_line_error(capsys, [*argv, "--data-dir", str(data_dir)])
        assert "cannot reach a Qdrant server" in err and "chatbot server start" in err
    assert not data_dir.exists()


def test_something_else_at_the_url_is_one_line(capsys, monkeypatch, data_dir, tmp_path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv("CHATBOT_QDRANT_URL", f"http://127.0.0.1:{web.server_port}")
        err = _one_line_error(capsys, ["memories", "list", "--data-dir", str(data_dir)])
    finally:
        web.shutdown()
    assert "is not a Qdrant server" in err
    assert not data_dir.exists()


def test_version_check_orders_releases():
    assert parse_version("1.16.3") >= MIN_VERSION > parse_version("1.15.9")
    assert parse_version("1.9.0") < parse_version("1.10.0") and parse_version("2.0.0-rc1") > (1,)


def test_wrong_api_key_is_one_line_and_the_right_one_works(capsys, monkeypatch, data_dir,
                                                           tmp_path):
    node = sp.Node(tmp_path / "keyed", sp.free_port(), sp.free_port(), api_key="s3cret")
    node.start()
    try:
        monkeypatch.setenv("CHATBOT_QDRANT_URL", node.url)
        monkeypatch.setenv("CHATBOT_QDRANT_API_KEY", "wrong")
        err = _one_line_error(capsys, ["memories", "list", "--data-dir", str(data_dir)])
        assert "refused the API key" in err and "CHATBOT_QDRANT_API_KEY" in err
        assert not data_dir.exists()
        monkeypatch.setenv("CHATBOT_QDRANT_API_KEY", "s3cret")
        assert main(["memories", "add", "I keep a keyed server", "-u", "kim",
                     "--data-dir", str(data_dir)]) == 0
        capsys.readouterr()
        assert main(["memories", "list", "-u", "kim", "--json", "--data-dir",
                     str(data_dir)]) == 0
        listed = json.loads(capsys.readouterr().out)
        assert [m["text"] for m in listed] == ["I keep a keyed server"]
        assert not (data_dir / "memory").exists()  # memories and history are on the server
    finally:
        node.stop()


def test_server_command_starts_reports_and_stops(capsys, data_dir):
    port = sp.free_port()
    args = ["--data-dir", str(data_dir)]
    assert main(["server", "status", *args]) == 3
    try:
        assert main(["server", "start", "--port", str(port), *args]) == 0
        out = capsys.readouterr().out
        assert f"CHATBOT_QDRANT_URL=http://127.0.0.1:{port}" in out
        assert (data_dir / "qdrant-server" / "storage").is_dir()
        assert main(["server", "status", *args]) == 0
        assert "running at" in capsys.readouterr().out
        err = _one_line_error(capsys, ["server", "start", "--port", str(port), "--data-dir",
                                       str(data_dir.parent / "other")])
        assert f"port {port}" in err and "taken" in err
    finally:
        assert main(["server", "stop", *args]) == 0
    assert main(["server", "status", *args]) == 3


def test_stop_kills_a_server_that_ignores_sigterm(capsys, monkeypatch, data_dir):
    from chatbot.cli import server_cmd
    stubborn = subprocess.Popen([sys.executable, "-c", (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print('ready', flush=True); time.sleep(60)")], stdout=subprocess.PIPE, text=True)
    try:
        assert stubborn.stdout.readline() == "ready\n"  # SIGTERM is ignored from here
        folder = data_dir / "qdrant-server"
        folder.mkdir(parents=True)
        (folder / server_cmd.STATE_FILE).write_text(json.dumps(
            {"pid": stubborn.pid, "url": "http://127.0.0.1:1", "storage": str(folder)}))
        monkeypatch.setattr(server_cmd, "STOP_GRACE_S", 0.5)
        assert main(["server", "stop", "--data-dir", str(data_dir)]) == 0
        assert "killed (no graceful stop" in capsys.readouterr().out
        assert stubborn.poll() is not None  # gone (`alive` reaped it, so no status here)
        assert not (folder / server_cmd.STATE_FILE).exists()
    finally:
        stubborn.kill()
        stubborn.wait()


@pytest.fixture(params=["server", "cluster"])
def place(request, qdrant_servers):
    url = qdrant_servers.url(request.param)
    collection = new_collection()
    yield {"url": url, "collection": collection}
    drop_collections(url, collection)


def test_one_history_for_every_connection_and_purge_erases_it(place, embedder):
    first = MemoryStore(**place, embedder=embedder)
    second = MemoryStore(**place, embedder=embedder)
    try:
        mid = first.add("ann", "My locker code is 4417")
        second.update(mid, "My locker code is 9902", user_id="ann")
        first.delete(mid, user_id="ann")
        assert [e.event for e in second.history(mid)] == ["ADD", "UPDATE", "DELETE"]
        assert [e.event for e in first.history(mid)] == ["ADD", "UPDATE", "DELETE"]
        assert first.history(mid, user_id="bob") == []
        second.purge("ann", mid)
        events = first.history(mid)
        assert [e.event for e in events] == ["ADD", "UPDATE", "DELETE", "PURGE"]
        assert all(e.old_text is None and e.new_text is None for e in events)
    finally:
        first.close()
        second.close()


_WRITER = """
import sys
from pathlib import Path
from reliability.hash_embedder import HashEmbedder
from chatbot.cli.memories import import_items, parse_export
from chatbot.memory import MemoryStore
url, collection, name, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
with MemoryStore(url=url, collection=collection, embedder=HashEmbedder()) as store:
    print("ready", flush=True)
    sys.stdin.readline()
    if name == "import":  # what `chatbot memories import FILE` runs
        import_items(store, "sam", parse_export(Path(sys.argv[5]).read_text(), "import"))
    for i in range(n):  # what each turn of a chat does: one add at a time
        store.add("sam", f"{name} wrote fact {i}: the number {i * 7919 % 10007} is lucky")
"""


def test_two_writers_and_an_import_lose_nothing(place, tmp_path):
    """Real processes on one server and one user, starting on a fresh collection (they race to
    create it): every write lands, in each writer's order, and the history has exactly one ADD
    per memory. (A model-free embedder: three processes
    that load MiniLM take ~20 s each to start on a busy box; the store code is the same.)"""
    n = int(os.environ.get("CHATBOT_TEST_WRITES", "50"))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    export = tmp_path / "import.jsonl"
    export.write_text("".join(json.dumps({"text": f"imported fact {i} about tide {i * 31}"}) + "\n"
                              for i in range(2 * n)))
    procs = [subprocess.Popen(
        [sys.executable, "-c", _WRITER, place["url"], place["collection"], name, str(count),
         str(export)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        for name, count in (("ann", n), ("bo", n), ("import", 0))]
    try:
        for p in procs:
            assert p.stdout.readline().strip() == "ready"
        for p in procs:  # all at once
            p.stdin.write("go\n")
            p.stdin.flush()
        for p in procs:
            assert p.wait(timeout=600) == 0
    finally:
        for p in procs:
            p.kill()
    with MemoryStore(**place, embedder=HashEmbedder()) as store:
        memories = store.list("sam")
        assert len(memories) == 4 * n
        texts = [m.memory_text for m in memories]
        for name in ("ann", "bo"):
            mine = [int(t.split()[3].rstrip(":")) for t in texts if t.startswith(name + " ")]
            assert mine == list(range(n))  # per-writer order kept in the user's list
        history = ServerHistory(store.backend.client, place["collection"] + "_history")
        assert history.count("sam") == 4 * n
        assert {e.event for m in memories[::n] for e in store.history(m.id)} == {"ADD"}


def test_an_edge_store_moves_to_the_server_with_its_history(place, embedder, tmp_path):
    from chatbot.memory.migrate import migrate_to_server

    folder = tmp_path / "memory"
    with MemoryStore(path=folder, embedder=embedder) as edge:
        mid = edge.add("ann", "I grow chillies on the balcony", ["garden"])
        edge.update(mid, "I grow chillies and basil on the balcony", user_id="ann")
        gone = edge.add("ann", "I used to live in Leeds")
        edge.delete(gone, user_id="ann")
        before = {m: edge.history(m) for m in (mid, gone)}
    assert migrate_to_server(folder, place["url"], source="edge",
                             to_collection=place["collection"]) == 2
    with MemoryStore(**place, embedder=embedder) as server:
        assert server.search("ann", "what grows on my balcony")[0].id == mid
        assert server.categories("ann") == ["garden"]
        assert not server.get(gone).valid
        assert {m: server.history(m) for m in (mid, gone)} == before
    with pytest.raises(ConfigError, match="already holds"):
        migrate_to_server(folder, place["url"], source="edge", to_collection=place["collection"])
