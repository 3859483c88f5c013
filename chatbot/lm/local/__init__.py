"""The local backend: a GGUF model run in-process by llama.cpp (`local` or `local:/path.gguf`).

`gguf` finds or assembles the model file, `engine` runs it as a DSPy engine, `protocol`
translates between DSPy's requests and llama.cpp's chat completions.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from chatbot.lm.environment import prepare_environment
from chatbot.lm.local.engine import (
    DEFAULT_N_CTX,
    FLASH_ATTENTION,
    AsyncLlamaCppEngine,
    shared_engine,
)
from chatbot.lm.local.gguf import (
    DEFAULT_MODEL_FILE,
    DEFAULT_MODEL_LABEL,
    models_dir,
    resolve_model_path,
)
from chatbot.lm.local.runtime import import_llama_cpp

if TYPE_CHECKING:
    import dspy

    from chatbot.config import Settings


def handles(spec: str) -> bool:
    return spec == "local" or spec.startswith("local:")


def build(settings: Settings, *, n_ctx: int = DEFAULT_N_CTX, load: bool = True) -> dspy.LM:
    """A dspy.LM backed by the embedded model; loads it now unless `load=False`."""
    prepare_environment()
    path = resolve_model_path(settings)
    import_llama_cpp()
    name = "local/" + (
        DEFAULT_MODEL_FILE.removesuffix(".gguf") if settings.lm.strip() == "local" else path.stem
    )
    engine = shared_engine(path, n_ctx=n_ctx, n_threads=settings.lm_threads, model_name=name,
                           prompt_cache_dir=prompt_cache_dir(settings, path, n_ctx),
                           lookup=settings.lm_lookup)
    engine.default_max_tokens = settings.lm_max_tokens
    if load:
        engine.load()
    import dspy

    return dspy.LM(
        name,
        engine=engine,
        async_engine=AsyncLlamaCppEngine(engine),
        temperature=settings.lm_temperature,
        max_tokens=settings.lm_max_tokens,
        cache=settings.lm_cache,
        num_retries=0,  # a local failure does not heal by retrying
    )


def prompt_cache_dir(settings: Settings, model: Path, n_ctx: int) -> Path:
    """Where saved prompt states of this model live: one folder per model file, context size,
    llama.cpp version and attention kind, since a state is only valid for the same four."""
    from importlib import metadata

    try:
        version = metadata.version("llama-cpp-python")
    except metadata.PackageNotFoundError:
        version = "unknown"
    digest = hashlib.sha256(str(model.resolve()).encode()).hexdigest()[:8]
    attention = "-fa" if FLASH_ATTENTION else ""
    return (models_dir(settings) / "prompt-cache"
            / f"{model.stem}-{digest}-ctx{n_ctx}-{version}{attention}")


def describe(settings: Settings, *, n_ctx: int = DEFAULT_N_CTX) -> str:
    spec = settings.lm.strip()
    what = DEFAULT_MODEL_LABEL if spec == "local" else spec[len("local:") :].strip()
    threads = settings.lm_threads
    count = "auto threads" if threads <= 0 else f"{threads} thread{'s' if threads != 1 else ''}"
    return (
        f"LM: local {what} (in-process llama.cpp, {count}, "
        f"ctx {n_ctx}, temperature {settings.lm_temperature:g}, "
        f"max_tokens {settings.lm_max_tokens})"
    )
