"""Kinds of personal data that are never stored, and text as it may leave for a hosted LM.

Credentials are always redacted (chatbot.redact) before any write. `health` and `finances` are
optional kinds (CHATBOT_NEVER_STORE=credentials,health): a memory of such a kind is refused
before anything is written, whichever writer (agent, CLI, import) tries. A memory is of a kind
when one of its categories names it (the agents categorise every memory), or when its text
uses a word that only that kind uses. The word lists are short on purpose: they are a backstop
for an uncategorised memory, measured on tests/test_privacy.py's corpus both ways.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from chatbot.errors import ChatbotError
from chatbot.redact import redact

KINDS = ("credentials", "health", "finances")
DEFAULT_NEVER_STORE = ("credentials",)

_CATEGORIES = {
    "health": {"health", "medical", "medicine", "medication", "diagnosis", "mental_health",
               "illness", "condition", "therapy", "symptoms"},
    "finances": {"finance", "finances", "financial", "money", "salary", "income", "debt",
                 "banking", "bank", "taxes", "tax", "loans", "investments"},
}
_WORDS = {
    "health": re.compile(
        r"(?i)\b(?:diagnos(?:ed|is)|prescri(?:bed|ption)|medication|antidepressants?|insulin"
        r"|chemo(?:therapy)?|diabet(?:es|ic)|cancer|hiv|depression|anxiety\s+disorder|adhd"
        r"|bipolar|epilep(?:sy|tic)|asthma(?:tic)?|allerg(?:y|ic)|surgery|therapist"
        r"|psychiatrist|blood\s+pressure|pregnan(?:t|cy)|migraines?|disorder)\b"),
    "finances": re.compile(
        r"(?i)(?:\b(?:salary|income|earns?|debt|loan|mortgage|overdraft|bank\s+balance|savings"
        r"|net\s+worth|credit\s+score|bankrupt(?:cy)?)\b|[$€£]\s?\d|\b\d[\d,.]*\s?(?:k\s)?"
        r"(?:dollars|euros|pounds|usd|eur|gbp)\b)"),
}


class NotStoredError(ChatbotError):
    """The memory is of a kind the privacy policy never stores."""


@dataclass(frozen=True)
class PrivacyPolicy:
    never_store: frozenset[str] = field(default_factory=lambda: frozenset(DEFAULT_NEVER_STORE))

    @classmethod
    def from_kinds(cls, kinds: str | list[str] | tuple[str, ...] | None) -> PrivacyPolicy:
        """From a list or a comma-separated setting; unknown kinds are a ConfigError."""
        from chatbot.errors import ConfigError

        if isinstance(kinds, str):
            kinds = kinds.split(",")
        wanted = {k.strip().lower() for k in kinds or () if k.strip()}
        unknown = wanted - set(KINDS)
        if unknown:
            raise ConfigError(f"never_store: unknown kind {sorted(unknown)[0]!r}; known kinds: "
                              f"{', '.join(KINDS)}")
        return cls(frozenset(wanted | {"credentials"}))  # credentials are never optional

    def kind_of(self, text: str, categories: list[str] | tuple[str, ...] = ()) -> str | None:
        """The first never-stored kind this memory is of (credentials are redacted, not one)."""
        cats = {c.lower() for c in categories}
        for kind in ("health", "finances"):
            if kind in self.never_store and (cats & _CATEGORIES[kind] or _WORDS[kind].search(text)):
                return kind
        return None

    def check(self, text: str, categories: list[str] | tuple[str, ...] = ()) -> None:
        """Raise NotStoredError if the memory is of a never-stored kind."""
        kind = self.kind_of(text, categories)
        if kind is not None:
            raise NotStoredError(
                f"not stored: {kind} details are never kept (CHATBOT_NEVER_STORE)")


DEFAULT_POLICY = PrivacyPolicy()


def for_hosted_lm(text: str, *, redact_enabled: bool = True) -> str:
    """What may be sent to a hosted LM: the text with its secrets redacted (unless disabled)."""
    return redact(text) if redact_enabled else text


def is_hosted(lm_name: str, api_base: str | None = None) -> bool:
    """Whether the LM runs somewhere else: not the bundled model, not a server on this host."""
    name = (lm_name or "").strip().lower()
    if name == "local" or name.startswith("local:"):
        return False
    host = (api_base or "").lower()
    return not any(h in host for h in ("://localhost", "://127.0.0.1", "://[::1]"))


def _redact_messages(messages: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    if not messages:
        return messages
    out = []
    for m in messages:
        content = m.get("content")
        if isinstance(content, str):
            m = {**m, "content": redact(content)}
        elif isinstance(content, list):
            m = {**m, "content": [{**p, "text": redact(p["text"])}
                                  if isinstance(p, dict) and isinstance(p.get("text"), str)
                                  else p for p in content]}
        out.append(m)
    return out


class _Redacting:
    """Mixed into a DSPy LM's class: every prompt and message is redacted before it is sent."""

    redacts_secrets = True

    def __call__(self, prompt: str | None = None, *, messages: Any = None, **kwargs: Any) -> Any:
        prompt = redact(prompt) if isinstance(prompt, str) else prompt
        return super().__call__(prompt, messages=_redact_messages(messages), **kwargs)  # type: ignore[misc]

    async def acall(self, prompt: str | None = None, *, messages: Any = None,
                    **kwargs: Any) -> Any:
        prompt = redact(prompt) if isinstance(prompt, str) else prompt
        return await super().acall(  # type: ignore[misc]
            prompt, messages=_redact_messages(messages), **kwargs)


def redacting(lm: Any) -> Any:
    """The same LM object, now sending every prompt with its secrets redacted (idempotent).
    For a hosted LM: `if settings.redact_hosted_lm and is_hosted(settings.lm,
    settings.lm_api_base): lm = redacting(lm)`."""
    if getattr(lm, "redacts_secrets", False):
        return lm
    cls = type(lm)
    lm.__class__ = type(f"Redacting{cls.__name__}", (_Redacting, cls), {})
    return lm
