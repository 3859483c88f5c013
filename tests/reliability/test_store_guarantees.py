"""Store-level guarantees: history never behind the store, ids never taken across users, bad
batches refused whole, unusable data dirs reported in one line, secrets redacted on every write."""

from __future__ import annotations

import sqlite3

import pytest

from chatbot.errors import ChatbotError
from chatbot.memory import MemoryStore
from chatbot.redact import MARKER


class _Killed(BaseException):
    """The process dies here (no `except Exception` can catch it)."""


def _die_after_point_write(store: MemoryStore) -> None:
    real = store._backend.upsert

    def upsert(points):
        real(points)
        raise _Killed

    store._backend.upsert = upsert


def _history(path, user):
    with sqlite3.connect(path / "history.sqlite") as db:
        return db.execute("SELECT memory_id, event, new_text FROM events WHERE user_id = ?"
                          " ORDER BY seq", (user,)).fetchall()


def test_store_is_never_ahead_of_history(tmp_path, embedder, shared_engine):
    path = tmp_path / "store"
    store = MemoryStore(path=path, embedder=embedder, engine=shared_engine)
    kept = store.add("kim", "Collects fountain pens")
    _die_after_point_write(store)
    for write in (lambda: store.add("kim", "Learns the oboe"),
                  lambda: store.update(kept, "Collects fountain pens and inks", user_id="kim")):
        with pytest.raises(_Killed):
            write()
    store._backend.close()
    store._history.close()
    store = MemoryStore(path=path, embedder=embedder, engine=shared_engine)
    rows = _history(path, "kim")
    last = {mid: text for mid, event, text in rows if event in ("ADD", "UPDATE")}
    ahead = [m.id for m in store.list("kim") if last.get(m.id) != m.memory_text]
    store.close()
    assert not ahead, f"store ahead of history for {ahead}"


def test_add_many_cannot_take_another_users_id(shared_store):
    alice = shared_store.add("alice-am", "Alice's diary entry")
    try:
        shared_store.add_many("mallory-am", [{"text": "Mallory was here", "id": alice}])
    except ChatbotError:
        pass
    owner = shared_store.get(alice).user_id
    assert owner == "alice-am" and shared_store.get(alice).memory_text == "Alice's diary entry"


@pytest.mark.parametrize("item", [{"text": "x", "id": "not-a-uuid"}, {"memory": "no text key"}])
def test_add_many_bad_item_is_a_chatbot_error(shared_store, item):
    with pytest.raises(ChatbotError):
        try:
            shared_store.add_many("bad-items", [item])
        except ChatbotError:
            raise
        except Exception as exc:
            raise AssertionError(f"{type(exc).__name__}: {exc}") from exc


def test_unusable_data_dir_is_one_clear_error(tmp_path, embedder, shared_engine):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    target = blocker / "store"
    try:
        MemoryStore(path=target, embedder=embedder, engine=shared_engine)
    except ChatbotError as exc:
        assert str(target) in str(exc) and "\n" not in str(exc)
        return
    except OSError as exc:
        raise AssertionError(f"raw {type(exc).__name__}: {exc}") from exc
    raise AssertionError("opened a store under a file")


def test_store_redacts_secrets_on_every_write(shared_store):
    user = "redact-store"
    a = shared_store.add(user, "My password is hunter2-store")
    shared_store.update(a, "My password is now hunter3-store", user_id=user)
    shared_store.add_many(user, [{"text": "card 4111 1111 1111 1111 for groceries"}])
    texts = [m.memory_text for m in shared_store.list(user, include_deleted=True)]
    texts += [f"{e.old_text} {e.new_text}" for e in shared_store.history(a, user_id=user)]
    blob = " ".join(texts)
    assert MARKER in blob
    assert not any(s in blob for s in ("hunter2-store", "hunter3-store", "4111 1111"))
