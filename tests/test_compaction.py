"""Compaction on a real store with a scripted LM: overlapping memories of one user merge into
one, every source's provenance and history stay, a lossy merge is refused, undo restores."""

from __future__ import annotations

import io
import json
import time

from dspy.utils import DummyLM
from rich.console import Console

from chatbot.autocompact import BackgroundCompaction, describe
from chatbot.cli import app
from chatbot.cli.chat import ChatApp
from chatbot.cli.main import main
from chatbot.cli.repl import make_reader
from chatbot.config import Settings
from chatbot.memory import MemoryStore, Source
from chatbot.memory.compaction import compact, overlapping_groups, should_compact

from scripted import ScriptedLlama, scripted_local_lm

HIKING = ["Likes hiking", "Hikes in the Alps every summer", "Bought new hiking boots in May"]
MERGED = "Likes hiking; hikes in the Alps every summer; bought new hiking boots in May"
OTHERS = ["Likes Italian food", "Plays the piano"]


def seed(store, user="ann"):
    ids = [store.add(user, t, ["hobbies"], source=Source(session_id=f"s{n}",
                                                         message_ids=[f"s{n}:0"]))
           for n, t in enumerate(HIKING)]
    store.add(user, OTHERS[0], ["food"])
    store.add(user, OTHERS[1], ["hobbies"])
    return ids


def current(store, user="ann"):
    return sorted(m.memory_text for m in store.list(user))


def test_groups_are_per_user_and_category(store):
    seed(store)
    store.add("bob", "Hikes in the Alps every summer", ["hobbies"])
    [group] = overlapping_groups(store, "ann")
    assert [m.memory_text for m in group] == HIKING
    assert overlapping_groups(store, "bob") == []  # never across users


def test_compaction_merges_keeps_provenance_and_is_reversible(store):
    ids = seed(store)
    lm = DummyLM([{"memory_text": MERGED}])
    report = compact(store, "ann", lm)
    assert report.counts["merged"] == 1 and report.counts["memories_merged"] == 3
    [merge] = report.merges
    assert current(store) == sorted([MERGED, *OTHERS])
    new = store.get(merge.new_id, user_id="ann")
    assert new.supersedes == ids and new.categories == ["hobbies"]
    assert new.source.message_ids == ["s0:0", "s1:0", "s2:0"]
    for i, text in zip(ids, HIKING, strict=True):
        old = store.get(i, user_id="ann")
        assert not old.valid and old.superseded_by == new.id and old.memory_text == text
        assert [e.event for e in store.history(i)] == ["ADD", "SUPERSEDE"]
    assert "notes" in str(lm.history[0]["messages"])  # the LM saw the notes, one user's
    assert "piano" not in str(lm.history[0]["messages"])

    store.revert(new.id, user_id="ann")  # a merge of several: undone
    assert current(store) == sorted([*HIKING, *OTHERS])
    assert not store.get(new.id).valid


def test_a_merge_that_drops_a_fact_is_refused(store):
    seed(store)
    report = compact(store, "ann", DummyLM([{"memory_text": "Likes hiking in the Alps"}]))
    assert report.counts["refused_lossy"] == 1 and report.counts["merged"] == 0
    assert "boots" in report.merges[0].refused
    assert current(store) == sorted([*HIKING, *OTHERS])


def test_dry_run_writes_nothing_and_calls_no_lm(store):
    seed(store)
    report = compact(store, "ann", lm=None, dry_run=True)
    assert report.counts["groups"] == 1 and report.merges[0].text is None
    assert current(store) == sorted([*HIKING, *OTHERS])


def test_trigger_after_a_session(store):
    seed(store)
    assert should_compact(store, "ann", size=4) == ["hobbies"]
    assert should_compact(store, "ann", size=5) == []


def test_cli_compact(capsys, monkeypatch, embedder):
    with MemoryStore.from_settings(Settings()) as store:
        seed(store)
    assert main(["memories", "compact", "--user", "ann", "--dry-run"]) == 0
    assert "would merge: Likes hiking | Hikes in the Alps" in capsys.readouterr().out
    monkeypatch.setattr(app, "build_lm", lambda settings: DummyLM([{"memory_text": MERGED}]))
    assert main(["memories", "compact", "--user", "ann", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"]["merged"] == 1 and data["merges"][0]["text"] == MERGED


# ----------------------------------- the trigger: in the background, after a session

def hiking_history(store, mid):
    return [(e.event, e.actor) for e in store.history(mid)]


def test_background_compaction_after_a_session_is_one_users(store):
    ids = seed(store)
    bob = seed(store, "bob")
    lm = DummyLM([{"memory_text": MERGED}])
    background = BackgroundCompaction(store, lm, size=4)
    background.after_session("ann")
    assert background.wait(60)
    assert current(store) == sorted([MERGED, *OTHERS])
    assert hiking_history(store, ids[0]) == [("ADD", "api"), ("SUPERSEDE", "auto-compaction")]
    assert current(store, "bob") == sorted([*HIKING, *OTHERS])  # never across users
    assert all(store.get(i).valid for i in bob)
    [report] = background.reports
    assert report.user_id == "ann" and "compacted 3 memories into 1" in describe(report)
    store.revert(report.merges[0].new_id, user_id="ann")  # reversible
    assert current(store) == sorted([*HIKING, *OTHERS])


def test_below_the_threshold_nothing_runs(store):
    seed(store)
    lm = DummyLM([])
    background = BackgroundCompaction(store, lm, size=5)
    background.after_session("ann")
    assert background.wait(60) and background.reports == [] and lm.history == []


def test_it_waits_while_the_chat_is_busy_and_stops_at_exit(store):
    seed(store)
    lm = DummyLM([{"memory_text": MERGED}])
    background = BackgroundCompaction(store, lm, size=4)
    background.busy()  # a reply is being written
    background.after_session("ann")
    assert not background.wait(0.5)  # it waits
    assert lm.history == [] and current(store) == sorted([*HIKING, *OTHERS])
    background.close()  # the chat exits: it stops without a merge
    assert not background.running and lm.history == []
    assert current(store) == sorted([*HIKING, *OTHERS])
    background.after_session("ann")  # closed: nothing more starts
    assert not background.running


def test_a_reply_that_starts_interrupts_the_merge_which_resumes_when_idle(store):
    seed(store)
    reply = f"[[ ## memory_text ## ]]\n{MERGED}\n\n[[ ## completed ## ]]"
    llama = ScriptedLlama([reply, reply])
    background = BackgroundCompaction(store, scripted_local_lm(llama), size=4)

    def a_turn_begins(piece):
        if len(llama.calls) == 1:
            background.busy()

    llama.on_piece = a_turn_begins
    background.after_session("ann")
    deadline = time.monotonic() + 60
    while not (llama.calls and background._idle.is_set() is False) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    assert current(store) == sorted([*HIKING, *OTHERS])  # interrupted: nothing written
    background.idle()
    assert background.wait(60)
    assert len(llama.calls) == 2 and current(store) == sorted([MERGED, *OTHERS])
    assert background.reports[0].counts["interrupted"] == 1


def test_a_lossy_group_is_not_tried_again(store):
    seed(store)
    lm = DummyLM([{"memory_text": "Likes hiking"}])
    background = BackgroundCompaction(store, lm, size=4)
    background.after_session("ann")
    assert background.wait(60)
    background.after_session("ann")
    assert background.wait(60)
    assert len(lm.history) == 1 and current(store) == sorted([*HIKING, *OTHERS])
    assert [r.counts["refused_lossy"] for r in background.reports] == [1]


def test_the_chat_compacts_after_a_session_and_can_be_turned_off(monkeypatch, embedder):
    monkeypatch.setenv("CHATBOT_AUTO_COMPACT", "4")
    settings = Settings()
    err = Console(file=io.StringIO(), width=200, color_system=None)
    with MemoryStore.from_settings(settings) as store:
        seed(store)
        chat = ChatApp(settings, store, DummyLM([{"memory_text": MERGED}]),
                       make_reader(None, io.StringIO("")), err, err)
        chat.compaction.busy()  # as if a reply were running: the pass waits
        chat.start_session("ann")  # the chat starts: the last session's growth is compacted
        assert not chat.compaction.wait(0.3)
        assert chat.prompt_status() == "compacting memories"
        chat.collect()  # at the prompt, nothing running: the pass goes on
        assert chat.compaction.wait(60)
        chat.collect()
        assert chat.prompt_status() == ""
        assert "compacted 3 memories into 1" in err.file.getvalue()
        assert current(store) == sorted([MERGED, *OTHERS])
        chat.end_session()
        chat.stop_background()
    monkeypatch.setenv("CHATBOT_AUTO_COMPACT", "0")
    assert ChatApp(Settings(), store, None, make_reader(None, io.StringIO("")), err,
                   err).compaction is None
