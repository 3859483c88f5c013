"""Secrets in a message never reach memory, history or (by default) the transcript.

One rule set, small and testable: API keys and tokens, `key=value` credentials, private key
blocks, card numbers (Luhn), IBANs (mod 97), and passwords or account numbers stated in prose.
Each match becomes MARKER; the words around it stay, so the rest of the fact is still useful.
Numbers that fail their checksum (order numbers, phone numbers, dates) are kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARKER = "[redacted secret]"

# A value a rule found; never the marker itself, so redact() is idempotent.
_VALUE = r"(?!\[redacted)[^\s\"'`,;]+"

_PRIVATE_KEY = re.compile(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
    re.S,
)

_TOKENS = re.compile(
    "|".join([
        r"\bsk-(?:proj-|ant-|or-v1-)?[A-Za-z0-9_\-]{16,}",        # OpenAI, Anthropic, OpenRouter
        r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}",                 # Stripe secret/restricted
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",                          # AWS access key id
        r"\bgh[pousr]_[A-Za-z0-9]{30,}",                           # GitHub tokens
        r"\bgithub_pat_[A-Za-z0-9_]{22,}",
        r"\bgl(?:pat|dt)-[A-Za-z0-9_\-]{20,}",                     # GitLab
        r"\bxox[abposr]-[A-Za-z0-9\-]{10,}",                       # Slack
        r"\bAIza[0-9A-Za-z_\-]{35}",                               # Google API key
        r"\bhf_[A-Za-z0-9]{30,}",                                  # Hugging Face
        r"\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}",  # JWT
    ])
)

# `api_key=...`, `"password": "..."`, `Authorization: Bearer ...`: the value goes, the name stays.
_ASSIGNMENT = re.compile(
    r"(?i)\b(?:[a-z0-9]+[_-])?(?:api[_-]?key|apikey|secret(?:[_-]?key)?|client[_-]?secret"
    r"|access[_-]?token|auth[_-]?token|api[_-]?token|refresh[_-]?token|bearer[_-]?token"
    r"|private[_-]?key|password|passwd|passphrase|pwd)[\"']?\s*[:=]\s*[\"']?(" + _VALUE + ")"
)
_BEARER = re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/\-]{16,}=*)")
_URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:([^\s@/]+)@", re.I)

# "my password is hunter2", "the wifi passcode for the office is: x", "my PIN was 4821".
_PROSE = re.compile(
    r"(?i)\b(?:password|passphrase|passcode|passwort|pin(?:\s+code)?|pin\s+number|cvv|cvc"
    r"|security\s+code|api\s+key|access\s+token|secret\s+key|(?:bank\s+)?account\s+(?:number|no\.?)"
    r"|routing\s+number|sort\s+code|iban|social\s+security\s+number|ssn)"
    r"(?:\s+(?:for|to|of|on|at)\s+(?:[\w.@'\-]+\s+){0,3}?[\w.@'\-]+)?"
    r"\s*(?:(?:\bis\b|\bwas\b|\bare\b)\s*[:=]?|[:=])\s*(?:now\s+|still\s+|actually\s+)?"
    r"(?:\"([^\"\n]{1,100})\"|'([^'\n]{1,100})'|“([^”\n]{1,100})”|(" + _VALUE + "))"
)
# "account no. 31926819", "routing number 021000021", "sort code 12-34-56".
_ACCOUNT = re.compile(
    r"(?i)\b(?:account|acct|routing|sort\s+code)\s*(?:number|no\.?|nr\.?|#)?\s*"
    r"(?:is\b|was\b|[:=#])?\s*(\d[\d \-]{4,30}\d)"
)
# Words that follow "my password is" without being one.
_NOT_A_SECRET = frozenset("""
a an the my your his her our their its this that it not no none too very so quite really also
just still now being been set reset changed stored saved kept written hidden encrypted hashed
wrong incorrect correct right weak strong long short secure insecure safe unsafe expired
required needed missing invalid valid same different easy hard simple complex complicated empty
blank ok okay fine good bad great terrible secret private known unknown forgotten lost
in on at of for to with from by about and or but if when what which who where how why
something nothing anything everything somewhere mine yours case sensitive
""".split())

# Digit groups of 3-6 (card layouts are 4-4-4-4, 4-6-5, ...), so lists of small numbers and
# dates never form a candidate.
_CARD = re.compile(r"(?<![\d.,\-])[2-6]\d{2,5}(?:[ \-]?\d{3,6}){1,6}(?![\d])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,31}", re.I)


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_ok(candidate: str) -> bool:
    s = re.sub(r"\s", "", candidate).upper()
    if not (15 <= len(s) <= 34 and s[:2].isalpha() and s[2:4].isdigit() and s.isalnum()):
        return False
    moved = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _cards(text: str) -> list[Finding]:
    out = []
    for m in _CARD.finditer(text):
        groups = [(g.start(), g.end()) for g in re.finditer(r"\d+", m.group())]
        # Two numbers side by side ("call 555 0132, card 4111 ...") form one run: try each
        # contiguous span of groups, longest first, so the card inside is still found.
        i = 0
        while i < len(groups):
            for j in range(len(groups), i, -1):
                digits = "".join(m.group()[a:b] for a, b in groups[i:j])
                if 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn_ok(digits):
                    out.append(Finding("card", m.start() + groups[i][0],
                                       m.start() + groups[j - 1][1]))
                    i = j - 1
                    break
            i += 1
    return out


def _ibans(text: str) -> list[Finding]:
    out = []
    for m in _IBAN.finditer(text):
        s = m.group()
        # The pattern may run into the next word ("... 3000 please"): shrink until it checks out.
        for end in range(len(s), 14, -1):
            if s[end - 1] != " " and iban_ok(s[:end]):
                out.append(Finding("iban", m.start(), m.start() + end))
                break
    return out


def _group_spans(pattern: re.Pattern[str], kind: str, text: str) -> list[Finding]:
    return [Finding(kind, m.start(1), m.end(1)) for m in pattern.finditer(text)]


def _prose(text: str) -> list[Finding]:
    out = []
    for m in _PROSE.finditer(text):
        quoted = next((g for g in (1, 2, 3) if m.group(g)), None)
        if quoted is not None:  # a quoted value is meant as one, whatever its words
            out.append(Finding("password", m.start(quoted), m.end(quoted)))
            continue
        trimmed = m.group(4).rstrip(".!?)]}:")
        if not trimmed or trimmed.lower() in _NOT_A_SECRET:
            continue
        out.append(Finding("password", m.start(4), m.start(4) + len(trimmed)))
    return out


def find_secrets(text: str) -> list[Finding]:
    """Every secret in the text, in order, overlaps merged."""
    if not text:
        return []
    found = [Finding("private_key", m.start(), m.end()) for m in _PRIVATE_KEY.finditer(text)]
    found += [Finding("token", m.start(), m.end()) for m in _TOKENS.finditer(text)]
    found += _group_spans(_ASSIGNMENT, "credential", text)
    found += _group_spans(_BEARER, "token", text)
    found += _group_spans(_URL_PASSWORD, "credential", text)
    found += _cards(text)
    found += _ibans(text)
    found += _prose(text)
    found += _group_spans(_ACCOUNT, "account", text)
    merged: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -f.end)):
        if merged and f.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Finding(last.kind, last.start, max(last.end, f.end))
        else:
            merged.append(f)
    return merged


def redact(text: str) -> str:
    """The text with each secret replaced by MARKER."""
    findings = find_secrets(text)
    if not findings:
        return text
    parts, pos = [], 0
    for f in findings:
        parts.append(text[pos:f.start])
        parts.append(MARKER)
        pos = f.end
    parts.append(text[pos:])
    return "".join(parts)


def has_secret(text: str) -> bool:
    return bool(find_secrets(text))
