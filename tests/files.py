"""Which files of a folder still hold given strings: the probe of every "forget" test."""

from __future__ import annotations

from pathlib import Path


def files_holding(root: Path, needles: list[str]) -> list[tuple[str, str]]:
    """(file, needle) for every file below root whose bytes contain a needle."""
    hits = []
    for f in root.rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            hits += [(str(f), n) for n in needles if n.encode() in data]
    return hits
