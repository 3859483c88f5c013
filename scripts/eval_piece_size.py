"""`chatbot eval locomo` with long messages split at another size than chunking.PIECE_CHARS.

For measuring the piece size end to end: the size comes from --piece (before the eval's own
arguments), is used for every memory this run ingests, and is what the store's
eval-ingest.json records, so a kept store is reused only at the size it was built with.

    .venv/bin/python scripts/eval_piece_size.py --piece 1000 --data beam500k-dev.json \\
        --conversations beam500k-2,beam500k-5 --store-dir /tmp/st-beam-p1000 --out r.json
"""

from __future__ import annotations

import sys

import chatbot.evaluation.ingest as ingest
import chatbot.memory.chunking as chunking
from chatbot.cli.main import main as chatbot


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "--piece" or not argv[1].isdigit() or int(argv[1]) < 1:
        print("usage: eval_piece_size.py --piece CHARS EVAL-LOCOMO-ARGUMENTS...", file=sys.stderr)
        return 2
    size = int(argv[1])
    chunking.PIECE_CHARS = ingest.PIECE_CHARS = size
    defaults = dict(chunking.message_memories.__kwdefaults__ or {})
    chunking.message_memories.__kwdefaults__ = defaults | {"piece_chars": size}
    return chatbot(["eval", "locomo", *argv[2:]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
