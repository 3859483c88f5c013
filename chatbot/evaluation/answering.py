"""--answer: the response agent answers a LoCoMo question; F1, BLEU-1 and an optional LLM judge.

Every answer mode runs the product's response agent on the same question with the same LM; they
differ only in what the agent reads (docs/evaluation.md):
- memory: the agent as the app runs it for this LM, with its tool on the conversation's memory
  (on the embedded model: code searches the question, one answer call);
- react: the full tool loop, the model writes its own search text (the query gap);
- none / recent / oracle: baselines in one answer call, no search: nothing, the conversation's
  last turns that fit the context, or the gold evidence turns themselves.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import Any, Literal

import dspy

from chatbot.agents.guards import limits_for
from chatbot.agents.prompts import load_prompt
from chatbot.agents.response import ResponseAgent
from chatbot.evaluation.locomo import Conversation, Question, turn_text
from chatbot.evaluation.metrics import bleu1, token_f1
from chatbot.evaluation.modes import ANSWER_PREFERENCES, ANSWER_TOKENS, RECENT_TOKENS
from chatbot.memory import MemoryStore
from chatbot.session import LMUsage, explain_error

NO_TRANSCRIPT = "(this is the start of the conversation)"
# Characters per token when filling the recent-context budget: English runs ~4 with Qwen's and
# GPT's tokenizers, code and numbers fewer; 3 keeps a full budget inside the context.
CHARS_PER_TOKEN = 3


class JudgeAnswer(dspy.Signature):
    question: str = dspy.InputField()
    gold_answer: str = dspy.InputField(desc="the benchmark's answer")
    generated_answer: str = dspy.InputField(desc="the answer to grade")
    reason: str = dspy.OutputField(desc="one sentence")
    label: Literal["CORRECT", "WRONG"] = dspy.OutputField()


JudgeAnswer = JudgeAnswer.with_instructions(load_prompt("judge"))


def judge(question: Question, generated: str, lm: Any) -> tuple[str, str, Counter[str]]:
    """(label, reason, usage) from the judge LM; label is ERROR when the call fails."""
    usage: Counter[str] = Counter()
    meter = LMUsage(usage)
    try:
        with dspy.context(lm=lm, callbacks=[meter], usage_tracker=meter):
            pred = dspy.Predict(JudgeAnswer)(
                question=question.question, gold_answer=question.answer,
                generated_answer=generated or "(no answer)")
    except Exception as exc:  # noqa: BLE001 - a failed grade is recorded, not fatal
        return "ERROR", explain_error(exc), usage
    return str(pred.label), str(pred.reason), usage


def _lines(texts: list[str]) -> str:
    return "\n".join(f"- {t}" for t in texts)


def recent_context(conv: Conversation, tokens: int = RECENT_TOKENS) -> str:
    """The conversation's last turns, oldest first, as many as fit `tokens` (estimated)."""
    budget = tokens * CHARS_PER_TOKEN
    picked: list[str] = []
    for session in reversed(conv.sessions):
        for turn in reversed(session.turns):
            line = turn_text(turn, session.date)
            if len(line) + 3 > budget:
                return _lines(picked[::-1])
            budget -= len(line) + 3
            picked.append(line)
    return _lines(picked[::-1])


def oracle_context(conv: Conversation, question: Question) -> str:
    """The question's gold evidence turns, in conversation order: retrieval made perfect."""
    wanted = set(question.evidence)
    return _lines([turn_text(t, s.date) for s in conv.sessions for t in s.turns
                   if t.dia_id in wanted])


def make_agent(mode: str, store: MemoryStore, user_id: str, lm: Any,
               context: str | None = None, answer_tokens: int | None = None) -> ResponseAgent:
    """The response agent for one answer mode (see the module docstring); `answer_tokens`
    caps the answer's max_tokens (None: the LM's limits as the app has them)."""
    limits = limits_for(lm)
    if answer_tokens is not None:
        limits = replace(limits, answer_tokens=answer_tokens)
    if mode == "memory":
        return ResponseAgent(store, user_id, limits=limits)
    if mode == "react":
        return ResponseAgent(store, user_id, limits=replace(limits, direct_reply=False))
    # Baselines: the direct reply's one answer call, with `context` where the found memories go.
    agent = ResponseAgent(store, user_id, limits=replace(limits, direct_reply=True))
    direct = agent.react_direct
    direct.before_loop = lambda inputs: []
    shown = context or "(nothing stored about this user yet)"
    direct.answer_context = lambda: {"memories": shown, "history": dspy.History(messages=[])}
    return agent


def answer_question(store: MemoryStore, user_id: str, question: Question, lm: Any,
                    judge_lm: Any = None, *, mode: str = "memory",
                    context: str | None = None, preferences: str = ANSWER_PREFERENCES,
                    answer_tokens: int | None = ANSWER_TOKENS) -> dict[str, Any]:
    """One mode's answer, scored against the gold answer, with its LM cost and time.

    preferences: the reader's standing preferences, as the product takes them ("": none).
    """
    usage: Counter[str] = Counter()
    meter = LMUsage(usage)
    start = time.perf_counter()
    agent = make_agent(mode, store, user_id, lm, context, answer_tokens)
    extra = {"preferences": preferences} if preferences else {}
    error = None
    try:
        with dspy.context(lm=lm, callbacks=[meter], usage_tracker=meter):
            pred = agent(transcript=NO_TRANSCRIPT,
                         existing_categories=store.categories(user_id),
                         question=question.question, **extra)
        response = str(getattr(pred, "response", "") or "").strip()
    except Exception as exc:  # noqa: BLE001 - one failed answer is scored as empty
        response, error = "", explain_error(exc)
    record: dict[str, Any] = {
        "response": response,
        "f1": token_f1(response, question.answer),
        "bleu1": bleu1(response, question.answer),
        "answer_ms": (time.perf_counter() - start) * 1000,
        "lm_calls": usage["lm_calls"],
        "prompt_tokens": usage["prompt_tokens"],
        "completion_tokens": usage["completion_tokens"],
        "tokens": usage["prompt_tokens"] + usage["completion_tokens"],
        "searches": [{"search_text": c.search_text, "categories": c.categories,
                      "message_ids": [i for m in c.results for i in m.source.message_ids]}
                     for c in agent.searches],
    }
    if error:
        record["error"] = error
    if judge_lm is not None:
        label, reason, judge_usage = judge(question, response, judge_lm)
        record.update(judge=label, judge_reason=reason, judge_lm_calls=judge_usage["lm_calls"],
                      judge_tokens=judge_usage["prompt_tokens"]
                      + judge_usage["completion_tokens"])
    return record


def mode_context(mode: str, conv: Conversation, question: Question,
                 recent_tokens: int = RECENT_TOKENS) -> str | None:
    """What a baseline reads instead of searching; None for the modes that search."""
    if mode == "recent":
        return recent_context(conv, recent_tokens)
    if mode == "oracle":
        return oracle_context(conv, question)
    return None
