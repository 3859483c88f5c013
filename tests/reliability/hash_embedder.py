"""A model-free embedder for tests that need many cheap processes (no torch, no litellm)."""

from __future__ import annotations

import hashlib

import numpy as np

from chatbot.memory.embeddings import Embedder


class HashEmbedder(Embedder):
    """A stand-in with no model to load (a process starts in 3 s, not 12): every text maps to
    its own fixed random unit vector, so an exact text still finds its memory first."""

    def __init__(self, dim: int = 384):
        self.name, self.dim = "hash-embedder", dim

    def _vector(self, text: str) -> np.ndarray:
        seed = int.from_bytes(hashlib.sha256(text.encode("utf-8", "replace")).digest()[:8],
                              "little")
        v = np.random.default_rng(seed).standard_normal(self.dim)
        return (v / np.linalg.norm(v)).astype(np.float32)

    def embed_documents(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)
