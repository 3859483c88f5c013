"""Our types in Qdrant Edge's terms and back: a Scope as a filter, sparse vectors, points.

Filtered queries and facets need payload indexes (qdrant-edge-py 0.9.0 facets refuse without
one; a filtered query scans every payload without one), so every field a Scope filters on is in
INDEXES, and the collection indexes them all at creation.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import qdrant_edge as qe

from chatbot.memory.backends.base import DENSE, SPARSE, PointData, Scope
from chatbot.memory.keywords import SparseVector

INDEXES: list[tuple[str, Any]] = [
    ("user_id", qe.KeywordIndexParams(is_tenant=True)),
    ("categories", qe.PayloadSchemaType.Keyword),
    ("text_hash", qe.PayloadSchemaType.Keyword),
    ("valid", qe.PayloadSchemaType.Bool),
    ("observed_at", qe.PayloadSchemaType.Datetime),
    ("updated_at", qe.PayloadSchemaType.Datetime),
    ("app", qe.PayloadSchemaType.Keyword),
    ("valid_until", qe.PayloadSchemaType.Datetime),
]


def _match(value: Any) -> qe.MatchValue:
    # qdrant-edge-py 0.9.0 turns a Python bool into the integer 1/0 (bool is an int), which then
    # matches no bool payload at all; numpy's bool is converted as a bool.
    return qe.MatchValue(np.bool_(value) if isinstance(value, bool) else value)


def build_filter(scope: Scope) -> qe.Filter | None:
    must: list[Any] = []
    if scope.user_id is not None:
        must.append(qe.FieldCondition("user_id", match=_match(scope.user_id)))
    if scope.categories:
        must.append(qe.FieldCondition("categories", match=qe.MatchAny(list(scope.categories))))
    if scope.valid is not None:
        must.append(qe.FieldCondition("valid", match=_match(scope.valid)))
    if scope.text_hash is not None:
        must.append(qe.FieldCondition("text_hash", match=_match(scope.text_hash)))
    if scope.text_hashes is not None:
        must.append(qe.FieldCondition("text_hash", match=qe.MatchAny(list(scope.text_hashes))))
    if scope.ids is not None:
        must.append(qe.HasIdCondition(set(scope.ids)))
    if scope.app is not None:
        must.append(qe.FieldCondition("app", match=_match(scope.app)))
    # A memory without valid_until never matches the range, so it is never left out.
    must_not = [qe.FieldCondition("valid_until", range=qe.RangeDateTime(
        lt=scope.expired_before))] if scope.expired_before else []
    return qe.Filter(must=must, must_not=must_not or None) if must or must_not else None


def edge_sparse(vec: SparseVector) -> qe.SparseVector:
    return qe.SparseVector(list(vec.indices), list(vec.values))


def point_data(record: Any) -> PointData:
    """A point Edge scrolled out with its vectors, as the backends pass points around."""
    vec = dict(record.vector or {})
    sparse = vec.get(SPARSE)
    return PointData(
        str(record.id), list(vec[DENSE]),
        SparseVector(list(sparse.indices), list(sparse.values)) if sparse
        else SparseVector([], []), dict(record.payload or {}))
