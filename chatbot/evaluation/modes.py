"""The answer modes of `chatbot eval locomo --answer` (run in chatbot.evaluation.answering); here,
without the agents' imports, for the command line and the runner's defaults."""

from __future__ import annotations

ANSWER_MODES = {
    "memory": "the response agent as the app runs it, its tool on the memory built",
    "react": "the full tool loop: the model writes its own search text",
    "none": "no memory: the question alone",
    "recent": "the conversation's last turns that fit the context, no search",
    "oracle": "the gold evidence turns given directly, no search",
}
DEFAULT_ANSWER_MODES = ("memory", "none", "recent", "oracle")
# The embedded model's context (8192 tokens, chatbot.lm.local) less the prompt, the question and
# the answer: what the recent-context baseline may fill.
RECENT_TOKENS = 6144
