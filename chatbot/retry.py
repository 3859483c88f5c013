"""Retrying transient LM errors (timeout, connection, rate limit, 5xx) with bounded backoff."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from chatbot.llm import _classes

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
        "rate_limit": (_classes(dspy_ex, "LMRateLimitError")
                       + _classes("litellm.exceptions", "RateLimitError")
                       + _classes("openai", "RateLimitError")),
        "timeout": ((TimeoutError,) + _classes(dspy_ex, "LMTimeoutError")
                    + _classes("litellm.exceptions", "Timeout")
                    + _classes("openai", "APITimeoutError")
                    + _classes("httpx", "TimeoutException")),
        "connection": ((ConnectionError,) + _classes(dspy_ex, "LMTransportError")
                       + _classes("litellm.exceptions", "APIConnectionError")
                       + _classes("openai", "APIConnectionError")
                       + _classes("httpx", "NetworkError", "RemoteProtocolError")),
        "server": (_classes(dspy_ex, "LMServerError")
                   + _classes("litellm.exceptions", "InternalServerError",
                              "ServiceUnavailableError", "BadGatewayError")
                   + _classes("openai", "InternalServerError")),
    }


def _status(exc: BaseException) -> int | None:
    for name in ("status_code", "status"):
        value = getattr(exc, name, None)
        if isinstance(value, int):
            return value
    return None


def transient_kind(exc: BaseException) -> str | None:
    """rate_limit | timeout | connection | server if retrying may help, else None."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and len(chain) < 12 and all(current is not c for c in chain):
        chain.append(current)
        current = current.__cause__ or current.__context__
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
