"""Settings from the environment and `.env` (prefix CHATBOT_)."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "chatbot"


def default_models_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "chatbot" / "models"


def default_user() -> str:
    return os.environ.get("USER") or os.environ.get("USERNAME") or "default"


class Settings(BaseSettings):
    """Every knob of the app; `.env.example` documents each one."""

    model_config = SettingsConfigDict(
        env_prefix="CHATBOT_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    data_dir: Path = Field(default_factory=default_data_dir)
    user: str = Field(default_factory=default_user)

    # Language model (a LiteLLM model string, or "local" / "local:/path/model.gguf").
    lm: str = "local"
    lm_api_base: str | None = None
    lm_api_key: str | None = None
    lm_temperature: float = 0.0
    lm_max_tokens: int = 1024
    lm_timeout: float = 120.0
    lm_retries: int = 2
    lm_cache: bool = False
    # 0 = auto (default): before each call, the cores other processes leave idle, at least 1.
    # Measured on 2 cores with OMP_WAIT_POLICY=PASSIVE (docs/agents.md, "Threads"): never
    # slower than 1 thread, 1.9x prefill and 1.5x decode on an idle box.
    lm_threads: int = Field(0, ge=0)
    # The local model checks guesses copied from its context while decoding (lm/local/lookup.py):
    # the same kind of reply in fewer decode steps when it repeats what it was shown.
    lm_lookup: bool = True
    # Where the bundled GGUF is assembled (1.1 GB); shared by every data dir.
    models_dir: Path = Field(default_factory=default_models_dir)

    # Embeddings.
    # Empty: the model the store was built with, or all-MiniLM-L6-v2-int8 for a new store.
    embedder: str = ""
    embed_threads: int = Field(1, ge=0)
    # Parallel encoders for bulk embedding with the int8 model (0: one per CPU, at most 4).
    embed_batch_threads: int = Field(0, ge=0)

    # Storage: an embedded Qdrant under data_dir unless qdrant_url is set.
    engine: str = "edge"
    qdrant_url: str | None = None
    qdrant_api_key: str | None = None
    collection: str = "memories"
    # Which assistant this is: set, it keeps its own memories of each user apart from other
    # apps'; empty, it shares every memory of the user (see docs/server.md).
    app: str = ""
    # Seconds a command waits for an embedded store another process holds, then gives up.
    lock_wait: float = Field(10.0, ge=0, le=3600, allow_inf_nan=False)

    # Memory behaviour.
    # Cosine at which a new memory counts as a near-duplicate; unset: the embedder's own
    # (0.95 for fp32 MiniLM, 0.94 for its int8 copy).
    dedup_threshold: float | None = Field(None, gt=0, le=1)
    search_limit: int = 5
    # Recency decay of hybrid search (chatbot.memory.ranking); weight 0 = off, the default.
    recency_weight: float = Field(0.0, ge=0, allow_inf_nan=False)
    recency_half_life_days: float = Field(30.0, gt=0, allow_inf_nan=False)
    # How much being read before (access_count) lifts a memory in hybrid search; 0 = off.
    access_weight: float = Field(0.0, ge=0, allow_inf_nan=False)
    update_context_messages: int = 6
    save_transcripts: bool = True
    # Transcripts keep secrets as typed only when this is on (default: redacted).
    keep_raw_transcript: bool = False
    # Kinds of personal data never stored (chatbot.privacy): credentials always; add health,
    # finances. Comma-separated.
    never_store: str = "credentials"
    # Redact secrets from what is sent to a hosted LM (chatbot.privacy.for_hosted_lm).
    redact_hosted_lm: bool = True
    # After a chat session, a category of the user with this many current memories is
    # compacted in the background (chatbot.autocompact); 0 = off.
    auto_compact: int = Field(12, ge=0)

    @field_validator("data_dir", "models_dir", mode="after")
    @classmethod
    def _expand(cls, value: Path) -> Path:
        return value.expanduser()

    @property
    def store_dir(self) -> Path:
        return self.data_dir / "memory"

    @property
    def transcripts_dir(self) -> Path:
        return self.data_dir / "transcripts"
