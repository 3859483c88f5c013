"""Lifecycle and privacy probes for the reliability report: corrections that would lose facts,
reverts that must round-trip, a forget-me that must leave no byte, a hosted LM that must never
see a secret."""

from __future__ import annotations

import uuid

import dspy
import probes
from dspy.utils import DummyLM
from files import files_holding
from secrets_corpus import SECRETS

from chatbot.forget import forget_user
from chatbot.memory import MemoryStore
from chatbot.privacy import redacting
from chatbot.transcripts import TranscriptWriter, transcript_file

# (bundled memory, a correction of one of its facts, the facts that must survive)
CORRECTIONS = [
    ("Lives in Lisbon, vegetarian, allergic to peanuts, teacher",
     "Lives in Porto (moved from Lisbon last month)",
     ["vegetarian", "allergic to peanuts", "teacher"]),
    ("Works at Acme as a designer; has two cats; plays the cello",
     "Works at Initech as a designer now", ["two cats", "cello"]),
    ("Drives a red Fiat. Married to Joana. Runs marathons",
     "Drives a blue Tesla", ["Joana", "marathons"]),
    ("Speaks Portuguese and English, learning Japanese", "Also learning Korean, not Japanese",
     ["Portuguese and English"]),
]


def test_corrections_keep_every_unrelated_fact(shared_store):
    lost = 0
    for old_text, correction, survivors in CORRECTIONS:
        user = f"lc-{uuid.uuid4().hex[:6]}"
        mid = shared_store.add(user, old_text)
        shared_store.supersede(mid, correction, user_id=user)
        current = " ".join(m.memory_text.lower() for m in shared_store.list(user))
        lost += sum(s.lower() not in current for s in survivors)
        lost += correction.lower() not in current
        probes.count("lifecycle", tried=1)
    probes.count("lifecycle", lost_writes=lost)
    assert lost == 0


def test_reverts_round_trip(shared_store):
    bad = 0
    for old_text, correction, survivors in CORRECTIONS:
        user = f"lc-{uuid.uuid4().hex[:6]}"
        mid = shared_store.add(user, old_text)
        new = shared_store.supersede(mid, correction, user_id=user).new_id
        shared_store.revert(new, 1, user_id=user)
        bad += [m.memory_text for m in shared_store.list(user)] != [old_text]
        shared_store.revert(mid, 2, user_id=user)
        current = " ".join(m.memory_text for m in shared_store.list(user))
        bad += correction not in current  # and the facts split off come back with it
        bad += sum(s.lower() not in current.lower() for s in survivors)
        probes.count("lifecycle", tried=2)
    probes.count("lifecycle", lost_writes=bad)
    assert bad == 0


def test_forget_me_leaves_no_byte(tmp_path, embedder, shared_engine):
    data = tmp_path / "data"
    user, texts = "fm-4e2a", ["Grows saffron crocuses in Tomar", "Sister is Albertina"]
    with MemoryStore(path=data / "memory", embedder=embedder, engine=shared_engine) as store:
        for t in texts:
            mid = store.add(user, t)
        store.supersede(mid, "Sister is Albertina Sousa", user_id=user)
        store.add("other", "Grows tomatoes")
        w = TranscriptWriter(transcript_file(data / "transcripts", user, "s1"))
        w.write({"role": "user", "content": texts[0], "id": "s1:0"})
        forget_user(store, data, user)
    needles = [user, "saffron", "Albertina"]
    hits = files_holding(data, needles)
    probes.count("forget", tried=1, leaks=len(hits))
    assert hits == []


def test_a_hosted_lm_never_sees_a_secret():
    texts = [text for text, _ in SECRETS.values()]
    lm = redacting(DummyLM([{"answer": "ok"}] * len(texts)))
    leaks = 0
    with dspy.context(lm=lm):
        for (text, secret), n in zip(SECRETS.values(), range(len(texts)), strict=True):
            dspy.Predict("question -> answer")(question=text)
            leaks += secret in str(lm.history[n]["messages"])
    probes.count("hosted_lm", tried=len(texts), leaks=leaks)
    assert leaks == 0
