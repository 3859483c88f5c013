"""Agent instructions and worked examples are product text: they live in prompts/ and load once.

prompts/<agent>.md: a preamble, then `## Step` (the tool loop) and `## Answer` (the final
answer) sections; each section is used with the preamble before it.
prompts/examples/<agent>.json: worked examples (DSPy demos) for the `step` and `answer`
predictors. A step example's `trajectory` is a list of {thought, tool, args, observation}.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
EXAMPLES_DIR = PROMPTS_DIR / "examples"
_SECTION = re.compile(r"^## +(\w+) *$", re.M)


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
