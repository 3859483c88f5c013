"""The model misbehaves or is unreachable: the turn ends cleanly, nothing is half-written, and
every case is counted in the session's stats.

The LM is DummyLM (DSPy's real adapter parsing) whose calls may raise real litellm exceptions.
Note the ChatAdapter retries an unparseable reply once with the JSONAdapter: a malformed reply
costs two scripted answers.
"""

from __future__ import annotations

import uuid

import probes
import pytest
from checks import (
    ScriptedLM,
    bad_key,
    inconsistencies,
    quota_exhausted,
    rate_limited,
    read_transcript,
    refused,
    server_error,
    snapshot,
    timeout,
)

from chatbot.errors import ChatbotError
from chatbot.lm.retry import RetryPolicy, call_with_retry, transient_kind
from chatbot.session import ChatSession

from scripted import answer, finish, step

FAST = RetryPolicy(retries=2, base_delay=0.0)


@pytest.fixture
def user(shared_store):
    """A fresh user on the module's store, with two memories to lose."""
    name = f"user-{uuid.uuid4().hex[:8]}"
    shared_store.add(name, "Likes jazz and old vinyl records", ["music"])
    shared_store.add(name, "Works as a nurse in Porto", ["work"])
    return name


def session(store, user, lm, tmp_path, **kw):
    kw.setdefault("retry", FAST)
    kw.setdefault("background", False)
    return ChatSession(user, store, lm, transcript_path=tmp_path / "t.jsonl", **kw)


def finish_checks(s, store, user, before, tmp_path, probe_class="model_failures"):
    """The transcript is whole, the user's memories unchanged or consistent; count the probe."""
    s.close()
    read_transcript(tmp_path / "t.jsonl")
    after = snapshot(store, [user])
    lost = [mid for mid in before if mid not in after]
    problems = inconsistencies(store, user)
    probes.count(probe_class, tried=1, lost_writes=len(lost))
    assert not lost and not problems, (lost, problems)
    return after


def turn(s, text):
    out = probes.guarded("model_failures", lambda: s.turn(text))
    assert not isinstance(out, ChatbotError), out
    return out


# --------------------------------------------------------------- malformed output


def test_malformed_tool_arguments_are_counted(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    lm = ScriptedLM([
        step("fetch_similar_memories", {"query": "music", "user_id": "bob"}),   # unknown args
        step("fetch_similar_memories", {"search_text": ["a", "list"], "categories": 5}),
        answer("You like jazz.", True),
        step("add_memory", {"memory_text": {"nested": "object"}, "categories": ["x"]}),
        step("update_memory", {"memory_id": "zero", "updated_memory_text": "x",
                               "categories": []}),
        finish(),
    ])
    s = session(shared_store, user, lm, tmp_path)
    reply = turn(s, "What music do I like?")
    assert reply.response == "You like jazz." and reply.error is None
    # none written: two calls DSPy could not bind, one fact whose text is not text
    assert s.stats["tool_errors"] == 2 and s.stats["bad_args"] == 1
    assert s.stats["invented_ids"] == 1  # "zero" is a string, so it reaches the id check
    assert not reply.retrieved
    assert finish_checks(s, shared_store, user, before, tmp_path) == before


def test_unknown_tool_name_ends_the_loop_not_the_turn(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    lm = ScriptedLM([
        step("delete_all_memories", {"everyone": True}),   # ChatAdapter: no such tool
        step("delete_all_memories", {"everyone": True}),   # JSONAdapter retry: same
        answer("I can't do that, but hello!", True),
        step("add_memory", {"memory_text": "Plays the cello", "categories": ["music"]}),
        step("show_all_users", {}), step("show_all_users", {}),
    ])
    s = session(shared_store, user, lm, tmp_path)
    reply = turn(s, "I play the cello. Now delete everyone's memories.")
    assert reply.response == "I can't do that, but hello!"
    assert s.stats["malformed_steps"] == 2  # one per agent
    texts = [m.memory_text for m in shared_store.list(user)]
    assert "Plays the cello" in texts and len(texts) == 3
    finish_checks(s, shared_store, user, before, tmp_path)


def test_tool_arguments_that_are_not_an_object(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    lm = ScriptedLM([
        step("fetch_similar_memories", "jazz please"),
        step("fetch_similar_memories", "jazz please"),
        answer("Jazz, I think.", False),
    ])
    s = session(shared_store, user, lm, tmp_path)
    assert turn(s, "What music?").response == "Jazz, I think."
    assert s.stats["malformed_steps"] == 1
    finish_checks(s, shared_store, user, before, tmp_path)


@pytest.mark.parametrize("flag", ["maybe", "", "perhaps?", "[true]"])
def test_non_boolean_save_memory_defaults_to_false(shared_store, user, tmp_path, flag):
    before = snapshot(shared_store, [user])
    bad = {"reasoning": "r", "response": "Sure, noted.", "save_memory": flag}
    lm = ScriptedLM([finish(), bad, bad])  # nothing scripted for an update: none may run
    s = session(shared_store, user, lm, tmp_path)
    reply = turn(s, "I have a new bike")
    assert reply.response == "Sure, noted." and reply.save_memory is False
    assert reply.error is None
    assert s.stats["bad_save_flag"] == 1 and s.stats["malformed_answers"] == 1
    assert lm.calls == 3
    finish_checks(s, shared_store, user, before, tmp_path)


def test_missing_save_memory_defaults_to_false(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    bad = {"reasoning": "r", "response": "Okay."}
    s = session(shared_store, user, ScriptedLM([finish(), bad, bad]), tmp_path)
    reply = turn(s, "hello")
    assert (reply.response, reply.save_memory, s.stats["bad_save_flag"]) == ("Okay.", False, 1)
    finish_checks(s, shared_store, user, before, tmp_path)


def test_answer_without_a_response_is_one_clear_error(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    bad = {"reasoning": "r", "save_memory": True}
    s = session(shared_store, user, ScriptedLM([finish(), bad, bad]), tmp_path)
    reply = turn(s, "hello")
    assert reply.response == "" and reply.save_memory is False
    assert reply.error.startswith("The model's answer could not be read")
    assert "\n" not in reply.error
    assert s.stats["turn_errors"] == 1 and s.stats["malformed_answers"] == 1
    records = finish_checks(s, shared_store, user, before, tmp_path)
    assert records == before


def test_empty_response_is_reported(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    s = session(shared_store, user, ScriptedLM([finish(), answer("", False)]), tmp_path)
    reply = turn(s, "hello")
    assert reply.error and s.stats["empty_responses"] == 1
    finish_checks(s, shared_store, user, before, tmp_path)


def test_invented_and_out_of_range_ids_write_nothing(shared_store, user, tmp_path):
    other = f"other-{uuid.uuid4().hex[:6]}"
    foreign = shared_store.add(other, "Other user's secret plan to move to Mars", ["plans"])
    everyone = [user, other]
    before = snapshot(shared_store, everyone)
    invented = [99, -1, 2**40, foreign, "0 OR 1=1", "*", "1.0", None, True, "", [0]]
    script = [finish(), answer("Noted.", True)]
    for bad in invented:
        script.append(step("update_memory", {"memory_id": bad, "updated_memory_text": "HACKED",
                                             "categories": ["x"]}))
    script += [step("delete_memory", {"memory_ids": [foreign, 17]}),
               step("delete_memory", {"memory_ids": []}), finish()]
    s = session(shared_store, user, ScriptedLM(script), tmp_path)
    from chatbot.agents import updater as updater_module

    s.updater.react.max_iters = len(invented) + 3  # this agent only: room for every probe
    turn(s, "I like jazz a lot")
    after = snapshot(shared_store, everyone)
    changed = [mid for mid in before if before[mid] != after.get(mid)]
    probes.count("invented_ids", tried=len(invented) + 3, invented_id_writes=len(changed))
    assert not changed
    # Every one reaches our check, whatever its JSON type: none is coerced into a shown id.
    assert s.stats["invented_ids"] == len(invented) + 3 and s.stats["tool_errors"] == 0
    assert any(e.kind == "rejected" for e in s.drain_events())
    assert updater_module.MAX_ACTIONS == 6  # the module default is untouched
    finish_checks(s, shared_store, user, snapshot(shared_store, [user]), tmp_path)


# ------------------------------------------------------------------ LM failures

TRANSIENT = {"timeout": timeout, "connection": refused, "rate_limit": rate_limited,
             "server": server_error}


@pytest.mark.parametrize("kind", TRANSIENT)
def test_transient_error_is_retried_then_reported(shared_store, user, tmp_path, kind):
    before = snapshot(shared_store, [user])
    make = TRANSIENT[kind]
    lm = ScriptedLM([], failures={i: make() for i in range(10)})
    s = session(shared_store, user, lm, tmp_path)
    reply = turn(s, "What music do I like?")
    assert reply.response == "" and reply.error and "\n" not in reply.error
    assert lm.calls == 3  # one try and two retries, no more
    assert s.stats[f"lm_{kind}"] == 3 and s.stats["lm_retries"] == 2
    assert s.stats["turn_errors"] == 1
    records = read_transcript(tmp_path / "t.jsonl")
    assert records[-1]["error"] == reply.error
    assert records[-2]["content"] == "What music do I like?"
    assert finish_checks(s, shared_store, user, before, tmp_path) == before


@pytest.mark.parametrize("kind", TRANSIENT)
def test_transient_error_then_success(shared_store, user, tmp_path, kind):
    lm = ScriptedLM([finish(), answer("Jazz.", False)], failures={0: TRANSIENT[kind]()})
    s = session(shared_store, user, lm, tmp_path)
    before = snapshot(shared_store, [user])
    reply = turn(s, "What music do I like?")
    assert reply.response == "Jazz." and reply.error is None
    assert s.stats["lm_retries"] == 1 and s.stats["turn_errors"] == 0
    finish_checks(s, shared_store, user, before, tmp_path)


@pytest.mark.parametrize("make", [bad_key, quota_exhausted], ids=["auth", "quota"])
def test_permanent_errors_are_not_retried(shared_store, user, tmp_path, make):
    before = snapshot(shared_store, [user])
    lm = ScriptedLM([], failures={i: make() for i in range(5)})
    s = session(shared_store, user, lm, tmp_path)
    reply = turn(s, "hi")
    assert reply.error and lm.calls == 1 and s.stats["lm_retries"] == 0
    assert s.stats["lm_permanent"] == 1
    finish_checks(s, shared_store, user, before, tmp_path)


def test_update_that_fails_midway_keeps_whole_writes(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    add = step("add_memory", {"memory_text": "Has a daughter called Maya",
                              "categories": ["family"]})
    lm = ScriptedLM([finish(), answer("Two new facts, noted.", True), add],
                    failures={3: timeout(), 4: timeout(), 5: refused()})
    s = session(shared_store, user, lm, tmp_path, background=True)
    reply = turn(s, "My daughter Maya starts school; I also run marathons")
    assert reply.response == "Two new facts, noted."
    s.wait()
    assert s.stats["update_errors"] == 1 and s.stats["memory_add"] == 1
    assert s.stats["lm_retries"] == 2
    assert any(e.kind == "error" and "memory not updated" in e.text for e in s.drain_events())
    texts = [m.memory_text for m in shared_store.list(user)]
    assert "Has a daughter called Maya" in texts
    finish_checks(s, shared_store, user, before, tmp_path)


def test_interrupted_turn_leaves_the_transcript_whole(shared_store, user, tmp_path):
    before = snapshot(shared_store, [user])
    s = session(shared_store, user, ScriptedLM([], failures={0: KeyboardInterrupt()}), tmp_path)
    with pytest.raises(KeyboardInterrupt):
        s.turn("hello?")
    records = read_transcript(tmp_path / "t.jsonl")
    assert records[-1]["role"] == "assistant" and records[-1]["error"]
    finish_checks(s, shared_store, user, before, tmp_path)


# -------------------------------------------------------------------- retry policy


def test_backoff_is_exponential_and_bounded(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr("chatbot.lm.retry.time.sleep", slept.append)
    calls = []

    def always_down():
        calls.append(1)
        raise refused()

    policy = RetryPolicy(retries=4, base_delay=0.5, max_delay=2.0)
    with pytest.raises(Exception) as info:
        call_with_retry(always_down, policy)
    assert transient_kind(info.value) == "connection"
    assert len(calls) == 5 and len(slept) == 4
    assert all(0 < d <= 2.0 for d in slept) and slept[0] <= 0.5 and slept[-1] >= 1.5


def test_retries_stop_at_the_time_budget(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr("chatbot.lm.retry.time.monotonic", lambda: clock[0])
    monkeypatch.setattr("chatbot.lm.retry.time.sleep", lambda d: None)
    calls = []

    def slow_timeout():
        calls.append(1)
        clock[0] += 50.0  # each try waits 50 s for the server
        raise timeout()

    with pytest.raises(type(timeout())):
        call_with_retry(slow_timeout, RetryPolicy(retries=5, base_delay=0.5, budget=60.0))
    assert len(calls) == 2  # the second try ends past the budget: no third


def test_transient_classification():
    import httpx
    import openai

    assert transient_kind(timeout()) == "timeout"
    assert transient_kind(refused()) == "connection"
    assert transient_kind(rate_limited()) == "rate_limit"
    assert transient_kind(server_error()) == "server"
    assert transient_kind(httpx.ConnectError("refused")) == "connection"
    assert transient_kind(httpx.ReadTimeout("slow")) == "timeout"
    request = httpx.Request("POST", "http://x")
    assert transient_kind(openai.APITimeoutError(request=request)) == "timeout"
    assert transient_kind(TimeoutError()) == "timeout"
    assert transient_kind(quota_exhausted()) is None
    assert transient_kind(bad_key()) is None
    assert transient_kind(ValueError("bad")) is None
    try:
        try:
            raise ConnectionRefusedError(111, "Connection refused")
        except OSError as exc:
            raise RuntimeError("LM call failed") from exc
    except RuntimeError as wrapped:
        assert transient_kind(wrapped) == "connection"
