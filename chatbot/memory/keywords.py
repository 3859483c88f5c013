"""BM25 sparse vectors for keyword search; Qdrant applies the IDF at query time."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SparseVector:
    indices: list[int]
    values: list[float]


class KeywordEncoder:
    """Tokenises, stems and weights text with Qdrant's own BM25 (ships in qdrant-edge-py)."""

    def __init__(self, avg_len: float = 20.0, language: str = "english"):
        import qdrant_edge

        # Memories are short (~10-30 words): the length normalisation must know that.
        self._bm25 = qdrant_edge.Bm25(qdrant_edge.Bm25Config(avg_len=avg_len, language=language))

    def document(self, text: str) -> SparseVector:
        vec = self._bm25.embed_document(text)
        return SparseVector(list(vec.indices), list(vec.values))

    def query(self, text: str) -> SparseVector:
        vec = self._bm25.embed_query(text)
        return SparseVector(list(vec.indices), list(vec.values))
