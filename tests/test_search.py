"""Hybrid retrieval (dense + BM25 pools, fused by weighted DBSF) and its explanation, on every
embedded engine; the fusion arithmetic; LoCoMo memory text with context."""

from __future__ import annotations

from datetime import datetime

import pytest

from chatbot.evaluation.ingest import ingest_direct
from chatbot.evaluation.locomo import Conversation, Session, Turn, turn_memories
from chatbot.memory.backends.base import RRF_K, Hit
from chatbot.memory.ranking import RankingConfig, dbsf_normalise, fuse

NUMBERS = [
    ("My gym locker is number 4418", ["misc"]),
    ("The wifi password at home is 8814", ["home"]),
    ("I was born in 1988 in Porto", ["bio"]),
    ("Our flat is number 841 on the eighth floor", ["home"]),
    ("My bank card ends in 4188", ["finance"]),
    ("The parcel tracking number was 88410", ["shopping"]),
    ("Table 84 at the restaurant was booked for Friday", ["food"]),
    ("My cousin lent me his bike, frame 8841", ["misc"]),
    ("Bus 48 takes me to work", ["work"]),
    ("My phone number ends with 1884", ["misc"]),
]
BIKE = "My cousin lent me his bike, frame 8841"
QUERY = "what is 8841?"


@pytest.fixture
def numbers(store):
    store.add_many("alice", [{"text": t, "categories": c} for t, c in NUMBERS])
    # Another user's exact match must never leak into alice's pools or signals.
    store.add("bob", "Bob's bike frame is 8841 too", ["misc"])
    return store


def test_hybrid_finds_a_number_dense_misses(numbers):
    dense = numbers.search("alice", QUERY, limit=3, mode="dense")
    assert BIKE not in [h.memory_text for h in dense]  # similar-looking numbers outrank it
    assert numbers.search("alice", QUERY, limit=3, mode="keyword")[0].memory_text == BIKE
    hybrid = numbers.search("alice", QUERY, limit=3)
    assert hybrid[0].memory_text == BIKE
    assert all(h.user_id == "alice" for h in hybrid)


def test_explain_returns_each_signal(numbers):
    plain = numbers.search("alice", QUERY, limit=5)
    hits = numbers.search("alice", QUERY, limit=5, explain=True)
    assert [h.id for h in hits] == [h.id for h in plain]
    assert all(h.signals == {} for h in plain)
    dense_all = {h.id: h for h in numbers.search("alice", QUERY, limit=20, mode="dense")}
    for rank, h in enumerate(hits, 1):
        s = h.signals
        assert s["rank"] == rank
        assert {"dense", "bm25", "dense_part", "bm25_part", "fused"} <= s.keys()
        assert s["dense"] == pytest.approx(dense_all[h.id].score, abs=1e-5)
        assert s["dense_rank"] == list(dense_all).index(h.id) + 1
        # The fused score is exactly the sum of each signal's weighted part.
        assert s["dense_part"] + s["bm25_part"] == pytest.approx(s["fused"], abs=1e-6)
        assert s["fused"] == pytest.approx(h.score, abs=1e-6)
    top = hits[0].signals
    assert hits[0].memory_text == BIKE
    assert top["bm25"] > 0 and top["bm25_rank"] == 1 and top["dense_rank"] > 3
    no_terms = [h for h in hits if "8841" not in h.memory_text]
    assert no_terms and all(h.signals["bm25"] == 0 and "bm25_rank" not in h.signals
                            and h.signals["bm25_part"] == 0 for h in no_terms)


def test_weighted_rrf_arithmetic_and_qdrant_fusion(numbers, monkeypatch):
    monkeypatch.setattr(numbers, "ranking", RankingConfig("rrf", 1.0, 2.0, 20))
    hits = numbers.search("alice", QUERY, limit=5, explain=True)
    assert hits[0].memory_text == BIKE
    for h in hits:
        s = h.signals
        assert s["dense_part"] == pytest.approx(1 / (20 + s["dense_rank"] - 1))
        if "bm25_rank" in s:
            assert s["bm25_part"] == pytest.approx(2 / (20 + s["bm25_rank"] - 1))
    # The engine's own equal-weight RRF (the earlier default) is still one setting away.
    monkeypatch.setattr(numbers, "ranking", RankingConfig("qdrant"))
    old = numbers.search("alice", QUERY, limit=5, explain=True)
    assert old[0].memory_text == BIKE
    s = old[0].signals
    assert s["dense_rrf"] + s["bm25_rrf"] == pytest.approx(s["rrf"], abs=1e-6)
    assert s["dense_rrf"] == pytest.approx(1 / (RRF_K + s["dense_rank"] - 1))


def test_dbsf_normalise_is_qdrants():
    assert dbsf_normalise([]) == []
    assert dbsf_normalise([3.0, 3.0]) == [0.5, 0.5]
    out = dbsf_normalise([1.0, 2.0, 3.0])
    assert out[1] == pytest.approx(0.5) and out[0] < 0.5 < out[2]
    # mean +- 3 sd maps to [0, 1]: sd of (1, 2, 3) is sqrt(2/3).
    assert out[2] == pytest.approx(0.5 + 1 / (6 * (2 / 3) ** 0.5))


def test_fuse_weights_and_ties():
    dense = [Hit("a", 0.9, {}), Hit("b", 0.5, {}), Hit("e", 0.2, {}), Hit("c", 0.1, {})]
    keyword = [Hit("c", 9.0, {}), Hit("b", 5.0, {}), Hit("d", 1.0, {})]
    even = fuse(dense, keyword, RankingConfig("rrf", 1, 1, 60), limit=10)
    assert [h.id for h in even][:1] == ["b"]  # in both lists near the top
    bm25_heavy = fuse(dense, keyword, RankingConfig("rrf", 1, 3, 60), limit=2)
    assert [h.id for h in bm25_heavy] == ["c", "b"]
    dense_only = fuse(dense, [], RankingConfig("dbsf", 1, 2), limit=10)
    assert [h.id for h in dense_only] == ["a", "b", "e", "c"]
    assert all(h.signals["bm25_part"] == 0 for h in dense_only)
    # Same fused score: the better BM25 rank goes first.
    tie = fuse([Hit("x", 1.0, {})], [Hit("y", 1.0, {})], RankingConfig("rrf", 1, 1, 60), 2)
    assert [h.id for h in tie] == ["y", "x"]


def test_turn_memory_context_and_provenance(store):
    turns = [Turn("D1:1", "Ann", "Where did you go?"),
             Turn("D1:2", "Bo", "To Lisbon!", caption="a photo of a tram"),
             Turn("D1:3", "Ann", "Nice.")]
    session = Session(1, datetime(2023, 5, 8, 13, 56), turns)
    assert turn_memories(session, 0, 1) == [("[8 May 2023] Ann: Where did you go?", ["D1:1"])]
    assert turn_memories(session, 1, 0) == [
        ("[8 May 2023] Bo: To Lisbon! [shares a photo of a tram]", ["D1:2"])]
    [(text, ids)] = turn_memories(session, 2, 1)
    assert text == "[8 May 2023] Ann: Nice.\nBo: To Lisbon! [shares a photo of a tram]"
    assert ids == ["D1:2", "D1:3"]
    conv = Conversation("conv-x", ("Ann", "Bo"), [session], [])
    ingest_direct(store, conv, context=1)
    by_turn = {m.source.message_ids[-1]: m for m in store.list("conv-x")}
    assert by_turn["D1:3"].source.message_ids == ["D1:2", "D1:3"]
    assert by_turn["D1:1"].source.message_ids == ["D1:1"]
    # The question's words live in the previous turn: the reply is found through them.
    top = store.search("conv-x", "where did Bo go", limit=1)[0]
    assert "Lisbon" in top.memory_text


def test_explain_in_single_signal_modes(numbers):
    for mode in ("dense", "keyword"):
        hits = numbers.search("alice", QUERY, limit=3, mode=mode, explain=True)
        assert hits and "rrf" not in hits[0].signals
        assert hits[0].signals["dense" if mode == "dense" else "bm25"] == pytest.approx(
            hits[0].score, abs=1e-5)


def test_category_filter_is_honoured_in_hybrid(numbers):
    hits = numbers.search("alice", QUERY, categories=["home"], limit=5, explain=True)
    assert hits and all("home" in h.categories for h in hits)
    assert BIKE not in [h.memory_text for h in hits]
    assert numbers.search("alice", QUERY, categories=["home"], mode="keyword") == []
    misc = numbers.search("alice", QUERY, categories=["misc", "food"], limit=10)
    assert misc[0].memory_text == BIKE
    assert {c for h in misc for c in h.categories} <= {"misc", "food"}


@pytest.mark.parametrize("mode", ["hybrid", "dense", "keyword"])
def test_scores_are_ordered(numbers, mode):
    for query in (QUERY, "where do I live", "bike number"):
        hits = numbers.search("alice", query, limit=10, mode=mode)
        scores = [h.score for h in hits]
        assert scores == sorted(scores, reverse=True)


def test_hybrid_without_keyword_terms_is_dense(numbers):
    # Only stopwords: BM25 has nothing to match, so hybrid is dense alone, by design.
    assert numbers.keywords.query("what is it?").indices == []
    hybrid = numbers.search("alice", "what is it?", limit=4)
    dense = numbers.search("alice", "what is it?", limit=4, mode="dense")
    assert [h.id for h in hybrid] == [h.id for h in dense]
    assert numbers.search("alice", "what is it?", mode="keyword") == []
