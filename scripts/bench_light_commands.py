"""How long the light memory commands take, and how much memory, against a baseline.

    .venv/bin/python scripts/bench_light_commands.py [--memories 1000] [--runs 5]

Builds a store of N memories in a temp data dir, then runs each command as a fresh process
(`chatbot memories list` etc.) and prints the median wall time and peak RSS, beside a bare
`python -c pass` and `chatbot --help` run in the same loop (the machine's load shifts all of
them alike; compare ratios). Also says whether torch was imported (it must not be).
Target (issue 13): `memories list` <= 1.5 s and <= 300 MB RSS on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHECK_TORCH = ("import sys; from chatbot.cli.main import main; main(sys.argv[1:]); "
               "print('torch' in sys.modules, file=sys.stderr)")


def run(argv: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one fresh process."""
    start = time.monotonic()
    proc = subprocess.run(argv, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{argv} failed: {proc.stderr.strip()}")
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-light-") as data:
        env = {**os.environ, "CHATBOT_DATA_DIR": data, "OMP_WAIT_POLICY": "PASSIVE"}
        from chatbot.config import Settings
        from chatbot.memory import MemoryStore

        os.environ["CHATBOT_DATA_DIR"] = data
        with MemoryStore.from_settings(Settings()) as store:
            items = [{"text": f"Fact {i}: likes item {i} of the list"}
                     for i in range(args.memories)]
            mid = store.add_many("bench", items)[0].id
        py = sys.executable
        cli = [py, "-m", "chatbot.cli.main"]
        cases = {
            "python -c pass": [py, "-c", "pass"],
            "chatbot --help": [*cli, "--help"],
            "memories list": [*cli, "memories", "list", "-u", "bench"],
            "memories history": [*cli, "memories", "history", mid, "-u", "bench"],
            "memories export": [*cli, "memories", "export", "-u", "bench"],
            "users": [*cli, "users"],
        }
        walls: dict[str, list[float]] = {k: [] for k in cases}
        for _ in range(args.runs):  # interleaved: the same load for every case
            for name, argv in cases.items():
                walls[name].append(run(argv, env))
        print(f"{args.memories} memories, {args.runs} runs each, median wall time:")
        base = statistics.median(walls["chatbot --help"])
        for name, values in walls.items():
            med = statistics.median(values)
            print(f"  {name:18} {med:6.2f} s  ({med / base:.2f}x --help)")
        for name in ("memories list", "memories export", "users"):
            argv = [py, "-c", CHECK_TORCH, *cases[name][3:]]
            proc = subprocess.run(argv, env=env, capture_output=True, text=True)
            rss = subprocess.run(["/usr/bin/time", "-f", "%M", *cases[name]], env=env,
                                 capture_output=True, text=True).stderr.strip().splitlines()
            print(f"  {name:18} torch imported: {proc.stderr.strip().splitlines()[-1]}, "
                  f"peak RSS {int(rss[-1]) / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
