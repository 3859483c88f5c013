#!/usr/bin/env python
"""Prompt-lookup drafting (chatbot/lm/local/lookup.py) on the product's own LM calls, on and off.

Runs some agent cases (scripts/eval_agents.py) on the embedded model and records every call the
agents make (the memory agent's schema fills and the replies). Then replays each call in the
same process with the drafter off and on (after one warm-up run, so that the prompt is in the
KV cache and what differs is decoding; off first for even calls, on first for odd ones), and
prints per kind of call: the seconds off and on (sums and the median per-call ratio), tokens
decoded, the tokens taken from guesses, and how many replies came out the same.

    OMP_WAIT_POLICY=PASSIVE python scripts/bench_lookup.py --split fresh --cases 8 --json out.json
    python scripts/bench_lookup.py --threads 1          # one llama.cpp thread (a loaded box)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import eval_agents  # scripts/ is on sys.path when run as a script


def record_calls(engine: Any) -> list[dict[str, Any]]:
    """Every call through engine._chat from now on: its messages, kwargs and reply prefix."""
    calls: list[dict[str, Any]] = []
    chat = engine._chat

    def recording(llama, messages, kwargs, prefix, stream):
        calls.append({"messages": messages, "kwargs": dict(kwargs), "prefix": prefix})
        return chat(llama, messages, kwargs, prefix, stream)

    engine._chat = recording
    return calls


def replay(engine: Any, llama: Any, call: dict[str, Any], drafter: Any) -> dict[str, Any]:
    """One call, not streamed, with `drafter` checking guesses (None: plain decoding)."""
    llama.draft_model = drafter
    taken = drafter.taken if drafter else 0
    start = time.perf_counter()
    out = engine._chat(llama, call["messages"], call["kwargs"], call["prefix"], stream=False)
    seconds = time.perf_counter() - start
    choice = out["choices"][0]
    text = (choice.get("message") or {}).get("content") or choice.get("text") or ""
    return {"s": seconds, "text": text,
            "decoded": int((out.get("usage") or {}).get("completion_tokens") or 0),
            "taken": (drafter.taken - taken) if drafter else 0}


def kind(call: dict[str, Any]) -> str:
    return "memory fill" if (call["kwargs"].get("response_format") or {}).get("schema") else "reply"


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    off = sum(r["off_s"] for r in rows)
    on = sum(r["on_s"] for r in rows)
    return {"calls": len(rows), "off_s": round(off, 1), "on_s": round(on, 1),
            "ratio_of_sums": round(on / off, 3) if off else None,
            "median_ratio": round(statistics.median(r["on_s"] / r["off_s"] for r in rows), 3),
            "decoded": sum(r["decoded"] for r in rows), "taken": sum(r["taken"] for r in rows),
            "same_text": sum(r["same"] for r in rows)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="fresh", help="eval_agents split (default fresh)")
    parser.add_argument("--cases", type=int, default=8, help="the first N cases of the split")
    parser.add_argument("--threads", type=int, default=0, help="llama.cpp threads (0: auto)")
    parser.add_argument("--json", type=Path, help="every call's timings here")
    args = parser.parse_args(argv)
    if args.cases < 1:
        print("error: --cases must be 1 or more", file=sys.stderr)
        return 2

    from chatbot.lm import build_lm

    settings = eval_agents.eval_settings("local", None, args.threads)
    lm = build_lm(settings)
    engine = lm.engine
    llama = engine.load()
    drafter = engine.drafter
    if drafter is None:
        print("error: the engine was built without the drafter (CHATBOT_LM_LOOKUP=false?)",
              file=sys.stderr)
        return 2
    names = [c.name for c in eval_agents.CASES if c.split == args.split][:args.cases]
    if not names:
        print(f"error: no cases in split {args.split!r}", file=sys.stderr)
        return 2
    calls = record_calls(engine)
    eval_agents.main(["--cases", ",".join(names), "--threads", str(args.threads)], lm=lm)
    del engine._chat  # the recording wrapper: back to the class's method
    print(f"\nreplaying {len(calls)} calls, drafter off and on", flush=True)

    rows = []
    with engine._run_lock:
        for i, call in enumerate(calls):
            replay(engine, llama, call, None)  # warm-up: the prompt into the KV cache
            if i % 2:
                on = replay(engine, llama, call, drafter)
                off = replay(engine, llama, call, None)
            else:
                off = replay(engine, llama, call, None)
                on = replay(engine, llama, call, drafter)
            rows.append({"kind": kind(call), "off_s": off["s"], "on_s": on["s"],
                         "decoded": on["decoded"], "taken": on["taken"],
                         "same": off["text"] == on["text"],
                         "max_tokens": call["kwargs"].get("max_tokens"),
                         "text_off": off["text"][:300], "text_on": on["text"][:300]})
            print(f"{i:3d} {rows[-1]['kind']:<12} off {rows[-1]['off_s']:6.2f}s  "
                  f"on {rows[-1]['on_s']:6.2f}s  decoded {rows[-1]['decoded']:4d}  "
                  f"taken {rows[-1]['taken']:4d}  same {rows[-1]['same']}", flush=True)
        llama.draft_model = drafter

    report = {k: summary([r for r in rows if r["kind"] == k])
              for k in sorted({r["kind"] for r in rows})}
    report["all"] = summary(rows)
    print(f"\n{'calls':<12} {'n':>4} {'off s':>8} {'on s':>8} {'on/off':>7} {'median':>7} "
          f"{'decoded':>8} {'taken':>6} {'same':>5}")
    for name, s in report.items():
        print(f"{name:<12} {s['calls']:>4} {s['off_s']:>8} {s['on_s']:>8} "
              f"{s['ratio_of_sums']:>7} {s['median_ratio']:>7} {s['decoded']:>8} "
              f"{s['taken']:>6} {s['same_text']:>5}")
    if args.json:
        args.json.write_text(json.dumps({"cases": names, "summary": report, "calls": rows},
                                        indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
