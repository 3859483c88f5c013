#!/usr/bin/env python
"""The agents' behaviour benchmark: one- and two-session cases on a real LM, checked.

Cases live in scripts/agent_cases.py (one entry each), checks in scripts/agent_checks.py. A
second session is what a new process sees: the session and the store are closed, the store is
reopened on the same path and a new ChatSession (new session id) talks to it. The 8 cases of
scripts/eval_agents_local.py run as the `legacy` split.

    python scripts/eval_agents.py                      # the tuned split
    python scripts/eval_agents.py --split held_out     # the held-out part: only at the end
    python scripts/eval_agents.py --split fresh        # written apart (agent_cases_fresh.py)
    python scripts/eval_agents.py --split unseen       # nobody tunes on (agent_cases_unseen.py)
    python scripts/eval_agents.py --split blind        # written blind (agent_cases_blind.py)
    python scripts/eval_agents.py --split prefs        # reply preferences (agent_cases_prefs.py)
    python scripts/eval_agents.py --split sealed       # only at the end (agent_cases_sealed.py)
    python scripts/eval_agents.py --split sealed2      # only at the end (agent_cases_sealed2.py)
    python scripts/eval_agents.py --split sealed3      # only at the end (agent_cases_sealed3.py)
    python scripts/eval_agents.py --split sealed4      # only at the end (agent_cases_sealed4.py)
    python scripts/eval_agents.py --split sealed5      # only at the end (agent_cases_sealed5.py)
    python scripts/eval_agents.py --split sealed6      # only at the end (agent_cases_sealed6.py)
    python scripts/eval_agents.py --split sealed7      # only at the end (agent_cases_sealed7.py)
    python scripts/eval_agents.py --split sealed8      # only at the end (agent_cases_sealed8.py)
    python scripts/eval_agents.py --split sealed9      # only at the end (agent_cases_sealed9.py)
    python scripts/eval_agents.py --split sealed10     # only at the end (agent_cases_sealed10.py)
    python scripts/eval_agents.py --split sealed11     # only at the end (agent_cases_sealed11.py)
    python scripts/eval_agents.py --split sealed12     # only at the end (agent_cases_sealed12.py)
    python scripts/eval_agents.py --split sealed13     # only at the end (agent_cases_sealed13.py)
    python scripts/eval_agents.py --split sealed14     # only at the end (agent_cases_sealed14.py)
    python scripts/eval_agents.py --split sealed15     # only at the end (agent_cases_sealed15.py)
    python scripts/eval_agents.py --split sealed16     # only at the end (agent_cases_sealed16.py)
    python scripts/eval_agents.py --split sealed17     # only at the end (agent_cases_sealed17.py)
    python scripts/eval_agents.py --split sealed18     # only at the end (agent_cases_sealed18.py)
    python scripts/eval_agents.py --split sealed19     # only at the end (agent_cases_sealed19.py)
    python scripts/eval_agents.py --split sealed20     # only at the end (agent_cases_sealed20.py)
    python scripts/eval_agents.py --split sealed21     # only at the end (agent_cases_sealed21.py)
    python scripts/eval_agents.py --split sealed22     # only at the end (agent_cases_sealed22.py)
    python scripts/eval_agents.py --split sealed23     # only at the end (agent_cases_sealed23.py)
    python scripts/eval_agents.py --split sealed24     # only at the end (agent_cases_sealed24.py)
    python scripts/eval_agents.py --split sealed25     # only at the end (agent_cases_sealed25.py)
    python scripts/eval_agents.py --split sealed26     # only at the end (agent_cases_sealed26.py)
    python scripts/eval_agents.py --split sealed27     # only at the end (agent_cases_sealed27.py)
    python scripts/eval_agents.py --split sealed28     # only at the end (agent_cases_sealed28.py)
    python scripts/eval_agents.py --split sealed29     # only at the end (agent_cases_sealed29.py)
    python scripts/eval_agents.py --split sealed30     # only at the end (agent_cases_sealed30.py)
    python scripts/eval_agents.py --split sealed31     # only at the end (agent_cases_sealed31.py)
    python scripts/eval_agents.py --split sealed32     # only at the end (agent_cases_sealed32.py)
    python scripts/eval_agents.py --split sealed33     # only at the end (agent_cases_sealed33.py)
    python scripts/eval_agents.py --split sealed34     # only at the end (agent_cases_sealed34.py)
    python scripts/eval_agents.py --split sealed35     # only at the end (agent_cases_sealed35.py)
    python scripts/eval_agents.py --split sealed36     # only at the end (agent_cases_sealed36.py)
    python scripts/eval_agents.py --split sealed37     # only at the end (agent_cases_sealed37.py)
    python scripts/eval_agents.py --split sealed38     # only at the end (agent_cases_sealed38.py)
    python scripts/eval_agents.py --split sealed39     # only at the end (agent_cases_sealed39.py)
    python scripts/eval_agents.py --split sealed40     # only at the end (agent_cases_sealed40.py)
    python scripts/eval_agents.py --split sealed41     # only at the end (agent_cases_sealed41.py)
    python scripts/eval_agents.py --split sealed42     # only at the end (agent_cases_sealed42.py)
    python scripts/eval_agents.py --split sealed43     # only at the end (agent_cases_sealed43.py)
    python scripts/eval_agents.py --split sealed44     # only at the end (agent_cases_sealed44.py)
    python scripts/eval_agents.py --split sealed45     # only at the end (agent_cases_sealed45.py)
    python scripts/eval_agents.py --split sealed46     # only at the end (agent_cases_sealed46.py)
    python scripts/eval_agents.py --split sealed47     # only at the end (agent_cases_sealed47.py)
    python scripts/eval_agents.py --split sealed48     # only at the end (agent_cases_sealed48.py)
    python scripts/eval_agents.py --split sealed49     # only at the end (agent_cases_sealed49.py)
    python scripts/eval_agents.py --split sealed50     # only at the end (agent_cases_sealed50.py)
    python scripts/eval_agents.py --split sealed51     # only at the end (agent_cases_sealed51.py)
    python scripts/eval_agents.py --split sealed52     # only at the end (agent_cases_sealed52.py)
    python scripts/eval_agents.py --split sealed53     # only at the end (agent_cases_sealed53.py)
    python scripts/eval_agents.py --split sealed54     # only at the end (agent_cases_sealed54.py)
    python scripts/eval_agents.py --split sealed55     # only at the end (agent_cases_sealed55.py)
    python scripts/eval_agents.py --split all --json out.json
    python scripts/eval_agents.py --class procedural --cases proc_bullets,proc_spanish
    CHATBOT_LM=ollama_chat/qwen2.5:7b python scripts/eval_agents.py   # any LM (or --lm)

Printed: a row per case (pass/fail, failed checks), then pass rates per class and per split,
and per turn timings (median, p90): reply time to first token, reply total, memory update
(turn() returning -> session.wait() returning) and LM calls on the critical path (inside
turn(); the memory update starts after). Threads: auto for llama.cpp (the app's default: the
cores idle at each call) and 1 for the embedder, with OMP_WAIT_POLICY=PASSIVE, unless --threads.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from agent_cases import CASES as TUNING_CASES  # scripts/ is on sys.path when run as a script
from agent_cases import Case
from agent_cases_blind import BLIND_CASES
from agent_cases_fresh import FRESH_CASES
from agent_cases_prefs import PREFS_CASES
from agent_cases_sealed import SEALED_CASES
from agent_cases_sealed2 import SEALED2_CASES
from agent_cases_sealed3 import SEALED3_CASES
from agent_cases_sealed4 import SEALED4_CASES
from agent_cases_sealed5 import SEALED5_CASES
from agent_cases_sealed6 import SEALED6_CASES
from agent_cases_sealed7 import SEALED7_CASES
from agent_cases_sealed8 import SEALED8_CASES
from agent_cases_sealed9 import SEALED9_CASES
from agent_cases_sealed10 import SEALED10_CASES
from agent_cases_sealed11 import SEALED11_CASES
from agent_cases_sealed12 import SEALED12_CASES
from agent_cases_sealed13 import SEALED13_CASES
from agent_cases_sealed14 import SEALED14_CASES
from agent_cases_sealed15 import SEALED15_CASES
from agent_cases_sealed16 import SEALED16_CASES
from agent_cases_sealed17 import SEALED17_CASES
from agent_cases_sealed18 import SEALED18_CASES
from agent_cases_sealed19 import SEALED19_CASES
from agent_cases_sealed20 import SEALED20_CASES
from agent_cases_sealed21 import SEALED21_CASES
from agent_cases_sealed22 import SEALED22_CASES
from agent_cases_sealed23 import SEALED23_CASES
from agent_cases_sealed24 import SEALED24_CASES
from agent_cases_sealed25 import SEALED25_CASES
from agent_cases_sealed26 import SEALED26_CASES
from agent_cases_sealed27 import SEALED27_CASES
from agent_cases_sealed28 import SEALED28_CASES
from agent_cases_sealed29 import SEALED29_CASES
from agent_cases_sealed30 import SEALED30_CASES
from agent_cases_sealed31 import SEALED31_CASES
from agent_cases_sealed32 import SEALED32_CASES
from agent_cases_sealed33 import SEALED33_CASES
from agent_cases_sealed34 import SEALED34_CASES
from agent_cases_sealed35 import SEALED35_CASES
from agent_cases_sealed36 import SEALED36_CASES
from agent_cases_sealed37 import SEALED37_CASES
from agent_cases_sealed38 import SEALED38_CASES
from agent_cases_sealed39 import SEALED39_CASES
from agent_cases_sealed40 import SEALED40_CASES
from agent_cases_sealed41 import SEALED41_CASES
from agent_cases_sealed42 import SEALED42_CASES
from agent_cases_sealed43 import SEALED43_CASES
from agent_cases_sealed44 import SEALED44_CASES
from agent_cases_sealed45 import SEALED45_CASES
from agent_cases_sealed46 import SEALED46_CASES
from agent_cases_sealed47 import SEALED47_CASES
from agent_cases_sealed48 import SEALED48_CASES
from agent_cases_sealed49 import SEALED49_CASES
from agent_cases_sealed50 import SEALED50_CASES
from agent_cases_sealed51 import SEALED51_CASES
from agent_cases_sealed52 import SEALED52_CASES
from agent_cases_sealed53 import SEALED53_CASES
from agent_cases_sealed54 import SEALED54_CASES
from agent_cases_sealed55 import SEALED55_CASES
from agent_cases_unseen import UNSEEN_CASES
from agent_checks import CaseRun, Mem, Turn
from eval_agents_local import CASES as LEGACY_CASES
from eval_agents_local import eval_settings
from eval_agents_local import run_case as run_legacy_case

# `fresh`, `unseen`, `blind`, `prefs`, `sealed`, `sealed2`, `sealed3`, `sealed4`, `sealed5`,
# `sealed6`, `sealed7`, `sealed8`, `sealed9`, `sealed10`, `sealed11`, `sealed12`, `sealed13`,
# `sealed14`, `sealed15`, `sealed16`, `sealed17`, `sealed18`, `sealed19`, `sealed20`, `sealed21`,
# `sealed22`, `sealed23`, `sealed24`, `sealed25`, `sealed26`, `sealed27`, `sealed28`, `sealed29`,
# `sealed30`, `sealed31`, `sealed32`, `sealed33`, `sealed34`, `sealed35`, `sealed36`,
# `sealed37`, `sealed38`, `sealed39`, `sealed40`, `sealed41`, `sealed42`, `sealed43`,
# `sealed44`, `sealed45`, `sealed46`, `sealed47`, `sealed48`, `sealed49`, `sealed50`,
# `sealed51`, `sealed52`, `sealed53`, `sealed54` and `sealed55` are
# held out from whoever tunes: `--split all` leaves them out, only `--split fresh` / `unseen` /
# `blind` / `prefs` / `sealed` /
# `sealed2` / `sealed3` / `sealed4` / `sealed5` / `sealed6` / `sealed7` / `sealed8` / `sealed9` /
# `sealed10` / `sealed11` / `sealed12` / `sealed13` / `sealed14` / `sealed15` / `sealed16` /
# `sealed17` / `sealed18` / `sealed19` / `sealed20` / `sealed21` / `sealed22` / `sealed23` /
# `sealed24` / `sealed25` / `sealed26` / `sealed27` / `sealed28` / `sealed29` / `sealed30` /
# `sealed31` / `sealed32` / `sealed33` / `sealed34` / `sealed35` / `sealed36` / `sealed37` /
# `sealed38` / `sealed39` / `sealed40` / `sealed41` / `sealed42` / `sealed43` / `sealed44` /
# `sealed45` / `sealed46` / `sealed47` / `sealed48` / `sealed49` / `sealed50` / `sealed51` /
# `sealed52` / `sealed53` / `sealed54` / `sealed55`
# (or naming their cases)
# runs them.
CASES: list[Case] = (TUNING_CASES + FRESH_CASES + UNSEEN_CASES + BLIND_CASES + PREFS_CASES
                     + SEALED_CASES + SEALED2_CASES + SEALED3_CASES + SEALED4_CASES
                     + SEALED5_CASES + SEALED6_CASES + SEALED7_CASES + SEALED8_CASES
                     + SEALED9_CASES + SEALED10_CASES + SEALED11_CASES + SEALED12_CASES
                     + SEALED13_CASES + SEALED14_CASES + SEALED15_CASES + SEALED16_CASES
                     + SEALED17_CASES + SEALED18_CASES + SEALED19_CASES + SEALED20_CASES
                     + SEALED21_CASES + SEALED22_CASES + SEALED23_CASES + SEALED24_CASES
                     + SEALED25_CASES + SEALED26_CASES + SEALED27_CASES + SEALED28_CASES
                     + SEALED29_CASES + SEALED30_CASES + SEALED31_CASES
                     + SEALED32_CASES + SEALED33_CASES + SEALED34_CASES + SEALED35_CASES
                     + SEALED36_CASES + SEALED37_CASES + SEALED38_CASES
                     + SEALED39_CASES + SEALED40_CASES + SEALED41_CASES
                     + SEALED42_CASES + SEALED43_CASES + SEALED44_CASES
                     + SEALED45_CASES + SEALED46_CASES + SEALED47_CASES
                     + SEALED48_CASES + SEALED49_CASES + SEALED50_CASES + SEALED51_CASES
                     + SEALED52_CASES + SEALED53_CASES + SEALED54_CASES + SEALED55_CASES)
SPLITS = ("tuned", "held_out", "all", "legacy", "fresh", "unseen", "blind", "prefs", "sealed",
          "sealed2", "sealed3", "sealed4", "sealed5", "sealed6", "sealed7", "sealed8", "sealed9",
          "sealed10", "sealed11", "sealed12", "sealed13", "sealed14", "sealed15", "sealed16",
          "sealed17", "sealed18", "sealed19", "sealed20", "sealed21", "sealed22",
          "sealed23", "sealed24", "sealed25", "sealed26", "sealed27", "sealed28",
          "sealed29", "sealed30", "sealed31", "sealed32", "sealed33", "sealed34",
          "sealed35", "sealed36", "sealed37", "sealed38", "sealed39", "sealed40",
          "sealed41", "sealed42", "sealed43", "sealed44", "sealed45", "sealed46",
          "sealed47", "sealed48", "sealed49", "sealed50", "sealed51", "sealed52", "sealed53",
          "sealed54", "sealed55")
APART = ("fresh", "unseen", "blind", "prefs", "sealed", "sealed2", "sealed3", "sealed4",
         "sealed5", "sealed6", "sealed7", "sealed8", "sealed9", "sealed10",
         "sealed11", "sealed12", "sealed13", "sealed14", "sealed15", "sealed16", "sealed17",
         "sealed18", "sealed19", "sealed20", "sealed21", "sealed22", "sealed23",
         "sealed24", "sealed25", "sealed26", "sealed27", "sealed28", "sealed29",
         "sealed30", "sealed31", "sealed32", "sealed33", "sealed34", "sealed35",
         "sealed36", "sealed37", "sealed38", "sealed39", "sealed40",
         "sealed41", "sealed42", "sealed43", "sealed44", "sealed45", "sealed46",
         "sealed47", "sealed48", "sealed49", "sealed50", "sealed51", "sealed52", "sealed53",
         "sealed54", "sealed55")
TIMINGS = ("ttft_s", "reply_s", "update_s", "lm_calls")
# The agents' limits for every session (None: the app's, which follow the LM); --chat-reply,
# --no-opening and --facts-as-stored change one of them, for an A/B.
LIMITS: Any = None


class UsageError(Exception):
    """Bad arguments: one line and exit code 2."""


# ------------------------------------------------------------------------------ running


def timed_turn(session: Any, message: str, session_no: int, alias: str) -> Turn:
    """One turn with its timings; on_token is passed when ChatSession.turn accepts it."""
    first: list[float] = []
    kwargs: dict[str, Any] = {}
    if "on_token" in inspect.signature(session.turn).parameters:
        kwargs["on_token"] = lambda text: first.append(time.perf_counter()) if not first else None
    calls, last = session.stats["lm_calls"], session.last_update
    start = time.perf_counter()
    reply = session.turn(message, **kwargs)
    returned = time.perf_counter()
    critical = session.stats["lm_calls"] - calls
    session.wait()
    update_s = time.perf_counter() - returned
    update = session.last_update if session.last_update is not last else None
    retrieved = list(getattr(reply, "retrieved", []) or [])
    return Turn(
        session=session_no, user=alias, message=message,
        reply=getattr(reply, "response", "") or "", error=getattr(reply, "error", None),
        retrieved_users=[m.user_id for m in retrieved],
        retrieved=[m.memory_text for m in retrieved],
        actions=[f"{a.event} {a.text!r} {a.detail}".strip() for a in update.actions]
        if update is not None else [],
        ttft_s=round((first[0] if first else returned) - start, 2),
        reply_s=round(returned - start, 2), update_s=round(update_s, 2), lm_calls=critical,
        update_lm_calls=session.stats["lm_calls"] - calls - critical,
        sorted_parts=update.sorted if update is not None else None)


def snapshot(store: Any, user_id: str) -> list[Mem]:
    return [Mem(m.id, m.memory_text, getattr(m, "memory_type", "semantic"), m.valid)
            for m in store.list(user_id, include_deleted=True)]


def run_case(case: Case, lm: Any, embedder: Any, root: Path, run_id: str) -> dict[str, Any]:
    from chatbot.memory import MemoryStore
    from chatbot.session import ChatSession

    path = root / case.name / "store"
    aliases = sorted({"a", *case.seed, *(s.user for s in case.sessions)})
    users = {a: f"{case.name}-{a}-{run_id}" for a in aliases}
    run = CaseRun(users=users, seeds={a: [t for t, _, _ in v] for a, v in case.seed.items()},
                  before={}, sessions=[], turns=[],
                  typed="\n".join(m for s in case.sessions for m in s.messages)
                  + "\n" + "\n".join(t for s in case.sessions for r, t in s.history
                                     if r == "user"))
    for no, spec in enumerate(case.sessions):
        store = MemoryStore(path=path, embedder=embedder)
        try:
            if no == 0:
                for alias, seeds in case.seed.items():
                    for text, cats, kind in seeds:
                        store.add(users[alias], text, cats, memory_type=kind,
                                  observed_at="2024-01-10")
                run.before = {a: snapshot(store, u) for a, u in users.items()}
            session = ChatSession(users[spec.user], store, lm, observed_at=spec.date or case.date,
                                  limits=LIMITS,
                                  session_id=f"{case.name}-s{no + 1}-{run_id}", background=True)
            for i, (role, text) in enumerate(spec.history):
                session.transcript.append({"role": role, "content": text,
                                           "id": f"{session.session_id}:h{i}"})
            try:
                for message in spec.messages:
                    run.turns.append(timed_turn(session, message, no, spec.user))
            finally:
                session.close()
            run.sessions.append({a: snapshot(store, u) for a, u in users.items()})
            if no == len(case.sessions) - 1:
                run.history_texts = {a: [t for m in run.memories(-1, a, valid=False)
                                         for e in store.history(m.id, user_id=u)
                                         for t in (e.old_text, e.new_text) if t]
                                     for a, u in users.items()}
        finally:
            store.close()
    checks = {c.name: bool(c.test(run)) for c in case.all_checks()}
    return {
        "case": case.name, "class": case.cls, "split": case.split,
        "pass": all(checks.values()), "checks": checks,
        "turns": [vars(t) for t in run.turns],
        "memories": [{a: [vars(m) for m in ms] for a, ms in s.items()} for s in run.sessions],
    }


def run_legacy(names: list[str], lm: Any, embedder: Any, root: Path,
               run_id: str) -> list[dict[str, Any]]:
    """The 8 tuned cases of eval_agents_local.py, in one store as that script runs them."""
    from chatbot.memory import MemoryStore

    rows = []
    store = MemoryStore(path=root / "legacy" / "store", embedder=embedder)
    try:
        for case in LEGACY_CASES:
            if case.name not in names:
                continue
            r = run_legacy_case(case, store, lm, run_id, LIMITS)
            turn = {"session": 0, "message": case.message, "reply": r["response"],
                    "error": r["error"], "actions": r["actions"], "ttft_s": r["respond_s"],
                    "reply_s": r["respond_s"], "update_s": r["update_s"],
                    "lm_calls": r["respond_lm_calls"], "update_lm_calls": r["update_lm_calls"]}
            rows.append({"case": case.name, "class": "legacy", "split": "legacy",
                         "pass": r["pass"], "checks": r["checks"], "turns": [turn],
                         "detail": r})
            print_row(rows[-1])
    finally:
        store.close()
    return rows


# ------------------------------------------------------------------------------ report


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 2)


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    turns = [t for r in rows for t in r["turns"]]
    checks = [ok for r in rows for ok in r["checks"].values()]
    out: dict[str, Any] = {
        "cases": len(rows), "passed": sum(r["pass"] for r in rows),
        "pass_rate": round(sum(r["pass"] for r in rows) / len(rows), 3) if rows else 0.0,
        "checks_passed": sum(checks), "checks": len(checks), "turns": len(turns)}
    for key in TIMINGS:
        values = [float(t[key]) for t in turns]
        out[f"{key}_median"] = round(statistics.median(values), 2) if values else 0.0
        out[f"{key}_p90"] = percentile(values, 0.9)
    return out


def print_row(r: dict[str, Any]) -> None:
    failed = [k for k, ok in r["checks"].items() if not ok]
    reply = statistics.median(t["reply_s"] for t in r["turns"]) if r["turns"] else 0.0
    print(f"{r['case']:<24} {r['class']:<17} {r['split']:<8} {'PASS' if r['pass'] else 'FAIL'} "
          f" {len(r['turns'])} turns, reply {reply:5.1f}s"
          + (f"  failed: {', '.join(failed)}" if failed else "")
          + (f"  error: {r['error']}" if r.get("error") else ""), flush=True)


def print_report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    splits = [s for s in ("tuned", "held_out", "legacy", "fresh", "unseen", "blind", "prefs",
                          "sealed", "sealed2", "sealed3", "sealed4", "sealed5", "sealed6",
                          "sealed7", "sealed8", "sealed9", "sealed10", "sealed11",
                          "sealed12", "sealed13", "sealed14", "sealed15", "sealed16",
                          "sealed17", "sealed18", "sealed19", "sealed20", "sealed21",
                          "sealed22", "sealed23", "sealed24", "sealed25", "sealed26",
                          "sealed27", "sealed28", "sealed29", "sealed30",
                          "sealed31", "sealed32", "sealed33", "sealed34", "sealed35",
                          "sealed36", "sealed37", "sealed38", "sealed39", "sealed40",
                          "sealed41", "sealed42", "sealed43", "sealed44", "sealed45",
                          "sealed46", "sealed47", "sealed48", "sealed49", "sealed50", "sealed51",
                          "sealed52", "sealed53", "sealed54", "sealed55")
              if any(r["split"] == s for r in rows)]
    classes = sorted({r["class"] for r in rows})
    print(f"\n{'class':<18}" + "".join(f"{s:>10}" for s in splits) + "   failed checks")
    per_class: dict[str, Any] = {}
    for cls in classes:
        cells, per_class[cls] = [], {}
        for s in splits:
            part = [r for r in rows if r["class"] == cls and r["split"] == s]
            per_class[cls][s] = {"passed": sum(r["pass"] for r in part), "cases": len(part)}
            cells.append(f"{per_class[cls][s]['passed']}/{len(part)}" if part else "-")
        failed = Counter(k for r in rows if r["class"] == cls
                         for k, ok in r["checks"].items() if not ok)
        per_class[cls]["failed_checks"] = dict(failed)
        print(f"{cls:<18}" + "".join(f"{c:>10}" for c in cells) + "   "
              + ", ".join(f"{k} x{n}" if n > 1 else k for k, n in failed.most_common()))
    summary = {s: summarise([r for r in rows if r["split"] == s]) for s in splits}
    summary["all"] = summarise(rows)
    print(f"\n{'split':<9} {'cases':>11} {'rate':>6} {'checks':>9}   per turn, median / p90: "
          "TTFT, reply, update (s), critical-path LM calls")
    for name, s in summary.items():
        times = "  ".join(f"{s[f'{k}_median']:.1f}/{s[f'{k}_p90']:.1f}" for k in TIMINGS)
        print(f"{name:<9} {s['passed']:>4}/{s['cases']:<4} {100 * s['pass_rate']:>5.0f}% "
              f"{s['checks_passed']:>4}/{s['checks']:<4}   {times}")
    return {"splits": summary, "classes": per_class}


# -------------------------------------------------------------------------------- main


def select(args: argparse.Namespace) -> tuple[list[Case], list[str]]:
    """The new cases and the legacy case names the filters keep."""
    names = set(args.cases.split(",")) if args.cases else None
    classes = set(args.cls.split(",")) if args.cls else None
    split = args.split or ("all" if names or classes else "tuned")
    known = {c.name for c in CASES} | {c.name for c in LEGACY_CASES}
    if names and names - known:
        raise UsageError(f"unknown case(s): {', '.join(sorted(names - known))} "
                         f"(see scripts/agent_cases.py)")
    known_classes = {c.cls for c in CASES} | {"legacy"}
    if classes and classes - known_classes:
        raise UsageError(f"unknown class(es): {', '.join(sorted(classes - known_classes))}; "
                         f"classes: {', '.join(sorted(known_classes))}")

    def keep(name: str, cls: str, part: str) -> bool:
        in_all = part not in APART or names is not None
        return ((names is None or name in names) and (classes is None or cls in classes)
                and (split == part or (split == "all" and in_all)))

    return ([c for c in CASES if keep(c.name, c.cls, c.split)],
            [c.name for c in LEGACY_CASES if keep(c.name, "legacy", "legacy")])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    import os

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lm", default=os.environ.get("CHATBOT_LM") or "local",
                        help="CHATBOT_LM value (default: $CHATBOT_LM, else local)")
    parser.add_argument("--split", choices=SPLITS,
                        help="tuned (default), held_out, legacy (eval_agents_local.py's 8), "
                             "fresh (agent_cases_fresh.py; not in all), unseen "
                             "(agent_cases_unseen.py; not in all), blind "
                             "(agent_cases_blind.py; not in all), prefs "
                             "(agent_cases_prefs.py; not in all), sealed "
                             "(agent_cases_sealed.py; not in all; only at the end), "
                             "sealed2 (agent_cases_sealed2.py; not in all; only at the end), "
                             "sealed3 (agent_cases_sealed3.py; not in all; only at the end), "
                             "sealed4 (agent_cases_sealed4.py; not in all; only at the end), "
                             "sealed5 (agent_cases_sealed5.py; not in all; only at the end), "
                             "sealed6 (agent_cases_sealed6.py; not in all; only at the end), "
                             "sealed7 (agent_cases_sealed7.py; not in all; only at the end), "
                             "sealed8 (agent_cases_sealed8.py; not in all; only at the end), "
                             "sealed9 (agent_cases_sealed9.py; not in all; only at the end), "
                             "sealed10 (agent_cases_sealed10.py; not in all; only at the end), "
                             "sealed11 (agent_cases_sealed11.py; not in all; only at the end), "
                             "sealed12 (agent_cases_sealed12.py; not in all; only at the end), "
                             "sealed13 (agent_cases_sealed13.py; not in all; only at the end), "
                             "sealed14 (agent_cases_sealed14.py; not in all; only at the end), "
                             "sealed15 (agent_cases_sealed15.py; not in all; only at the end), "
                             "sealed16 (agent_cases_sealed16.py; not in all; only at the end), "
                             "sealed17 (agent_cases_sealed17.py; not in all; only at the end), "
                             "sealed18 (agent_cases_sealed18.py; not in all; only at the end), "
                             "sealed19 (agent_cases_sealed19.py; not in all; only at the end), "
                             "sealed20 (agent_cases_sealed20.py; not in all; only at the end), "
                             "sealed21 (agent_cases_sealed21.py; not in all; only at the end), "
                             "sealed22 (agent_cases_sealed22.py; not in all; only at the end), "
                             "sealed23 (agent_cases_sealed23.py; not in all; only at the end), "
                             "sealed24 (agent_cases_sealed24.py; not in all; only at the end), "
                             "sealed25 (agent_cases_sealed25.py; not in all; only at the end), "
                             "sealed26 (agent_cases_sealed26.py; not in all; only at the end), "
                             "sealed27 (agent_cases_sealed27.py; not in all; only at the end), "
                             "sealed28 (agent_cases_sealed28.py; not in all; only at the end), "
                             "sealed29 (agent_cases_sealed29.py; not in all; only at the end), "
                             "sealed30 (agent_cases_sealed30.py; not in all; only at the end), "
                             "sealed31 (agent_cases_sealed31.py; not in all; only at the end), "
                             "sealed32 (agent_cases_sealed32.py; not in all; only at the end), "
                             "sealed33 (agent_cases_sealed33.py; not in all; only at the end), "
                             "sealed34 (agent_cases_sealed34.py; not in all; only at the end), "
                             "sealed35 (agent_cases_sealed35.py; not in all; only at the end), "
                             "sealed36 (agent_cases_sealed36.py; not in all; only at the end), "
                             "sealed37 (agent_cases_sealed37.py; not in all; only at the end), "
                             "sealed38 (agent_cases_sealed38.py; not in all; only at the end), "
                             "sealed39 (agent_cases_sealed39.py; not in all; only at the end), "
                             "sealed40 (agent_cases_sealed40.py; not in all; only at the end), "
                             "sealed41 (agent_cases_sealed41.py; not in all; only at the end), "
                             "sealed42 (agent_cases_sealed42.py; not in all; only at the end), "
                             "sealed43 (agent_cases_sealed43.py; not in all; only at the end), "
                             "sealed44 (agent_cases_sealed44.py; not in all; only at the end), "
                             "sealed45 (agent_cases_sealed45.py; not in all; only at the end), "
                             "sealed46 (agent_cases_sealed46.py; not in all; only at the end), "
                             "sealed47 (agent_cases_sealed47.py; not in all; only at the end), "
                             "sealed48 (agent_cases_sealed48.py; not in all; only at the end), "
                             "sealed49 (agent_cases_sealed49.py; not in all; only at the end), "
                             "sealed50 (agent_cases_sealed50.py; not in all; only at the end), "
                             "sealed51 (agent_cases_sealed51.py; not in all; only at the end), "
                             "sealed52 (agent_cases_sealed52.py; not in all; only at the end), "
                             "sealed53 (agent_cases_sealed53.py; not in all; only at the end), "
                             "sealed54 (agent_cases_sealed54.py; not in all; only at the end), "
                             "sealed55 (agent_cases_sealed55.py; not in all; only at the end), "
                             "or "
                             "all; with "
                             "--cases/--class the default is all")
    parser.add_argument("--cases", help="comma-separated case names")
    parser.add_argument("--class", dest="cls", help="comma-separated case classes")
    parser.add_argument("--json", type=Path, help="write every case, turn and check here")
    parser.add_argument("--label", default="", help="a label stored in the JSON")
    parser.add_argument("--threads", type=int, default=0,
                        help="threads for llama.cpp and the embedder (default 0: auto for "
                             "llama.cpp, as the app, and 1 for the embedder)")
    parser.add_argument("--max-tokens", type=int, default=None, help="lm_max_tokens")
    parser.add_argument("--list", action="store_true", help="list the selected cases and exit")
    parser.add_argument("--no-opening", action="store_true",
                        help="replies to questions with memories found are not begun by code "
                             "with \"Since you\" (Limits.open_with_memory, agents/opening.py), "
                             "for an A/B")
    parser.add_argument("--facts-as-stored", action="store_true",
                        help="the reply reads the memory agent's facts as stored (\"Lives in "
                             "Montreal\"), not said to the user (Limits.facts_to_you), for an A/B")
    parser.add_argument("--no-reply-style", action="store_true",
                        help="standing preferences are left to the model, not applied by code "
                             "(Limits.reply_style, agents/reply_style.py), for an A/B")
    parser.add_argument("--limits-as-found", action="store_true",
                        help="found memories are shown to the reply in search order, not "
                             "those filed under diet, allergies or health first "
                             "(Limits.limits_first), for an A/B")
    parser.add_argument("--chat-reply", action="store_true",
                        help="the reply as a plain chat, not in DSPy's answer fields "
                             "(Limits.chat_reply, agents/chat_reply.py)")
    args = parser.parse_args(argv)
    if args.threads < 0:
        raise UsageError("--threads must be 0 (auto) or more")
    return args


def main(argv: list[str] | None = None, *, lm: Any = None) -> int:
    """lm: an LM object to use instead of building one from --lm (the tests' scripted LM)."""
    try:
        args = parse_args(argv)
        cases, legacy = select(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.list:
        for c in cases:
            print(f"{c.name:<24} {c.cls:<17} {c.split}")
        for name in legacy:
            print(f"{name:<24} {'legacy':<17} legacy")
        return 0
    if not cases and not legacy:
        print("error: no case matches these filters", file=sys.stderr)
        return 2
    from chatbot.lm import build_lm
    from chatbot.memory.embeddings import get_embedder

    settings = eval_settings(args.lm, args.max_tokens, args.threads)
    start = time.perf_counter()
    lm = lm if lm is not None else build_lm(settings)
    global LIMITS
    if (args.chat_reply or args.no_opening or args.facts_as_stored or args.no_reply_style
            or args.limits_as_found):
        import dataclasses

        from chatbot.agents.guards import limits_for

        LIMITS = limits_for(lm)
        if args.chat_reply:
            LIMITS = dataclasses.replace(LIMITS, chat_reply=True)
        if args.no_opening:
            LIMITS = dataclasses.replace(LIMITS, open_with_memory=False)
        if args.facts_as_stored:
            LIMITS = dataclasses.replace(LIMITS, facts_to_you=False)
        if args.no_reply_style:
            LIMITS = dataclasses.replace(LIMITS, reply_style=False)
        if args.limits_as_found:
            LIMITS = dataclasses.replace(LIMITS, limits_first=False)
    embedder = get_embedder(settings.embedder, args.threads or 1)
    threads = f"{args.threads} thread(s)" if args.threads else "auto threads"
    print(f"LM {getattr(lm, 'model', settings.lm)} loaded in {time.perf_counter() - start:.1f}s;"
          f" {len(cases)} cases + {len(legacy)} legacy, {threads}", flush=True)
    rows: list[dict[str, Any]] = []
    run_id = time.strftime("%H%M%S")
    with tempfile.TemporaryDirectory(prefix="eval-agents-") as tmp:
        if legacy:
            rows += run_legacy(legacy, lm, embedder, Path(tmp), run_id)
        for case in cases:
            try:
                rows.append(run_case(case, lm, embedder, Path(tmp), run_id))
            except Exception as exc:  # noqa: BLE001 - one broken case must not end the run
                rows.append({"case": case.name, "class": case.cls, "split": case.split,
                             "pass": False, "checks": {"ran": False}, "turns": [],
                             "error": f"{exc.__class__.__name__}: {exc}"[:300]})
            print_row(rows[-1])
    report = print_report(rows)
    if args.json:
        args.json.write_text(json.dumps({"label": args.label, "lm": settings.lm,
                                         "threads": args.threads, **report, "cases": rows},
                                        indent=2, default=str))
    return 0 if all(r["pass"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
