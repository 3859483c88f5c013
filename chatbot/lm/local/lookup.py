"""Prompt-lookup drafting: the local model checks guesses copied from its own context.

Much of what the small model writes here is copied: the memory agent repeats the user's words
as a memory's text, a reply quotes a found memory, an eval answer names what a memory said.
When the last few tokens written also occur earlier in the context, the tokens that followed
them there are a cheap guess of what comes next. llama.cpp evaluates the last token and the
guess in one batch, and the sampler then takes its tokens one by one, as usual, from the
logits at each position: every token of the reply is still the model's own choice (grammar
and all); a guess only saves the decode steps of the tokens it got right.

A guess is not free on this CPU: one decode step of one token takes ~96 ms, of two ~166 ms,
of nine ~270 ms (Qwen2.5-1.5B Q4_K_M, 2 threads), so a wrong guess costs most of a step. The
drafter therefore guesses only after a match of `NGRAM` tokens, and adapts the guess's length
to how the last one fared (doubling after a whole hit, shrinking to what was taken, pausing
after a miss). docs/agents.md ("Session 12") has the measurements.

Batched decoding rounds differently from one token at a time, so a greedy reply can differ
from the undrafted one at a near-tie; it is as much the model's own reply as before.
"""

from __future__ import annotations

from typing import Any

import numpy as np

NGRAM = 3  # tokens that must repeat before their earlier continuation is guessed
FIRST_GUESS = 4  # tokens guessed after a match, before any guess has been checked
MAX_GUESS = 12
PAUSE_AFTER_MISS = 2  # decode steps without guessing after a guess whose first token failed
_NONE = np.array([], dtype=np.intc)


class PromptLookup:
    """llama-cpp-python's draft-model hook (`Llama.draft_model`): called before each decode
    step with every token so far (prompt, reply and the token just sampled), it returns the
    guessed next tokens (possibly none)."""

    def __init__(self, ngram: int = NGRAM, first: int = FIRST_GUESS, most: int = MAX_GUESS,
                 pause: int = PAUSE_AFTER_MISS) -> None:
        self.ngram, self.first, self.most, self.pause = ngram, first, most, pause
        self.guessed = 0  # tokens guessed, over this drafter's life
        self.taken = 0  # of them, the ones the model wrote too
        self._size = first
        # the context's length and the guess, of a guess not yet checked
        self._last: tuple[int, np.ndarray] | None = None
        self._paused = 0

    def __call__(self, input_ids: Any, /, **_: Any) -> np.ndarray:
        ids = np.asarray(input_ids)
        self._learn(ids)
        if self._paused:
            self._paused -= 1
            return _NONE
        guess = self.guess(ids)
        if len(guess):
            self._last = (len(ids), guess)
            self.guessed += len(guess)
        return guess

    def guess(self, ids: np.ndarray) -> np.ndarray:
        """The tokens that followed the latest earlier occurrence of the last `ngram` tokens
        (at most the current guess size); none without such an occurrence."""
        n = len(ids)
        if n <= self.ngram:
            return _NONE
        windows = np.lib.stride_tricks.sliding_window_view(ids[:n - 1], self.ngram)
        hits = np.flatnonzero((windows == ids[n - self.ngram:]).all(axis=1))
        if not len(hits):
            return _NONE
        start = int(hits[-1]) + self.ngram
        return np.asarray(ids[start:start + self._size], dtype=np.intc)

    def _learn(self, ids: np.ndarray) -> None:
        """Size the next guess from how many tokens of the last one the model took: the
        context now holds those where the guess stood, then the token sampled after them."""
        if self._last is None:
            return
        before, guess = self._last
        self._last = None
        wrote = ids[before:before + len(guess)]
        differs = np.flatnonzero(wrote != guess[:len(wrote)])
        taken = int(differs[0]) if len(differs) else len(wrote)
        self.taken += taken
        if taken == len(guess):
            self._size = min(self.most, 2 * self._size)
        elif taken == 0:
            self._size = max(2, self._size // 2)
            self._paused = self.pause
        else:
            self._size = max(2, taken + 1)


def draft_with_lookup(llama: Any, drafter: PromptLookup | None = None) -> PromptLookup:
    """Make `llama` (a llama_cpp.Llama) check prompt-lookup guesses while it decodes.

    llama-cpp-python's own switch (`Llama(draft_model=...)`) keeps the logits of every prompt
    token (n_ctx x 151,936 floats for this model: ~5 GB, and a slower prefill); a guess needs
    them only for the few tokens of a decode step. So the drafter is set after loading, and
    batches no longer than a guess ask for logits at every position."""
    drafter = drafter or PromptLookup()
    batch = llama._batch
    set_batch = batch.set_batch
    longest = drafter.most + 1

    def set_batch_with_logits(batch: Any, n_past: int, logits_all: bool) -> None:
        set_batch(batch=batch, n_past=n_past, logits_all=logits_all or len(batch) <= longest)

    batch.set_batch = set_batch_with_logits
    llama.draft_model = drafter
    return drafter
