"""Retrying transient LM errors (timeout, connection, rate limit, 5xx) with bounded backoff."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from chatbot.lm.errors import cause_chain, exception_classes

T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries with exponential backoff and jitter, for transient LM errors only.

    No retry starts once `budget` seconds have gone since the first try: LiteLLM already
    retries inside one call (CHATBOT_LM_RETRIES), and a timeout has already cost its wait.
    """

    retries: int = 2
    base_delay: float = 0.5
    max_delay: float = 8.0
    budget: float = 60.0

    def delay(self, attempt: int, exc: BaseException | None = None) -> float:
        wanted = self.base_delay * 2 ** attempt
        hinted = getattr(exc, "retry_after", None)
        if isinstance(hinted, (int, float)) and hinted > 0 and self.base_delay > 0:
            wanted = max(wanted, float(hinted))
        return min(self.max_delay, wanted * random.uniform(0.75, 1.0))


@cache
def _transient_classes() -> dict[str, tuple[type, ...]]:
    dspy_ex = "dspy.utils.exceptions"
    return {
        "rate_limit": (exception_classes(dspy_ex, "LMRateLimitError")
                       + exception_classes("litellm.exceptions", "RateLimitError")
                       + exception_classes("openai", "RateLimitError")),
        "timeout": ((TimeoutError,) + exception_classes(dspy_ex, "LMTimeoutError")
                    + exception_classes("litellm.exceptions", "Timeout")
                    + exception_classes("openai", "APITimeoutError")
                    + exception_classes("httpx", "TimeoutException")),
        "connection": ((ConnectionError,) + exception_classes(dspy_ex, "LMTransportError")
                       + exception_classes("litellm.exceptions", "APIConnectionError")
                       + exception_classes("openai", "APIConnectionError")
                       + exception_classes("httpx", "NetworkError", "RemoteProtocolError")),
        "server": (exception_classes(dspy_ex, "LMServerError")
                   + exception_classes("litellm.exceptions", "InternalServerError",
                              "ServiceUnavailableError", "BadGatewayError")
                   + exception_classes("openai", "InternalServerError")),
    }


def _status(exc: BaseException) -> int | None:
    for name in ("status_code", "status"):
        value = getattr(exc, name, None)
        if isinstance(value, int):
            return value
    return None


def transient_kind(exc: BaseException) -> str | None:
    """rate_limit | timeout | connection | server if retrying may help, else None."""
    chain = cause_chain(exc)
    if re.search(r"insufficient_quota|quota exceeded|exceeded your current quota|billing",
                 " ".join(str(e) for e in chain), re.I):
        return None  # a 429 that no wait will fix
    classes = _transient_classes()
    for e in chain:
        for kind, types in classes.items():
            if types and isinstance(e, types):
                return kind
    for e in chain:
        status = _status(e)
        if status == 429:
            return "rate_limit"
        if status == 408:
            return "timeout"
        if status is not None and 500 <= status <= 599:
            return "server"
    return None


def call_with_retry(fn: Callable[[], T], policy: RetryPolicy,
                    on_retry: Callable[[str, int, BaseException], None] | None = None) -> T:
    """fn(), retried on transient LM errors at most policy.retries times."""
    attempt = 0
    start = time.monotonic()
    while True:
        try:
            return fn()
        except Exception as exc:
            kind = transient_kind(exc)
            if kind is None or attempt >= policy.retries:
                raise
            delay = policy.delay(attempt, exc)
            if time.monotonic() - start + delay > policy.budget:
                raise
            if on_retry is not None:
                on_retry(kind, attempt, exc)
            time.sleep(delay)
            attempt += 1
