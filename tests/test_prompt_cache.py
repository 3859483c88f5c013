"""The embedded model's prompt cache keeps on disk only the states of prompts with no user
text (the warm-up inside shared_prompts()); the states of the user's prompts, whose tokens and
KV cache come from what they said, stay in RAM and die with the process."""

from __future__ import annotations

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
