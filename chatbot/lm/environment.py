"""Process-wide settings that must be in place before dspy, litellm or llama_cpp is imported."""

from __future__ import annotations

import os


def prepare_environment() -> None:
    """Set (only if unset) what the LM libraries read at import time.

    Offline, DSPy and LiteLLM try to download a model price map on first use; the local copy
    is enough. OpenMP threads that busy-wait collapse llama.cpp on a shared 2-core box.
    """
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
