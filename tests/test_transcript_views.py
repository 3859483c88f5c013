"""What the reply model is shown of earlier turns (chatbot/transcripts.py)."""

from chatbot.transcripts import history_text, recent_pairs


def _chat(*texts: str) -> list[dict]:
    return [{"role": "user" if i % 2 == 0 else "assistant", "content": t}
            for i, t in enumerate(texts)]


def test_pairs_skip_failed_turns_and_drop_the_oldest_over_budget():
    transcript = _chat("hi", "hello!", "what's up", "", "tell me a joke", "a joke")
    assert recent_pairs(transcript, 20, 10_000) == [
        {"question": "hi", "response": "hello!"},
        {"question": "tell me a joke", "response": "a joke"}]
    # 20 characters hold only the newest pair (14 + 6): the oldest goes first.
    assert recent_pairs(transcript, 20, 20) == [{"question": "tell me a joke",
                                                  "response": "a joke"}]
    assert recent_pairs(transcript, 1, 10_000) == [{"question": "tell me a joke",
                                                     "response": "a joke"}]


def test_history_keeps_the_newest_lines_within_budget():
    transcript = _chat("first message", "first reply", "second message", "second reply")
    assert history_text(transcript, 20, 10_000) == (
        "user: first message\nassistant: first reply\n"
        "user: second message\nassistant: second reply")
    assert history_text(transcript, 20, 45) == "user: second message\nassistant: second reply"
    assert history_text([], 20, 10_000) == "(this is the start of the conversation)"
