"""Compaction on a real store with a scripted LM: overlapping memories of one user merge into
one, every source's provenance and history stay, a lossy merge is refused, undo restores."""

from __future__ import annotations

import json

from dspy.utils import DummyLM

from chatbot.cli import app
from chatbot.cli.main import main
from chatbot.config import Settings
from chatbot.memory import MemoryStore, Source
from chatbot.memory.compaction import compact, overlapping_groups, should_compact

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
