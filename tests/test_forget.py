"""Forget means gone everywhere: purge reaches the transcripts, and `chatbot forget-me` leaves
no byte of the user in any file of the data dir (binary store files included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from files import files_holding

from chatbot.cli.main import main
from chatbot.cli.repl import input_history_file, redacted_history
from chatbot.config import Settings
from chatbot.forget import FORGOTTEN, purge_everywhere
from chatbot.memory import MemoryStore, Source
from chatbot.transcripts import TranscriptWriter, transcript_file, user_file_name

ANN = "ann-7c1e"
ANN_FACTS = ["Keeps bees on the roof in Quixadá", "Collects zinnia seeds from Vestmanna"]
BOB_FACT = "Restores Moto Guzzi motorbikes in Aveiro"


def write_transcript(root: Path, user: str, session: str, lines: list[str]) -> Path:
    path = transcript_file(root, user, session)
    w = TranscriptWriter(path)
    w.write({"type": "session", "user_id": user, "session_id": session})
    for n, text in enumerate(lines):
        w.write({"role": "user" if n % 2 == 0 else "assistant", "content": text,
                 "id": f"{session}:{n}"})
    return path


@pytest.fixture
def settings(tmp_path, monkeypatch, engine):
    monkeypatch.setenv("CHATBOT_ENGINE", engine)
    return Settings()


def test_forget_me_leaves_no_byte_of_the_user(settings, capsys, tmp_path, embedder):
    data = settings.data_dir
    with MemoryStore.from_settings(settings) as store:
        for fact in ANN_FACTS:
            store.add(ANN, fact, ["hobbies"], source=Source(session_id="s1"))
        gone = store.add(ANN, "Drinks mate at breakfast")
        store.update(gone, "Drinks yerba mate at breakfast")
        store.delete(gone)
        store.add("bob", BOB_FACT, ["hobbies"])
    write_transcript(settings.transcripts_dir, ANN, "s1", [
        "I keep bees on the roof in Quixadá", "Lovely!"])
    write_transcript(settings.transcripts_dir, "bob", "s2", [BOB_FACT, "Nice"])
    history = redacted_history(input_history_file(data, ANN))
    history.append_string("I keep bees on the roof in Quixadá")
    export = tmp_path / "elsewhere" / "ann.jsonl"
    assert main(["memories", "export", "--user", ANN, "-o", str(export)]) == 0
    needles = [ANN, "Quixadá", "zinnia", "yerba"]
    assert files_holding(data, needles) and export.is_file()  # the probe can see them

    assert main(["forget-me", "--user", ANN, "--yes", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["memories"] == 3 and report["transcripts"] == 1 and report["exports"] == 1

    assert files_holding(data, needles) == []
    assert not export.exists()
    with MemoryStore.from_settings(settings) as store:  # bob keeps everything
        assert [m.memory_text for m in store.list("bob")] == [BOB_FACT]
        assert store.users() == [("bob", 1)]
    assert files_holding(data, ["Aveiro"])


def test_forget_me_asks_first(settings, capsys, monkeypatch):
    with MemoryStore.from_settings(settings) as store:
        store.add(ANN, ANN_FACTS[0])
    assert main(["forget-me", "--user", ANN]) == 1  # no terminal to ask on: refused
    assert "pass --yes" in capsys.readouterr().err
    with MemoryStore.from_settings(settings) as store:
        assert len(store.list(ANN)) == 1


def test_purging_one_memory_blanks_the_messages_that_stated_it(settings, embedder):
    t = settings.transcripts_dir
    path = write_transcript(t, ANN, "s1", [
        "I keep bees on the roof in Quixadá, and I love jazz", "Nice!",
        "What should I cook tonight?", "Pasta."])
    other = write_transcript(t, ANN, "s2", [f"Reminder: {ANN_FACTS[0]}", "OK"])
    with MemoryStore.from_settings(settings) as store:
        mid = store.add(ANN, ANN_FACTS[0], source=Source(session_id="s1",
                                                         message_ids=["s1:0", "s1:2"]))
        keep = store.add(ANN, "Loves jazz")
        assert purge_everywhere(store, t, ANN, mid) == 1
        assert [m.id for m in store.list(ANN, include_deleted=True)] == [keep]
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [x.get("content") for x in lines[1:]] == [
        FORGOTTEN, "Nice!", "What should I cook tonight?", "Pasta."]
    assert [x.get("id") for x in lines[1:]] == ["s1:0", "s1:1", "s1:2", "s1:3"]
    assert "Quixadá" not in other.read_text()  # quoted elsewhere: blanked there too


def test_purging_all_memories_removes_the_transcripts(settings, capsys):
    t = settings.transcripts_dir
    path = write_transcript(t, ANN, "s1", ["I keep bees", "Nice"])
    bob = write_transcript(t, "bob", "s2", ["I ride", "Nice"])
    with MemoryStore.from_settings(settings) as store:
        store.add(ANN, ANN_FACTS[0])
    assert main(["memories", "purge", "--user", ANN, "--yes"]) == 0
    assert not path.exists() and bob.exists()


def test_the_old_shared_typed_line_file_is_redacted_and_set_aside(tmp_path):
    shared = tmp_path / "input_history"
    shared.write_text("\n# 2024\n+my password is hunter2-Zq9\n")
    redacted_history(input_history_file(tmp_path, ANN))
    assert shared.is_dir()
    kept = (tmp_path / "input_history.shared").read_text()
    assert "hunter2-Zq9" not in kept and "my password is" in kept


def test_forget_me_after_real_chats_leaves_no_file_holding_the_user(tmp_path, capsys, embedder):
    """Every file the app itself writes in a chat (store, history, transcript, typed lines,
    export ledger) and the export: grepped clean after forget-me; the other user keeps theirs."""
    from dspy.utils import DummyLM
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from test_cli_chat import Run, chat

    from chatbot.cli.repl import PromptReader

    from scripted import answer, finish, step

    data = Settings().data_dir
    export = tmp_path / "mine" / "ann-export.jsonl"
    for user, line, fact in [(ANN, "I keep bees on the roof in Quixadá", ANN_FACTS[0]),
                             ("bob", "I restore Moto Guzzi bikes in Aveiro", BOB_FACT)]:
        lm = DummyLM([finish(), answer("Lovely!", True),
                      step("add_memory", {"memory_text": fact, "categories": ["hobbies"]}),
                      finish()])
        with create_pipe_input() as pipe:
            reader = PromptReader(input_history_file(data, user), input=pipe,
                                  output=DummyOutput())
            mine = export if user == ANN else tmp_path / "b.jsonl"
            pipe.send_text(f"{line}\r/export {mine}\r")
            pipe.send_text("\x04")
            assert chat(Run(), None, lm, user=user, reader=reader) == 0
    needles = [ANN, "Quixadá", "bees"]
    held = {Path(f).relative_to(data).parts[0] for f, _ in files_holding(data, needles)}
    assert {"memory", "transcripts", "input_history"} <= held, held
    assert "Quixadá" in export.read_text() and any((data / "exports").iterdir())

    assert main(["forget-me", "--user", ANN, "--yes"]) == 0
    assert files_holding(data, needles) == [] and not export.exists()
    assert [p.name for p in (data / "exports").iterdir()] == [f"{user_file_name('bob')}.txt"]
    assert [p for p in data.rglob("*") if ANN in p.name] == []  # in no file name either
    assert {Path(f).relative_to(data).parts[0] for f, _ in files_holding(data, ["Aveiro"])} >= {
        "memory", "transcripts", "input_history"}
