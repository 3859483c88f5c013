"""Our scopes and sparse vectors in Qdrant Edge's terms (qdrant-edge-py 0.9.0)."""

from __future__ import annotations

from typing import Any

import numpy as np
import qdrant_edge as qe

from chatbot.memory.backends.base import PAYLOAD_INDEXES, Condition, Scope, scope_conditions
from chatbot.memory.keywords import SparseVector

_SCHEMAS: dict[str, Any] = {
    "tenant": qe.KeywordIndexParams(is_tenant=True),
    "keyword": qe.PayloadSchemaType.Keyword,
    "bool": qe.PayloadSchemaType.Bool,
    "datetime": qe.PayloadSchemaType.Datetime,
}
INDEXES: list[tuple[str, Any]] = [(name, _SCHEMAS[kind]) for name, kind in PAYLOAD_INDEXES]


def _match(value: Any) -> qe.MatchValue:
    # qdrant-edge-py 0.9.0 turns a Python bool into the integer 1/0 (bool is an int), which then
    # matches no bool payload at all; numpy's bool is converted as a bool.
    return qe.MatchValue(np.bool_(value) if isinstance(value, bool) else value)


def _condition(c: Condition) -> Any:
    if c.op == "is":
        return qe.FieldCondition(c.field, match=_match(c.value))
    if c.op == "any":
        return qe.FieldCondition(c.field, match=qe.MatchAny(c.value))
    if c.op == "id_in":
        return qe.HasIdCondition(set(c.value))
    return qe.FieldCondition(c.field, range=qe.RangeDateTime(lt=c.value))


def build_filter(scope: Scope) -> qe.Filter | None:
    must, must_not = scope_conditions(scope)
    if not must and not must_not:
        return None
    return qe.Filter(must=[_condition(c) for c in must],
                     must_not=[_condition(c) for c in must_not] or None)


def edge_sparse(vec: SparseVector) -> qe.SparseVector:
    return qe.SparseVector(list(vec.indices), list(vec.values))
