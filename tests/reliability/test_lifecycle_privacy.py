"""Lifecycle and privacy probes for the reliability report: corrections that would lose facts,
reverts that must round-trip, a forget-me that must leave no byte, a hosted LM that must never
see a secret."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import dspy
import probes
from dspy.utils import DummyLM
from files import files_holding
from secrets_corpus import SECRETS

from chatbot.autocompact import BackgroundCompaction
from chatbot.forget import forget_user
from chatbot.memory import MemoryStore, Source
from chatbot.memory.compaction import compact
from chatbot.memory.validity import describe_memory
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


NOTES = ["Likes hiking", "Hikes in the Alps every summer", "Bought new hiking boots in May"]
MERGED = "Likes hiking; hikes in the Alps every summer; bought new hiking boots in May"
THEIRS = ["Likes sailing", "Sails on the Tagus every weekend", "Bought a new sailing jacket"]


def _seed(store, user, notes=NOTES):
    return [store.add(user, t, ["hobbies"], source=Source(session_id="s", message_ids=[f"m{n}"]))
            for n, t in enumerate(notes)]


def _current(store, user):
    return sorted(m.memory_text for m in store.list(user))


def test_compaction_keeps_provenance_is_reversible_and_one_users(shared_store):
    changed = lost = leaks = 0
    for background in (False, True):
        user, other = f"cp-{uuid.uuid4().hex[:6]}", f"cp-{uuid.uuid4().hex[:6]}"
        ids, theirs = _seed(shared_store, user), _seed(shared_store, other, THEIRS)
        lm = DummyLM([{"memory_text": MERGED}])
        if background:
            runner = BackgroundCompaction(shared_store, lm, size=3)
            runner.after_session(user)
            assert runner.wait(60)
            [report] = runner.reports
        else:
            report = compact(shared_store, user, lm)
        [merge] = report.merges
        merged = shared_store.get(merge.new_id, user_id=user)
        lost += merged.source.message_ids != ["m0", "m1", "m2"] or merged.supersedes != ids
        leaks += _current(shared_store, other) != sorted(THEIRS)
        leaks += any(not shared_store.get(i).valid for i in theirs)
        leaks += "Tagus" in str(lm.history)  # the LM saw one user's notes only
        shared_store.revert(merge.new_id, user_id=user)
        changed += _current(shared_store, user) != sorted(NOTES)
        probes.count("compaction", tried=1)
    user = f"cp-{uuid.uuid4().hex[:6]}"
    _seed(shared_store, user)
    lossy = compact(shared_store, user, DummyLM([{"memory_text": "Likes hiking in the Alps"}]))
    changed += lossy.counts["merged"] != 0 or _current(shared_store, user) != sorted(NOTES)
    probes.count("compaction", tried=1, lost_writes=lost, leaks=leaks, silently_changed=changed)
    assert (lost, leaks, changed) == (0, 0, 0)


def test_expired_memories_leave_default_search(shared_store):
    today = datetime.now(UTC).date()
    ended = (today - timedelta(days=1)).isoformat()
    wrong = 0
    for text in ["Sister Marta is visiting Lisbon", "In Berlin for a conference",
                 "Has a cast on the left arm"]:
        user = f"ex-{uuid.uuid4().hex[:6]}"
        gone = shared_store.add(user, text, valid_until=ended)
        shared_store.add(user, "Lives in Lisbon")
        wrong += gone in [m.id for m in shared_store.search(user, text, limit=5)]
        wrong += gone in [m.id for m in shared_store.list(user)]
        past = shared_store.search(user, text, limit=5, include_expired=True)
        wrong += not past or past[0].id != gone
        wrong += bool(past) and "past: until" not in describe_memory(past[0], today)
        probes.count("expiry", tried=1)
    probes.count("expiry", silently_changed=wrong)
    assert wrong == 0
