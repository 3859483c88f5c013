#!/usr/bin/env python
"""llama.cpp's flash attention on and off, on the embedded model: prefill and decode tokens/s
at several context lengths, both models loaded in one process, the order swapped each round.

    OMP_WAIT_POLICY=PASSIVE python scripts/bench_attention.py [--threads 2] [--rounds 2]

Prints each run, then per context length the mean ratio on / off and whether the greedy
tokens were the same. The prompt text is this repository's docs (any long text would do).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chatbot.config import Settings  # noqa: E402
from chatbot.lm import LMError, prepare_environment  # noqa: E402

prepare_environment()  # before llama_cpp is imported

DECODED = 24


def run(llama, tokens: list[int]) -> tuple[float, float, list[int]]:
    """Prefill `tokens` from an empty context, then decode DECODED tokens greedily."""
    llama.reset()
    start = time.perf_counter()
    llama.eval(tokens)
    prefill = len(tokens) / (time.perf_counter() - start)
    start = time.perf_counter()
    out = []
    for _ in range(DECODED):
        token = llama.sample(temp=0.0)
        out.append(token)
        llama.eval([token])
    return prefill, DECODED / (time.perf_counter() - start), out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--contexts", default="600,2500,5400",
                        help="comma-separated prompt lengths in tokens (each < 8192)")
    args = parser.parse_args()
    try:
        contexts = [int(c) for c in args.contexts.split(",")]
    except ValueError:
        print("error: --contexts must be comma-separated integers", file=sys.stderr)
        return 2
    if args.threads < 1 or args.rounds < 1 or not all(0 < c < 8192 - DECODED for c in contexts):
        print("error: --threads and --rounds must be >= 1, contexts within 1..8167",
              file=sys.stderr)
        return 2
    from chatbot.lm.local import resolve_model_path
    from chatbot.lm.local.runtime import import_llama_cpp

    try:
        path = resolve_model_path(Settings(lm="local"))
        llama_cpp = import_llama_cpp()
    except LMError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    models = {fa: llama_cpp.Llama(model_path=str(path), n_ctx=8192, n_threads=args.threads,
                                  n_threads_batch=args.threads, n_batch=256, flash_attn=fa,
                                  verbose=False)
              for fa in (False, True)}
    text = "\n\n".join(p.read_text() for p in sorted((ROOT / "docs").glob("*.md")))
    tokens = models[False].tokenize(text.encode())
    results: dict[tuple[int, bool], list[tuple[float, float, list[int]]]] = {}
    for n in contexts:
        for r in range(args.rounds):
            for fa in ((False, True) if r % 2 == 0 else (True, False)):
                prefill, decode, out = run(models[fa], tokens[:n])
                results.setdefault((n, fa), []).append((prefill, decode, out))
                print(f"context {n:5d} flash {'on ' if fa else 'off'} prefill {prefill:6.1f} "
                      f"tok/s  decode {decode:5.1f} tok/s", flush=True)
    print(f"\n{'context':>7} {'prefill on/off':>15} {'decode on/off':>14} {'same tokens':>12}")
    for n in contexts:
        off, on = results[(n, False)], results[(n, True)]
        pre = statistics.mean(x[0] for x in on) / statistics.mean(x[0] for x in off)
        dec = statistics.mean(x[1] for x in on) / statistics.mean(x[1] for x in off)
        print(f"{n:>7} {pre:>15.3f} {dec:>14.3f} {str(off[0][2] == on[0][2]):>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
