"""An embedder that loads its model only when a vector is first needed.

Listing, exporting or purging memories needs no vector, yet loading torch and the model costs
6-7 s and ~0.8 GB. A store that records the model and dimension it was built with can be
opened on those facts alone; the model loads on the first embed (a search, an add).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from chatbot.errors import ConfigError
from chatbot.memory.embeddings import Embedder, get_embedder


class LazyEmbedder:
    """Stands in for get_embedder(name, **options): same name and dim, loaded on first use."""

    def __init__(self, name: str, dim: int, options: dict[str, Any], where: str = "?"):
        self.name = name
        self._where = where
        self.dim = int(dim)
        self._options = dict(options)
        self._loaded: Embedder | None = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._loaded is not None

    def model(self) -> Embedder:
        with self._lock:
            if self._loaded is None:
                try:
                    self._loaded = get_embedder(self.name, **self._options)
                except ConfigError as exc:
                    raise ConfigError(
                        f"memory collection at {self._where} was built with {self.name}, which "
                        f"cannot be loaded here ({exc}); set CHATBOT_EMBEDDER to that model's "
                        "folder, or use a new CHATBOT_DATA_DIR / CHATBOT_COLLECTION") from exc
            return self._loaded

    def embed_documents(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        return self.model().embed_documents(texts, batch_size)

    def embed_query(self, text: str) -> np.ndarray:
        return self.model().embed_query(text)

    def __getattr__(self, name: str) -> Any:
        # Anything else (near_duplicate, onnx_path, ...) is the real model's.
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.model(), name)
