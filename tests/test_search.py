"""Hybrid retrieval (dense + BM25 fused by RRF) and its explanation, on every embedded engine."""

from __future__ import annotations

import pytest

from chatbot.memory.backends.base import RRF_K

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
        assert {"dense", "bm25", "dense_rrf", "bm25_rrf", "rrf"} <= s.keys()
        assert s["dense"] == pytest.approx(dense_all[h.id].score, abs=1e-5)
        assert s["dense_rank"] == list(dense_all).index(h.id) + 1
        # The fused score is exactly the sum of each list's reciprocal rank.
        assert s["dense_rrf"] + s["bm25_rrf"] == pytest.approx(s["rrf"], abs=1e-6)
        assert s["rrf"] == pytest.approx(h.score, abs=1e-6)
        assert s["dense_rrf"] == pytest.approx(1 / (RRF_K + s["dense_rank"] - 1))
    top = hits[0].signals
    assert hits[0].memory_text == BIKE
    assert top["bm25"] > 0 and top["bm25_rank"] == 1 and top["dense_rank"] > 3
    no_terms = [h for h in hits if "8841" not in h.memory_text]
    assert no_terms and all(h.signals["bm25"] == 0 and "bm25_rank" not in h.signals
                            for h in no_terms)


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
