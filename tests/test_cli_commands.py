"""Chat commands that change memory by hand (/restore, /undo, /forget all) and past transcripts."""

from __future__ import annotations

import json
import re

from dspy.utils import DummyLM
from test_cli_chat import Run, chat, open_store

from chatbot.cli.main import main

from scripted import answer, finish, step


def test_forget_all_counts_what_it_erases():
    with open_store() as store:
        ids = [store.add("alice", f"Fact number {n}", ["misc"]) for n in range(6)]
        for mid in ids[:2]:
            store.delete(mid, user_id="alice")
    run = Run()
    chat(run, ["/memories", "/forget all", "n"], DummyLM([]))
    assert "Forget all 4 memories of alice and 2 deleted ones kept for /restore for good?" \
        in run.stderr
    assert run.stdout.count("Fact number") == 4 and "kept" in run.stdout


def test_undo_takes_back_the_sessions_changes_newest_first():
    with open_store() as store:
        gone = store.add("alice", "Lives in Paris", ["location"])
        store.delete(gone, user_id="alice")
        other = store.add("alice", "Plays chess", ["hobbies"])
    lm = DummyLM([
        finish(), answer("Nice, a dog!", True),
        step("add_memory", {"memory_text": "Has a dog named Rex", "categories": ["pets"]}),
        finish(),
    ])
    run = Run()
    code = chat(run, [
        "I have a dog named Rex",
        f"/restore {gone[:8]}",
        f"/restore {gone[:8]}",  # not deleted any more
        f"/edit {other[:8]} Plays chess on Sundays",
        "/undo",  # the edit
        "/undo",  # the restore
        "/undo",  # the memory agent's ADD
        "/undo",
        "/stats",
    ], lm)
    assert code == 0
    out, err = run.stdout, run.stderr
    assert "saved: ADD 'Has a dog named Rex'" in err
    assert f"restored {gone[:8]}: Lives in Paris" in out and "is not deleted" in out
    assert f"undid UPDATE of {other[:8]}: back to 'Plays chess'" in out
    assert f"undid RESTORE of {gone[:8]}: deleted 'Lives in Paris'" in out
    assert "undid ADD of" in out and "deleted 'Has a dog named Rex'" in out
    assert "error: nothing to undo: this session changed no memory" in err
    assert re.search(r"memories edited by you\s+│\s+1", out)
    assert re.search(r"memories restored by you\s+│\s+1", out)
    assert re.search(r"changes undone by you\s+│\s+3", out)
    with open_store() as store:
        assert [m.memory_text for m in store.list("alice")] == ["Plays chess"]
        assert [e.event for e in store.history(other)] == ["ADD", "UPDATE", "UPDATE"]


def test_transcripts_list_and_show_are_per_user(capsys):
    chat(Run(), ["My cat is Miso"], DummyLM([finish(), answer("Hello Miso!", False)]),
         session="20261201-100000-aaaaaa")
    chat(Run(), ["Hi"], DummyLM([finish(), answer("Hi Bob", False)]), user="bob",
         session="20261201-110000-bbbbbb")
    capsys.readouterr()
    assert main(["transcripts", "list", "--user", "alice", "--json"]) == 0
    [row] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert row["session_id"] == "20261201-100000-aaaaaa" and row["turns"] == 1
    assert row["first_message"] == "My cat is Miso"
    assert main(["transcripts", "show", "20261201-10", "--user", "alice"]) == 0
    shown = capsys.readouterr().out
    assert "you: My cat is Miso" in shown and "bot: Hello Miso!" in shown
    assert main(["transcripts", "show", "20261201-11", "--user", "alice"]) == 1  # bob's
    err = capsys.readouterr().err
    assert "alice has no session '20261201-11'" in err and "Traceback" not in err
