"""Retrieval and answer metrics; definitions in docs/evaluation.md.

A ranked list is a list of provenance sets: for each retrieved memory, best first, the dialog ids
it was made from. Evidence is the set of dialog ids that answer the question.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from collections.abc import Iterable, Sequence

Ranked = Sequence[Iterable[str]]


def recall_at_k(ranked: Ranked, evidence: Iterable[str], k: int) -> float:
    """Share of the evidence ids covered by the provenance of the top k memories."""
    gold = set(evidence)
    if not gold:
        return 0.0
    covered: set[str] = set()
    for prov in ranked[:k]:
        covered.update(prov)
    return len(gold & covered) / len(gold)


def hit_at_k(ranked: Ranked, evidence: Iterable[str], k: int) -> float:
    """1.0 if any of the top k memories comes from an evidence turn."""
    gold = set(evidence)
    return 1.0 if any(gold & set(prov) for prov in ranked[:k]) else 0.0


def reciprocal_rank(ranked: Ranked, evidence: Iterable[str]) -> float:
    """1 / rank of the first memory that comes from an evidence turn; 0 if none does."""
    gold = set(evidence)
    for rank, prov in enumerate(ranked, start=1):
        if gold & set(prov):
            return 1.0 / rank
    return 0.0


def ndcg_at_k(ranked: Ranked, evidence: Iterable[str], k: int = 10) -> float:
    """Binary NDCG: a memory is relevant if it covers an evidence id no higher memory covered.

    With one memory per turn (direct mode) this is plain "provenance intersects the evidence";
    counting only new evidence keeps the score within [0, 1] when several extracted memories
    share one source turn. The ideal ranking has min(|evidence|, k) relevant memories on top.
    """
    gold = set(evidence)
    if not gold:
        return 0.0
    covered: set[str] = set()
    dcg = 0.0
    for rank, prov in enumerate(ranked[:k], start=1):
        new = (gold & set(prov)) - covered
        if new:
            dcg += 1.0 / math.log2(rank + 1)
            covered |= new
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(len(gold), k) + 1))
    return dcg / ideal


def turn_recall(ranked: Ranked, evidence: Iterable[str], budget: int = 20) -> float:
    """Share of the evidence among the first `budget` distinct dialog ids read in rank order.

    Recall@k counts memories, so memories holding more turns cover more ids in k hits; this
    compares memory texts of any size at the same number of turns read.
    """
    gold = set(evidence)
    if not gold:
        return 0.0
    read: dict[str, None] = {}
    for prov in ranked:
        for dia_id in prov:
            if len(read) >= budget:
                break
            read.setdefault(dia_id)
    return len(gold & read.keys()) / len(gold)


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (numpy's default), q in [0, 100]; 0.0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


# ------------------------------------------------------------------------ answers

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = str.maketrans("", "", string.punctuation)


def answer_tokens(text: str) -> list[str]:
    """Lowercase, drop punctuation and the articles a/an/the, split on whitespace."""
    text = str(text).lower().translate(_PUNCT)
    return _ARTICLES.sub(" ", text).split()


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD-style token F1 over answer_tokens."""
    pred, ref = answer_tokens(prediction), answer_tokens(gold)
    if not pred or not ref:
        return float(pred == ref)
    overlap = sum((Counter(pred) & Counter(ref)).values())
    if overlap == 0:
        return 0.0
    precision, recall = overlap / len(pred), overlap / len(ref)
    return 2 * precision * recall / (precision + recall)


def bleu1(prediction: str, gold: str) -> float:
    """BLEU-1: clipped unigram precision times the brevity penalty, over answer_tokens."""
    pred, ref = answer_tokens(prediction), answer_tokens(gold)
    if not pred or not ref:
        return float(pred == ref)
    clipped = sum((Counter(pred) & Counter(ref)).values())
    precision = clipped / len(pred)
    brevity = 1.0 if len(pred) > len(ref) else math.exp(1 - len(ref) / len(pred))
    return precision * brevity
