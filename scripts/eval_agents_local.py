#!/usr/bin/env python
"""Run a fixed set of agent scenarios on a real LM (default: the embedded local model).

Each case is one user turn through ChatSession (the response agent, then the memory update
agent), on a fresh user with seeded memories, and checks what a good agent does: adds a new
fact with the right text, searches and uses a memory, leaves small talk alone, updates a
corrected memory in place, deletes a retracted one, does not store what the assistant said,
and does not duplicate. Printed per case: pass/fail, seconds per agent, LM calls, tokens.

    python scripts/eval_agents_local.py [--cases intro,dinner] [--json out.json] [--lm local]

Threads are 1 (llama.cpp and torch) and OMP_WAIT_POLICY=PASSIVE, as in Settings' defaults.
The box may be shared: compare medians, and expect a cold first case (no KV cache yet).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from chatbot.lm import prepare_environment  # noqa: E402

prepare_environment()

TODAY = "2024-03-15"
MEAT = re.compile(r"\b(chicken|beef|pork|bacon|ham|fish|salmon|tuna|shrimps?|prawns?|lamb|"
                  r"steak|meat|sausages?|turkey|anchov\w*|cod)\b", re.I)


@dataclass
class Outcome:
    """What one case produced, for its check."""

    reply: Any
    before: dict[str, tuple[str, bool]]   # id -> (text, valid) before the turn
    after: dict[str, tuple[str, bool]]
    seeded: dict[str, str]                # seed text -> id
    actions: list[Any]
    counts: dict[str, int]

    def text(self, mid: str) -> str:
        return self.after.get(mid, ("", False))[0]

    def valid(self, mid: str) -> bool:
        return self.after.get(mid, ("", False))[1]

    @property
    def new_ids(self) -> list[str]:
        return [m for m in self.after if m not in self.before and self.after[m][1]]

    @property
    def writes(self) -> list[Any]:
        return [a for a in self.actions if a.event in ("ADD", "UPDATE", "DELETE")]

    def written_texts(self) -> list[str]:
        return [a.text for a in self.writes if a.event in ("ADD", "UPDATE")]


Check = Callable[[Outcome], dict[str, bool]]


@dataclass
class Case:
    name: str
    what: str
    message: str
    check: Check
    memories: list[tuple[str, list[str]]] = field(default_factory=list)
    history: list[tuple[str, str]] = field(default_factory=list)


def _has(texts: list[str], *words: str) -> bool:
    return any(all(w in t.lower() for w in words) for t in texts)


FIRST_PERSON = re.compile(r"\b(i|i'm|my|me)\b", re.I)


def no_repeated_writes(o: Outcome) -> bool:
    """No store call made twice with the same effect (a model going in circles)."""
    seen = [(a.event, a.memory_id, a.text) for a in o.actions if a.event != "REJECTED"]
    return len(seen) == len(set(seen))


def check_intro(o: Outcome) -> dict[str, bool]:
    new = [o.text(m) for m in o.new_ids]
    return {"save_memory": o.reply.save_memory is True,
            "added_lisbon": _has(new, "lisbon"),
            "added_nurse": _has(new, "nurse"),
            "third_person": bool(new) and not any(FIRST_PERSON.search(t) for t in new),
            "no_extra_memories": len(new) <= 3,
            "no_repeated_writes": no_repeated_writes(o)}


def check_dinner(o: Outcome) -> dict[str, bool]:
    found = [m.memory_text for m in o.reply.retrieved]
    return {"searched": bool(o.reply.searches),
            "found_vegetarian": _has(found, "vegetarian"),
            "reply_meat_free": bool(o.reply.response) and not MEAT.search(o.reply.response),
            "no_writes": not o.writes}


def check_dog(o: Outcome) -> dict[str, bool]:
    return {"searched": bool(o.reply.searches),
            "reply_says_rex": "rex" in o.reply.response.lower(),
            "no_writes": not o.writes}


def check_smalltalk(o: Outcome) -> dict[str, bool]:
    return {"no_writes": not o.writes, "save_memory_false": o.reply.save_memory is False}


def check_correction(o: Outcome) -> dict[str, bool]:
    city = o.seeded["Lives in Lisbon"]
    return {"same_id_says_porto": o.valid(city) and "porto" in o.text(city).lower(),
            "no_new_memory": not o.new_ids,
            "others_unchanged": all(o.valid(i) and o.text(i) == t
                                    for t, i in o.seeded.items() if i != city),
            "no_repeated_writes": no_repeated_writes(o)}


def check_retraction(o: Outcome) -> dict[str, bool]:
    nurse = o.seeded["Works as a nurse"]
    return {"nurse_deleted": not o.valid(nurse),
            "others_kept": all(o.valid(i) and o.text(i) == t
                               for t, i in o.seeded.items() if i != nurse),
            "no_new_memory": not o.new_ids}


ASSISTANT_WORDS = ("sintra", "pena", "moorish", "castle", "cascais", "beach", "train", "palace")


def check_assistant(o: Outcome) -> dict[str, bool]:
    texts = o.written_texts() + [o.text(m) for m in o.new_ids]
    return {"no_assistant_facts": not any(w in t.lower() for t in texts
                                          for w in ASSISTANT_WORDS),
            "added_sister_ana": _has([o.text(m) for m in o.new_ids], "ana")}


def check_duplicate(o: Outcome) -> dict[str, bool]:
    nurse = o.seeded["Works as a nurse"]
    return {"no_new_memory": not o.new_ids,
            "nurse_kept": o.valid(nurse) and "nurse" in o.text(nurse).lower(),
            "at_most_one_write_call": sum(1 for a in o.actions if a.event != "REJECTED") <= 1}


PROFILE = [("Lives in Lisbon", ["location"]), ("Works as a nurse", ["work"]),
           ("Is vegetarian", ["diet"])]
DAY_TRIP = ("From Lisbon you could take the train to Sintra to see the Pena Palace and the "
            "Moorish Castle, or relax on the beaches of Cascais.")

CASES = [
    Case("intro", "two new facts -> two ADDs with the right text",
         "Hi! I'm Sam. I live in Lisbon and I work as a nurse.", check_intro),
    Case("dinner", "question needing memory -> search, reply uses 'vegetarian'",
         "Can you suggest something to cook for dinner tonight?", check_dinner, PROFILE),
    Case("dog", "direct question -> search, reply names the dog",
         "What's my dog's name?", check_dog,
         [("Has a beagle called Rex", ["pets"]), ("Lives in Lisbon", ["location"])]),
    Case("smalltalk", "small talk -> save_memory false, no write",
         "Thanks, that was really helpful!", check_smalltalk, PROFILE[:1],
         [("user", "How long does it take to boil an egg?"),
          ("assistant", "About 7 minutes for a firm yolk.")]),
    Case("correction", "correction -> update_memory on the shown id, no ADD",
         "Correction: I moved from Lisbon to Porto last month.", check_correction, PROFILE),
    Case("retraction", "retraction -> delete_memory, nothing else",
         "Please forget that I work as a nurse.", check_retraction, PROFILE),
    Case("assistant", "assistant's suggestions are not stored; the user's fact is",
         "Nice. By the way, my sister Ana is visiting next week.", check_assistant,
         PROFILE[:1], [("user", "Any ideas for a day trip this weekend?"),
                       ("assistant", DAY_TRIP)]),
    Case("duplicate", "already stored -> no new memory, at most one write call",
         "As I said before, I'm a nurse.", check_duplicate, PROFILE[:2]),
]


def snapshot(store: Any, user: str) -> dict[str, tuple[str, bool]]:
    return {m.id: (m.memory_text, m.valid) for m in store.list(user, include_deleted=True)}


def run_case(case: Case, store: Any, lm: Any, run_id: str,
             limits: Any = None) -> dict[str, Any]:
    from chatbot.session import ChatSession

    user = f"{case.name}-{run_id}"
    seeded = {text: store.add(user, text, cats, observed_at="2024-01-10")
              for text, cats in case.memories}
    session = ChatSession(user, store, lm, session_id=f"eval-{case.name}", observed_at=TODAY,
                          limits=limits, background=True)
    for i, (role, content) in enumerate(case.history):
        session.transcript.append({"role": role, "content": content,
                                   "id": f"eval-{case.name}:h{i}"})
    before = snapshot(store, user)
    start = time.perf_counter()
    reply = session.turn(case.message)
    respond_s = time.perf_counter() - start
    respond_calls = session.stats["lm_calls"]
    start = time.perf_counter()
    session.wait()
    update_s = time.perf_counter() - start
    update = session.last_update
    session.close()
    outcome = Outcome(reply, before, snapshot(store, user), seeded,
                      list(update.actions) if update else [],
                      dict(update.counts) if update else {})
    checks = case.check(outcome)
    stats = session.stats
    return {
        "case": case.name, "what": case.what, "pass": all(checks.values()), "checks": checks,
        "respond_s": round(respond_s, 1), "update_s": round(update_s, 1),
        "total_s": round(respond_s + update_s, 1), "lm_calls": stats["lm_calls"],
        "respond_lm_calls": respond_calls,
        "update_lm_calls": stats["lm_calls"] - respond_calls,
        "prompt_tokens": stats["prompt_tokens"], "completion_tokens": stats["completion_tokens"],
        "save_memory": reply.save_memory, "response": reply.response, "error": reply.error,
        "searches": [s.search_text for s in reply.searches],
        "actions": [f"{a.event} {a.text!r} {a.detail}".strip() for a in outcome.actions],
        "update_ran": update is not None, "update_summary": update.summary if update else None,
        "memories_after": {k: list(v) for k, v in outcome.after.items()},
        "counts": {k: v for k, v in stats.items() if v},
        "update_trajectory": update.trajectory if update else {},
        "respond_trajectory": reply.trajectory,
    }


def print_row(r: dict[str, Any]) -> None:
    failed = [k for k, ok in r["checks"].items() if not ok]
    mark = "PASS" if r["pass"] else "FAIL"
    print(f"{r['case']:<11} {mark}  {r['total_s']:>6.1f}s (respond {r['respond_s']:>5.1f}, "
          f"update {r['update_s']:>5.1f})  calls {r['lm_calls']:>2} "
          f"({r['respond_lm_calls']}+{r['update_lm_calls']})  tokens "
          f"{r['prompt_tokens']:>6}+{r['completion_tokens']:<5} save={r['save_memory']}"
          + (f"  failed: {', '.join(failed)}" if failed else ""), flush=True)
    for a in r["actions"]:
        print(f"{'':13}- {a}", flush=True)


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def med(key: str) -> float:
        return round(statistics.median(r[key] for r in rows), 1) if rows else 0.0

    checks = [ok for r in rows for ok in r["checks"].values()]
    return {
        "cases": len(rows), "passed": sum(r["pass"] for r in rows),
        "checks_passed": f"{sum(checks)}/{len(checks)}",
        "median_total_s": med("total_s"), "median_respond_s": med("respond_s"),
        "median_update_s": med("update_s"), "median_lm_calls": med("lm_calls"),
        "total_s": round(sum(r["total_s"] for r in rows), 1),
        "lm_calls": sum(r["lm_calls"] for r in rows),
        "prompt_tokens": sum(r["prompt_tokens"] for r in rows),
        "completion_tokens": sum(r["completion_tokens"] for r in rows),
    }


def eval_settings(lm: str, max_tokens: int | None = None, threads: int = 1) -> Any:
    """Settings for an eval run: greedy decoding, `threads` for llama.cpp (0: auto) and the
    embedder (1 for auto)."""
    from chatbot.config import Settings

    overrides: dict[str, Any] = {"lm": lm, "lm_threads": threads, "lm_temperature": 0.0,
                                 "embed_threads": threads or 1}
    fallback = Path(tempfile.gettempdir()) / "chatbot-test-data" / "models"
    if not os.environ.get("CHATBOT_MODELS_DIR") and fallback.is_dir():
        overrides["models_dir"] = fallback
    if max_tokens:
        overrides["lm_max_tokens"] = max_tokens
    return Settings(**overrides)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lm", default="local", help="CHATBOT_LM value (default: local)")
    parser.add_argument("--cases", help="comma-separated case names (default: all)")
    parser.add_argument("--json", type=Path, help="write every result (with trajectories) here")
    parser.add_argument("--label", default="", help="a label stored in the JSON")
    parser.add_argument("--max-tokens", type=int, default=None,
                        help="lm_max_tokens (default: Settings' default)")
    args = parser.parse_args(argv)

    from chatbot.lm import build_lm
    from chatbot.memory import MemoryStore
    from chatbot.memory.embeddings import get_embedder

    wanted = [c for c in CASES if not args.cases or c.name in args.cases.split(",")]
    settings = eval_settings(args.lm, args.max_tokens)
    start = time.perf_counter()
    lm = build_lm(settings)
    print(f"LM {settings.lm} loaded in {time.perf_counter() - start:.1f}s; "
          f"{len(wanted)} cases, date {TODAY}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="eval-agents-") as tmp:
        store = MemoryStore(path=Path(tmp) / "store",
                            embedder=get_embedder(settings.embedder, 1))
        run_id = time.strftime("%H%M%S")
        try:
            for case in wanted:
                row = run_case(case, store, lm, run_id)
                rows.append(row)
                print_row(row)
        finally:
            store.close()
    total = summarise(rows)
    print(f"passed {total['passed']}/{total['cases']} cases ({total['checks_passed']} checks); "
          f"median per case {total['median_total_s']}s (respond {total['median_respond_s']}s, "
          f"update {total['median_update_s']}s), median LM calls {total['median_lm_calls']}; "
          f"total {total['total_s']}s, {total['lm_calls']} calls, "
          f"{total['prompt_tokens']}+{total['completion_tokens']} tokens")
    if args.json:
        args.json.write_text(json.dumps({"label": args.label, "summary": total, "cases": rows},
                                        indent=2, default=str))
    return 0 if total["passed"] == total["cases"] else 1


if __name__ == "__main__":
    sys.exit(main())
