"""MemoryStore contract, run against every Qdrant engine: embedded, a server and a cluster."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from qdrant_servers import SERVER_ENGINES, server_history_texts

from chatbot.errors import (
    ConfigError,
    DimensionMismatchError,
    MemoryNotFoundError,
    StoreLockedError,
)
from chatbot.memory import MemoryStore, Source
from chatbot.memory.embeddings import Embedder
from chatbot.memory.opening import ENGINES as STORE_ENGINES
from chatbot.memory.ranking import RankingConfig

EMBEDDED = list(STORE_ENGINES)  # tests/conftest.py's ENGINES: the embedded ones


@pytest.fixture(params=EMBEDDED + SERVER_ENGINES)
def engine(request):
    return request.param


def test_add_get_search_list(store):
    mid = store.add("alice", "I prefer Python over Java", ["preferences", "Programming"],
                    source=Source(session_id="s1", message_ids=["m3"]),
                    observed_at="2023-05-08")
    m = store.get(mid)
    assert m.memory_text == "I prefer Python over Java"
    assert m.categories == ["preferences", "programming"]
    assert m.observed_at.startswith("2023-05-08")
    assert m.source.session_id == "s1" and m.source.message_ids == ["m3"]
    assert m.created_at == m.updated_at and m.valid
    store.add("alice", "My dog is called Rex", ["pets"])
    hits = store.search("alice", "Which programming language should I use?")
    assert hits[0].id == mid
    assert hits[0].score > 0
    assert [m.memory_text for m in store.list("alice")] == [
        "I prefer Python over Java", "My dog is called Rex"]
    assert store.list("alice", categories=["pets"])[0].memory_text == "My dog is called Rex"


def test_search_category_filter(store):
    # what the filter lets through is tested here, not relevance: no floor
    store.ranking = RankingConfig(floor=0)
    store.add("alice", "I prefer Python over Java", ["preferences"])
    pet = store.add("alice", "My dog Rex likes the beach", ["pets"])
    hits = store.search("alice", "programming language", categories=["pets"])
    assert [h.id for h in hits] == [pet]
    assert store.search("alice", "programming language", categories=[]) != []
    assert store.search("alice", "   ") == []


def test_score_threshold_and_limit(store):
    for i, text in enumerate(["I live in Lisbon", "I work as a nurse", "I play the cello",
                              "My sister is called Ana", "I am allergic to peanuts"]):
        store.add("alice", text, [f"c{i}"])
    assert len(store.search("alice", "where do I live", limit=2)) == 2
    dense = store.search("alice", "Where do I live?", mode="dense", score_threshold=0.4)
    assert [h.memory_text for h in dense] == ["I live in Lisbon"]


def test_reopen_finds_data(open_store):
    s = open_store()
    mid = s.add("alice", "I was born in Porto", ["biography"])
    s.close()
    s2 = open_store()
    try:
        assert s2.get(mid).memory_text == "I was born in Porto"
        assert s2.search("alice", "birthplace")[0].id == mid
        assert [e.event for e in s2.history(mid)] == ["ADD"]
    finally:
        s2.close()


def test_dimension_mismatch_is_one_clear_error(open_store, embedder):
    s = open_store()
    s.add("alice", "hello there")
    s.close()

    class WiderEmbedder(Embedder):
        def __init__(self, inner):  # a real model, padded to a different size
            self.name, self.dim, self._inner = "wider-model", inner.dim + 2, inner

        def embed_documents(self, texts, batch_size=64):
            import numpy as np
            v = self._inner.embed_documents(texts)
            return np.hstack([v, np.zeros((len(v), 2), dtype=v.dtype)])

        def embed_query(self, text):
            return self.embed_documents([text])[0]

    with pytest.raises(DimensionMismatchError) as err:
        open_store(embedder=WiderEmbedder(embedder))
    msg = str(err.value)
    assert "all-MiniLM-L6-v2" in msg and "wider-model" in msg
    assert "384" in msg and "386" in msg and "CHATBOT_EMBEDDER" in msg
    s3 = open_store()  # data untouched
    assert len(s3.list("alice")) == 1
    s3.close()


def test_user_isolation(store):
    a = store.add("alice", "Alice's secret: she loves opera", ["music"])
    b = store.add("bob", "Bob loves opera too", ["music", "bob_only"])
    for cats in (None, ["music"], ["bob_only"]):
        assert all(h.user_id == "alice" for h in store.search("alice", "opera", cats))
        assert all(h.user_id == "bob" for h in store.search("bob", "opera", cats))
    assert [m.id for m in store.list("alice")] == [a]
    assert store.categories("alice") == ["music"]
    assert "bob_only" in store.categories("bob")
    assert store.history(b, user_id="alice") == []
    with pytest.raises(MemoryNotFoundError):
        store.get(b, user_id="alice")
    with pytest.raises(MemoryNotFoundError):
        store.update(b, "hijacked", user_id="alice")
    with pytest.raises(MemoryNotFoundError):
        store.delete(b, user_id="alice")
    with pytest.raises(MemoryNotFoundError):
        store.purge("alice", b)
    assert store.get(b).memory_text == "Bob loves opera too"
    store.purge("alice")
    assert store.get(b).valid and store.list("bob")


def test_exact_and_near_duplicates(store):
    first = store.add("alice", "I prefer Python over Java", ["preferences"])
    again = store.remember("alice", "  i prefer python over JAVA. ")
    assert again.event == "NOOP" and again.id == first
    longer = store.remember("alice", "I prefer Python over Java for most projects", ["work"])
    assert longer.event == "UPDATE" and longer.id == first
    shorter = store.remember("alice", "I prefer Python over Java for projects")
    assert shorter.event == "NOOP" and shorter.id == first
    mems = store.list("alice")
    assert len(mems) == 1
    assert mems[0].memory_text == "I prefer Python over Java for most projects"
    assert mems[0].categories == ["preferences", "work"]
    # the same text for another user is that user's own memory
    assert store.remember("bob", "I prefer Python over Java").event == "ADD"
    assert store.stats["dedup_exact"] == 1 and store.stats["dedup_near"] == 2


def test_adding_twice_never_deletes_the_first(store):
    mid = store.add("alice", "My favourite colour is green")
    store.add("alice", "My favourite colour is green")
    assert store.get(mid).valid
    assert [e.event for e in store.history(mid)] == ["ADD"]


def test_update_keeps_id_and_created_at(store):
    mid = store.add("alice", "I live in Lisbon", ["location"])
    before = store.get(mid)
    after = store.update(mid, "I moved to Berlin in 2024", ["location", "moves"])
    assert after.id == mid and store.get(mid).memory_text == "I moved to Berlin in 2024"
    assert store.get(mid).created_at == before.created_at
    assert store.get(mid).categories == ["location", "moves"]
    assert store.search("alice", "Berlin", mode="dense")[0].id == mid
    events = store.history(mid)
    assert [e.event for e in events] == ["ADD", "UPDATE"]
    assert events[1].old_text == "I live in Lisbon" and events[1].new_text.startswith("I moved")


def test_delete_hides_and_restore_brings_back(store):
    mid = store.add("alice", "I am vegetarian", ["diet"])
    store.delete(mid, user_id="alice")
    assert store.list("alice") == []
    assert store.search("alice", "vegetarian") == []
    assert store.categories("alice") == []
    assert not store.get(mid).valid
    assert [m.id for m in store.list("alice", include_deleted=True)] == [mid]
    store.restore(mid, user_id="alice")
    assert store.search("alice", "vegetarian")[0].id == mid
    assert [e.event for e in store.history(mid)] == ["ADD", "DELETE", "RESTORE"]


def test_purge_leaves_no_text_behind(open_store, store_place, store_dir, engine):
    s = open_store()
    secret = "My bank PIN hint is zebra-cathedral"
    keep = s.add("alice", "I like tea")
    gone = s.add("alice", secret)
    s.update(gone, secret + " (updated)")
    assert s.purge("alice", gone) == 1
    with pytest.raises(MemoryNotFoundError):
        s.get(gone)
    assert all(e.old_text is None and e.new_text is None for e in s.history(gone))
    assert s.history(gone)[-1].event == "PURGE"
    assert s.get(keep).memory_text == "I like tea"
    s.purge("alice")
    assert s.list("alice", include_deleted=True) == []
    s.close()
    if engine in SERVER_ENGINES:  # the history on the server holds no purged text either
        texts = server_history_texts(store_place["url"], store_place["collection"])
        assert texts and not any("zebra" in t for t in texts)
        return
    needle = b"zebra-cathedral"
    for f in store_dir.rglob("*"):
        if f.is_file():
            assert needle not in f.read_bytes(), f"purged text left in {f}"
    with sqlite3.connect(store_dir / "history.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM events WHERE new_text LIKE '%zebra%'"
                          " OR old_text LIKE '%zebra%'").fetchone()[0] == 0


def test_categories_facet_beyond_ten(store):
    for i in range(14):
        store.add("alice", f"Fact number {i} about topic {i}", [f"topic{i:02d}"])
    assert len(store.categories("alice")) == 14


def test_users_and_counts(store):
    store.add("alice", "a fact about alice")
    store.add("bob", "a fact about bob")
    store.add("bob", "another fact about bob's garden")
    assert dict(store.users()) == {"alice": 1, "bob": 2}
    assert store.count("bob") == 2


def test_add_many_bulk_with_dedup(store):
    results = store.add_many("alice", [
        {"text": "D1:1 Caroline: I went to a support group", "source": {"message_ids": ["D1:1"]},
         "observed_at": "2023-05-08T13:56:00"},
        {"text": "D1:2 Melanie: That sounds great"},
        {"text": "D1:1 Caroline: I went to a support group"},
    ])
    assert [r.event for r in results] == ["ADD", "ADD", "NOOP"]
    again = store.add_many("alice", [{"text": "D1:2 Melanie: That sounds great"}])
    assert again[0].event == "NOOP" and again[0].id == results[1].id
    assert store.get(results[0].id).source.message_ids == ["D1:1"]
    assert len(store.list("alice")) == 2


@pytest.mark.parametrize("bad", ["", "   ", None])
def test_bad_input_is_a_clear_error(store, bad):
    with pytest.raises(ConfigError):
        store.add("alice", bad)
    with pytest.raises(ConfigError):
        store.add(bad, "text")


def test_unknown_id_is_not_found(store):
    for bad in ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]:
        with pytest.raises(MemoryNotFoundError):
            store.get(bad)


def test_in_memory_store(embedder):
    s = MemoryStore(in_memory=True, embedder=embedder)
    s.add("u", "In-memory stores work for tests")
    assert s.search("u", "tests")[0].memory_text.startswith("In-memory")
    s.close()


@pytest.mark.parametrize("engine", EMBEDDED)
def test_second_open_is_a_clear_error(store_dir, embedder, engine):
    s = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    with pytest.raises(StoreLockedError) as err:
        MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    assert str(store_dir) in str(err.value) and "CHATBOT_QDRANT_URL" in str(err.value)
    s.close()
    MemoryStore(path=store_dir, embedder=embedder, engine=engine).close()


_KILLED_WRITER = """
import sys, time, uuid
from pathlib import Path
from chatbot.memory.backends.base import PointData
from chatbot.memory.keywords import SparseVector
from chatbot.memory.opening import open_backend
b = open_backend(sys.argv[1], "memories", Path(sys.argv[2]), None, None, False)
b.open(4, {"embedder": "test", "dim": 4})
b.upsert([PointData(str(uuid.uuid4()), [1.0, 0.0, 0.0, float(i)], SparseVector([1], [1.0]),
                    {"user_id": "u", "valid": True, "categories": []}) for i in range(50)])
print("written", flush=True)
time.sleep(60)
"""


@pytest.mark.parametrize("engine", EMBEDDED)
def test_writes_survive_a_killed_process_and_its_lock_goes_with_it(store_dir, engine):
    """Unflushed writes come back after SIGKILL; the store is locked only while its owner lives."""
    from chatbot.memory.backends.base import Scope
    from chatbot.memory.opening import open_backend

    child = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, engine, str(store_dir)],
                             stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1])
    try:
        assert child.stdout.readline().strip() == "written"
        with pytest.raises(StoreLockedError):
            open_backend(engine, "memories", store_dir, None, None, False)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    backend = open_backend(engine, "memories", store_dir, None, None, False)
    try:
        assert backend.stored_dim() == 4
        backend.open(4, {})
        assert backend.count(Scope("u")) == 50
    finally:
        backend.close()


def test_default_engine_is_edge(embedder, tmp_path):
    from chatbot.config import Settings

    with MemoryStore(path=tmp_path / "a", embedder=embedder) as s:
        assert s.engine == "edge"
    settings = Settings(data_dir=tmp_path / "data")
    with MemoryStore.from_settings(settings) as s:
        assert s.engine == "edge"
        s.add("u", "settings-built stores persist")
    assert (settings.store_dir / "edge" / "memories").is_dir()


def test_engine_switch_is_refused_then_migrated(store_dir, embedder):
    from chatbot.memory.migrate import migrate_engine

    with MemoryStore(path=store_dir, embedder=embedder, engine="qdrant-local") as s:
        mid = s.add("alice", "I keep bees on the roof of my flat", ["hobbies"])
    with pytest.raises(ConfigError) as err:
        MemoryStore(path=store_dir, embedder=embedder, engine="edge")
    assert "qdrant-local" in str(err.value) and "chatbot.memory.migrate" in str(err.value)
    assert migrate_engine(store_dir, "qdrant-local", "edge") == 1
    with MemoryStore(path=store_dir, embedder=embedder, engine="edge") as s:
        assert s.get(mid).memory_text == "I keep bees on the roof of my flat"
        assert s.search("alice", "bees", mode="keyword")[0].id == mid
        assert s.search("alice", "insects upstairs", mode="dense")[0].id == mid
        assert s.categories("alice") == ["hobbies"]
        assert [e.event for e in s.history(mid)] == ["ADD"]


def test_an_app_scope_keeps_assistants_apart_and_the_user_view_shares(open_store):
    shared = open_store()
    try:
        mid = shared.add("alice", "I take the train to work")
    finally:
        shared.close()
    for app, text in (("tutor", "I am learning Portuguese verbs"),
                      ("coach", "I run 10 km on Sundays")):
        with open_store(app=app) as s:
            s.add("alice", text)
            s.add("alice", "I take the train to work")  # not a duplicate of another scope's
            assert [m.memory_text for m in s.list("alice")] == [
                text, "I take the train to work"]
            assert all(m.app == app for m in s.search("alice", "Portuguese running train"))
            with pytest.raises(MemoryNotFoundError):
                s.get(mid, user_id="alice")
    with open_store(app="tutor") as tutor:
        assert dict(tutor.users()) == {"alice": 2}
        assert tutor.purge("alice") == 2
    with open_store() as everything:
        texts = sorted(m.memory_text for m in everything.list("alice"))
        assert texts == ["I run 10 km on Sundays", "I take the train to work",
                         "I take the train to work"]
    with pytest.raises(ConfigError):
        open_store(app="  ")
