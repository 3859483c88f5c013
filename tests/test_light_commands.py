"""Light commands open the store without the embedding model: no torch, no DSPy."""

from __future__ import annotations

import os
import subprocess
import sys

from chatbot.config import Settings
from chatbot.memory import MemoryStore

SCRIPT = """
import sys
from chatbot.cli.main import main
for argv in (["memories", "list", "-u", "ann"], ["memories", "export", "-u", "ann"],
             ["users"], ["memories", "history", sys.argv[1], "-u", "ann"],
             ["memories", "delete", sys.argv[1], "-u", "ann"],
             ["memories", "purge", sys.argv[1], "--yes", "-u", "ann"]):
    assert main(argv) == 0, argv
heavy = sorted(m for m in ("torch", "sentence_transformers", "dspy") if m in sys.modules)
print("heavy:", heavy, file=sys.stderr)
"""


def test_list_export_users_history_purge_load_no_model(tmp_path):
    with MemoryStore.from_settings(Settings()) as store:
        mid = store.add("ann", "Sings in a choir")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, mid], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "heavy: []" in proc.stderr, proc.stderr
    assert "Sings in a choir" in proc.stdout and "purged 1 memories of ann" in proc.stdout
