"""The remote backend: any LiteLLM model string (hosted providers, Ollama, OpenAI-compatible)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from chatbot.lm.errors import LMError, first_line

if TYPE_CHECKING:
    import dspy

    from chatbot.config import Settings

# The key variable each common provider reads (LiteLLM / DSPy conventions).
PROVIDER_KEY_ENV: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "groq": ("GROQ_API_KEY",),
    "mistral": ("MISTRAL_API_KEY",),
    "deepseek": ("DEEPSEEK_API_KEY",),
    "openrouter": ("OPENROUTER_API_KEY",),
    "together_ai": ("TOGETHERAI_API_KEY", "TOGETHER_API_KEY"),
    "xai": ("XAI_API_KEY",),
    "cohere": ("COHERE_API_KEY", "CO_API_KEY"),
    "fireworks_ai": ("FIREWORKS_API_KEY", "FIREWORKS_AI_API_KEY"),
}
# Providers that run without a key (local servers).
KEYLESS_PROVIDERS = frozenset({"ollama", "ollama_chat", "lm_studio", "hosted_vllm", "llamafile"})
# Sent to OpenAI-compatible local servers (llama.cpp server, vLLM, LM Studio) that ignore the key
# but whose client refuses to send a request without one.
PLACEHOLDER_KEY = "sk-no-key-required"


def handles(spec: str) -> bool:
    """The remote backend takes every model string the other backends do not."""
    return True


def provider_of(model: str) -> str:
    return model.split("/", 1)[0].lower() if "/" in model else "openai"


def _env_key(provider: str) -> tuple[str | None, str | None]:
    """(value, variable name) of the first key variable set for this provider."""
    for name in PROVIDER_KEY_ENV.get(provider, (f"{provider.upper()}_API_KEY",)):
        if os.environ.get(name):
            return os.environ[name], name
    return None, None


def remote_lm_kwargs(settings: Settings) -> dict:
    """The keyword arguments `build` hands to `dspy.LM` for a remote model string."""
    model = settings.lm.strip()
    provider = provider_of(model)
    kwargs: dict = {
        "model": model,
        "temperature": settings.lm_temperature,
        "max_tokens": settings.lm_max_tokens,
        "num_retries": settings.lm_retries,
        "cache": settings.lm_cache,
        "timeout": settings.lm_timeout,
    }
    if settings.lm_api_base:
        kwargs["api_base"] = settings.lm_api_base
    if settings.lm_api_key:
        kwargs["api_key"] = settings.lm_api_key
    elif provider not in KEYLESS_PROVIDERS and _env_key(provider)[0] is None:
        if settings.lm_api_base:
            # A self-hosted OpenAI-compatible server usually needs no key.
            kwargs["api_key"] = PLACEHOLDER_KEY
        elif provider in PROVIDER_KEY_ENV:
            names = " or ".join(PROVIDER_KEY_ENV[provider])
            raise LMError(
                f"No API key for {model}: set {names} (or CHATBOT_LM_API_KEY), "
                "or choose another model with CHATBOT_LM (e.g. CHATBOT_LM=local)."
            )
    return kwargs


def build(settings: Settings) -> dspy.LM:
    import dspy
    from dspy.utils.exceptions import LMConfigurationError

    spec = settings.lm.strip()
    kwargs = remote_lm_kwargs(settings)
    try:
        return dspy.LM(**kwargs)
    except LMConfigurationError:
        # OpenAI reasoning models (o-series, gpt-5) accept only temperature 1.0 and a large budget.
        kwargs.update(temperature=1.0, max_tokens=max(settings.lm_max_tokens, 16000))
        try:
            return dspy.LM(**kwargs)
        except Exception as exc:  # noqa: BLE001 - any constructor refusal becomes one line
            raise LMError(f"Cannot use {spec}: {first_line(exc)}") from exc
    except ValueError as exc:
        raise LMError(f"Cannot use {spec!r} as CHATBOT_LM: {first_line(exc)}") from exc


def describe(settings: Settings) -> str:
    spec = settings.lm.strip()
    provider = provider_of(spec)
    head = f"LM: {spec}" + (f" at {settings.lm_api_base}" if settings.lm_api_base else "")
    details = []
    if settings.lm_api_key:
        details.append("key from CHATBOT_LM_API_KEY")
    elif provider not in KEYLESS_PROVIDERS:
        _, name = _env_key(provider)
        if name:
            details.append(f"key from {name}")
        elif not settings.lm_api_base:
            details.append("no API key found")
    details.append(f"temperature {settings.lm_temperature:g}")
    details.append(f"max_tokens {settings.lm_max_tokens}")
    return f"{head} ({', '.join(details)})"
