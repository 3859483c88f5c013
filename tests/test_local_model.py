"""Smoke tests with the real embedded model (slow: ~1 min). Assert structure, never exact text.

Skipped only when the optional [local] extra (llama-cpp-python, model wheels) is not installed.
The assembled GGUF is cached in $CHATBOT_TEST_DATA_DIR (default: <tmp>/chatbot-test-data).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import tempfile
from pathlib import Path

import pytest

from chatbot.lm import LMError

pytestmark = pytest.mark.local_llm


def _missing_extra() -> str | None:
    try:
        found = importlib.util.find_spec("llama_cpp") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        return "llama-cpp-python is not installed (make local / pip install -e '.[local]')"
    from chatbot.lm.local.gguf import find_model_parts

    try:
        find_model_parts()
    except LMError as exc:
        return f"local model packages are not installed: {exc}"
    return None


_REASON = _missing_extra()
if _REASON:
    pytest.skip(_REASON, allow_module_level=True)

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
import dspy  # noqa: E402

from chatbot.config import Settings  # noqa: E402
from chatbot.lm import build_lm  # noqa: E402

TOOL_NAME = "fetch_similar_memories"


@pytest.fixture(scope="module")
def lm():
    data_dir = Path(
        os.environ.get("CHATBOT_TEST_DATA_DIR") or Path(tempfile.gettempdir()) / "chatbot-test-data"
    )
    settings = Settings(
        lm="local",
        data_dir=data_dir,
        models_dir=data_dir / "models",
        lm_threads=1,
        lm_temperature=0.0,
        lm_max_tokens=320,
    )
    return build_lm(settings)


class QA(dspy.Signature):
    """Answer the question in a few words."""

    question: str = dspy.InputField()
    answer: str = dspy.OutputField()


def test_predict(lm):
    with dspy.context(lm=lm):
        pred = dspy.Predict(QA)(question="What is the capital of France?")
    assert isinstance(pred.answer, str) and pred.answer.strip()
    usage = lm.history[-1]["usage"]
    assert usage["prompt_tokens"] > 0 and usage["completion_tokens"] > 0


def test_predict_async(lm):
    async def run():
        with dspy.context(lm=lm):
            return await dspy.Predict(QA).acall(question="What is 2 + 3?")

    pred = asyncio.run(run())
    assert isinstance(pred.answer, str) and pred.answer.strip()


class Respond(dspy.Signature):
    """Answer the user. Look up what you know about them when it helps.
    Set save_memory to true when the message tells you a new fact about the user."""

    question: str = dspy.InputField()
    response: str = dspy.OutputField()
    save_memory: bool = dspy.OutputField()


MEMORIES = {
    "pets": ["The user has a beagle named Rex."],
    "food": ["The user likes Thai food."],
}
CALLS: list[dict] = []


def fetch_similar_memories(search_text: str, categories: list[str]) -> list[str]:
    """Find stored memories about the user similar to search_text, in the given categories
    (for example pets, food, work, family, location)."""
    CALLS.append({"search_text": search_text, "categories": categories})
    found = [m for c in categories for m in MEMORIES.get(c, [])]
    return found or ["No memories found."]


def test_react_turn(lm):
    agent = dspy.ReAct(Respond, tools=[fetch_similar_memories], max_iters=2)
    with dspy.context(lm=lm):
        pred = agent(question="What is my dog's name?")

    assert isinstance(pred.response, str) and pred.response.strip()
    assert isinstance(pred.save_memory, bool)
    trajectory = pred.trajectory
    steps = sorted(k.removeprefix("tool_name_") for k in trajectory if k.startswith("tool_name_"))
    assert steps, "the agent took no step"
    for step in steps:
        if trajectory[f"tool_name_{step}"] != TOOL_NAME:
            continue
        args = trajectory[f"tool_args_{step}"]
        assert isinstance(args, dict) and set(args) <= {"search_text", "categories"}
        if "search_text" in args:
            assert isinstance(args["search_text"], str)
        if "categories" in args:
            assert isinstance(args["categories"], list)
            assert all(isinstance(c, str) for c in args["categories"])
    for call in CALLS:  # what actually reached the tool
        assert isinstance(call["search_text"], str)
        assert all(isinstance(c, str) for c in call["categories"])


def test_a_schema_reply_is_written_around_the_values_the_model_chooses(lm):
    # The memory agent's schema on the real model: the parts come back word for word (code
    # wrote them), the reply holds to the schema, and far fewer tokens were decoded than the
    # reply has.
    from chatbot.agents.parts import parts_schema
    from chatbot.lm.local.structured import fill_schema

    engine = lm.engine
    llama = engine.load()
    parts = ["Hi there!", "I'm Ines and I teach chemistry in Porto."]
    schema = parts_schema(parts, [0], ["Has a cat called Miso"])
    template = llama.metadata["tokenizer.chat_template"]
    from chatbot.lm.local.protocol import continuation_prompt

    prompt = continuation_prompt(template, [
        {"role": "system", "content": "Sort each part of the user's message. Reply in JSON."},
        {"role": "user", "content": "1. Hi there!\n2. I'm Ines and I teach chemistry in Porto."},
    ], "")
    out = fill_schema(llama, prompt, schema, {"max_tokens": 200, "temperature": 0.0})
    reply = json.loads(out["choices"][0]["message"]["content"])
    assert [p["part"] for p in reply["sorted_parts"]] == parts
    kinds = {"question", "request", "hypothetical", "small_talk", "fact", "plan_or_event",
             "how_to_reply", "forget"}
    assert all(p["kind"] in kinds for p in reply["sorted_parts"])
    assert reply["shown_memories"][0]["memory"] == "Has a cat called Miso"
    decoded = out["usage"]["completion_tokens"]
    assert 0 < decoded < len(llama.tokenize(out["choices"][0]["message"]["content"].encode()))


def test_decoding_takes_guesses_copied_from_the_prompt(lm):
    # The drafter (lookup.py) guesses from the context; a reply that repeats the prompt's
    # words takes some of those guesses (tokens written without a decode step of their own),
    # and the reply is still the sentence asked for.
    drafter = lm.engine.drafter
    assert drafter is not None
    sentence = ("Ines keeps her grandmother's recipe for orange cake in a blue notebook on the "
                "second shelf of the kitchen cupboard.")
    taken = drafter.taken
    with dspy.context(lm=lm):
        pred = dspy.Predict("text -> repeated")(
            text=f"Repeat this sentence word for word: {sentence}")
    assert "orange cake in a blue notebook" in pred.repeated
    assert drafter.taken > taken


def test_a_saved_state_is_the_kv_cache_alone_and_restores_the_context(lm):
    # prompt_cache.use_kv_states: no logits copied; loaded back after other text was
    # evaluated, the context continues exactly as it did when saved.
    llama = lm.engine.load()
    prompt = llama.tokenize(b"Q: What is the capital of France?\nA: The capital of France is")
    llama.reset()
    llama.eval(prompt)
    state = llama.save_state()
    assert state.scores.size == 1 and state.n_tokens == len(prompt)
    assert state.llama_state_size == len(state.llama_state) > 0
    before = llama.sample(temp=0.0)
    llama.reset()
    llama.eval(llama.tokenize(b"Something else entirely, about the weather in Oslo."))
    llama.load_state(state)
    assert llama.n_tokens == len(prompt) and list(llama.input_ids[:len(prompt)]) == prompt
    llama.n_tokens -= 1  # as llama-cpp-python does after a load: the last token again
    llama.eval(prompt[-1:])
    assert llama.sample(temp=0.0) == before
