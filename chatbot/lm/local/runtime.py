"""The llama.cpp runtime the embedded model runs on: its import (with the threading setup the
OpenMP runtime needs before it loads) and the CPUs it may use."""

from __future__ import annotations

import os

from chatbot.lm.environment import prepare_environment
from chatbot.lm.errors import LOCAL_EXTRA_HINT, LMError


def usable_cpus() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def idle_cpus(limit: int) -> int:
    """Cores not busy with other processes right now (from /proc/loadavg's runnable count,
    which includes this reader), between 1 and `limit`."""
    try:
        with open("/proc/loadavg", encoding="ascii") as f:
            running = int(f.read().split()[3].split("/")[0])
    except (OSError, ValueError, IndexError):
        return 1
    return max(1, min(limit, usable_cpus() - (running - 1)))


def import_llama_cpp():
    """Import llama_cpp with a sane threading setup, or raise LMError with the install hint."""
    prepare_environment()  # OMP_WAIT_POLICY must be set before the OpenMP runtime loads
    try:
        import llama_cpp
    except ImportError as exc:
        raise LMError(
            f"The local model needs llama-cpp-python (the [local] extra): {LOCAL_EXTRA_HINT}."
        ) from exc
    except (OSError, RuntimeError) as exc:
        raise LMError(
            f"llama-cpp-python is installed but its library failed to load ({exc}): reinstall it "
            f"with `pip install --force-reinstall --no-cache-dir llama-cpp-python==0.3.36`."
        ) from exc
    return llama_cpp
