"""Memory lifecycle on a real store: corrections keep every unrelated fact, supersede chains
and reverts round-trip, the CLI shows the chain and reverts it."""

from __future__ import annotations

import json

import pytest

from chatbot.cli.main import main
from chatbot.config import Settings
from chatbot.errors import ConfigError
from chatbot.memory import MemoryStore
from chatbot.memory.facts import lost_facts, split_facts
from chatbot.memory.lifecycle import FactLossError

BUNDLE = "Lives in Lisbon, vegetarian, allergic to peanuts, teacher"
CORRECTION = "Lives in Porto (moved from Lisbon last month)"


def texts(store, user="ann", **kw):
    return sorted(m.memory_text for m in store.list(user, **kw))


def test_facts_of_a_bundle():
    assert split_facts(BUNDLE) == ["Lives in Lisbon", "Vegetarian", "Allergic to peanuts",
                                   "Teacher"]
    assert lost_facts(BUNDLE, CORRECTION) == ["Vegetarian", "Allergic to peanuts", "Teacher"]
    assert lost_facts(BUNDLE, "Lives in Porto, vegetarian, allergic to peanuts, teacher") == []
    assert lost_facts("Likes tea", "Likes coffee") == []  # one fact: replaced whole
    assert split_facts("Works at Acme (since 2020, as CTO). Has two cats") == [
        "Works at Acme (since 2020, as CTO)", "Has two cats"]


def test_a_correction_keeps_every_unrelated_fact(store):
    old = store.add("ann", BUNDLE, ["profile"])
    res = store.supersede(old, CORRECTION, user_id="ann", actor="memory_update_agent")
    assert res.lost == ("Vegetarian", "Allergic to peanuts", "Teacher")
    assert texts(store) == sorted([CORRECTION, "Vegetarian", "Allergic to peanuts", "Teacher"])
    # the old version is out of search, listed with --all, linked both ways
    hits = store.search("ann", "where does she live, Lisbon?", limit=10)
    assert old not in [h.id for h in hits]
    assert "allergic to peanuts" in " ".join(h.memory_text.lower() for h in hits)
    was = store.get(old, user_id="ann")
    assert not was.valid and was.superseded_by == res.new_id
    new = store.get(res.new_id, user_id="ann")
    assert new.supersedes == [old] and new.categories == ["profile"]
    assert [e.event for e in store.history(old)] == ["ADD", "SUPERSEDE"]
    assert all(store.get(i).supersedes == [old] for i in res.split_ids)


def test_a_lossy_correction_can_be_refused(store):
    old = store.add("ann", BUNDLE)
    with pytest.raises(FactLossError, match="Allergic to peanuts"):
        store.supersede(old, CORRECTION, user_id="ann", on_loss="refuse")
    assert texts(store) == [BUNDLE]  # nothing written


def test_supersede_chain_and_revert_round_trip(store):
    v1 = store.add("ann", "Works as a teacher")
    v2 = store.supersede(v1, "Works as a school principal", user_id="ann").new_id
    v3 = store.supersede(v2, "Works as a headmistress in Porto", user_id="ann").new_id
    chain = store.chain(v1, user_id="ann")
    assert [m.id for m in chain] == [v1, v2, v3]
    versions = store.versions(v2, user_id="ann")
    assert [(v.number, v.memory_id, v.current) for v in versions] == [
        (1, v1, False), (2, v2, False), (3, v3, True)]

    back = store.revert(v3, user_id="ann")  # default: the version before the current one
    assert back.id == v2 and back.valid and back.superseded_by is None
    assert texts(store) == ["Works as a school principal"]
    assert store.search("ann", "job", limit=5)[0].id == v2
    assert not store.get(v3).valid and store.get(v3).superseded_by == v2

    store.revert(v1, 1, user_id="ann")
    assert texts(store) == ["Works as a teacher"]
    store.revert(v1, 3, user_id="ann")  # and forward again
    assert texts(store) == ["Works as a headmistress in Porto"]
    assert len(store.list("ann", include_deleted=True)) == 3  # nothing was lost on the way
    with pytest.raises(ConfigError, match="between 1 and 3"):
        store.revert(v1, 9, user_id="ann")


def test_revert_undoes_a_split_and_an_in_place_edit(store):
    old = store.add("ann", BUNDLE)
    res = store.supersede(old, CORRECTION, user_id="ann")
    store.revert(res.new_id, 1, user_id="ann")
    assert texts(store) == [BUNDLE]
    store.revert(old, 2, user_id="ann")  # forward again: the split facts come back with it
    assert texts(store) == sorted([CORRECTION, "Vegetarian", "Allergic to peanuts", "Teacher"])
    mid = store.add("bob", "Likes green tea")
    store.update(mid, "Likes black tea")
    assert store.revert(mid, user_id="bob").memory_text == "Likes green tea"
    assert [v.text for v in store.versions(mid, user_id="bob")] == [
        "Likes green tea", "Likes black tea", "Likes green tea"]


def test_versions_are_one_users(store):
    mid = store.add("ann", "Likes tea")
    from chatbot.errors import MemoryNotFoundError
    with pytest.raises(MemoryNotFoundError):
        store.supersede(mid, "Likes coffee", user_id="bob")
    with pytest.raises(MemoryNotFoundError):
        store.revert(mid, 1, user_id="bob")


def test_cli_history_shows_the_chain_and_revert_brings_a_version_back(capsys, embedder):
    with MemoryStore.from_settings(Settings()) as store:
        old = store.add("ann", BUNDLE)
        new = store.supersede(old, CORRECTION, user_id="ann").new_id
    assert main(["memories", "history", new[:8], "--user", "ann"]) == 0
    out = capsys.readouterr().out
    assert "versions" in out and "current" in out and "vegetarian" in out
    assert main(["memories", "revert", new[:8], "1", "--user", "ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["text"] == BUNDLE
    assert main(["memories", "revert", old[:8], "7", "--user", "ann"]) == 1
    assert "version must be between 1 and" in capsys.readouterr().err


def test_chat_restore_brings_a_replaced_version_back_and_undo_takes_it_back(embedder):
    from dspy.utils import DummyLM
    from test_cli_chat import Run, chat

    with MemoryStore.from_settings(Settings()) as store:
        old = store.add("alice", BUNDLE)
        new = store.supersede(old, CORRECTION, user_id="alice").new_id
    run = Run()
    assert chat(run, [f"/history {old[:8]}", f"/restore {old[:8]}", "/undo",
                      f"/restore {new[:8]} 1", f"/restore {new[:8]} x", "/exit"], DummyLM([])) == 0
    assert "versions (/restore ID VERSION)" in run.stdout
    assert f"restored version 1: {old[:8]} is current again" in run.stdout
    assert "undid the restore: version 2 is current again" in run.stdout
    assert "error: usage: /restore ID [VERSION]" in run.stderr
    with MemoryStore.from_settings(Settings()) as store:
        assert texts(store, "alice") == [BUNDLE]
        assert len(store.list("alice", include_deleted=True)) == 5  # nothing lost on the way
