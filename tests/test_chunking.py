"""Long messages as memories: split at natural breaks, never cut, each led by its own turn."""

from __future__ import annotations

from datetime import datetime

import pytest

from chatbot.evaluation.ingest import ingest_direct
from chatbot.evaluation.locomo import Conversation, Session, Turn, turn_memories
from chatbot.memory.chunking import CONTEXT_CHARS, Line, clip, message_memories, split_text
from chatbot.memory.validation import MAX_MEMORY_CHARS, check_text

PARAGRAPH = ("The deploy runs on port 3000 behind nginx. Socket events are retried twice. "
             "Logs rotate daily at midnight. ")


def test_split_keeps_every_word_in_order_within_the_size():
    text = "\n\n".join(f"Part {n}. " + PARAGRAPH * 3 for n in range(9))
    pieces = split_text(text, 1000)
    assert len(pieces) > 1 and all(len(p) <= 1000 for p in pieces)
    assert " ".join(pieces).split() == text.split()
    # paragraphs are not broken when they fit
    assert all(p.startswith("Part ") for p in pieces)


def test_split_is_even_and_falls_back_to_words_then_characters():
    text = PARAGRAPH * 9  # ~770 characters in one paragraph: sentences are the breaks
    halves = split_text(text, 500)
    assert len(halves) == 2 and abs(len(halves[0]) - len(halves[1])) < 120
    assert all(p.endswith(".") for p in halves)
    assert split_text("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]
    assert split_text("  short  ") == ["short"]
    assert split_text("   ") == []
    with pytest.raises(ValueError):
        split_text("text", 0)


def test_clip_cuts_at_a_word_and_marks_it():
    assert clip("short", 10) == "short"
    clipped = clip("alpha beta gamma delta epsilon", 18)
    assert clipped == "alpha beta gamma\u2026" and len(clipped) <= 18


def test_a_long_message_becomes_several_memories_that_lead_with_it():
    answer = Line("D1:1", "Assistant", "Here is a long review. " + PARAGRAPH * 40)
    question = Line("D1:2", "User", "Thanks. My deadline for the deploy is March 3rd; " +
                    PARAGRAPH * 20)
    memories = message_memories(question, [answer], "[5 Jan 2024] ")
    assert len(memories) >= 2
    for text, ids in memories:
        assert ids == ["D1:1", "D1:2"]  # the same provenance for every piece
        assert len(text) <= MAX_MEMORY_CHARS and check_text(text) == text  # the store keeps all
        assert text.startswith("[5 Jan 2024] User: ")
        # the context comes after the turn, clipped
        context = text.split("\nAssistant: ", 1)[1]
        assert len(context) <= CONTEXT_CHARS and context.startswith("Here is a long review.")
    assert "March 3rd" in memories[0][0]
    own = " ".join(t.split("\nAssistant: ")[0].removeprefix("[5 Jan 2024] User: ")
                   for t, _ in memories)
    assert own.split() == question.content.split()  # nothing of the turn is lost


def test_no_room_for_the_message_is_an_error():
    with pytest.raises(ValueError):
        message_memories(Line("a", "A", "x"), [], "h" * 3000)


def test_direct_ingest_stores_each_piece_and_finds_the_end_of_a_long_turn(store):
    tail = "Finally, the staging database is called heron-7 and it lives in Frankfurt."
    long_turn = Turn("D1:2", "User", PARAGRAPH * 30 + tail)
    session = Session(1, datetime(2024, 1, 5), [
        Turn("D1:1", "Assistant", PARAGRAPH * 30), long_turn, Turn("D1:3", "Assistant", "Ok.")])
    conv = Conversation("conv-long", ("User", "Assistant"), [session], [])
    expected = turn_memories(session, 1, 2)
    stats = ingest_direct(store, conv, context=2)
    assert stats["turns"] == 3 and stats["split_turns"] == 2
    memories = store.list("conv-long")
    assert len(memories) == stats["memory_add"] == 3 + 2 * (len(expected) - 1)
    top = store.search("conv-long", "what is the staging database called", limit=1)[0]
    assert "heron-7" in top.memory_text and top.source.message_ids == ["D1:1", "D1:2"]

