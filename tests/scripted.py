"""Helpers to script ReAct trajectories for dspy.utils.DummyLM (real adapter parsing)."""

from __future__ import annotations

from typing import Any


def step(tool: str, args: dict[str, Any] | None = None, thought: str = "ok") -> dict[str, Any]:
    return {"next_thought": thought, "next_tool_name": tool, "next_tool_args": args or {}}


def finish() -> dict[str, Any]:
    return step("finish")


def answer(response: str, save_memory: bool) -> dict[str, Any]:
    """The response agent's extract step."""
    return {"reasoning": "done", "response": response, "save_memory": save_memory}


def summary(text: str = "done") -> dict[str, Any]:
    """The memory update agent's extract step."""
    return {"reasoning": "done", "summary": text}
