"""Prompt-lookup drafting (chatbot.lm.local.lookup): what is guessed, and how the guess size
follows what the model took. The real model's use of it is in tests/test_local_model.py."""

from __future__ import annotations

import numpy as np

from chatbot.lm.local.lookup import PromptLookup


def ids(*tokens: int) -> np.ndarray:
    return np.array(tokens, dtype=np.intc)


def test_guesses_what_followed_the_latest_earlier_occurrence_of_the_last_tokens():
    drafter = PromptLookup(ngram=3, first=4)
    # 1 2 3 occurs twice before the end; the later occurrence (followed by 7 8 9 10) wins
    context = ids(1, 2, 3, 4, 5, 6, 1, 2, 3, 7, 8, 9, 10, 11, 0, 1, 2, 3)
    assert drafter(context).tolist() == [7, 8, 9, 10]
    assert drafter.guessed == 4


def test_no_guess_without_a_repeat_of_the_whole_ngram():
    drafter = PromptLookup(ngram=3)
    assert drafter(ids(1, 2, 3, 4, 5, 2, 3)).tolist() == []  # only "2 3" repeats
    assert drafter(ids(1, 2)).tolist() == []
    assert drafter.guessed == 0


def test_a_guess_taken_whole_doubles_the_next_one():
    drafter = PromptLookup(ngram=2, first=2, most=8)
    source = [5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
    context = source + [9, 5, 6]
    assert drafter(ids(*context)).tolist() == [10, 11]
    # the model wrote 10 11 (the guess) and then sampled 12
    context += [10, 11, 12]
    assert drafter(ids(*context)).tolist() == [13, 14, 15, 16]
    assert drafter.taken == 2


def test_a_guess_missed_at_once_pauses_guessing_and_shrinks():
    drafter = PromptLookup(ngram=2, first=4, pause=2)
    context = [5, 6, 10, 11, 12, 13, 14, 9, 5, 6]
    assert drafter(ids(*context)).tolist() == [10, 11, 12, 13]
    context += [42, 5, 6]  # the model wrote 42 at once (no token taken), then "5 6" again
    assert drafter(ids(*context)).tolist() == []  # paused
    assert drafter(ids(*context)).tolist() == []  # still paused
    assert drafter(ids(*context)).tolist() == [42, 5]  # back, at half the size
    assert drafter.taken == 0


def test_a_guess_taken_in_part_sizes_the_next_to_what_was_taken():
    drafter = PromptLookup(ngram=2, first=8, most=12)
    source = [5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]
    context = source + [9, 5, 6]
    assert drafter(ids(*context)).tolist() == [10, 11, 12, 13, 14, 15, 16, 17]
    context += [10, 11, 12, 99]  # three taken, then the model differed
    context += [12, 13]  # (it came back to the source's text later)
    assert drafter(ids(*context)).tolist() == [14, 15, 16, 17]  # 3 + 1
    assert drafter.taken == 3
