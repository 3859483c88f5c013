"""`chatbot demo` with a scripted LM: the correction keeps its id, the retraction is a DELETE."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from dspy.utils import DummyLM
from rich.console import Console

from chatbot.cli.demo import SESSIONS, history_line, run_demo
from chatbot.cli.main import main
from chatbot.config import Settings
from chatbot.memory import MemoryStore

from scripted import answer, finish, step

# What a capable model would do, one list of LM answers per session (memory writes run inline).
SCRIPT = [
    [
        finish(), answer("Nice to meet you, Sam!", True),
        step("add_memory", {"memory_text": "Lives in Lisbon", "categories": ["location"]}),
        step("add_memory", {"memory_text": "Works as a nurse", "categories": ["work"]}),
        step("add_memory", {"memory_text": "Works as a nurse", "categories": ["work"]}),
        step("add_memory", {"memory_text": "Works as a nurse", "categories": ["work"]}),
        finish(),
        finish(), answer("Got it: short and practical.", True),
        step("add_memory", {"memory_text": "Is vegetarian", "categories": ["diet"]}),
        step("add_memory", {"memory_text": "Likes short, practical answers",
                            "categories": ["preferences"]}),
        finish(),
    ],
    [
        step("fetch_similar_memories", {"search_text": "diet", "categories": ["diet"]}),
        finish(), answer("Since you're vegetarian: a chickpea curry.", False),
        step("fetch_similar_memories", {"search_text": "where I live", "categories": []}),
        finish(), answer("From Lisbon, Sintra is an easy day trip.", False),
    ],
    [
        finish(), answer("Noted: Porto now.", True),
        step("update_memory", {"memory_id": 0, "updated_memory_text": "Lives in Porto",
                               "categories": ["location"]}),
        finish(),
        finish(), answer("Done, I've forgotten it.", True),
        step("delete_memory", {"memory_ids": [0]}), finish(),
    ],
]


def check_memory(data_dir) -> None:
    with MemoryStore.from_settings(Settings(data_dir=data_dir)) as store:
        memories = {m.memory_text: m for m in store.list("sam", include_deleted=True)}
        assert set(memories) == {"Lives in Porto", "Works as a nurse", "Is vegetarian",
                                 "Likes short, practical answers"}
        porto = memories["Lives in Porto"]
        events = store.history(porto.id)
        assert [e.event for e in events] == ["ADD", "UPDATE"]
        assert events[1].old_text == "Lives in Lisbon"  # same id, old text in history
        nurse = memories["Works as a nurse"]
        assert not nurse.valid and store.history(nurse.id)[-1].event == "DELETE"


def test_demo_with_scripted_lm_in_process(tmp_path):
    data = tmp_path / "demo"
    console = Console(file=io.StringIO(), width=140, color_system=None)
    code = run_demo(Settings(data_dir=data, user="sam"), console,
                    lm=DummyLM([a for session in SCRIPT for a in session]))
    assert code == 0
    out = console.file.getvalue()
    for session in SESSIONS:
        for line in session.turns:
            assert f"sam: {line}" in out
    assert "response agent: searched 'diet' -> 1: Is vegetarian" in out
    assert "memory agent: NOOP ×2" in out  # a model repeating itself is one line
    assert "memory agent: UPDATE" in out and "(was: Lives in Lisbon)" in out
    assert "memory agent: DELETE" in out
    # the final table: the corrected memory with its history, the retracted one deleted
    table = out[out.index("sam's memories after three sessions"):]
    assert "Lives in Porto" in table and "ADD → UPDATE (was 'Lives in Lisbon')" in table
    assert "Works as a nurse" in table and "deleted" in table and "ADD → DELETE" in table
    assert "Session 3 corrected 'Lives in Lisbon' -> 'Lives in Porto', same id" in out
    assert "Session 3 retracted 'Works as a nurse'" in out
    assert "Session 2 (new process): the response agent searched memory 2 time(s)" in out
    check_memory(data)
    summaries = [json.loads((data / "demo" / f"session-{i}.json").read_text())
                 for i in (1, 2, 3)]
    assert [len(s["turns"]) for s in summaries] == [2, 2, 2]
    assert summaries[2]["turns"][0]["actions"][0]["event"] == "UPDATE"


def test_demo_runs_each_session_in_a_new_process(tmp_path):
    """The real command line: a parent and three children, scripted through --lm-script."""
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    data = tmp_path / "demo"
    proc = subprocess.run(
        [sys.executable, "-m", "chatbot.cli.main", "demo", "--data-dir", str(data),
         "--lm-script", str(script)],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    pids = {line for line in proc.stdout.splitlines() if line.startswith("(process ")}
    assert len(pids) == 3
    assert "Session 3 corrected 'Lives in Lisbon' -> 'Lives in Porto', same id" in proc.stdout
    assert "Traceback" not in proc.stderr
    check_memory(data)


def test_history_line_counts_runs():
    from chatbot.memory import HistoryEvent

    def ev(event, old=None):
        return HistoryEvent("id", "sam", event, old, None, None, None, "")

    line = history_line([ev("ADD"), ev("UPDATE", "a"), ev("UPDATE", "b"), ev("DELETE")])
    assert line == "ADD → UPDATE ×2 (was 'a') → DELETE"


def test_demo_child_without_data_dir_is_one_line(capsys):
    assert main(["demo", "--run-session", "0"]) == 1
    assert "chatbot: error: --run-session needs --data-dir" in capsys.readouterr().err
