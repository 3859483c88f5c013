"""Transcript replay: parsing with line-numbered errors, the dual-agent loop and ingestion with a
scripted LM over the real store, the summary counts, and the CLI."""

from __future__ import annotations

import json

import pytest
from dspy.utils import DummyLM

from chatbot.cli.main import main
from chatbot.replay import TranscriptError, read_transcript, replay

from scripted import answer, finish, step

HEADER = {"type": "session", "user_id": "alice", "session_id": "s-42", "date": "2024-03-15"}
MESSAGES = [
    {"role": "system", "content": "You are helpful."},
    {"role": "user", "content": "I just adopted a beagle called Rex", "id": "m1"},
    {"role": "assistant", "content": "Congratulations!"},
    {"role": "user", "content": [{"type": "text", "text": "What is my dog called?"}]},
    {"role": "assistant", "content": "Rex."},
]


def write_lines(path, lines):
    with open(path, "wb") as f:
        for line in lines:
            f.write(line if isinstance(line, bytes) else (json.dumps(line) + "\n").encode())
    return path


@pytest.fixture
def transcript_file(tmp_path):
    return write_lines(tmp_path / "t.jsonl", [HEADER, *MESSAGES[:3], b"not json\n", *MESSAGES[3:]])


def full_script():
    return [
        finish(), answer("Congratulations!", True),                               # turn 1
        step("add_memory", {"memory_text": "Has a beagle called Rex", "categories": ["pets"]}),
        finish(),
        step("fetch_similar_memories", {"search_text": "dog", "categories": ["pets"]}),  # turn 2
        finish(), answer("Rex.", True),
        step("delete_memory", {"memory_ids": [5]}),                              # invented id
        step("add_memory", {"memory_text": "Has a beagle called Rex", "categories": ["pets"]}),
        finish(),                                      # dedup hit
    ]


def test_read_transcript_header_messages_and_bad_lines(tmp_path):
    path = write_lines(tmp_path / "t.jsonl", [
        HEADER, MESSAGES[1], b"\n", b"{oops\n", {"content": "no role"}, {"role": "user"},
        b"\xff\xfe bad bytes\n", {"role": "robot", "content": "x"}, [1, 2],
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]}, MESSAGES[3],
    ])
    t = read_transcript(path)
    [seg] = t.segments
    assert (seg.user_id, seg.session_id, seg.date) == ("alice", "s-42", "2024-03-15T00:00:00")
    assert [(m.line, m.role, m.content, m.id) for m in seg.messages] == [
        (2, "user", "I just adopted a beagle called Rex", "m1"),
        (11, "user", "What is my dog called?", None)]
    assert [b.split(": ", 1)[1] for b in t.bad_lines] == [
        "not JSON (Expecting property name enclosed in double quotes)", "missing 'role'",
        "missing 'content'", "not valid UTF-8", "unknown role 'robot'",
        "expected a JSON object, got list"]
    assert [int(b.split(":")[1]) for b in t.bad_lines] == [4, 5, 6, 7, 8, 9]
    with pytest.raises(TranscriptError, match=r"t\.jsonl:4: not JSON"):
        read_transcript(path, strict=True)


def test_read_transcript_unusable_files(tmp_path):
    with pytest.raises(TranscriptError, match="not found"):
        read_transcript(tmp_path / "nope.jsonl")
    with pytest.raises(TranscriptError, match="no chat messages"):
        read_transcript(write_lines(tmp_path / "h.jsonl", [HEADER]))
    with pytest.raises(TranscriptError, match=":1: date 'last tuesday' is not an ISO date"):
        read_transcript(write_lines(tmp_path / "d.jsonl", [
            {**HEADER, "date": "last tuesday"}, MESSAGES[1]]), strict=True)


def test_full_replay_summary_counts(store, transcript_file):
    lm = DummyLM(full_script())
    records = []
    result = replay(read_transcript(transcript_file), store, lm, record=records.append)
    s = result.summary()
    assert s["user_id"] == "alice" and s["sessions"] == ["s-42"] and s["mode"] == "full"
    assert s["turns"] == 2 and s["memory_add"] == 1 and s["memory_noop"] == 1
    assert s["invented_ids"] == 1 and s["dedup_hits"] == 1 and s["bad_lines"] == 1
    assert s["memory_update"] == 0 and s["memory_delete"] == 0 and s["turn_errors"] == 0
    assert s["lm_calls"] == 10 == len(lm.history)  # the summaries are written by code
    [memory] = store.list("alice")
    assert memory.memory_text == "Has a beagle called Rex"
    assert memory.observed_at.startswith("2024-03-15") and memory.source.session_id == "s-42"
    turns = [r for r in records if r["type"] == "turn"]
    assert [(r["line"], r["response"], r["reference"]) for r in turns] == [
        (3, "Congratulations!", "Congratulations!"), (6, "Rex.", "Rex.")]
    assert [m["text"] for m in turns[1]["retrieved"]] == ["Has a beagle called Rex"]


def test_ingest_only_runs_the_updater_in_windows(store, tmp_path):
    path = write_lines(tmp_path / "t.jsonl", [HEADER, *MESSAGES])
    lm = DummyLM([
        step("add_memory", {"memory_text": "Has a beagle called Rex", "categories": ["pets"]}),
        finish(),
    ])
    records = []
    result = replay(read_transcript(path), store, lm, user="bob", ingest_only=True,
                    session_date="2024-01-02", window=6, record=records.append)
    s = result.summary()
    assert s["mode"] == "ingest-only" and s["user_id"] == "bob"
    assert s["turns"] == 2 and s["memory_add"] == 1 and s["lm_calls"] == 2
    [memory] = store.list("bob")
    assert memory.source.message_ids == ["m1", "s-42:4", "s-42:5", "s-42:6"]
    assert memory.observed_at.startswith("2024-01-02")
    assert store.list("alice") == []
    [update] = records
    assert update["lines"] == [3, 4, 5, 6] and update["actions"][0]["event"] == "ADD"


def test_direct_ingest_stores_long_messages_whole_without_an_lm(store, tmp_path):
    long_answer = "Here is the plan. " + " ".join(
        f"Step {n}: we move chat server {n} to Node 20." for n in range(60))
    lines = [HEADER, {"role": "user", "content": "Plan my migration, please."},
             {"role": "assistant", "content": long_answer},
             {"role": "user", "content": "Great. My launch date is 9 April, in Lisbon."}]
    path = write_lines(tmp_path / "t.jsonl", lines)
    result = replay(read_transcript(path), store, None, ingest_only=True, direct=True)
    assert result.summary()["turns"] == 2
    memories = store.list("alice")
    answer_pieces = [m for m in memories if m.source.message_ids[-1] == "s-42:3"]
    assert len(answer_pieces) > 1  # split, not cut: every word of the answer is kept
    assert sum(m.memory_text.count("Node 20") for m in answer_pieces) == 60
    [last] = [m for m in memories if m.source.message_ids[-1] == "s-42:4"]
    # the user's own turn leads its memory, the long answer before it follows, clipped
    assert last.memory_text.startswith("[2024-03-15] User: Great. My launch date is 9 April")
    assert last.source.message_ids == ["s-42:2", "s-42:3", "s-42:4"]
    assert len(last.memory_text) < 1000
    # who said it is kept: search weighs the assistant's words down
    assert last.source.speaker == "User"
    assert {m.source.speaker for m in answer_pieces} == {"Assistant"}
    top = store.search("alice", "when is the launch", limit=1)[0]
    assert top.id == last.id


def test_cli_replay_direct_needs_ingest_only(transcript_file, capsys):
    assert main(["replay", str(transcript_file), "--direct"]) == 1
    assert "add --ingest-only" in capsys.readouterr().err


def test_cli_replay_json_and_out(transcript_file, tmp_path, monkeypatch, capsys):
    lm = DummyLM(full_script())
    monkeypatch.setattr("chatbot.lm.build_lm", lambda settings: lm)
    out = tmp_path / "results.jsonl"
    code = main(["replay", str(transcript_file), "--json", "--out", str(out)])
    assert code == 0
    captured = capsys.readouterr()
    printed = json.loads(captured.out)
    assert printed["turns"] == 2 and printed["memory_add"] == 1 and printed["lm_calls"] == 10
    assert "t.jsonl:5: not JSON" in captured.err  # the skipped line is named
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["type"] for x in lines] == ["turn", "turn", "summary"]
    assert lines[-1] == {"type": "summary", **printed}


@pytest.mark.parametrize("argv, message", [
    (["missing.jsonl"], "transcript not found"),
    (["{t}", "--strict"], "t.jsonl:5: not JSON"),
    (["{t}", "--session-date", "soon"], "--session-date: date 'soon' is not an ISO date"),
    (["{n}"], "names no user: pass --user"),
])
def test_cli_replay_errors_are_one_line(transcript_file, tmp_path, capsys, argv, message):
    nouser = write_lines(tmp_path / "n.jsonl", MESSAGES)
    argv = [a.format(t=transcript_file, n=nouser) for a in argv]
    assert main(["replay", *argv]) == 1
    err = capsys.readouterr().err.strip()
    assert message in err and err.startswith("chatbot: error:") and "\n" not in err
