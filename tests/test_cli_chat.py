"""`chatbot chat` end to end: real store and embedder on disk, scripted LM, scripted input."""

from __future__ import annotations

import argparse
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import litellm
import pytest
from dspy.utils import DummyLM
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from chatbot.cli.chat import run_chat
from chatbot.cli.main import main
from chatbot.cli.repl import PromptReader
from chatbot.config import Settings
from chatbot.memory import MemoryStore
from chatbot.session import ChatSession

from scripted import answer, finish, step

ID_RE = re.compile(r"│ ([0-9a-f]{8}) │")


class ScriptedInput(io.TextIOBase):
    """Lines typed one at a time; a callable line is computed when it is read (from output)."""

    def __init__(self, lines: list[str | Callable[[], str]]):
        self.lines = list(lines)

    def readline(self, size: int = -1) -> str:
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        return (line() if callable(line) else line) + "\n"


class Run:
    def __init__(self):
        self.out = Console(file=io.StringIO(), width=120, color_system=None)
        self.err = Console(file=io.StringIO(), width=120, color_system=None)

    @property
    def stdout(self) -> str:
        return self.out.file.getvalue()

    @property
    def stderr(self) -> str:
        return self.err.file.getvalue()

    def last_id(self) -> str:
        return ID_RE.findall(self.stdout)[-1]


def chat(run: Run, lines, lm, *, user="alice", session=None, quiet=False, reader=None,
         session_factory=ChatSession) -> int:
    args = argparse.Namespace(user=user, data_dir=None, session=session, quiet=quiet)
    stream = None if reader else ScriptedInput(lines)
    return run_chat(
        args, lm=lm, input_stream=stream, console=run.out, err_console=run.err, reader=reader,
        session_factory=session_factory,
    )


def open_store() -> MemoryStore:
    return MemoryStore.from_settings(Settings())


def transcripts(user: str) -> list[Path]:
    return sorted(Settings().transcripts_dir.glob("*/*.jsonl"))


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_whole_session_with_slash_commands():
    lm = DummyLM(
        [
            finish(),
            answer("Noted: **Python** it is.", True),
            step(
                "add_memory",
                {"memory_text": "Prefers Python over Java", "categories": ["preferences"]},
            ),
            finish(),
            step(
                "fetch_similar_memories", {"search_text": "language", "categories": ["preferences"]}
            ),
            finish(),
            answer("Python, since you prefer it.", False),
        ]
    )
    run = Run()
    code = chat(
        run,
        [
            "I prefer Python over Java",
            "/mem",  # prefix of /memories
            "Which language should I use?",
            "/search python",
            lambda: f"/edit {run.last_id()} Prefers Python 3.12 over Java",
            lambda: f"/history {run.last_id()}",
            "/categories",
            "/stats",
            "/e",  # ambiguous: /edit /exit /export
            "/bogus",
            "/edit",  # missing arguments
            "/history 00000000",  # no such id
            "/exit",
        ],
        lm,
    )
    assert code == 0
    out, err = run.stdout, run.stderr

    assert "Noted: **Python** it is." in out and "Python, since you prefer it." in out
    assert "saved: ADD 'Prefers Python over Java'" in err
    assert "searched: 'language' in [preferences] -> 1 memories" in err
    assert "alice's memories" in out and "preferences" in out
    assert "Prefers Python over Java" in out and "Prefers Python 3.12 over Java" in out  # history
    assert "UPDATE" in out and "preferences (1)" in out
    assert re.search(r"turns\s+│\s+2", out) and re.search(r"LM calls\s+│\s+7", out)
    assert re.search(r"memories edited by you\s+│\s+1", out)
    assert "error: /e is ambiguous: /edit, /exit, /export" in err
    assert "error: unknown command /bogus; /help lists the commands" in err
    assert "error: usage: /edit ID TEXT" in err
    assert "error: no memory of alice has an id starting with '00000000'" in err
    assert "Traceback" not in out + err

    [path] = transcripts("alice")
    lines = read_jsonl(path)
    assert lines[0]["type"] == "session" and lines[0]["user_id"] == "alice"
    assert [(m["role"], m["content"]) for m in lines[1:]] == [
        ("user", "I prefer Python over Java"),
        ("assistant", "Noted: **Python** it is."),
        ("user", "Which language should I use?"),
        ("assistant", "Python, since you prefer it."),
    ]
    with open_store() as store:
        [m] = store.list("alice")
        assert m.memory_text == "Prefers Python 3.12 over Java" and m.categories == ["preferences"]
        assert [e.event for e in store.history(m.id)] == ["ADD", "UPDATE"]


def test_forget_asks_and_purges_user_switch_and_new_session():
    with open_store() as store:
        keep = store.add("alice", "Has a cat named Miso", ["pets"])
        gone = store.add("alice", "Plays the cello", ["hobbies"])
        store.add("bob", "Lives in Oslo", ["location"])
    run = Run()
    code = chat(
        run,
        [
            f"/forget {gone[:6]}",
            "n",  # declined: kept
            f"/forget {gone[:6]}",
            "y",
            "/forget all",
            "n",
            "/user bob",
            "/memories",
            "/new",
            "/forget all",
            "yes",
            "/memories",
        ],
        DummyLM([]),
    )
    assert code == 0
    out, err = run.stdout, run.stderr
    assert "kept" in out and "forgot 1 memory" in out
    assert "user: bob (1 memories)" in err and "Lives in Oslo" in out
    assert "no memories of bob yet" in out
    with open_store() as store:
        assert [m.id for m in store.list("alice", include_deleted=True)] == [keep]
        assert store.list("bob", include_deleted=True) == []
        assert store.history(gone)[-1].event == "PURGE"
        assert store.history(gone)[0].new_text is None  # purged text is erased from history


def test_lm_failure_is_one_line_and_the_chat_goes_on():
    class Flaky(DummyLM):
        down = True

        def __call__(self, *a, **k):
            if self.down:
                raise litellm.APIConnectionError(
                    message="Connection refused", llm_provider="openai", model="gpt-4o-mini")
            return super().__call__(*a, **k)

    lm = Flaky([finish(), answer("Hi there!", False)])

    def server_back() -> str:
        lm.down = False
        return "Hello again"

    run = Run()
    code = chat(run, ["Hello?", server_back, "/stats"], lm)
    assert code == 0
    err_lines = [x for x in run.stderr.splitlines() if x.startswith("error:")]
    assert len(err_lines) == 1 and "Could not reach the LM server" in err_lines[0]
    assert "Hi there!" in run.stdout
    assert re.search(r"failed turns\s+│\s+1", run.stdout)
    lines = read_jsonl(transcripts("alice")[0])
    assert lines[2]["role"] == "assistant" and lines[2]["error"]
    assert lines[4]["content"] == "Hi there!"


def test_quiet_hides_memory_lines_and_debug_shows_trajectories():
    script = [
        step("fetch_similar_memories", {"search_text": "tea", "categories": []}),
        finish(),
        answer("Green tea.", True),
        step("noop", {}),
        finish(),
    ]
    quiet = Run()
    chat(quiet, ["What tea do I like?"], DummyLM(list(script)), quiet=True)
    assert "searched:" not in quiet.stderr and "Green tea." in quiet.stdout

    loud = Run()
    chat(loud, ["/debug", "What tea do I like?", "/help"], DummyLM(list(script)))
    err = loud.stderr
    assert "searched: 'tea' -> 0 memories" in err
    assert "response agent" in err and 'call: fetch_similar_memories({"search_text": "tea"' in err
    assert "memory update agent" in err and "call: noop({})" in err
    assert "/forget ID|all" in loud.stdout and "/memories [CATEGORY]" in loud.stdout


def test_session_id_resumes_its_transcript():
    first = Run()
    chat(first, ["My name is Ada"], DummyLM([finish(), answer("Hi Ada!", False)]), session="s1")
    lm = DummyLM([finish(), answer("You are Ada.", False)])
    second = Run()
    chat(second, ["Who am I?"], lm, session="s1")
    assert "resumed with 2 earlier messages" in second.stderr
    prompt = json.dumps(lm.history[-1]["messages"])
    assert "My name is Ada" in prompt and "Hi Ada!" in prompt
    lines = read_jsonl(transcripts("alice")[0])
    assert [m["content"] for m in lines if m.get("role") == "user"] == [
        "My name is Ada",
        "Who am I?",
    ]
    assert len({m["id"] for m in lines if "id" in m}) == 4


def test_prompt_toolkit_input_alt_enter_ctrl_c_ctrl_d(tmp_path):
    lm = DummyLM([finish(), answer("Both are nice.", False)])
    run = Run()
    with create_pipe_input() as pipe:
        reader = PromptReader(tmp_path / "history", input=pipe, output=DummyOutput())
        # Alt-Enter adds a line; Enter sends; Ctrl-C clears a typed line, and at the empty
        # prompt warns (a second one would exit); Ctrl-D exits after writes finish.
        pipe.send_text("I like tea\x1b\rand coffee\r")
        pipe.send_text("half typed\x03")
        pipe.send_text("/stats\r")
        pipe.send_text("\x03\x04")
        code = chat(run, None, lm, reader=reader)
    assert code == 0
    assert "Both are nice." in run.stdout and "turns" in run.stdout
    assert run.stderr.count("^C again to exit") == 1
    user_lines = [m for m in read_jsonl(transcripts("alice")[0]) if m.get("role") == "user"]
    assert [m["content"] for m in user_lines] == ["I like tea\nand coffee"]
    assert "/stats" in (tmp_path / "history").read_text()


def test_two_ctrl_c_exit_cleanly(tmp_path):
    run = Run()
    with create_pipe_input() as pipe:
        reader = PromptReader(None, input=pipe, output=DummyOutput())
        pipe.send_text("\x03\x03")
        assert chat(run, None, DummyLM([]), reader=reader) == 0


def test_bad_chat_arguments_are_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["chat", "--bogus"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --bogus" in err and "Traceback" not in err


def test_missing_lm_is_one_line(capsys, monkeypatch):
    monkeypatch.setenv("CHATBOT_LM", "openai/gpt-4o-mini")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["chat", "--user", "zed"]) == 1
    err = capsys.readouterr().err
    assert "chatbot: error: No API key for openai/gpt-4o-mini" in err and "Traceback" not in err
