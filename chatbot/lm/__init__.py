"""The language model: built from Settings by the first backend that handles `settings.lm`.

`settings.lm` is `local` (the bundled GGUF run in-process by llama.cpp, `chatbot.lm.local`),
`local:/path/to/model.gguf`, or a LiteLLM model string (`openai/gpt-4o-mini`,
`anthropic/...`, `ollama_chat/qwen2.5:7b`, `openai/<name>` with `lm_api_base` for any
OpenAI-compatible server: `chatbot.lm.remote`).

To add a backend, write a module with `handles(spec) -> bool`, `build(settings) -> dspy.LM` and
`describe(settings) -> str`, and put it in BACKENDS before `remote`, which takes everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chatbot.lm import local, remote
from chatbot.lm.environment import prepare_environment
from chatbot.lm.errors import LMError, explain_lm_error

if TYPE_CHECKING:
    import dspy

    from chatbot.config import Settings

__all__ = ["LMError", "build_lm", "describe_lm", "explain_lm_error", "prepare_environment"]

BACKENDS = (local, remote)

prepare_environment()  # setdefault only; build_lm does it again


def _backend(settings: Settings):
    spec = settings.lm.strip()
    return next(b for b in BACKENDS if b.handles(spec))


def build_lm(settings: Settings) -> dspy.LM:
    """The `dspy.LM` that `settings` describes; raises LMError with a one-line reason."""
    prepare_environment()
    if not settings.lm.strip():
        raise LMError(
            "CHATBOT_LM is empty: set it to `local` or a model string such as openai/gpt-4o-mini."
        )
    return _backend(settings).build(settings)


def describe_lm(settings: Settings) -> str:
    """One line naming the LM in use, for the startup banner. Loads nothing, shows no secret."""
    return _backend(settings).describe(settings)
