"""Agent instructions and worked examples are product text: they live in prompts/ and load once.

prompts/<agent>.md: a preamble, then `## Step` (the tool loop) and `## Answer` (the final
answer) sections; each section is used with the preamble before it.
prompts/examples/<agent>.json: worked examples (DSPy demos) for the `step` and `answer`
predictors. A step example's `trajectory` is a list of {thought, tool, args, observation}.
Also here: how a conversation and its date are written into an agent's input.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
EXAMPLES_DIR = PROMPTS_DIR / "examples"
_SECTION = re.compile(r"^## +(\w+) *$", re.M)
ASSISTANT_LABEL = "assistant (context only, never store)"
MAX_ASSISTANT_CHARS = 240


@cache
def load_prompt(name: str) -> str:
    path = PROMPTS_DIR / f"{name}.md"
    return path.read_text(encoding="utf-8").strip()


@cache
def load_sections(name: str) -> dict[str, str]:
    """{"step": preamble + step text, "answer": preamble + answer text, "": preamble}."""
    text = load_prompt(name)
    parts = _SECTION.split(text)
    preamble = parts[0].strip()
    out = {"": preamble}
    for i in range(1, len(parts) - 1, 2):
        body = parts[i + 1].strip()
        out[parts[i].lower()] = f"{preamble}\n\n{body}" if preamble else body
    return out


@cache
def _load_examples(name: str) -> dict[str, Any]:
    path = EXAMPLES_DIR / f"{name}.json"
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def load_examples(name: str) -> dict[str, list[dict[str, Any]]]:
    """The worked examples of one agent by predictor ("step", "answer"); fresh copies."""
    data = _load_examples(name)
    return {k: json.loads(json.dumps(v)) for k, v in data.items() if not k.startswith("_")}


def format_conversation(messages: list[dict[str, Any]]) -> str:
    """One line per message. The user's lines are the source of facts; the assistant's are
    marked as context only and cut short, so its words are not mistaken for the user's."""
    lines = []
    for m in messages:
        role = m.get("role", "user")
        content = str(m.get("content", ""))
        if role == "assistant":
            if len(content) > MAX_ASSISTANT_CHARS:
                content = content[:MAX_ASSISTANT_CHARS].rsplit(" ", 1)[0] + " …"
            lines.append(f"{ASSISTANT_LABEL}: {content}")
        elif m.get("name"):
            lines.append(f"{m['name']} ({role}): {content}")
        else:
            lines.append(f"{role}: {content}")
    return "\n".join(lines)


def describe_date(date: str) -> str:
    """An ISO date as the agents read it ("Monday 08 May 2023"); anything else as given."""
    try:
        return datetime.fromisoformat(date).strftime("%A %d %B %Y")
    except ValueError:
        return date
