"""Tool steps held to a JSON schema: the model can only name a tool it is offered, with that
tool's arguments, and only ids it was shown.

llama.cpp turns the schema into a grammar, so a small model cannot break it; other LMs that
support structured output get the same schema. Used for the memory agent on small models
(Limits.grammar).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dspy

# Arguments that name shown memories, by the small integer ids of the prompt.
ID_ARGS = {"memory_id": "one", "memory_ids": "many"}
MAX_THOUGHT_CHARS = 80


def tool_args_schema(tool: Any, ids: list[int]) -> dict[str, Any]:
    """The JSON schema of one tool's arguments, ids limited to those shown."""
    properties: dict[str, Any] = {}
    for name, schema in (getattr(tool, "args", None) or {}).items():
        kind = ID_ARGS.get(name)
        if kind == "one":
            schema = {"enum": ids}
        elif kind == "many":
            schema = {"type": "array", "items": {"enum": ids}, "minItems": 1}
        elif not schema:
            schema = {"type": "string"}
        properties[name] = schema
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


def step_schema(tools: dict[str, Any], ids: list[int]) -> dict[str, Any]:
    """One ReAct step: a short thought, then one of `tools` with its own arguments."""
    options = []
    for name, tool in tools.items():
        args = (tool_args_schema(tool, ids) if name != "finish"
                else {"type": "object", "properties": {}, "additionalProperties": False})
        options.append({
            "type": "object",
            "properties": {
                "next_thought": {"type": "string", "maxLength": MAX_THOUGHT_CHARS},
                "next_tool_name": {"const": name},
                "next_tool_args": args,
            },
            "required": ["next_thought", "next_tool_name", "next_tool_args"],
            "additionalProperties": False,
        })
    return {"anyOf": options}


class SchemaAdapter(dspy.JSONAdapter):
    """JSONAdapter whose reply is held to the schema `schema()` builds for each call."""

    def __init__(self, schema: Callable[[], dict[str, Any]]):
        super().__init__()
        self.schema = schema

    def _prepare_response_format(self, lm, lm_kwargs, signature):
        if "response_format" not in lm.supported_params:
            return super()._prepare_response_format(lm, lm_kwargs, signature)
        lm_kwargs["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "tool_step", "schema": self.schema(), "strict": True},
        }
        return None


def supports_schema(lm: Any) -> bool:
    """The LM can hold its reply to a JSON schema (the embedded llama.cpp engine can)."""
    try:
        return bool(lm is not None and lm.supports_response_schema
                    and "response_format" in lm.supported_params)
    except Exception:  # noqa: BLE001 - a capability probe must not fail a turn
        return False
