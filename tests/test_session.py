"""ChatSession end to end: real store on disk, real embedder, scripted LM."""

from __future__ import annotations

import json

import litellm
from dspy.utils import DummyLM

from chatbot.agents.guards import SMALL_MODEL
from chatbot.lm.retry import RetryPolicy
from chatbot.memory import MemoryStore
from chatbot.session import ChatSession

from scripted import answer, finish, step


def test_memory_carries_across_sessions_and_store_objects(store_dir, embedder, engine, tmp_path):
    store = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    lm1 = DummyLM([
        finish(), answer("Noted: Python it is.", True),                      # response agent
        step("add_memory", {"memory_text": "Prefers Python over Java",
                            "categories": ["preferences"]}),
        finish(),                              # update agent
    ])
    path = tmp_path / "t1.jsonl"
    s1 = ChatSession("alice", store, lm1, transcript_path=path)
    reply = s1.turn("I prefer Python over Java")
    assert reply.response == "Noted: Python it is." and reply.save_memory is True
    s1.close()  # pending writes finish on close
    assert s1.stats["memory_add"] == 1 and s1.stats["lm_calls"] == 4  # no LM call to summarise
    store.close()

    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert lines[0]["type"] == "session" and lines[0]["user_id"] == "alice"
    assert [(m["role"], m["content"]) for m in lines[1:]] == [
        ("user", "I prefer Python over Java"), ("assistant", "Noted: Python it is.")]

    store2 = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    lm2 = DummyLM([
        step("fetch_similar_memories", {"search_text": "language preference",
                                        "categories": ["preferences"]}),
        finish(), answer("Python, as you prefer it.", False),
    ])
    s2 = ChatSession("alice", store2, lm2)
    reply = s2.turn("Which language should I use?")
    assert [m.memory_text for m in reply.retrieved] == ["Prefers Python over Java"]
    assert reply.save_memory is False
    s2.close()
    store2.close()


def test_reply_returns_before_update_and_next_turn_reads_own_write(store):
    lm = DummyLM([
        finish(), answer("Nice!", True),
        step("add_memory", {"memory_text": "Has a cat named Miso", "categories": ["pets"]}),
        finish(),
        step("fetch_similar_memories", {"search_text": "cat", "categories": ["pets"]}),
        finish(), answer("Miso!", False),
    ])
    s = ChatSession("bob", store, lm)
    s.turn("My cat is named Miso")
    reply = s.turn("What is my cat called?")  # waits for the pending write first
    assert [m.memory_text for m in reply.retrieved] == ["Has a cat named Miso"]
    events = [e.text for e in s.drain_events()]
    assert "saved: ADD 'Has a cat named Miso'" in events
    assert any(t.startswith("searched: 'cat' in [pets] -> 1 memories") for t in events)
    s.close()


def test_lm_failure_keeps_transcript_and_store(store, tmp_path):
    store.add("carol", "Likes jazz", ["music"])

    class Down(DummyLM):
        def __call__(self, *a, **k):
            raise litellm.APIConnectionError(message="Connection refused", llm_provider="openai",
                                             model="gpt-4o-mini")

    path = tmp_path / "t.jsonl"
    s = ChatSession("carol", store, Down([]), transcript_path=path,
                    retry=RetryPolicy(retries=2, base_delay=0))
    reply = s.turn("What music do I like?")
    assert reply.error and reply.response == ""
    assert s.stats["turn_errors"] == 1
    assert s.stats["lm_retries"] == 2 and s.stats["lm_connection"] == 3
    assert [m["role"] for m in s.transcript] == ["user", "assistant"]
    assert s.transcript[1]["error"]
    for line in path.read_text().splitlines():
        json.loads(line)
    s.close()
    assert [m.memory_text for m in store.list("carol")] == ["Likes jazz"]


def test_empty_message_is_not_sent(store):
    s = ChatSession("dave", store, DummyLM([]))
    assert s.turn("   ").error
    assert s.transcript == []
    s.close()


def test_poll_records_a_finished_update_without_blocking(store):
    lm = DummyLM([
        finish(), answer("Noted.", True),
        step("add_memory", {"memory_text": "Has a cat named Miso", "categories": ["pets"]}),
        finish(),
    ])
    s = ChatSession("erin", store, lm)
    s.turn("My cat is named Miso")
    while not s.poll():
        pass
    assert s.last_update is not None and s.stats["memory_add"] == 1
    s.close()


def test_transcript_is_redacted_unless_kept_raw(store, tmp_path):
    for keep_raw in (False, True):
        path = tmp_path / f"t-{keep_raw}.jsonl"
        s = ChatSession("fay", store, DummyLM([finish(), answer("ok", False)]),
                        transcript_path=path, keep_raw_transcript=keep_raw)
        s.turn("my password is hunter2")
        s.close()
        assert ("hunter2" in path.read_text()) is keep_raw


def test_question_without_a_fact_skips_the_memory_agent(store):
    lm = DummyLM([finish(), answer("How about a chickpea curry?", True)])  # leans "save"
    s = ChatSession("gus", store, lm, background=False)
    reply = s.turn("Any ideas for dinner tonight?")
    assert reply.response == "How about a chickpea curry?" and reply.save_memory is False
    assert s.stats["update_skipped"] == 1 and s.last_update is None
    assert len(lm.history) == 2 and store.list("gus") == []
    s.close()


def test_session_limits_reach_both_agents(store):
    store.add("hal", "Likes jazz", ["music"])
    add = step("add_memory", {"facts": [{"text": "Likes blues", "categories": ["music"],
                                         "kind": "fact"}]})
    lm = DummyLM([
        answer("Jazz and blues, nice!", True),     # one call: code searched the message
        add, add,                                  # the add ends the run
    ])
    s = ChatSession("hal", store, lm, background=False, limits=SMALL_MODEL)
    reply = s.turn("I like blues too")
    assert reply.response == "Jazz and blues, nice!"
    assert [m.memory_text for m in reply.retrieved] == ["Likes jazz"]
    assert s.stats["stopped_facts_added"] == 1
    assert s.stats["memory_add"] == 1 and s.stats["lm_calls"] == 2
    assert sorted(m.memory_text for m in store.list("hal")) == ["Likes blues", "Likes jazz"]
    s.close()


def test_a_retraction_runs_the_memory_agent_even_if_the_model_says_no(store):
    nurse = store.add("ida", "Works as a nurse", ["work"])
    lm = DummyLM([
        finish(), answer("Done.", False),
        step("delete_memory", {"memory_ids": [0]}), finish(),
    ])
    s = ChatSession("ida", store, lm, background=False)
    reply = s.turn("Please forget that I work as a nurse.")
    assert reply.save_memory is True and s.stats["update_forced"] == 1
    assert not store.get(nurse).valid and s.stats["memory_delete"] == 1
    s.close()


def test_small_models_run_the_memory_agent_for_any_statement(store):
    add = step("add_memory", {"facts": [{"text": "Works as a nurse", "categories": ["work"],
                                         "kind": "fact"}]})
    lm = DummyLM([answer("Nice to meet you!", False), add,
                  answer("Enchantée !", False), step("noop")])
    s = ChatSession("jo", store, lm, background=False, limits=SMALL_MODEL)
    reply = s.turn("Hi! I work as a nurse.")
    assert reply.save_memory is True and s.stats["update_forced"] == 1
    assert [m.memory_text for m in store.list("jo")] == ["Works as a nurse"]
    # in any language: no English word list decides it
    reply = s.turn("Je m'appelle Jo et j'habite à Lyon.")
    assert reply.save_memory is True and s.stats["update_forced"] == 2
    s.close()


def test_a_request_for_good_put_as_a_question_runs_the_memory_agent(store):
    # "from now on keep it to 2 sentences max ok?" has no "I" and ends with "?": sealed38 read
    # it as a question, and the preference was never kept.
    add = step("add_memory", {"facts": [], "reply_preferences": ["Answers in at most 2 "
                                                                  "sentences"]})
    lm = DummyLM([answer("Got it.", True), add])
    s = ChatSession("ana", store, lm, background=False, limits=SMALL_MODEL)
    reply = s.turn("ngl ur answers r way too long, from now on keep it to 2 sentences max ok?")
    assert reply.save_memory is True and s.last_update is not None
    assert s.stats["update_skipped"] == 0
    s.close()


def test_small_models_skip_the_memory_agent_for_one_question(store):
    store.add("kim", "Has a beagle called Rex", ["pets"])
    lm = DummyLM([
        answer("Your dog is Rex.", True),   # a small model's "save" on a question
    ])
    s = ChatSession("kim", store, lm, background=False, limits=SMALL_MODEL)
    reply = s.turn("What's my dog's name?")
    assert reply.save_memory is False and s.stats["update_skipped"] == 1
    assert len(lm.history) == 1 and s.last_update is None
    assert [e.text for e in s.drain_events() if e.kind == "memory"] == [
        "nothing saved: a question holds no fact about you"]
    s.close()
