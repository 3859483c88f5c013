"""Both agents with a scripted LM that goes through DSPy's real parsing; real store."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime

import dspy
import pytest
from dspy.utils import DummyLM

from chatbot.agents.guards import (
    SMALL_MODEL,
    STANDARD,
    asks_to_change_memory,
    grounding,
    is_one_question,
    limits_for,
    nothing_to_remember,
    states_something_personal,
    stems,
)
from chatbot.agents.reply_opening import about
from chatbot.agents.response import ResponseAgent
from chatbot.agents.updater import MemoryUpdater

from scripted import answer, finish, step


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
        finish(),
    ], [{"role": "user", "content": "My sister Ana is visiting", "id": "m7"}])
    assert [a.event for a in result.actions] == ["ADD"]
    new = store.get(result.actions[0].memory_id, user_id="alice")
    assert new.memory_text == "Has a sister called Ana" and new.categories == ["family"]
    assert new.source.session_id == "s-1" and new.source.message_ids == ["m7"]
    assert new.source.actor == "memory_update_agent"
    assert new.observed_at.startswith("2024-03-15")
    assert result.summary == "added 1"  # written by code, no LM call
    assert len(lm.history) == 2
    assert "Friday 15 March 2024" in str(lm.history[0]["messages"])


def test_updater_update_keeps_id(seeded):
    store, ids = seeded
    result, lm = _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text": "Lives in Berlin since 2024",
                               "categories": ["location"]}),
        finish(),
    ], [{"role": "user", "content": "I moved from Lisbon to Berlin"}])
    # the shown memories are the most similar to the latest user message, id 0 first
    assert result.shown[0].id == ids["city"]
    shown_prompt = str(lm.history[0]["messages"])
    assert "0: Lives in Lisbon" in shown_prompt and ids["city"] not in shown_prompt
    assert store.get(ids["city"]).memory_text == "Lives in Berlin since 2024"
    hist = store.history(ids["city"])
    assert [e.event for e in hist] == ["ADD", "UPDATE"] and hist[1].old_text == "Lives in Lisbon"
    assert len(store.list("alice")) == 3


def test_updater_update_writes_a_relative_day_as_its_date(seeded):
    store, ids = seeded
    _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text":
                               "Moved to Berlin last Tuesday", "categories": ["location"]}),
        finish(),
    ], [{"role": "user", "content": "We finally moved to Berlin last Tuesday!"}])
    assert store.get(ids["city"]).memory_text == "Moved to Berlin on 12 March 2024"


def test_updater_delete_and_noop(seeded):
    store, ids = seeded
    result, _ = _update(store, [
        step("delete_memory", {"memory_ids": [0]}),
        step("noop"),
        finish(),
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
        finish(),
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
        finish(),
    ], [{"role": "user", "content": "hello"}])
    assert len(store.list("alice")) == n
    assert result.counts["tool_errors"] == 1 and result.counts["bad_args"] == 1
    assert result.counts["invented_ids"] == 1


def test_updater_accepts_quoted_ids(seeded):
    store, ids = seeded
    result, _ = _update(store, [
        step("update_memory", {"memory_id": " 0 ", "updated_memory_text": "Lives in Porto",
                               "categories": ["location"]}),
        finish(),
    ], [{"role": "user", "content": "I moved from Lisbon to Porto"}])
    assert [a.event for a in result.actions] == ["UPDATE"]
    assert store.get(ids["city"]).memory_text == "Lives in Porto"


# ------------------------------------------------------------------ demos, guards, limits


def test_worked_examples_come_before_the_input_and_parse(seeded):
    store, ids = seeded
    lm = DummyLM([
        step("fetch_similar_memories", {"search_text": "dog", "categories": ["pets"]}),
        finish(), answer("Rex!", False),
    ])
    agent = ResponseAgent(store, "alice")
    assert agent.react.react.demos and agent.react.answer_predictor.demos
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=["pets"], question="My dog's name?")
    assert pred.response == "Rex!" and agent.searches[0].results[0].id == ids["dog"]
    step_prompt = lm.history[0]["messages"]
    # system, then each demo as a user/assistant pair, then the real input: a stable prefix
    assert [m["role"] for m in step_prompt] == ["system"] + ["user", "assistant"] * 2 + ["user"]
    assert "weekend menu" in step_prompt[1]["content"]
    assert "My dog's name?" in step_prompt[-1]["content"]
    assert "weekend menu" in str(lm.history[2]["messages"][1])  # the answer step's demo


def test_search_results_tell_the_model_to_finish(seeded):
    store, _ = seeded
    lm = DummyLM([
        step("fetch_similar_memories", {"search_text": "dog", "categories": []}),
        finish(), answer("Rex.", False),
    ])
    with dspy.context(lm=lm):
        pred = ResponseAgent(store, "alice")(transcript="", existing_categories=[],
                                             question="dog?")
    obs = pred.trajectory["observation_0"]
    assert obs.startswith("Found ") and "Has a beagle called Rex" in obs
    assert obs.endswith("Now call finish: the reply will use these memories.")


def test_limits_follow_the_model():
    class FakeLM:
        def __init__(self, model):
            self.model = model

    assert limits_for(DummyLM([])) is STANDARD
    for name in ("local/qwen2.5-coder-1.5b-instruct-q4_k_m", "ollama_chat/qwen2.5:1.5b",
                 "ollama_chat/llama3.2:3b", "openai/gemma3-1b"):
        assert limits_for(FakeLM(name)) is SMALL_MODEL, name
    for name in ("openai/gpt-4o-mini", "ollama_chat/qwen2.5:7b", "anthropic/claude-sonnet-4-5",
                 "ollama_chat/phi3:3.8b", "openai/qwen-32b"):
        assert limits_for(FakeLM(name)) is STANDARD, name


def test_small_model_answers_in_one_call_with_what_code_found(seeded):
    store, ids = seeded
    lm = DummyLM([answer("Rex.", False)])
    lm.model = "local/tiny"  # limits follow the LM in use
    agent = ResponseAgent(store, "alice")
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=["pets"], question="My dog's name?",
                     preferences="- Wants short answers")
    assert pred.response == "Rex." and len(lm.history) == 1
    [call] = agent.searches  # made by code with the user's message, all categories
    assert call.search_text == "My dog's name?" and call.categories == []
    assert call.results[0].id == ids["dog"]
    prompt = lm.history[0]["messages"][-1]["content"]
    assert "You have a beagle called Rex" in prompt and "Wants short answers" in prompt
    assert "trajectory" not in prompt  # the answer reads what was found, not a tool log
    assert lm.history[0]["kwargs"]["max_tokens"] == SMALL_MODEL.answer_tokens
    # save_memory is not read on the small model (the session decides): not decoded
    assert lm.history[0]["kwargs"]["stop"] == ["[[ ## save_memory", "[[ ## completed ## ]]"]
    # the worked examples are not shown to small models (they copy them)
    assert len(lm.history[0]["messages"]) == 2


def test_small_model_is_told_when_nothing_is_known(seeded):
    store, _ = seeded
    lm = DummyLM([answer("I don't know of a cat yet.", False)])
    agent = ResponseAgent(store, "nobody", limits=SMALL_MODEL)  # no memories at all
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=[], question="My cat?")
    assert pred.response == "I don't know of a cat yet." and len(lm.history) == 1
    assert "(nothing stored about this user yet)" in lm.history[0]["messages"][-1]["content"]
    assert len(agent.searches) == 1 and agent.searches[0].results == []


def test_async_loop_has_the_same_path(seeded):
    store, ids = seeded
    lm = DummyLM([answer("Rex.", False)])
    agent = ResponseAgent(store, "alice", limits=SMALL_MODEL)

    async def run():
        with dspy.context(lm=lm):
            return await agent.acall(transcript="", existing_categories=[], question="dog?")

    pred = asyncio.run(run())
    assert pred.response == "Rex." and len(lm.history) == 1
    assert agent.searches[0].results[0].id == ids["dog"]


def test_updater_prompt_marks_the_assistant_as_context(seeded):
    store, _ = seeded
    _, lm = _update(store, [finish()], [
        {"role": "user", "content": "Any ideas for a day trip?"},
        {"role": "assistant", "content": "Sintra! " + "The Pena Palace is lovely. " * 20},
        {"role": "user", "content": "Nice."}])
    prompt = lm.history[0]["messages"][-1]["content"]
    assert "user: Any ideas for a day trip?" in prompt
    assert "assistant (context only, never store): Sintra! The Pena Palace" in prompt
    assert prompt.count("Pena Palace") < 12 and "…" in prompt  # cut short
    assert lm.history[0]["messages"][1]["content"].count("Madrid") >= 1  # a worked example


def test_updater_rejects_the_assistants_words(seeded):
    store, _ = seeded
    result, _ = _update(store, [
        step("add_memory", {"memory_text": "Wants to visit the Pena Palace in Sintra",
                            "categories": ["travel"]}),
        step("add_memory", {"memory_text": "Has a sister called Ana, visiting on 2024-03-22",
                            "categories": ["family"]}),
        finish(),
    ], [{"role": "user", "content": "Any ideas for a day trip this weekend?"},
        {"role": "assistant", "content": "Take the train to Sintra and see the Pena Palace."},
        {"role": "user", "content": "Nice. By the way, my sister Ana visits next week."}])
    assert [a.event for a in result.actions] == ["REJECTED", "ADD"]
    assert result.counts["ungrounded_rejected"] == 1
    assert "assistant said" in result.trajectory["observation_0"]
    texts = [m.memory_text for m in store.list("alice")]
    assert "Has a sister called Ana, visiting on 2024-03-22" in texts
    assert not any("Sintra" in t for t in texts)


def test_grounding_allows_paraphrase_and_blames_only_the_assistant():
    user = ["I prefer Python over Java", "I moved to Berlin last month",
            "My daughter Maya starts school"]
    assistant = ["Berlin has great museums like the Pergamon, and lovely lakes."]
    for text in ("Prefers Python over Java", "Lives in Berlin since February 2024",
                 "Has a daughter called Maya", "Daughter Maya started school in 2024",
                 "Is learning the cello"):  # words nobody said are not the assistant's
        assert not grounding(text, user, assistant).ungrounded, text
    for text in ("Likes the Pergamon museum", "Enjoys lovely lakes and great museums"):
        assert grounding(text, user, assistant).ungrounded, text
    # A number the user said, which the reply echoed with its unit, is the user's.
    said, echo = ["ok quick intro: i'm 52, i drive a snowplough"], ["I'm 52 years old and I"]
    assert not grounding("52 years old", said, echo).ungrounded
    assert grounding("Tries the 5:2 diet", ["which diet?"], ["Try the 5:2 diet"]).ungrounded
    assert grounding("Is 52 and likes the Pergamon lakes museum", said,
                     ["The Pergamon museum and the lakes suit a 52 year old"]).ungrounded
    # Half and half: the user's when its rarest word is theirs.
    whittling = ["Few things about me: I'm 41 and I've taken up whittling."]
    assert not grounding("Whittling hobby", whittling, ["Whittling is a fine hobby!"]).ungrounded
    assert grounding("Lasagne hobby", ["I have a hobby"], ["Try a lasagne"]).ungrounded


def test_a_doubled_consonant_before_an_ending_is_stemmed_as_one():
    # "Knits" for "I've taken up knitting" is the user's word, not one nobody said.
    assert stems("knitting jogging shopped") == stems("knits jogs shop") == {"knit", "jog",
                                                                              "shop"}
    assert not grounding("Knits", ["I've taken up knitting"], []).unsupported
    # Porter's exceptions keep theirs: "called" is not "cal", "dressed" not "dres".
    assert stems("dressed buzzing") == {"dress", "buzz"}


def test_nothing_to_remember():
    for text in ("Can you suggest something to cook for dinner tonight?",
                 "Any ideas for a day trip this weekend?", "What is 17 times 3?",
                 "Thanks, that was really helpful!", "ok"):
        assert nothing_to_remember(text), text
    for text in ("What's my dog's name?", "Do I have an iguana?", "I work as a nurse.",
                 "Can you forget the dog?", "Porto, not Lisbon.", "Correction: Porto now?",
                 "Vegetarian since March.", "",
                 # A plan told before the question, with no "I".
                 "Heading to Mombasa tomorrow for a work trip, back on the 30th. Any tips?"):
        assert not nothing_to_remember(text), text
    assert nothing_to_remember("Thanks, that helped! Any ideas for dinner?")


def test_small_model_updater_ends_after_the_facts_are_added(seeded):
    store, _ = seeded
    add = step("add_memory", {"facts": [{"text": "Works as a nurse", "categories": ["work"],
                                         "kind": "fact"}]})
    result, lm = _update(store, [add, add],
                         [{"role": "user", "content": "I work as a nurse"}],
                         limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["ADD"]
    assert result.counts["stopped_facts_added"] == 1
    assert result.summary == "added 1" and len(lm.history) == 1


def test_small_model_updater_stops_at_a_repeated_call(seeded):
    store, _ = seeded
    forget = step("delete_memory", {"memory_ids": [5]})
    result, lm = _update(store, [forget, forget],
                         [{"role": "user", "content": "Forget my dog"}], limits=SMALL_MODEL)
    assert result.counts["repeated_calls"] == 1 and result.counts["stopped_repeated_call"] == 1
    assert "already made this exact call" in result.trajectory["observation_1"]
    assert len(lm.history) == 2


def test_standard_updater_refuses_only_a_fourth_identical_call(seeded):
    store, _ = seeded
    add = step("add_memory", {"memory_text": "Works as a nurse", "categories": ["work"]})
    result, lm = _update(store, [add] * 4,
                         [{"role": "user", "content": "I work as a nurse"}])
    assert [a.event for a in result.actions] == ["ADD", "NOOP", "NOOP"]
    assert "Do not add it again" in result.trajectory["observation_1"]
    assert result.counts["stopped_repeated_call"] == 1 and len(lm.history) == 4


def test_one_write_per_shown_id(seeded):
    store, ids = seeded
    msg = [{"role": "user", "content": "I moved from Lisbon to Porto"}]
    result, _ = _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text": "Lives in Porto",
                               "categories": ["location"]}),
        step("update_memory", {"memory_id": "0", "updated_memory_text": "Lives in Porto!",
                               "categories": ["location"]}),
        step("delete_memory", {"memory_ids": [0]}),
        finish(),
    ], msg)
    assert [a.event for a in result.actions] == ["UPDATE"]
    assert result.counts["second_writes_refused"] == 2
    assert store.get(ids["city"]).memory_text == "Lives in Porto" and store.get(ids["city"]).valid
    # a small model is stopped at the first refusal
    result, lm = _update(store, [
        step("delete_memory", {"memory_ids": [0]}),
        step("update_memory", {"memory_id": 0, "updated_memory_text": "Lives in Braga",
                               "categories": []}),
    ], [{"role": "user", "content": "forget where I live"}], limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["DELETE"]
    assert result.counts["stopped_second_write"] == 1 and len(lm.history) == 2


def test_small_model_noop_ends_the_run_and_one_call_adds_every_fact(seeded):
    store, _ = seeded
    result, lm = _update(store, [step("noop")],
                         [{"role": "user", "content": "What's the time?"}], limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["NOOP"] and len(lm.history) == 1
    facts = ["Has a cat", "Has a parrot", "Has a horse", "Has a goat", "Has a llama"]
    script = [step("add_memory", {"facts": [{"text": f, "categories": ["pets"], "kind": "fact"}
                                            for f in facts]})]
    result, lm = _update(store, script, [{"role": "user", "content": "I have a cat, a parrot, "
                                          "a horse, a goat and a llama"}], limits=SMALL_MODEL)
    assert [a.text for a in result.writes] == facts
    assert len(lm.history) == 1 and result.summary == "added 5"


def test_asks_to_change_memory():
    for text in ("Please forget that I work as a nurse.", "Correction: Porto, not Lisbon.",
                 "I no longer eat meat", "I moved to Porto last month", "Remember that I'm 40",
                 "Can you forget the dog?", "can u delete the thing about my salary?",
                 "pls forget what i said about my ex", "disregard the bit about my surgery"):
        assert asks_to_change_memory(text), text
    for text in ("What's wrong with my code?", "I like jazz", "Thanks!", "Is it wrong?",
                 "How do I remove a stain?"):
        assert not asks_to_change_memory(text), text
    from chatbot.agents.guards import asks_to_undo
    assert asks_to_undo("plz delete my address")
    assert not asks_to_undo("pls dont forget my dentist appt is friday")
    from chatbot.agents.guards import NOT_TO_KEEP, sounds_like_retraction
    typed = "can you forgett that i go metal detecting? scratch that, i dont want it saved"
    assert asks_to_undo(typed) and sounds_like_retraction([typed]) and NOT_TO_KEEP.search(typed)


def test_category_tail_copied_from_the_shown_format_is_dropped(seeded):
    store, ids = seeded
    _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text": "Lives in Porto [location]",
                               "categories": ["location"]}),
        finish(),
    ], [{"role": "user", "content": "I moved from Lisbon to Porto"}])
    assert store.get(ids["city"]).memory_text == "Lives in Porto"


def test_an_update_to_the_same_text_is_a_noop(seeded):
    store, ids = seeded
    result, _ = _update(store, [
        step("update_memory", {"memory_id": 0, "updated_memory_text": "has a beagle called Rex.",
                               "categories": ["pets"]}),
        finish(),
    ], [{"role": "user", "content": "What's my dog's name?"}])
    assert [a.event for a in result.actions] == ["NOOP"] and not result.writes
    assert [e.event for e in store.history(ids["dog"])] == ["ADD"]
    assert "already says exactly this" in result.trajectory["observation_0"]


def test_a_fact_a_shown_memory_already_says_is_not_added_again(seeded):
    store, _ = seeded
    koi = store.add("alice", "Keeps eleven koi in a pond in the garden", ["pets"])
    said = ["Has eleven koi in a garden pond", "Has no koi in the garden pond",
            "Has eleven koi and a heron in the garden"]
    result, _ = _update(store, [
        step("add_memory", {"facts": [{"text": t, "categories": ["pets"], "kind": "fact"}
                                      for t in said]}),
        finish(),
    ], [{"role": "user", "content": "Not sure I told you: I've got eleven koi in a garden "
                                    "pond. No koi now, a heron came to the garden."}])
    # its words are a strict subset of a shown memory's: said again, not added
    assert [a.event for a in result.actions] == ["NOOP", "ADD", "ADD"]
    assert result.actions[0].memory_id == koi
    # one that denies it, or says more, is news
    assert {m.memory_text for m in store.list("alice")} >= set(said[1:])


def test_two_words_the_shown_memory_writes_as_one_are_the_same_fact(seeded):
    store, _ = seeded
    # sealed29: "Plays steel pan ..." was stored beside "Plays the steelpan ..."
    pan = store.add("alice", "Plays the steelpan in a community band", ["music"])
    result, _ = _update(store, [
        step("add_memory", {"facts": [{"text": "Plays steel pan in a community band",
                                       "categories": ["music"], "kind": "fact"}]}),
        finish(),
    ], [{"role": "user", "content": "fyi i play steel pan in a community band"}])
    assert [a.event for a in result.actions] == ["NOOP"]
    assert result.actions[0].memory_id == pan


def test_an_update_is_judged_on_the_words_it_adds(seeded):
    store, ids = seeded
    result, _ = _update(store, [
        step("update_memory", {"memory_id": 0, "categories": ["pets"],
                               "updated_memory_text": "Has a beagle called Rex (Tom's dog)"}),
        finish(),
    ], [{"role": "user", "content": "What's my dog's name?"},
        {"role": "assistant", "content": "Rex is Tom's dog."}])
    assert [a.event for a in result.actions] == ["REJECTED"]
    assert store.get(ids["dog"]).memory_text == "Has a beagle called Rex"


def test_states_something_personal():
    for text in ("Hi! I'm Sam. I live in Lisbon and I work as a nurse.", "My sister is here."):
        assert states_something_personal(text), text
    for text in ("What's my dog's name?", "Thanks, I appreciate it!", "Any ideas?", ""):
        assert not states_something_personal(text), text


def test_apostrophes_left_out_are_read_as_written():
    from chatbot.agents.casual import with_apostrophes
    assert with_apostrophes("ive got a cat, whats a good name? Dont say Tom") == (
        "I've got a cat, what's a good name? Don't say Tom")
    assert with_apostrophes("do u remember ur dogs name?") == "do you remember your dogs name?"
    # Not words that are words without one, not another language's words.
    for text in ("its fine, ill go well before we were done", "im Garten", "a U-turn in the U.S.",
                 "Je ne sais pas dont il parle, mais c'est la vie"):
        assert with_apostrophes(text) == text
    assert states_something_personal("ive just moved to Derry")
    assert with_apostrophes("hey im bartek, Im a court reporter") == (
        "hey I'm bartek, I'm a court reporter")


def test_is_one_question():
    for text in ("What's my dog's name?", "Do I have an iguana?", "Any ideas?",
                 "What is my dog called, again?", "Where do I live, and what do I do?"):
        assert is_one_question(text), text
    # A clause before the question that states something about the user holds a fact: the
    # memory agent runs (it was skipped, and "I have a nut allergy" was never stored).
    for text in ("I moved to Porto. Any tips?", "Can you forget my old address?",
                 "I like jazz.", "Is it true? I think so.",
                 "I have a nut allergy, can you suggest a snack?",
                 "I just got a goldfish called Bubbles, what should I feed him?",
                 "I started knitting and I love it, any patterns for beginners?",
                 "My son is five \u2014 any gift ideas for his birthday?",
                 "ive got a mango allergy, what could i have with my muesli for breakfast?",
                 "i havent got a car, how do i get to the airport?"):
        assert not is_one_question(text), text
    # A message in another language is not read by these English words: the memory agent
    # sorts it (the French son and his dinosaurs were never stored).
    french = ("Mon fils Anatole a cinq ans et il est fou de dinosaures \u2014 t'aurais une idée "
              "de cadeau pour son anniversaire ?")
    assert not is_one_question(french) and not nothing_to_remember(french)


def test_small_models_may_store_only_what_shares_the_users_words(seeded):
    store, _ = seeded
    script = [step("add_memory", {"memory_text": "Is vegetarian", "categories": ["diet"]}),
              step("add_memory", {"memory_text": "Is called Sam", "categories": ["name"]}),
              finish()]
    message = [{"role": "user", "content": "Hi! I'm Sam."}]
    result, _ = _update(store, list(script), message, limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["REJECTED", "ADD"]
    assert result.actions[0].detail == "not the user's words (nobody said it)"
    assert "the user did not say that" in result.trajectory["observation_0"]
    # capable models are trusted with words nobody said (a paraphrase, an inference)
    result, _ = _update(store, list(script), message)
    assert [a.event for a in result.actions] == ["ADD", "NOOP"]  # "Is called Sam" exists now
    # A user writing in another language: the English memory is a translation, not an
    # invention (seen: "Works as a doctor" for "trabajo como médica" was rejected).
    spanish = [{"role": "user", "content": "Vivo en Sevilla y trabajo como médica."}]
    doctor = [step("add_memory", {"memory_text": "Works as a doctor", "categories": ["work"]}),
              finish()]
    result, _ = _update(store, doctor, spanish, limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["ADD"]


def test_without_json_fallback_an_incomplete_answer_is_read_leniently(seeded):
    store, _ = seeded
    incomplete = {"response": "Hello!"}  # no save_memory: ChatAdapter cannot parse it
    lm = DummyLM([finish(), incomplete, answer("never asked", True)])
    agent = ResponseAgent(store, "alice", limits=replace(SMALL_MODEL, direct_reply=False,
                                                         save_unless_question=False))
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=[], question="hi")
    assert pred.response == "Hello!" and pred.save_memory is None
    assert agent.faults["malformed_answers"] == 1 and len(lm.history) == 2
    # where the session decides (save_unless_question), save_memory is cut on purpose: no fault
    agent = ResponseAgent(store, "alice", limits=replace(SMALL_MODEL, direct_reply=False))
    with dspy.context(lm=DummyLM([finish(), incomplete])):
        pred = agent(transcript="", existing_categories=[], question="hi")
    assert pred.response == "Hello!" and pred.save_memory is True
    assert agent.faults["malformed_answers"] == 0
    # by default DSPy's retry in JSON stays
    lm = DummyLM([finish(), incomplete, answer("Hello again!", False)])
    with dspy.context(lm=lm):
        pred = ResponseAgent(store, "alice")(transcript="", existing_categories=[],
                                             question="hi")
    assert len(lm.history) == 3


def test_small_models_delete_only_after_a_retraction(seeded):
    store, ids = seeded
    script = [step("delete_memory", {"memory_ids": [0]}), finish()]
    result, _ = _update(store, list(script),
                        [{"role": "user", "content": "As I said before, I'm in Lisbon"}],
                        limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["REJECTED"]
    assert result.counts["deletes_refused"] == 1 and store.get(ids["city"]).valid
    result, _ = _update(store, list(script),
                        [{"role": "user", "content": "Forget where I live, please"}],
                        limits=SMALL_MODEL)
    assert [a.event for a in result.actions] == ["DELETE"] and not store.get(ids["city"]).valid


def test_chat_reply_is_a_plain_chat_with_a_reminder_after_the_message(seeded):
    """Limits.chat_reply (opt-in): no answer fields; what is known is in a note before the
    message and repeated after it; the whole completion is the reply."""
    import dataclasses

    from scripted import ScriptLM

    store, ids = seeded
    lm = ScriptLM(["Rex."])
    limits = dataclasses.replace(SMALL_MODEL, chat_reply=True)
    agent = ResponseAgent(store, "alice", limits=limits)
    with dspy.context(lm=lm):
        pred = agent(transcript="", existing_categories=["pets"], question="My dog's name?",
                     preferences="- Wants short answers")
    assert pred.response == "Rex." and len(lm.history) == 1
    messages = lm.history[0]["messages"]
    assert [m["role"] for m in messages] == ["system", "system", "user"]
    note, prompt = messages[1]["content"], messages[2]["content"]
    assert "You have a beagle called Rex" in note and "Wants short answers" in note
    assert prompt.startswith("My dog's name?\n\n(Keep in mind about me: ")
    assert "You have a beagle called Rex" in prompt and "Wants short answers" in prompt
    assert "[[ ##" not in prompt  # no fields to fill in
    assert note.startswith(f"Today is {datetime.now().astimezone():%A}, ")
    # A replayed conversation's day, not the machine's: "past: until ..." is read against it.
    agent.now = datetime(2024, 5, 21, 23, 59)
    lm = ScriptLM(["Rex."])
    with dspy.context(lm=lm):
        agent(transcript="", existing_categories=["pets"], question="My dog's name?")
    assert lm.history[0]["messages"][1]["content"].startswith("Today is Tuesday, 21 May 2024.")
    lm = ScriptLM(["I don't know yet."])
    agent = ResponseAgent(store, "nobody", limits=limits)
    with dspy.context(lm=lm):
        agent(transcript="", existing_categories=[], question="My cat?")
    assert lm.history[0]["messages"][-1]["content"] == "My cat?"  # nothing to remind of


def test_the_search_tool_says_whether_a_dated_memory_holds_at_the_time_asked(store):
    store.add("alice", "Has jury duty from 18 March to 29 March 2024", ["plans"],
              valid_from="2024-03-18", valid_until="2024-03-29")
    lm = DummyLM([step("fetch_similar_memories", {"search_text": "jury duty", "categories": []}),
                  finish(), answer("Not next week: you have jury duty.", False)])
    agent = ResponseAgent(store, "alice", limits=STANDARD)
    agent.now = datetime(2024, 3, 15, 12, 0)
    with dspy.context(lm=lm):
        agent(transcript="", existing_categories=[], question="Can I take a trip next week?")
    observation = str(lm.history[-1]["messages"])
    assert "overlaps next week: 18-24 March 2024" in observation


def test_a_found_memory_is_about_what_a_question_asks_of_the_user(seeded):
    # What decides "I don't know your shoe size: ..." (agents/reply_opening.py; opening.py's
    # UNTOLD): a found memory says a word of the thing, or its text or categories are close
    # to it (real embeddings).
    store, _ = seeded
    found = [m for m in store.search("alice", "pets and home", limit=5)
             if m.memory_text in ("Has a beagle called Rex", "Lives in Lisbon")]
    assert len(found) == 2
    assert not about("shoe size", found, store.embedder)
    # the "pets" category, and "dog" near "beagle"
    assert about("dog's name", found, store.embedder)
    assert about("home town", found, store.embedder)  # "Lives in Lisbon", its "location"
    assert about("beagle", found, store.embedder)  # a word of it
