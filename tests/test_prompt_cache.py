"""The embedded model's prompt cache keeps on disk only the states of prompts with no user
text (the warm-up inside shared_prompts()); the states of the user's prompts, whose tokens and
KV cache come from what they said, stay in RAM and die with the process."""

from __future__ import annotations

import time

import numpy as np
import pytest
from files import files_holding

from chatbot.lm.local.prompt_cache import PromptCache, shared_prompts

llama = pytest.importorskip("llama_cpp.llama")

SECRET = "Quixada-bees-7c1e"  # stands for the user's words inside a saved KV state


def state(tokens: list[int], text: str):
    return llama.LlamaState(
        input_ids=np.asarray(tokens, dtype=np.intc), scores=np.zeros((4, 8), dtype=np.single),
        n_tokens=len(tokens), llama_state=text.encode(), llama_state_size=len(text),
        seed=0)


def test_only_prompts_without_user_text_reach_the_disk(tmp_path):
    folder = tmp_path / "prompt-cache"
    cache = PromptCache(llama.LlamaState, folder=folder)
    with shared_prompts():  # the warm-up: the agent's fixed start, placeholder inputs
        cache[[1, 2, 3, 4]] = state([1, 2, 3, 4], "instructions and examples")
    cache.flush()
    cache[[1, 2, 3, 4, 5, 6]] = state([1, 2, 3, 4, 5, 6], f"the user said {SECRET}")
    cache.flush()
    assert cache[[1, 2, 3, 4, 5, 6, 7]].llama_state == f"the user said {SECRET}".encode()  # RAM
    assert files_holding(tmp_path, [SECRET]) == []
    assert len(list(folder.iterdir())) == 1

    warm = PromptCache(llama.LlamaState, folder=folder)  # the next process starts warm
    assert warm[[1, 2, 3, 4, 9]].llama_state == b"instructions and examples"
    with pytest.raises(KeyError):
        warm[[7, 8]]


def test_states_an_older_version_saved_are_removed(tmp_path):
    folder = tmp_path / "prompt-cache"
    folder.mkdir()
    (folder / "0123abcd.state").write_bytes(f"every prompt, {SECRET}".encode())
    PromptCache(llama.LlamaState, folder=folder)
    assert files_holding(tmp_path, [SECRET]) == []


def test_the_chat_warms_the_model_up_with_shared_prompts_only(tmp_path):
    """At chat start the embedded model evaluates each agent's fixed prompt start (placeholder
    inputs, marked shared: the only states saved to disk); the user's turns are not shared."""
    import argparse

    from chatbot.cli.chat import run_chat
    from chatbot.lm.local import prompt_cache

    from scripted import ScriptedLlama, chat_reply, scripted_local_lm

    class Recording(ScriptedLlama):
        def create_chat_completion(self, messages, stream=False, **kwargs):
            kwargs["shared"] = prompt_cache._SHARED.get()
            return super().create_chat_completion(messages, stream=stream, **kwargs)

    scripted = Recording(["x", "x", chat_reply("Hello!", False)])
    lm = scripted_local_lm(scripted)
    lm.engine.prompt_cache_dir = tmp_path / "prompt-cache"
    args = argparse.Namespace(user="alice", data_dir=None, session=None, quiet=True)

    class Lines:
        sent = False

        def readline(self):
            if Lines.sent:
                return ""
            while len(scripted.calls) < 2:  # the warm-up runs while the user types
                time.sleep(0.05)
            Lines.sent = True
            return f"I keep bees in {SECRET}\n"

    assert run_chat(args, lm=lm, input_stream=Lines()) == 0
    warm, turn = scripted.calls[:2], scripted.calls[2:]
    assert [kw["shared"] for _, kw in warm] == [True, True]
    assert all(kw["max_tokens"] == 1 for _, kw in warm)
    assert SECRET not in str(warm) and turn and SECRET in str(turn[0][0])
    assert not any(kw["shared"] for _, kw in turn)
