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
# The reader's standing preference in every answer mode (the product's `preferences` input, as
# a user who wants terse replies would set it): LoCoMo's and BEAM's gold answers are short
# phrases, and token F1 counts every extra word against the answer; shorter replies are also
# fewer decoded tokens. "" sends none (the app's default).
ANSWER_PREFERENCES = ("Reply with the answer only, in a few words (a name, a date, a short "
                      "phrase): no full sentence, no explanation.")
# max_tokens of one answer: a short-phrase answer takes ~20 tokens and the reply's save_memory
# field ~8; a runaway (the embedded model wrote 512 tokens of summary) is cut here.
ANSWER_TOKENS = 128
