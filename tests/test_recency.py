"""Recency decay on observed_at in hybrid search: off by default and then the measured ranking
unchanged; when on, a half-life decay added to the fused score and shown by explain."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from chatbot.cli.app import load_settings
from chatbot.config import Settings
from chatbot.errors import ConfigError
from chatbot.memory import MemoryStore
from chatbot.memory.backends.base import Hit
from chatbot.memory.ranking import (
    ACCESS_HALF,
    DEFAULT_RANKING,
    PRODUCT_FLOOR,
    PRODUCT_RANKING,
    RankingConfig,
    access_factor,
    fuse,
    recency_factor,
)

NOW = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)
CAR = "I parked the car on level 3 of the garage"
# Fixed ids and opposite write orders, so that whatever breaks an exact tie in the engine (id
# or write order, either way round), one of the two users has the older copy first without decay.
IDS = {"alice": ("00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"),
       "bob": ("00000000-0000-4000-8000-000000000004", "00000000-0000-4000-8000-000000000003")}
OTHERS = ["The garage closes at midnight", "My car is a blue hatchback",
          "I walked to the park on Sunday", "Level 3 of the office is the kitchen"]


def days_ago(days: float) -> datetime:
    return NOW - timedelta(days=days)


def decayed(store: MemoryStore, weight: float = 0.5, half_life: float = 30.0) -> MemoryStore:
    store.ranking = replace(DEFAULT_RANKING, recency_weight=weight,
                            recency_half_life_days=half_life)
    return store


@pytest.fixture
def parked(store):
    """Two users, each with the same text twice: an old copy and a new one, plus others."""
    for user, (old_id, new_id) in IDS.items():
        pair = [{"id": old_id, "text": CAR, "observed_at": days_ago(90)},
                {"id": new_id, "text": CAR, "observed_at": days_ago(1)}]
        store.add_many(user, [
            *(pair if user == "alice" else pair[::-1]),
            *({"text": t, "observed_at": days_ago(10 * n)} for n, t in enumerate(OTHERS)),
        ], dedup=False)
    return store


def test_decay_off_keeps_the_measured_ranking(parked):
    # qdrant-local's first query after the load returns cosines a few ulps off the later ones.
    parked.search("alice", "warm up", limit=1)
    before = parked.search("alice", "where did I park the car", limit=6, explain=True)
    # Weight 0 is off whatever the half-life and the reference time: bit-for-bit the same.
    parked.ranking = RankingConfig(recency_weight=0.0, recency_half_life_days=1.0)
    after = parked.search("alice", "where did I park the car", limit=6, explain=True,
                          now=days_ago(-1000))
    assert [(h.id, h.score, h.signals) for h in after] == [
        (h.id, h.score, h.signals) for h in before]
    assert all("recency" not in h.signals for h in after)
    # The dates differ, so decay on would change the scores: the comparison above can fail.
    on = decayed(parked).search("alice", "where did I park the car", limit=6, now=NOW)
    assert [h.score for h in on] != [h.score for h in before]


def test_fuse_with_weight_0_is_bit_for_bit_the_default():
    dense = [Hit("a", 0.9, {"observed_at": "2020-01-01T00:00:00+00:00"}), Hit("b", 0.4, {}),
             Hit("c", 0.3, {"observed_at": NOW.isoformat()})]
    keyword = [Hit("c", 7.0, {}), Hit("b", 2.5, {})]
    for fusion in ("dbsf", "rrf"):
        plain = fuse(dense, keyword, RankingConfig(fusion), limit=3)
        off = fuse(dense, keyword, RankingConfig(fusion, recency_half_life_days=1), 3, NOW)
        assert off == plain
        on = fuse(dense, keyword, RankingConfig(fusion, recency_weight=5), 3, NOW)
        assert on[0].id == "c" and on != plain


def test_decay_puts_the_newer_of_two_equal_memories_first(parked):
    for user, (old_id, new_id) in IDS.items():
        parked.ranking = DEFAULT_RANKING
        off = parked.search(user, "where did I park the car", limit=2, explain=True)
        assert {h.id for h in off} == {old_id, new_id}
        assert off[0].score == off[1].score  # equal text relevance: the same text
        on = decayed(parked).search(user, "where did I park the car", limit=2, now=NOW)
        assert [h.id for h in on] == [new_id, old_id]


def test_decay_overturns_a_small_lead_in_relevance(store):
    # Without decay the older memory wins on its words (an order that does not hang on a tie).
    old = store.add("ann", CAR, observed_at=days_ago(90))
    new = store.add("ann", "The car is on level 3", observed_at=days_ago(1))
    store.add_many("ann", [{"text": t, "observed_at": days_ago(400)} for t in OTHERS])
    query = "where did I park the car in the garage"
    off = [h.id for h in store.search("ann", query, limit=6)]
    assert off[0] == old and new in off
    on = [h.id for h in decayed(store, weight=2.0).search("ann", query, limit=6, now=NOW)]
    assert on[0] == new and on.index(old) > 0


def test_explain_parts_add_up_and_half_life_math(store):
    # Exactly one half-life old: 0.5; two: 0.25; observed now or later: no decay.
    ages = {"Ann moved to Lisbon for a new job": (30, 0.5),
            "Ann moved to Porto to study": (60, 0.25),
            "Ann moved flat within Berlin": (0, 1.0),
            "Ann will move to Rome next year": (-20, 1.0)}
    store.add_many("ann", [{"text": t, "observed_at": days_ago(age)}
                           for t, (age, _) in ages.items()])
    hits = decayed(store, weight=0.5, half_life=30).search(
        "ann", "where did Ann move", limit=4, explain=True, now=NOW)
    assert {h.memory_text: h.signals["recency"] for h in hits} == {
        t: factor for t, (_, factor) in ages.items()}
    for rank, h in enumerate(hits, 1):
        s = h.signals
        assert s["rank"] == rank
        assert s["recency_part"] == pytest.approx(0.5 * s["recency"])
        assert s["dense_part"] + s["bm25_part"] + s["recency_part"] == pytest.approx(s["fused"])
        assert s["fused"] == pytest.approx(h.score)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    # A naive reference time is read as UTC.
    naive = store.search("ann", "where did Ann move", limit=4, explain=True,
                         now=NOW.replace(tzinfo=None))
    assert [h.id for h in naive] == [h.id for h in hits]
    assert [h.signals["recency"] for h in naive] == [h.signals["recency"] for h in hits]


def test_weighted_rrf_decays_too(parked):
    parked.ranking = RankingConfig("rrf", 1.0, 2.0, 60, recency_weight=0.01)
    hits = parked.search("alice", "where did I park the car", limit=3, explain=True, now=NOW)
    assert hits[0].id == IDS["alice"][1]
    for h in hits:
        s = h.signals
        assert s["dense_part"] == pytest.approx(1 / (60 + s["dense_rank"] - 1))
        assert s["dense_part"] + s["bm25_part"] + s["recency_part"] == pytest.approx(h.score)


def test_decay_reranks_the_pools_and_fetches_nothing(parked):
    parked.add("alice", "Bought oat milk and bread", observed_at=NOW)  # newest, unrelated
    query = "where did I park the car"
    pools = {h.id for mode in ("dense", "keyword")
             for h in parked.search("alice", query, limit=3, mode=mode)}
    hits = decayed(parked, weight=100).search("alice", query, limit=3, pool=3, now=NOW)
    assert len(hits) == 3 and {h.id for h in hits} <= pools
    assert "oat milk" not in " ".join(h.memory_text for h in hits)


def test_a_stopwords_only_query_is_decayed_too(parked):
    hits = decayed(parked).search("alice", "what did I do?", limit=3, explain=True, now=NOW)
    assert hits
    for h in hits:
        s = h.signals
        assert s["bm25_part"] == 0 and "bm25_rank" not in s
        assert s["dense_part"] + s["recency_part"] == pytest.approx(h.score)


def test_unknown_observed_at_earns_no_recency(parked):
    old_id, new_id = IDS["alice"]
    parked.backend.set_payload(new_id, {"observed_at": "last tuesday"})
    hits = decayed(parked).search("alice", "where did I park the car", limit=2, explain=True,
                                  now=NOW)
    assert [h.id for h in hits] == [old_id, new_id]
    assert hits[1].signals["recency"] == 0.0 and hits[1].signals["recency_part"] == 0.0
    assert recency_factor(None, NOW, 30) == 0.0
    assert recency_factor("", NOW, 30) == 0.0
    config = RankingConfig(recency_weight=1.0)
    out = fuse([Hit("a", 0.5, {}), Hit("b", 0.5, {"observed_at": NOW.isoformat()})], [],
               config, limit=2, now=NOW)
    assert [(h.id, h.signals["recency"]) for h in out] == [("b", 1.0), ("a", 0.0)]


def test_qdrant_fusion_refuses_decay(store):
    with pytest.raises(ConfigError, match="Qdrant's in-engine fusion cannot decay"):
        RankingConfig("qdrant", recency_weight=0.5)
    with pytest.raises(ConfigError, match="in-engine"):
        replace(decayed(store).ranking, fusion="qdrant")
    assert RankingConfig("qdrant").recency_weight == 0  # without decay it stays available
    for bad in ({"recency_weight": -0.1}, {"recency_weight": float("nan")},
                {"recency_half_life_days": 0}, {"recency_half_life_days": float("inf")}):
        with pytest.raises(ConfigError, match="recency"):
            RankingConfig(**bad)


@pytest.mark.parametrize(("name", "value", "says"), [
    ("CHATBOT_RECENCY_WEIGHT", "-1", "greater than or equal to 0"),
    ("CHATBOT_RECENCY_WEIGHT", "nan", "finite"),
    ("CHATBOT_ACCESS_WEIGHT", "-0.5", "greater than or equal to 0"),
    ("CHATBOT_RECENCY_HALF_LIFE_DAYS", "0", "greater than 0"),
    ("CHATBOT_RECENCY_HALF_LIFE_DAYS", "a month", "number"),
])
def test_a_bad_setting_is_one_line(monkeypatch, name, value, says):
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as exc:
        load_settings()
    message = str(exc.value)
    assert message.startswith(f"bad setting {name}:") and says in message
    assert "\n" not in message


def test_settings_set_the_store_ranking(monkeypatch, engine):
    with MemoryStore.from_settings(Settings(engine=engine)) as s:
        # the app's store: the default ranking with the product's floor and repeat penalty
        assert s.ranking == PRODUCT_RANKING and s.ranking.floor == PRODUCT_FLOOR
        assert s.ranking.recency_weight == s.ranking.access_weight == 0
    monkeypatch.setenv("CHATBOT_RECENCY_WEIGHT", "0.4")
    monkeypatch.setenv("CHATBOT_RECENCY_HALF_LIFE_DAYS", "7")
    monkeypatch.setenv("CHATBOT_ACCESS_WEIGHT", "0.2")
    with MemoryStore.from_settings(Settings(engine=engine)) as s:
        assert s.ranking == replace(PRODUCT_RANKING, recency_weight=0.4,
                                    recency_half_life_days=7, access_weight=0.2)
        assert s.ranking.describe() == (
            "dbsf(dense=1, bm25=2) floor(cosine=0.1) + recency(weight=0.4, half-life=7d)"
            " + access(weight=0.2) repeat(weight=1.6) other-speaker(x0.5)")


def test_access_counts_lift_often_read_memories_when_asked(parked):
    first = parked.search("alice", "where did I park the car", limit=6, explain=True)
    assert "access" not in first[0].signals  # off by default
    read = first[-1]
    for _ in range(3):  # handed to the agent three times: factor 3 / (3 + ACCESS_HALF)
        parked.touch(parked.search("alice", "where did I park the car", limit=6)[-1:])
    parked.ranking = replace(DEFAULT_RANKING, access_weight=10.0)
    hits = parked.search("alice", "where did I park the car", limit=6, explain=True)
    assert hits[0].id == read.id
    assert hits[0].signals["access"] == pytest.approx(3 / (3 + ACCESS_HALF))
    assert hits[0].signals["access_part"] == pytest.approx(10 * hits[0].signals["access"])
    assert all(h.signals["access"] == 0 for h in hits[1:])
    assert access_factor(None) == access_factor(True) == access_factor(-2) == 0
    with pytest.raises(ConfigError):
        RankingConfig("qdrant", access_weight=0.1)


def test_a_replayed_session_measures_recency_from_its_own_date(store):
    from chatbot.session import ChatSession

    decayed(store, weight=5.0)
    cello = store.add("ana", "I play the cello in a youth orchestra", observed_at="2023-04-08")
    music = store.add("ana", "Music: I sometimes play an instrument", observed_at="2023-05-08")
    session = ChatSession("ana", store, observed_at="2023-05-08", background=False)
    end_of_day = datetime(2023, 5, 8, 23, 59, 59, 999999, tzinfo=UTC)
    assert session.responder.now == session.updater.now == end_of_day
    fetch = session.responder._make_fetch_tool()
    replayed = fetch("cello orchestra", [])
    session.responder.now = None  # today: both memories are years old, so decay is ~0 for both
    today = fetch("cello orchestra", [])
    assert "sometimes play an instrument" in replayed[0]  # a month newer on the session's date
    assert "youth orchestra" in today[0]  # the better text match wins without decay
    assert {cello, music} == {m.id for m in store.list("ana")}
    assert ChatSession("ana", store, observed_at="not a date", background=False).responder.now \
        is None
