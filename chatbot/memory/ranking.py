"""Query-side ranking for MemoryStore.search: how the dense and BM25 pools become one list.

Qdrant answers each signal's pool (prefetch-sized, filtered to the user); the fusion of the two
pools happens here because the measured best fusion is weighted (BM25 counts twice as much as
dense on LoCoMo) and Qdrant's DBSF takes no weights. Fusing ~2 x 60 scored hits in Python costs
~0.1 ms. Every variant measured is in docs/retrieval-quality.md; only what helped is a default.

Fusions (`RankingConfig.fusion`):
- "dbsf" (default): distribution-based score fusion, Qdrant's definition: each pool's scores are
  mapped to [0, 1] by (s - (mu - 3 sd)) / (6 sd) over that pool, then summed with the weights.
  A hit missing from a pool gets 0 from it.
- "rrf": weighted reciprocal rank fusion, weight / (k + rank), rank counted from 0 as Qdrant does.
- "qdrant": Qdrant's own RRF (k=RRF_K, equal weights) inside the engine, the pre-ranking path.

Recency decay (`recency_weight` > 0, off by default): every fused candidate gets an extra part
weight * 0.5 ** (age_days / half_life) before the cut to `limit`, age counted from a reference
time back to the memory's `observed_at`. It reranks the union of the two pools and fetches
nothing. The weight is in the fusion's own units (a DBSF score is at most dense + bm25 weight,
3 by default; an RRF score is a few hundredths). The "qdrant" fusion fuses inside the engine, so
there is nothing here to add the part to: a config asking for both is refused.

Repetition (`repeat_weight` > 0; the product's PRODUCT_REPEAT): the fused, floored list is
re-picked greedily, each next hit the best by fused - weight * the share of its lines already
shown by the hits above it. A directly stored chat turn carries the turns before it, so the
next turn's memory repeats two of its three lines; without this the reader's five memories
often hold the same few turns. Agent-written facts are one line each and are never demoted.

Someone else's words (`speaker_factor` < 1; the product's PRODUCT_SPEAKER): a memory stored
directly from a chat turn records its speaker, and a search is about one person: the speaker it
names (`about`, e.g. the eval's "What did Caroline paint?"), else the user. A memory of anyone
else's words (the other person; with no `about`, the assistant) has its fused score multiplied
down. The other speaker's turns share the topic's words (an assistant's long answers most of
all), while a question asks what its person said. Memories with no speaker (the agents' facts)
are never weighed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from chatbot.errors import ConfigError
from chatbot.memory.backends.base import RRF_K, Hit
from chatbot.memory.embeddings import INT8_SUFFIX

Fusion = Literal["dbsf", "rrf", "qdrant"]


@dataclass(frozen=True)
class RankingConfig:
    """How search fuses its signals. The defaults are the best measured on LoCoMo dev."""

    fusion: Fusion = "dbsf"
    dense_weight: float = 1.0
    keyword_weight: float = 2.0
    rrf_k: int = RRF_K
    # Off by default: LoCoMo questions are not recency-seeking (docs/retrieval.md).
    recency_weight: float = 0.0
    recency_half_life_days: float = 30.0
    # Access frequency: weight * count / (count + ACCESS_HALF), count = times the memory was
    # handed to the response agent (MemoryStore.touch). Off by default: it measured no gain on
    # either dev set (docs/retrieval-quality.md, "Access counts and recency").
    access_weight: float = 0.0
    # Relevance floor: a hit whose raw dense cosine to the query is below it is not returned,
    # however few are left (0: off; the in-engine "qdrant" fusion never applies it). Off here;
    # the app's store and the eval use PRODUCT_FLOOR.
    floor: float = 0.0
    # Weight of the repetition penalty, in the fusion's units (0: off; the app's store and the
    # eval use PRODUCT_REPEAT). Like the floor it applies to the Python fusions only.
    repeat_weight: float = 0.0
    # A directly stored chat turn said by someone other than the person the search is about
    # (see the module docstring) has its fused score multiplied by this (1: off; the app's store
    # and the eval use PRODUCT_SPEAKER).
    speaker_factor: float = 1.0

    def __post_init__(self) -> None:
        if not -1 <= self.floor <= 1:
            raise ConfigError(f"relevance floor is a cosine, -1 to 1, got {self.floor!r}")
        if not self.repeat_weight >= 0 or math.isinf(self.repeat_weight):
            raise ConfigError(f"repetition weight must be 0 or more, got {self.repeat_weight!r}")
        if not self.recency_weight >= 0 or math.isinf(self.recency_weight):
            raise ConfigError(f"recency weight must be 0 or more, got {self.recency_weight!r}")
        if not self.access_weight >= 0 or math.isinf(self.access_weight):
            raise ConfigError(f"access weight must be 0 or more, got {self.access_weight!r}")
        if not 0 <= self.speaker_factor <= 1:
            raise ConfigError("speaker factor must be between 0 and 1, got "
                              f"{self.speaker_factor!r}")
        if not self.recency_half_life_days > 0 or math.isinf(self.recency_half_life_days):
            raise ConfigError("recency half-life must be more than 0 days, got "
                              f"{self.recency_half_life_days!r}")
        if self.fusion == "qdrant" and (self.recency_weight > 0 or self.access_weight > 0):
            raise ConfigError("recency and access weights need the fusion done outside the "
                              "engine (dbsf or rrf); Qdrant's in-engine fusion cannot decay "
                              "or count reads")

    def describe(self) -> str:
        if self.fusion == "qdrant":
            return f"qdrant-rrf(k={RRF_K})"
        k = f", k={self.rrf_k}" if self.fusion == "rrf" else ""
        out = f"{self.fusion}(dense={self.dense_weight:g}, bm25={self.keyword_weight:g}{k})"
        if self.floor > 0:  # not in the "qdrant" branch above: the engine fuses, no floor
            out += f" floor(cosine={self.floor:g})"
        if self.recency_weight > 0:
            out += (f" + recency(weight={self.recency_weight:g}, "
                    f"half-life={self.recency_half_life_days:g}d)")
        if self.access_weight > 0:
            out += f" + access(weight={self.access_weight:g})"
        if self.repeat_weight > 0:
            out += f" repeat(weight={self.repeat_weight:g})"
        if self.speaker_factor < 1:
            out += f" other-speaker(x{self.speaker_factor:g})"
        return out


# Reads of a memory at which its access factor is one half.
ACCESS_HALF = 3
DEFAULT_RANKING = RankingConfig()
# The floor of the product path (MemoryStore.from_settings, `chatbot eval locomo`). A raw signal,
# because DBSF and RRF scores are relative to their pool: an unrelated query's best hit still
# scores near the top (docs/retrieval-quality.md, "Relevance floor"). 0.10 is int8 MiniLM's
# calibration: about half of an unrelated question's top 5 dropped on both dev sets, for no
# measured loss (LoCoMo dev R@5 / R@10 unchanged; 0.15 cost multi-hop -0.02).
PRODUCT_FLOOR = 0.10
# Cosines are not comparable across models, so each embedder has its own floor, calibrated the
# same way (docs/retrieval-quality.md, "fourth round"). EmbeddingGemma's cosines sit higher: an
# unrelated question's top 5 are at ~0.2, so 0.10 dropped none of them; 0.20 drops about half
# for R@5 -0.007 / 0.000 on two LoCoMo chats. Keyed by the model folder's name, "-int8" off.
EMBEDDER_FLOORS = {"all-MiniLM-L6-v2": PRODUCT_FLOOR, "embeddinggemma-300m": 0.20}
# The repetition penalty of the product path: chosen leave-one-conversation-out on both dev sets
# (docs/retrieval-quality.md, "Repeated turns").
PRODUCT_REPEAT = 1.6
# Someone else's words weighed down: chosen leave-one-conversation-out on both dev sets
# (docs/retrieval-quality.md, "fifth round").
PRODUCT_SPEAKER = 0.5
# What the app's store (MemoryStore.from_settings) and `chatbot eval locomo` search with.
PRODUCT_RANKING = RankingConfig(floor=PRODUCT_FLOOR, repeat_weight=PRODUCT_REPEAT,
                                speaker_factor=PRODUCT_SPEAKER)


def floor_for(embedder: str) -> float:
    """The relevance floor calibrated for this embedder (a name or a model folder); a model
    not calibrated gets MiniLM's, PRODUCT_FLOOR."""
    return EMBEDDER_FLOORS.get(Path(embedder).name.removesuffix(INT8_SUFFIX), PRODUCT_FLOOR)


_HEADER = re.compile(r"^\[[^\]\n]*\]\s*")
# A line is known by its start: a context line is the same line clipped (chunking.clip).
LINE_KEY_CHARS = 60


def line_keys(text: str) -> set[str]:
    """The lines of a memory text as comparable keys (a leading "[date] " header dropped)."""
    return {key for line in text.split("\n")
            if (key := " ".join(_HEADER.sub("", line).split())[:LINE_KEY_CHARS])}


def without_repeats(hits: Sequence[Hit], weight: float) -> list[Hit]:
    """The hits re-picked greedily by fused - weight * share of their lines already above.

    Each hit's signals get `repeat` (that share when it was picked) and `repeat_part`
    (-weight * repeat); its score becomes fused + repeat_part, so scores stay best first.
    """
    keys = [line_keys(str(h.payload.get("memory_text", ""))) for h in hits]
    left = list(range(len(hits)))
    shown: set[str] = set()
    out: list[Hit] = []
    while left:
        shares = {i: len(keys[i] & shown) / len(keys[i]) if keys[i] else 0.0 for i in left}
        best = max(left, key=lambda i: (hits[i].score - weight * shares[i], -i))
        left.remove(best)
        shown |= keys[best]
        part = -weight * shares[best] if shares[best] else 0.0
        out.append(replace(hits[best], score=hits[best].score + part, signals=hits[best].signals
                           | {"repeat": shares[best], "repeat_part": part,
                              "rank": len(out) + 1}))
    return out


def above_floor(hits: Sequence[Hit], floor: float) -> list[Hit]:
    """The hits whose raw dense cosine (signal "dense", exact) reaches the floor."""
    return [h for h in hits if h.signals.get("dense", 0.0) >= floor]


def dbsf_normalise(scores: Sequence[float]) -> list[float]:
    """Qdrant's DBSF normalisation of one pool: mean +- 3 standard deviations -> [0, 1]."""
    if not scores:
        return []
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / n)
    if sd == 0:
        return [0.5] * n
    low, high = mean - 3 * sd, mean + 3 * sd
    return [min(1.0, max(0.0, (s - low) / (high - low))) for s in scores]


def recency_factor(observed_at: Any, now: datetime, half_life_days: float) -> float:
    """0.5 ** (age in days / half-life), age from observed_at to now.

    A memory observed after `now` counts as age 0 (factor 1). A missing or unreadable
    observed_at gives 0: an unknown age earns no recency credit, so it cannot outrank a dated
    memory on age alone; it still ranks by its text.
    """
    if not isinstance(observed_at, str):
        return 0.0
    try:
        when = datetime.fromisoformat(observed_at)
    except ValueError:
        return 0.0
    age_days = max(0.0, (_aware(now) - _aware(when)).total_seconds() / 86400)
    return 0.5 ** (age_days / half_life_days)


def access_factor(count: Any) -> float:
    """count / (count + ACCESS_HALF): 0 for a memory never read, toward 1 for a much-read one."""
    if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
        return 0.0
    return count / (count + ACCESS_HALF)


ASSISTANT = "assistant"


def someone_else(payload: dict[str, Any], about: str | None) -> bool:
    """The memory holds a chat turn said by someone other than `about` (no `about`: by the
    assistant, the user being the person asked about)."""
    source = payload.get("source")
    speaker = source.get("speaker") if isinstance(source, dict) else None
    if not isinstance(speaker, str) or not speaker.strip():
        return False
    said_by = speaker.strip().casefold()
    return said_by != about.strip().casefold() if about else said_by == ASSISTANT


def _aware(when: datetime) -> datetime:
    # The store writes UTC; a naive time (a test's, a replay's) is read as UTC too.
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def fuse(dense: Sequence[Hit], keyword: Sequence[Hit], config: RankingConfig,
         limit: int, now: datetime | None = None, about: str | None = None) -> list[Hit]:
    """The two pools (each best first) as one list, best first, with each hit's signals.

    Signals: dense / bm25 (raw pool scores, 0 when outside that pool), dense_rank / bm25_rank
    (1-based, only when in that pool), dense_part + bm25_part = fused (= the hit's score), rank.
    With recency decay on, also recency (the factor) and recency_part, which `fused` includes;
    `now` is the reference time for the age (default: the current time). With the access weight
    on, likewise access and access_part. With the speaker factor on, other_speaker (the factor)
    on a hit said by someone other than `about` (see `someone_else`); `fused` includes it.
    """
    if config.fusion == "dbsf":
        dense_parts = [config.dense_weight * x for x in dbsf_normalise([h.score for h in dense])]
        bm25_parts = [config.keyword_weight * x for x in dbsf_normalise(
            [h.score for h in keyword])]
    else:
        dense_parts = [config.dense_weight / (config.rrf_k + r) for r in range(len(dense))]
        bm25_parts = [config.keyword_weight / (config.rrf_k + r) for r in range(len(keyword))]
    table: dict[str, dict[str, float]] = {}
    payloads: dict[str, Hit] = {}
    for name, pool, parts in (("dense", dense, dense_parts), ("bm25", keyword, bm25_parts)):
        for rank, (hit, part) in enumerate(zip(pool, parts, strict=True), 1):
            s = table.setdefault(hit.id, {"dense": 0.0, "bm25": 0.0, "dense_part": 0.0,
                                          "bm25_part": 0.0})
            s[name] = hit.score
            s[f"{name}_rank"] = rank
            s[f"{name}_part"] = part
            payloads.setdefault(hit.id, hit)
    for s in table.values():
        s["fused"] = s["dense_part"] + s["bm25_part"]
    if config.recency_weight > 0:
        now = now or datetime.now(UTC)
        for pid, s in table.items():
            s["recency"] = recency_factor(payloads[pid].payload.get("observed_at"), now,
                                          config.recency_half_life_days)
            s["recency_part"] = config.recency_weight * s["recency"]
            s["fused"] += s["recency_part"]
    if config.access_weight > 0:
        for pid, s in table.items():
            s["access"] = access_factor(payloads[pid].payload.get("access_count"))
            s["access_part"] = config.access_weight * s["access"]
            s["fused"] += s["access_part"]
    if config.speaker_factor < 1:
        for pid, s in table.items():
            if someone_else(payloads[pid].payload, about):
                s["other_speaker"] = config.speaker_factor
                s["fused"] *= config.speaker_factor
    # Ties (same fused score) go to the better BM25 rank, then the better dense rank.
    order = sorted(table, key=lambda i: (-table[i]["fused"], table[i].get("bm25_rank", 1e9),
                                         table[i].get("dense_rank", 1e9)))[:limit]
    out = []
    for rank, pid in enumerate(order, 1):
        signals = table[pid] | {"rank": rank}
        out.append(replace(payloads[pid], score=signals["fused"], signals=signals))
    return out
