"""A hostile or unlucky user: malformed imports and arguments, records damaged on disk, facts
that look alike. Each is one clear line, nothing stored is lost or silently changed, and one bad
record never locks a user out of the rest of their memories."""

from __future__ import annotations

import json
import uuid

import numpy as np
import probes
import pytest
from cli_runner import run

from chatbot.config import Settings
from chatbot.errors import ChatbotError, ConfigError, DamagedMemoryError, TextTooLongError
from chatbot.memory import MemoryStore
from chatbot.memory.backends.base import PointData
from chatbot.memory.validation import MAX_MEMORY_CHARS


def one_line(err: str) -> bool:
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


def _user() -> str:
    return f"u-{uuid.uuid4().hex[:8]}"


BAD_LINES = [
    b'{"text": "Born in Oslo", "created_at": 5}',
    b'{"text": "Born in Oslo", "categories": 5}',
    b'{"text": "Born in Oslo", "observed_at": 5}',
    b'{"text": "Born in Oslo", "source": "abc"}',
    b'{"text": "Born in Oslo", "valid": "yes"}',
    b'{"text": "Born in Oslo", "memory_type": "gossip"}',
    b'{"text": "Born in Oslo", "id": "not-a-uuid"}',
    b'{"text": "Born in Oslo", "source": {"message_ids": [{"a": 1}]}}',
    b'{"text": "Born in Oslo", "updated_at": "yesterday"}',
    b'{"text": "Born in \xff Oslo"}',
    b'{"text": "\\u0000\\u001b[2J"}',
    json.dumps({"text": "x" * (MAX_MEMORY_CHARS + 1)}).encode(),
]


@pytest.mark.parametrize("line", BAD_LINES, ids=range(len(BAD_LINES)))
def test_a_bad_import_line_is_named_and_nothing_is_written(capsys, tmp_path, line):
    user = _user()
    path = tmp_path / "in.jsonl"
    path.write_bytes(b'{"text": "Grows tomatoes"}\n' + line + b"\n")
    code, out, err = run(capsys, "memories", "import", str(path), "-u", user)
    assert code == 1 and one_line(err) and "line 2:" in err and "nothing imported" in err, err
    code, out, _ = run(capsys, "memories", "list", "-u", user, "--json")
    assert code == 0 and json.loads(out) == []
    probes.count("import_lines", tried=1)


def test_library_arguments_are_checked_before_writing(shared_store):
    user = _user()
    calls = [
        lambda: shared_store.remember(user, "Likes tea", categories=5),
        lambda: shared_store.remember(user, "Likes tea", observed_at=5),
        lambda: shared_store.remember(user, "Likes tea", source="abc"),
        lambda: shared_store.add_many(user, [{"text": "Likes tea", "created_at": 5}]),
        lambda: shared_store.add_many(user, [{"text": "Likes tea", "categories": [1]}]),
        lambda: shared_store.add_many(user, "Likes tea"),
    ]
    for call in calls:
        assert isinstance(probes.guarded("library_arguments", call), ConfigError)
    assert shared_store.list(user, include_deleted=True) == []
    probes.count("library_arguments", tried=len(calls))


@pytest.mark.parametrize("argv, message", [
    (["memories", "add", "caf\udcff", "-u", "x"], "argument 3 is not valid UTF-8"),
    (["memories", "list", "-u", "\udcff"], "argument 4 is not valid UTF-8"),
    (["memories", "search", "tea", "-n", "99999999999999999999"], "out of range"),
    (["memories", "search", "tea", "-n", "many"], "is not a whole number"),
    (["memories", "add", "x" * (MAX_MEMORY_CHARS + 1)], "over the limit of 2,000"),
])
def test_bad_argv_is_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code in (1, 2) and one_line(err) and message in err, err
    probes.count("argv", tried=1)


def test_export_to_a_folder_is_one_line(capsys, tmp_path):
    user = _user()
    run(capsys, "memories", "add", "Grows tomatoes", "-u", user)
    code, _, err = run(capsys, "memories", "export", "-o", str(tmp_path), "-u", user)
    assert code == 1 and one_line(err) and "is a folder" in err
    probes.count("argv", tried=1)


def _inject(store: MemoryStore, user: str, payload: dict, vector=None) -> str:
    """A point written around the store, as a damaged file or an old bug would leave it."""
    pid = str(uuid.uuid4())
    dense = vector if vector is not None else store.embedder.embed_documents(["x"])[0].tolist()
    store.backend.upsert([PointData(pid, list(dense), store.keywords.document("x"),
                                    {"user_id": user, **payload})])
    return pid


def _good_payload(text: str) -> dict:
    from chatbot.memory.validation import text_hash

    return {"memory_text": text, "categories": [], "memory_type": "semantic",
            "created_at": "2026-01-01T00:00:00+00:00", "updated_at": "2026-01-01T00:00:00+00:00",
            "observed_at": "2026-01-01T00:00:00+00:00", "source": {}, "text_hash": text_hash(text),
            "valid": True}


UNREADABLE = [
    {"memory_text": "Born in Oslo", "created_at": 5},
    {"memory_text": 7},
    {"memory_text": "Born in Oslo", "categories": "x"},
    {"memory_text": "Born in Oslo", "source": "abc"},
    {"memory_text": "Born in Oslo", "valid": "yes"},
    {"memory_text": "Born in Oslo", "access_count": "many"},
]


@pytest.mark.parametrize("payload", UNREADABLE, ids=range(len(UNREADABLE)))
def test_an_unreadable_record_is_skipped_and_reported(shared_store, payload):
    user = _user()
    good = shared_store.add(user, "Grows tomatoes on the balcony")
    bad = _inject(shared_store, user, payload)
    listed = probes.guarded("unreadable_record", lambda: shared_store.list(
        user, include_deleted=True))
    assert [m.id for m in listed] == [good]
    assert bad in shared_store.problems[user]
    found = shared_store.search(user, "tomatoes balcony", limit=5)
    assert [m.id for m in found] == [good]
    with pytest.raises(DamagedMemoryError):
        shared_store.get(bad)
    assert shared_store.purge(user, bad) == 1  # a damaged memory can still be forgotten
    assert [m.id for m in shared_store.list(user)] == [good]
    probes.count("unreadable_record", tried=1)


def test_cli_survives_an_unreadable_record(capsys, tmp_path):
    user = _user()
    with MemoryStore.from_settings(Settings()) as store:
        store.add(user, "Grows tomatoes on the balcony")
        bad = _inject(store, user, {"memory_text": "Born in Oslo", "created_at": 5,
                                    "valid": True})
    for argv in (["memories", "list", "--json"], ["memories", "export"], ["users"],
                 ["memories", "search", "tomatoes", "--json"]):
        code, out, err = run(capsys, *argv, "-u", user) if argv != ["users"] else run(
            capsys, *argv)
        assert code == 0 and "Traceback" not in err, (argv, err)
        if argv[0] == "memories":
            assert "Grows tomatoes" in out, (argv, out)
        # list quarantined it (out of search); list and export still name it
        if argv[:2] in (["memories", "list"], ["memories", "export"]):
            assert "skipped 1 damaged memories" in err, (argv, err)
    code, out, err = run(capsys, "memories", "purge", bad[:8], "--yes", "-u", user)
    assert code == 0 and "purged 1 memories" in out, err  # named by the short id it was shown
    code, out, err = run(capsys, "memories", "purge", "--yes", "-u", user)
    assert code == 0 and "purged 1 memories" in out, err
    probes.count("unreadable_record", tried=6)


def test_a_flipped_text_byte_is_quarantined_not_served(shared_store):
    user = _user()
    good = shared_store.add(user, "Allergic to penicillin")
    payload = _good_payload("Allergic to penicillin")
    payload["memory_text"] = "Allergic to penicillim"  # one byte flipped on disk
    bad = _inject(shared_store, user, payload,
                  shared_store.embedder.embed_documents(["Allergic to penicillim"])[0])
    found = shared_store.search(user, "penicillin allergy", limit=5)
    changed = sum(m.memory_text != "Allergic to penicillin" for m in found)
    assert [m.id for m in found] == [good] and changed == 0
    assert "hash" in shared_store.problems[user][bad]
    # Quarantined: out of search from now on, kept for inspection, purge removes it.
    assert shared_store.backend.retrieve([bad])[0][1]["valid"] is False
    assert [e.event for e in shared_store.history(bad)] == ["QUARANTINE"]
    probes.count("integrity", tried=1, silently_changed=changed)


@pytest.mark.parametrize("vector", ["garbage", "nan"])
def test_a_damaged_vector_is_not_served(shared_store, vector):
    user = _user()
    good = shared_store.add(user, "Plays the cello")
    dim = shared_store.embedder.dim
    dense = [1e18] * dim if vector == "garbage" else [float("nan")] * dim
    try:
        bad = _inject(shared_store, user, _good_payload("Plays the violin"), dense)
    except Exception as exc:  # noqa: BLE001 - an engine may refuse NaN itself: also fine
        pytest.skip(f"the engine refuses such a vector on write: {exc}"[:200])
    for _ in range(2):
        found = shared_store.search(user, "plays the cello", limit=5, mode="dense")
        assert all(abs(m.score) <= 1.001 for m in found)
        assert good in [m.id for m in found]
        assert bad not in [m.id for m in found][:1] or vector == "nan"
    # A full check reads the vectors too: the NaN one is found there, and quarantined.
    assert "vector" in shared_store.verify(user)[bad]
    assert bad not in [m.id for m in shared_store.search(user, "plays", mode="dense")]
    assert shared_store.verify(user).keys() == {bad}  # reported again, quarantined once
    assert [e.event for e in shared_store.history(bad)] == ["QUARANTINE"]
    probes.count("integrity", tried=1)


@pytest.mark.parametrize("first, second", [
    ("Takes 5 mg of warfarin daily", "Takes 50 mg of warfarin daily"),
    ("Daughter was born in 2015", "Daughter was born in 2016"),
    ("Dentist appointment on Monday at 3pm", "Dentist appointment on Tuesday at 3pm"),
    ("Has a dog named Rex", "Has a dog named Max"),
    ("Likes spicy food", "Does not like spicy food"),
    ("Is allergic to peanuts", "Is not allergic to peanuts"),
])
def test_facts_that_differ_in_a_detail_are_never_merged(shared_store, first, second):
    user = _user()
    a = shared_store.remember(user, first)
    b = shared_store.remember(user, second)
    texts = sorted(m.memory_text for m in shared_store.list(user))
    lost = int(texts != sorted([first, second]))
    assert a.event == b.event == "ADD" and not lost, (b, texts)
    probes.count("dedup", tried=1, silently_changed=lost)


def test_true_near_duplicates_still_merge(shared_store):
    user = _user()
    a = shared_store.remember(user, "I prefer Python over Java")
    b = shared_store.remember(user, "I prefer Python over Java for most projects")
    assert b.event == "UPDATE" and b.id == a.id


def test_control_characters_are_removed_on_input(shared_store):
    user = _user()
    mid = shared_store.add(user, "Likes \x1b[2J\x1b]0;pwned\x07jazz\x00 and \u202eblues")
    assert shared_store.get(mid).memory_text == "Likes jazz and blues"
    probes.count("control_characters", tried=1)


def test_control_characters_stored_before_are_escaped_on_output(capsys):
    user = _user()
    with MemoryStore.from_settings(Settings()) as store:
        _inject(store, user, _good_payload("Likes \x1b[2Jjazz\x07"))
    code, out, err = run(capsys, "memories", "list", "-u", user)
    assert code == 0 and "\x1b[2J" not in out and "\x07" not in out and "jazz" in out, err
    probes.count("control_characters", tried=1)


def test_over_long_text_is_refused_not_cut(shared_store):
    user = _user()
    text = "Likes jazz. " * 400
    err = probes.guarded("text_limit", lambda: shared_store.remember(user, text))
    assert isinstance(err, TextTooLongError) and "2,000" in str(err)
    assert shared_store.list(user) == []
    ok = shared_store.remember(user, "x" * MAX_MEMORY_CHARS)
    assert len(shared_store.get(ok.id).memory_text) == MAX_MEMORY_CHARS
    probes.count("text_limit", tried=2)


def test_written_vectors_are_finite_unit_vectors(shared_store):
    user = _user()
    mid = shared_store.add(user, "Reads science fiction")
    vec = next(p.dense for page in shared_store.backend.points() for p in page if p.id == mid)
    assert np.isfinite(vec).all() and abs(np.linalg.norm(vec) - 1) < 1e-3
    assert isinstance(probes.guarded("integrity", lambda: shared_store.get("nope")),
                      ChatbotError)
