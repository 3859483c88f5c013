"""`chatbot memories ...` and `chatbot users`: every subcommand, --json, export/import, errors."""

from __future__ import annotations

import io
import json

import pytest
from cli_runner import run

from chatbot.config import Settings
from chatbot.memory import MemoryStore, Source


def run_json(capsys, *argv: str):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def open_store() -> MemoryStore:
    return MemoryStore.from_settings(Settings())


def test_add_list_search_edit_delete_restore_history(capsys):
    added = run_json(capsys, "memories", "add", "Prefers Python over Java", "-c", "preferences",
                     "--user", "alice")
    assert added["event"] == "ADD"
    mid = added["id"]
    again = run_json(capsys, "memories", "add", "prefers python over java.", "--user", "alice")
    assert again == {"id": mid, "event": "NOOP", "reason": "identical memory exists"}
    run_json(capsys, "memories", "add", "Has a dog named Rex", "-c", "pets,family", "-u", "alice")
    run_json(capsys, "memories", "add", "Lives in Oslo", "--user", "bob")

    listed = run_json(capsys, "memories", "list", "--user", "alice")
    assert [m["text"] for m in listed] == ["Prefers Python over Java", "Has a dog named Rex"]
    assert listed[1]["categories"] == ["pets", "family"]
    assert run_json(capsys, "memories", "list", "-u", "alice", "-c", "pets")[0]["text"] == (
        "Has a dog named Rex")

    found = run_json(capsys, "memories", "search", "which programming language", "-u", "alice",
                     "-n", "1")
    assert [m["id"] for m in found] == [mid] and "score" in found[0]

    edited = run_json(capsys, "memories", "edit", mid[:6], "Prefers Python 3.12 over Java",
                      "-u", "alice")
    assert edited["id"] == mid and edited["text"] == "Prefers Python 3.12 over Java"
    assert edited["categories"] == ["preferences"]

    assert run_json(capsys, "memories", "delete", mid, "-u", "alice") == {"id": mid,
                                                                          "deleted": True}
    assert len(run_json(capsys, "memories", "list", "-u", "alice")) == 1
    everything = run_json(capsys, "memories", "list", "-u", "alice", "--all")
    assert [m["valid"] for m in everything] == [False, True]
    assert run_json(capsys, "memories", "restore", mid[:8], "-u", "alice")["valid"] is True

    history = run_json(capsys, "memories", "history", mid[:8], "-u", "alice")
    assert [e["event"] for e in history] == ["ADD", "UPDATE", "DELETE", "RESTORE"]
    assert history[1]["old_text"] == "Prefers Python over Java"
    assert history[1]["new_text"] == "Prefers Python 3.12 over Java"

    users = run_json(capsys, "users")
    assert users == [{"user": "alice", "memories": 2}, {"user": "bob", "memories": 1}]

    # the human-readable forms
    code, out, _ = run(capsys, "memories", "list", "-u", "alice")
    assert code == 0 and mid[:8] in out and "Prefers Python 3.12 over Java" in out
    code, out, _ = run(capsys, "memories", "history", mid[:8], "-u", "alice")
    assert code == 0 and "RESTORE" in out
    code, out, _ = run(capsys, "users")
    assert code == 0 and "alice" in out and "bob" in out


def test_edit_delete_restore_revert_say_what_they_did_in_one_line(capsys):
    mid = run_json(capsys, "memories", "add", "Lives in Oslo", "-u", "ann")["id"]
    assert run(capsys, "memories", "edit", mid[:8], "Lives in Bergen", "-u", "ann") == (
        0, f"updated {mid}\n", "")
    code, out, _ = run(capsys, "memories", "delete", mid[:8], "-u", "ann")
    assert (code, out) == (0, f"deleted {mid} (undo: chatbot memories restore {mid[:8]})\n")
    assert run(capsys, "memories", "restore", mid[:8], "-u", "ann")[:2] == (0, f"restored {mid}\n")
    assert run(capsys, "memories", "revert", mid[:8], "1", "-u", "ann")[:2] == (
        0, f"reverted: {mid[:8]} is current again: Lives in Oslo\n")

def test_text_is_never_read_as_markup(capsys):
    text = "Tags notes with [travel] and [bold]x[/bold]"
    mid = run_json(capsys, "memories", "add", text, "-c", "[misc]", "-u", "[red]eve")["id"]
    for argv in (["list"], ["search", "tags"], ["history", mid[:8]]):
        code, out, _ = run(capsys, "memories", *argv, "-u", "[red]eve")
        assert code == 0 and "[travel]" in out and "[bold]x[/bold]" in " ".join(out.split()), argv
    code, out, _ = run(capsys, "users")
    assert "[red]eve" in out


def test_export_import_round_trip_keeps_everything_and_skips_duplicates(capsys, tmp_path):
    with open_store() as store:
        a = store.add("alice", "Prefers tea over coffee", ["preferences", "drinks"],
                      memory_type="semantic", observed_at="2024-03-05",
                      source=Source("sess-1", ["sess-1:0", "sess-1:1"], "memory_update_agent"))
        b = store.add("alice", "Went to Rome in May 2023", ["travel"], memory_type="episodic",
                      observed_at="2023-06-01", source={"session_id": "sess-2"})
        store.delete(b, user_id="alice")
        store.add("bob", "Prefers tea over coffee", ["preferences"])
        before = {m.id: m for m in store.list("alice", include_deleted=True)}

    export = tmp_path / "alice.jsonl"
    assert run_json(capsys, "memories", "export", "-o", str(export), "-u", "alice") == {
        "exported": 2, "file": str(export)}
    code, stdout_export, _ = run(capsys, "memories", "export", "-u", "alice")
    assert code == 0 and stdout_export == export.read_text()
    records = [json.loads(line) for line in export.read_text().splitlines()]
    assert {r["id"] for r in records} == {a, b}
    assert all(set(r) >= {"text", "categories", "memory_type", "created_at", "updated_at",
                          "observed_at", "source", "valid"} for r in records)

    # re-import into the same user: nothing new
    again = run_json(capsys, "memories", "import", str(export), "-u", "alice")
    assert again == {"added": 0, "skipped": 2, "ids": []}

    # purge, then import: everything comes back as it was, ids included
    code, out, _ = run(capsys, "memories", "purge", "--yes", "-u", "alice")
    assert code == 0 and "purged 2 memories of alice" in out
    back = run_json(capsys, "memories", "import", str(export), "-u", "alice")
    assert back["added"] == 2 and set(back["ids"]) == {a, b}
    with open_store() as store:
        after = {m.id: m for m in store.list("alice", include_deleted=True)}
        bob = store.list("bob")
    for mid, old in before.items():
        new = after[mid]
        for field in ("memory_text", "categories", "memory_type", "created_at", "updated_at",
                      "observed_at", "source", "valid"):
            assert getattr(new, field) == getattr(old, field), field
    assert [m.memory_text for m in bob] == ["Prefers tea over coffee"]  # untouched

    # importing alice's export as carol does not steal alice's ids
    carol = run_json(capsys, "memories", "import", str(export), "-u", "carol")
    assert carol["added"] == 2 and not set(carol["ids"]) & {a, b}
    assert run_json(capsys, "memories", "import", str(export), "-u", "carol")["added"] == 0
    with open_store() as store:
        assert len(store.list("alice", include_deleted=True)) == 2


def test_import_from_stdin_and_purge_one(capsys, monkeypatch):
    lines = "\n".join(json.dumps(r) for r in [
        {"text": "Likes jazz", "categories": ["music"]},
        {"memory_text": "Plays chess on Sundays"},
        {"text": "likes jazz."},  # the same memory twice in one file
    ])
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert run_json(capsys, "memories", "import", "-", "-u", "dana")["added"] == 2
    mid = run_json(capsys, "memories", "list", "-u", "dana")[0]["id"]
    assert run_json(capsys, "memories", "purge", mid[:5], "--yes", "-u", "dana") == {"purged": 1}
    assert [m["text"] for m in run_json(capsys, "memories", "list", "-u", "dana", "--all")] == [
        "Plays chess on Sundays"]


@pytest.mark.parametrize("argv, code, message", [
    (["memories", "edit", "0123abcd", "new text", "-u", "alice"], 1,
     "chatbot: error: no memory of alice has an id starting with '0123abcd'"),
    (["memories", "history", "nope", "-u", "alice"], 1,
     "chatbot: error: no memory of alice has an id starting with 'nope'"),
    (["memories", "delete", "-u", "alice"], 2,
     "chatbot memories delete: error: the following arguments are required: ID"),
    (["memories", "edit", "abc"], 2, "the following arguments are required: TEXT"),
    (["memories", "frobnicate"], 2, "chatbot memories: error: argument ACTION: invalid choice"),
    (["memories", "search", "x", "-n", "0"], 2,
     "chatbot memories search: error: argument --limit/-n: 0 is out of range (1-1000)"),
    (["memories", "search", "x", "-n", "99999999999999999999"], 2,
     "argument --limit/-n: 99999999999999999999 is out of range (1-1000)"),
    (["memories", "import", "/no/such/file.jsonl"], 1,
     "chatbot: error: no such file: /no/such/file.jsonl"),
    (["memories", "purge", "-u", "alice"], 1,
     "chatbot: error: refusing to purge all 1 memories of alice without confirmation: "
     "pass --yes"),
    (["memories", "add", "  ", "-u", "alice"], 1,
     "chatbot: error: memory text must be a non-empty string"),
])
def test_bad_arguments_are_one_line(capsys, monkeypatch, argv, code, message):
    with open_store() as store:
        store.add("alice", "Likes jazz")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    got, out, err = run(capsys, *argv)
    assert got == code
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err
    assert "Traceback" not in out + err


def test_import_rejects_a_bad_line_before_writing(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "Fine"}\n{"categories": ["x"]}\n')
    code, _, err = run(capsys, "memories", "import", str(bad), "-u", "erin")
    assert code == 1 and f"{bad}: nothing imported, 1 bad line(s): line 2: no memory text" in err
    assert run_json(capsys, "memories", "list", "-u", "erin") == []


def test_search_explain_shows_each_signals_share(capsys, monkeypatch):
    for text in ("Plays the cello in a youth orchestra", "Allergic to peanuts",
                 "Visited Oslo in March"):
        run_json(capsys, "memories", "add", text, "-u", "ana")
    hits = run_json(capsys, "memories", "search", "cello orchestra", "-u", "ana", "--explain")
    top = hits[0]
    assert top["text"] == "Plays the cello in a youth orchestra"
    s = top["signals"]
    assert s["rank"] == 1 and s["dense_rank"] == 1 and s["bm25_rank"] == 1
    assert s["dense_part"] + s["bm25_part"] == pytest.approx(top["score"], abs=1e-4)
    assert "recency_part" not in s  # decay is off by default
    monkeypatch.setenv("CHATBOT_RECENCY_WEIGHT", "0.5")
    decayed = run_json(capsys, "memories", "search", "cello orchestra", "-u", "ana", "--explain")
    s = decayed[0]["signals"]
    assert s["recency"] == pytest.approx(1.0, abs=0.01)  # written a moment ago
    assert s["dense_part"] + s["bm25_part"] + s["recency_part"] == pytest.approx(
        decayed[0]["score"], abs=1e-4)
    plain = run_json(capsys, "memories", "search", "cello orchestra", "-u", "ana")
    assert "signals" not in plain[0]
    code, out, _ = run(capsys, "memories", "search", "cello orchestra", "-u", "ana", "--explain")
    assert code == 0 and "bm25" in out and "recency" in out and "cello" in out
