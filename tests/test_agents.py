"""Both agents with a scripted LM that goes through DSPy's real parsing; real store."""

from __future__ import annotations

import dspy
import pytest
from dspy.utils import DummyLM

from chatbot.agents.response import ResponseAgent
from chatbot.agents.updater import MemoryUpdater

from scripted import answer, finish, step, summary


@pytest.fixture
def seeded(store):
    ids = {
        "python": store.add("alice", "Prefers Python over Java", ["preferences", "programming"]),
        "dog": store.add("alice", "Has a beagle called Rex", ["pets"]),
        "city": store.add("alice", "Lives in Lisbon", ["location"]),
    }
    store.add("mallory", "Mallory prefers Perl", ["preferences", "programming"])
    return store, ids


def test_response_agent_searches_with_given_categories(seeded):
    store, ids = seeded
    lm = DummyLM([
        step("fetch_similar_memories", {"search_text": "programming language",
                                        "categories": ["programming"]}),
        finish(),
        answer("Python, since you prefer it.", False),
    ])
    agent = ResponseAgent(store, "alice")
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=store.categories("alice"),
                     question="Which language should I use?")
    assert pred.response == "Python, since you prefer it."
    assert pred.save_memory is False
    [call] = agent.searches
    assert call.search_text == "programming language" and call.categories == ["programming"]
    assert [m.id for m in call.results] == [ids["python"]]
    assert all(m.user_id == "alice" for m in call.results)
    assert "Prefers Python over Java" in str(pred.trajectory["observation_0"])
    assert "Perl" not in str(pred.trajectory)
    # the model never sees a user id: not in the tool schema, not in the prompt
    prompt = str(lm.history[0]["messages"])
    assert "alice" not in prompt and "user_id" not in prompt
    assert store.get(ids["python"]).access_count == 1


def test_response_agent_empty_categories_search_everything(seeded):
    store, ids = seeded
    lm = DummyLM([
        step("fetch_similar_memories", {"search_text": "my dog", "categories": []}),
        step("fetch_similar_memories", {"search_text": "where I live", "categories": ["nope"]}),
        answer("Rex, in Lisbon.", True),
    ])
    agent = ResponseAgent(store, "alice")
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=[], question="Tell me about me")
    assert pred.save_memory is True
    assert len(agent.searches) == 2  # at most two tool rounds, then the answer is extracted
    assert agent.searches[0].results[0].id == ids["dog"]
    assert agent.searches[1].note.startswith("no such categories")
    assert agent.searches[1].results[0].id == ids["city"]
    assert len(lm.history) == 3


def _update(store, script, messages, **kw):
    lm = DummyLM(script)
    updater = MemoryUpdater(store, "alice", lm, session_id="s-1", **kw)
    return updater.run(messages, today="2024-03-15"), lm


def test_updater_add(seeded):
    store, _ = seeded
    result, lm = _update(store, [
        step("add_memory", {"memory_text": "Has a sister called Ana", "categories": ["family"]}),
        finish(), summary("added sister"),
    ], [{"role": "user", "content": "My sister Ana is visiting", "id": "m7"}])
    assert [a.event for a in result.actions] == ["ADD"]
    new = store.get(result.actions[0].memory_id, user_id="alice")
    assert new.memory_text == "Has a sister called Ana" and new.categories == ["family"]
    assert new.source.session_id == "s-1" and new.source.message_ids == ["m7"]
    assert new.source.actor == "memory_update_agent"
    assert new.observed_at.startswith("2024-03-15")
    assert result.summary == "added sister"
    assert "Friday 15 March 2024" in str(lm.history[0]["messages"])


def test_updater_update_keeps_id(seeded):
    store, ids = seeded
    result, lm = _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text": "Lives in Berlin since 2024",
                               "categories": ["location"]}),
        finish(), summary(),
    ], [{"role": "user", "content": "I moved from Lisbon to Berlin"}])
    # the shown memories are the most similar to the latest user message, id 0 first
    assert result.shown[0].id == ids["city"]
    shown_prompt = str(lm.history[0]["messages"])
    assert "0: Lives in Lisbon" in shown_prompt and ids["city"] not in shown_prompt
    assert store.get(ids["city"]).memory_text == "Lives in Berlin since 2024"
    hist = store.history(ids["city"])
    assert [e.event for e in hist] == ["ADD", "UPDATE"] and hist[1].old_text == "Lives in Lisbon"
    assert len(store.list("alice")) == 3


def test_updater_delete_and_noop(seeded):
    store, ids = seeded
    result, _ = _update(store, [
        step("delete_memory", {"memory_ids": [0]}),
        step("noop"),
        finish(), summary(),
    ], [{"role": "user", "content": "I gave my beagle Rex away, I have no dog now"}])
    assert [a.event for a in result.actions] == ["DELETE", "NOOP"]
    assert not store.get(ids["dog"]).valid
    assert ids["dog"] not in [m.id for m in store.list("alice")]
    assert result.counts["memory_delete"] == 1 and result.counts["memory_noop"] == 1


def test_updater_invented_id_changes_nothing(seeded):
    store, ids = seeded
    before = {m.id: (m.memory_text, m.valid) for m in store.list("alice", include_deleted=True)}
    result, lm = _update(store, [
        step("update_memory", {"memory_id": 7, "updated_memory_text": "hacked",
                               "categories": []}),
        step("delete_memory", {"memory_ids": [0, 42]}),
        finish(), summary(),
    ], [{"role": "user", "content": "I like Lisbon"}], similar_limit=2)
    after = {m.id: (m.memory_text, m.valid) for m in store.list("alice", include_deleted=True)}
    assert after == before
    assert store.get(store.list("mallory")[0].id).memory_text == "Mallory prefers Perl"
    assert result.counts["invented_ids"] == 2
    assert [a.event for a in result.actions] == ["REJECTED", "REJECTED"]
    obs = result.trajectory["observation_0"]
    assert "not shown" in obs and "Valid ids: 0, 1" in obs


def test_updater_malformed_args_are_counted_not_written(seeded):
    store, _ = seeded
    n = len(store.list("alice"))
    result, _ = _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text": ["x"], "categories": []}),
        step("update_memory", {"memory_id": "zero", "updated_memory_text": "x", "categories": []}),
        step("add_memory", {"memory_text": "   ", "categories": ["x"]}),
        finish(), summary(),
    ], [{"role": "user", "content": "hello"}])
    assert len(store.list("alice")) == n
    assert result.counts["tool_errors"] == 1 and result.counts["bad_args"] == 1
    assert result.counts["invented_ids"] == 1


def test_updater_accepts_quoted_ids(seeded):
    store, ids = seeded
    result, _ = _update(store, [
        step("update_memory", {"memory_id": " 0 ", "updated_memory_text": "Lives in Porto",
                               "categories": ["location"]}),
        finish(), summary(),
    ], [{"role": "user", "content": "I moved from Lisbon to Porto"}])
    assert [a.event for a in result.actions] == ["UPDATE"]
    assert store.get(ids["city"]).memory_text == "Lives in Porto"
