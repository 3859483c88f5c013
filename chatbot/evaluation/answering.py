"""--answer: the response agent answers a LoCoMo question; F1, BLEU-1 and an optional LLM judge."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any, Literal

import dspy

from chatbot.agents.prompts import load_prompt
from chatbot.agents.response import ResponseAgent
from chatbot.evaluation.locomo import Question
from chatbot.evaluation.metrics import bleu1, token_f1
from chatbot.memory import MemoryStore
from chatbot.session import LMUsage, explain_error

NO_TRANSCRIPT = "(this is the start of the conversation)"


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


def answer_question(store: MemoryStore, user_id: str, question: Question, lm: Any,
                    judge_lm: Any = None) -> dict[str, Any]:
    """The response agent's answer, scored against the gold answer, with its LM cost."""
    usage: Counter[str] = Counter()
    meter = LMUsage(usage)
    agent = ResponseAgent(store, user_id)
    start = time.perf_counter()
    error = None
    try:
        with dspy.context(lm=lm, callbacks=[meter], usage_tracker=meter):
            pred = agent(transcript=NO_TRANSCRIPT,
                         existing_categories=store.categories(user_id),
                         question=question.question)
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
