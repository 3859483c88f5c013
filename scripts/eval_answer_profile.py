#!/usr/bin/env python
"""Where an answer run's seconds go: `chatbot eval locomo --answer` with llama.cpp timed inside.

Runs the eval command as it is (same arguments, same results file) and writes, beside it, one
row per LM call: the answer mode and question, the prompt's tokens, how many of them came from
the KV cache (the context's kept prefix, or a saved state loaded from the prompt cache) and how
many were evaluated, the seconds of prompt evaluation, decoding, saving and loading states, the
threads used and the load average; then totals per mode. The file is rewritten after every
answer, so a run stopped early (SIGTERM or Ctrl-C) keeps what it measured. Usage:

    python scripts/eval_answer_profile.py PROFILE.json -- eval locomo --data ... --answer ...
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chatbot.lm import prepare_environment  # noqa: E402

prepare_environment()  # before llama_cpp is imported


def _loadavg() -> float:
    try:
        with open("/proc/loadavg", encoding="ascii") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError):
        return -1.0


class Profile:
    """LM calls as rows; `where` is the (mode, question id) being answered."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.where: tuple[str, str] = ("", "")
        self.call: dict[str, Any] | None = None
        self.answers: list[dict[str, Any]] = []
        self.threads: int | None = None  # set by the engine just before each call
        self.on_answer: Any = None

    def start_call(self) -> dict[str, Any]:
        self.call = {"mode": self.where[0], "question": self.where[1], "load_avg": _loadavg(),
                     "evaluated": 0, "decoded": 0, "prefill_s": 0.0, "decode_s": 0.0,
                     "save_s": 0.0, "load_s": 0.0, "loaded_state": False, "cached": None,
                     "threads": self.threads}
        self.rows.append(self.call)
        return self.call

    def summary(self) -> dict[str, Any]:
        per: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for r in self.rows:
            m = per[r["mode"]]
            m["calls"] += 1
            for key in ("prompt_tokens", "cached", "evaluated", "decoded", "prefill_s",
                        "decode_s", "save_s", "load_s", "call_s"):
                m[key] += r.get(key) or 0
            m["state_loads"] += r["loaded_state"]
        for a in self.answers:
            per[a["mode"]]["answer_s"] += a["seconds"]
        out = {}
        for mode, m in per.items():
            m = dict(m)
            m["other_s"] = m.get("answer_s", 0) - m.get("call_s", 0)
            m["prefill_tok_s"] = m["evaluated"] / m["prefill_s"] if m.get("prefill_s") else None
            m["decode_tok_s"] = m["decoded"] / m["decode_s"] if m.get("decode_s") else None
            out[mode] = {k: round(v, 3) if isinstance(v, float) else v for k, v in m.items()}
        return out


def install(profile: Profile) -> None:
    import llama_cpp

    import chatbot.evaluation.answering as answering
    from chatbot.lm.local import engine as engine_mod
    from chatbot.lm.local import prompt_cache

    llama_cls = llama_cpp.Llama
    # create_completion: the one call under both chat completion and a continued prompt
    complete, evaluate = llama_cls.create_completion, llama_cls.eval
    # the engine's llama saves and loads states through these two (use_kv_states)
    save, load = prompt_cache.save_kv_state, prompt_cache.load_kv_state
    fit = engine_mod.LlamaCppEngine._fit_threads
    answer = answering.answer_question

    def create_completion(self, *args, **kwargs):
        call = profile.start_call()
        start = time.perf_counter()
        try:
            out = complete(self, *args, **kwargs)
        finally:
            call["call_s"] = time.perf_counter() - start
        usage = out.get("usage") or {}
        call["prompt_tokens"] = usage.get("prompt_tokens")
        call["completion_tokens"] = usage.get("completion_tokens")
        return out

    def eval_(self, tokens):
        call = profile.call
        start = time.perf_counter()
        first = call is not None and call["cached"] is None
        if first:
            call["cached"] = int(self.n_tokens)  # the prefix kept or loaded, not evaluated
        try:
            return evaluate(self, tokens)
        finally:
            if call is not None:
                took = time.perf_counter() - start
                if first:
                    call["evaluated"] += len(tokens)
                    call["prefill_s"] += took
                else:
                    call["decoded"] += len(tokens)
                    call["decode_s"] += took

    def save_state(self):
        start = time.perf_counter()
        try:
            return save(self)
        finally:
            if profile.call is not None:
                profile.call["save_s"] += time.perf_counter() - start

    def load_state(self, state):
        start = time.perf_counter()
        try:
            return load(self, state)
        finally:
            if profile.call is not None:
                profile.call["load_s"] += time.perf_counter() - start
                profile.call["loaded_state"] = True

    def fit_threads(self, llama):
        fit(self, llama)
        profile.threads = self._threads_now

    def answer_question(store, user_id, question, lm, judge_lm=None, **kwargs):
        profile.where = (kwargs.get("mode", "memory"), question.id)
        start = time.perf_counter()
        try:
            return answer(store, user_id, question, lm, judge_lm, **kwargs)
        finally:
            profile.answers.append({"mode": profile.where[0], "question": question.id,
                                    "seconds": time.perf_counter() - start})
            if profile.on_answer:
                profile.on_answer()

    llama_cls.create_completion = create_completion
    llama_cls.eval = eval_
    prompt_cache.save_kv_state = save_state
    prompt_cache.load_kv_state = load_state
    engine_mod.LlamaCppEngine._fit_threads = fit_threads
    answering.answer_question = answer_question


def _interrupt(signum, frame):
    raise KeyboardInterrupt  # the eval command stops as on Ctrl-C, and the profile is written


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    from chatbot.cli.main import main as chatbot_main

    profile = Profile()
    install(profile)
    started = time.perf_counter()

    def write() -> dict[str, Any]:
        result = {"command": argv[2:], "wall_s": round(time.perf_counter() - started, 3),
                  "cpus": os.cpu_count(), "summary": profile.summary(), "calls": profile.rows,
                  "answers": profile.answers}
        out.write_text(json.dumps(result, indent=1))
        return result

    profile.on_answer = write
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    code = chatbot_main(argv[2:])
    for mode, m in write()["summary"].items():
        print(f"{mode or '(no mode)':8} calls {m['calls']:4.0f}"
              f"  prompt {m.get('prompt_tokens', 0):8.0f}"
              f"  cached {m.get('cached', 0):8.0f}  evaluated {m['evaluated']:7.0f}"
              f" in {m['prefill_s']:7.1f} s  decoded {m['decoded']:5.0f} in {m['decode_s']:6.1f} s"
              f"  save {m['save_s']:5.1f} s  load {m['load_s']:5.1f} s ({m['state_loads']:.0f})"
              f"  answers {m.get('answer_s', 0):7.1f} s  other {m['other_s']:6.1f} s",
              file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
