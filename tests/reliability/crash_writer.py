"""A process that writes memories through MemoryUpdater's tools until it is killed.

Run by test_crash_safety.py: `python crash_writer.py STORE_DIR ENGINE MODE SEED [EMBEDDER]`
(EMBEDDER "hash": the model-free stand-in of hash_embedder.py; default: the real one). It prints one
line per event, flushed at once, so the parent knows what was acknowledged when it kills:

    READY
    START <tool> <json text>            the tool is about to write
    ACK <ADD|UPDATE|NOOP> <id> <json text>   the tool returned: the write is acknowledged
    INFLIGHT <id>                       (MODE=inflight) a point is written, the rest is not yet

MODE=random writes until killed. MODE=inflight, after ACKS_BEFORE_PAUSE acknowledged writes,
stops for good right after the store's vector engine has written a point and before MemoryStore
goes on (history row, return): the parent kills it there, the worst moment for consistency.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import dspy  # noqa: E402
from dspy.utils import DummyLM  # noqa: E402

from chatbot.agents.updater import MemoryUpdater  # noqa: E402
from chatbot.memory import MemoryStore  # noqa: E402

from scripted import finish, step  # noqa: E402

USER = "crash-user"
ACKS_BEFORE_PAUSE = 9
NAMES = ["Ana", "Bruno", "Chen", "Dara", "Emeka", "Farah", "Goran", "Hana", "Ivo", "Jun"]
THINGS = ["a red kayak", "three cats", "a vegetable garden", "an old piano", "a vintage Vespa",
          "a sourdough starter", "a telescope", "bonsai trees", "a beehive", "a chess set"]
PLACES = ["Lisbon", "Osaka", "Nairobi", "Quito", "Tromsø", "Hobart", "Tbilisi", "Lyon",
          "Montreal", "Da Nang"]
HABITS = ["on Sunday mornings", "every winter", "after work", "twice a month", "at dawn"]


def say(*parts: str) -> None:
    sys.stdout.write(" ".join(parts) + "\n")
    sys.stdout.flush()


def fact(rng: random.Random, n: int) -> str:
    return (f"{rng.choice(NAMES)} keeps {rng.choice(THINGS)} in {rng.choice(PLACES)} "
            f"{rng.choice(HABITS)} (note {n})")


class AckingUpdater(MemoryUpdater):
    """Says when each write starts and when it was acknowledged (the tool returned)."""

    def add_memory(self, facts=None, reply_preferences=None, name=None, **single) -> str:
        """Store new facts about the user (the scripts give one, as memory_text)."""
        memory_text = single["memory_text"]
        say("START", "add_memory", json.dumps(memory_text))
        out = super().add_memory(facts, reply_preferences, name, **single)
        action = self._current().result.actions[-1]
        say("ACK", action.event, str(action.memory_id), json.dumps(memory_text))
        return out

    def update_memory(self, memory_id: int | str, updated_memory_text: str,
                      categories: list[str]) -> str:
        """Replace the text of a memory you were shown, keeping its id."""
        say("START", "update_memory", json.dumps(updated_memory_text))
        out = super().update_memory(memory_id, updated_memory_text, categories)
        action = self._current().result.actions[-1]
        if action.event == "UPDATE":
            say("ACK", "UPDATE", str(action.memory_id), json.dumps(updated_memory_text))
        return out


def pause_after_point_write(store: MemoryStore) -> None:
    backend = store._backend  # the test reaches in: this is the moment it must control
    real_upsert = backend.upsert
    acks = {"n": 0}

    def upsert(points):
        real_upsert(points)
        acks["n"] += 1
        if acks["n"] > ACKS_BEFORE_PAUSE:
            say("INFLIGHT", points[0].id)
            time.sleep(3600)

    backend.upsert = upsert


def main() -> None:
    store_dir, engine, mode, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    dspy.configure_cache(enable_disk_cache=False, enable_memory_cache=False)
    if sys.argv[5:] == ["hash"]:
        from hash_embedder import HashEmbedder

        embedder = HashEmbedder()
    else:
        from chatbot.memory.embeddings import get_embedder

        embedder = get_embedder()
    store = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    if mode == "inflight":
        pause_after_point_write(store)
    say("READY")
    rng = random.Random(seed)
    n = 0
    last_text = "I have lots of hobbies"
    for run in range(10_000):
        script = []
        for _ in range(3):
            n += 1
            script.append(step("add_memory", {"memory_text": fact(rng, n),
                                              "categories": [rng.choice(["hobbies", "pets"])]}))
        n += 1
        script.append(step("update_memory", {"memory_id": 0, "updated_memory_text": fact(rng, n),
                                             "categories": ["hobbies"]}))
        script += [finish()]
        updater = AckingUpdater(store, USER, DummyLM(script), session_id=f"run-{run}",
                                similar_limit=3)
        updater.run([{"role": "user", "content": last_text, "id": f"m{run}"}])
        last_text = script[0]["next_tool_args"]["memory_text"]


if __name__ == "__main__":
    main()
