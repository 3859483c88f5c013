"""Run the reliability suite's probes and print what they found.

    .venv/bin/python scripts/reliability_report.py [--json] [-- extra pytest args]

Runs pytest on tests/reliability (the tests count their probes in tests/reliability/probes.py)
and prints, per probe class: probes tried, leaks, invented-id writes, lost writes after a kill
or fault, unhandled exceptions, silently changed memories, then what each class tries and which
fault injections the machine did not allow. Every column but "tried" must be 0, and no test may
fail; the exit code is 0 only then. Tests of fixes not made yet (xfail) are listed apart, as
pending.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "tests" / "reliability"
REPORT_ENV = "CHATBOT_RELIABILITY_REPORT"
COLUMNS = [("tried", "tried"), ("leaks", "leaks"), ("invented_id_writes", "invented-id writes"),
           ("lost_writes", "lost writes"), ("unhandled", "unhandled"),
           ("silently_changed", "silently changed")]


def run_suite(extra: list[str]) -> tuple[dict, float, str]:
    with tempfile.TemporaryDirectory(prefix="reliability-") as tmp:
        target = Path(tmp) / "probes.json"
        env = {**os.environ, REPORT_ENV: str(target)}
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(SUITE),
               *extra]
        start = time.monotonic()
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        elapsed = time.monotonic() - start
        if not target.exists():
            sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
            raise SystemExit(f"reliability_report: pytest wrote no probe report (exit "
                             f"{proc.returncode})")
        tail = "\n".join(line for line in proc.stdout.splitlines()[-15:]
                         if "passed" in line or "failed" in line or "FAILED" in line)
        return json.loads(target.read_text()), elapsed, tail


def render(data: dict, elapsed: float) -> tuple[str, bool]:
    classes = data["classes"]
    width = max([len("probe class")] + [len(k) for k in classes]) + 2
    head = "probe class".ljust(width) + "".join(f"{label:>19}" for _, label in COLUMNS)
    lines = [head, "-" * len(head)]
    totals = dict.fromkeys([k for k, _ in COLUMNS], 0)
    for name, counts in classes.items():
        lines.append(name.ljust(width) + "".join(f"{counts.get(k, 0):>19}" for k, _ in COLUMNS))
        for k, _ in COLUMNS:
            totals[k] += counts.get(k, 0)
    lines.append("-" * len(head))
    lines.append("total".ljust(width) + "".join(f"{totals[k]:>19}" for k, _ in COLUMNS))
    tests = data.get("tests", {})
    lines.append("")
    lines.append(f"tests: {tests.get('passed', 0)} passed, {tests.get('failed', 0)} failed, "
                 f"{tests.get('xfailed', 0)} xfailed (pending store fixes), "
                 f"{tests.get('xpassed', 0)} xpassed, {tests.get('skipped', 0)} skipped "
                 f"in {elapsed:.0f} s")
    notes = data.get("notes", {})
    tried = [f"  {name}: {notes[name]}" for name in classes if name in notes]
    if tried:
        lines += ["", "what the classes try:", *tried]
    if data.get("skipped"):
        lines.append("skipped (the machine does not allow the fault injection):")
        lines += [f"  {line}" for line in data["skipped"]]
    pending = data.get("pending", [])
    if pending:
        lines.append("pending (xfail until chatbot/memory/store.py is fixed; see "
                     "tests/reliability/test_pending_store.py):")
        lines += [f"  {name}" for name in pending]
    bad = {k: v for k, v in totals.items() if k != "tried" and v}
    ok = not bad and not tests.get("failed") and data.get("exitstatus", 1) == 0
    lines.append("result: " + ("OK, every count but 'tried' is 0" if ok else
                               f"FAILED {bad or ''} (pytest exit {data.get('exitstatus')})"))
    return "\n".join(lines), ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the raw counts as JSON")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed on to pytest")
    args = parser.parse_args(argv)
    data, elapsed, tail = run_suite(args.pytest_args)
    text, ok = render(data, elapsed)
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print(text)
        if not ok and tail:
            print(tail, file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
