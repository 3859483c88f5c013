#!/usr/bin/env python
"""How many facts of an introduction the memory agent keeps: one message, one new user each.

Each statement is said once to a new ChatSession (its own user, a fresh store); after the
memory update the user's memories are read and every expected fact is looked for by a word
(a regex). A denial ("I don't eat pork") counts only if a memory about it keeps a negation.
The statements were written in session 21 (docs/agents.md, "Session 21") and are not
benchmark cases: the clause split was designed on the first eight, the other twelve were
written after it. Greedy decoding here is chaotic (a reply worded differently changes what
the memory agent reads), so compare runs made the same way.

    OMP_WAIT_POLICY=PASSIVE python scripts/eval_memory_facts.py [--lm SPEC] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

NOT = r"\b(?:doesn't|does not|don't|not|never|can't|cannot|no)\b"
# (statement, facts by a word each; a "!" before the word: the memory must keep a negation)
STATEMENTS: list[tuple[str, list[str]]] = [
    ("Hi, I'm Tariq. I'm allergic to shellfish and I live in Leeds.",
     ["tariq", "shellfish", "leeds"]),
    ("I'm Nora, I'm vegan and I teach yoga.", ["nora", "vegan", "yoga"]),
    ("Hey, I have type 1 diabetes and I'm training for a half marathon.",
     ["diabet", "marathon"]),
    ("I'm Ben and I use a wheelchair; I love going to concerts.",
     ["ben", "wheelchair", "concert"]),
    ("I'm lactose intolerant, by the way, and I have a cat called Miso.", ["lactose", "miso"]),
    ("I don't eat pork and I work as a pharmacist in Lyon.", ["!pork", "pharmacist"]),
    ("My son is allergic to peanuts and my daughter plays the violin.", ["peanut", "violin"]),
    ("I'm pregnant with our first child and I work nights as a baker.", ["pregnan", "baker"]),
    ("I'm Henrik, I'm gluten intolerant and I run a bike shop in Malmö.",
     ["henrik", "gluten", "bike"]),
    ("I'm a night-shift nurse and I keep three chickens in my garden.", ["nurse", "chicken"]),
    ("I don't drink alcohol, I'm training for a triathlon and I live in Cork.",
     ["!alcohol", "triathlon", "cork"]),
    ("Hey there, I'm allergic to penicillin and I just adopted a greyhound.",
     ["penicillin", "greyhound"]),
    ("I'm Priti, I'm diabetic and I teach chemistry at a high school.",
     ["priti", "diabet", "chemistry"]),
    ("I have two daughters and I work remotely for a bank in Zurich.", ["daughter", "bank"]),
    ("I'm pescatarian and I'm moving to Lisbon in May.", ["pescatarian", "lisbon"]),
    ("I can't eat nuts, I'm a wedding photographer and I play the drums.",
     ["!nut", "photograph", "drum"]),
    ("I'm Lars and I'm deaf in one ear, so I prefer texting over calls.",
     ["lars", "deaf", "text"]),
    ("I don't own a car and I commute by train to Utrecht.", ["!car", "train"]),
    ("I use a wheelchair, I love museums and I'm visiting Rome next month.",
     ["wheelchair", "museum", "rome"]),
    ("I'm Amaka, I'm lactose intolerant, I'm 29 and I study law in Lagos.",
     ["amaka", "lactose", "29", "law"]),
]


def kept(fact: str, memories: list[str]) -> bool:
    """A memory holds the fact's word (and a negation, for a fact marked "!")."""
    word = fact.lstrip("!")
    about = [m for m in memories if re.search(rf"\b{word}", m, re.I)]
    return any(re.search(NOT, m, re.I) for m in about) if fact.startswith("!") else bool(about)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lm", default="local", help="LM spec (default: the embedded model)")
    parser.add_argument("--json", type=Path, help="write every statement's memories here")
    args = parser.parse_args(argv)
    from eval_agents_local import eval_settings

    from chatbot.lm import build_lm
    from chatbot.memory import MemoryStore
    from chatbot.memory.embeddings import get_embedder
    from chatbot.session import ChatSession

    settings = eval_settings(args.lm, threads=0)
    lm = build_lm(settings)
    embedder = get_embedder(settings.embedder, 1)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="eval-facts-") as tmp:
        for i, (statement, facts) in enumerate(STATEMENTS):
            store = MemoryStore(path=Path(tmp) / f"s{i}", embedder=embedder)
            try:
                session = ChatSession(f"facts-{i}", store, lm, observed_at="2024-03-15",
                                      background=True)
                session.turn(statement)
                session.wait()
                session.close()
                memories = [m.memory_text for m in store.list(f"facts-{i}")]
            finally:
                store.close()
            missed = [f for f in facts if not kept(f, memories)]
            rows.append({"statement": statement, "facts": len(facts), "kept": len(facts)
                         - len(missed), "missed": missed, "memories": memories})
            print(f"{len(facts) - len(missed)}/{len(facts)}  {statement}"
                  + (f"  missed: {', '.join(missed)}" if missed else ""), flush=True)
    total, got = sum(r["facts"] for r in rows), sum(r["kept"] for r in rows)
    print(f"facts kept: {got}/{total} ({got / total:.0%}); statements with all kept: "
          f"{sum(r['kept'] == r['facts'] for r in rows)}/{len(rows)}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
