"""Helpers to script ReAct trajectories for dspy.utils.DummyLM (real adapter parsing)."""

from __future__ import annotations

from typing import Any

from dspy.utils import DummyLM


class ScriptLM(DummyLM):
    """DummyLM that also takes a plain string as one call's whole output (a small model's
    plain chat reply, chatbot.agents.chat_reply); dicts are written as fields as before."""

    def _format_answer_fields(self, field_names_and_values: Any) -> str:
        if isinstance(field_names_and_values, str):
            return field_names_and_values
        return super()._format_answer_fields(field_names_and_values)


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


# --- a scripted llama.cpp behind the real local engine (the small-model path) -----------------

# The shape of Qwen2.5's chat template (ChatML), for a scripted model that has one.
CHATML = ("{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n"
          "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


class ScriptedLlama:
    """Quacks like llama_cpp.Llama: each call returns the next scripted reply, streamed in small
    pieces when asked; records the messages and keyword arguments of every call.

    With a chat `template`, the engine may also continue a prompt it rendered itself
    (`create_completion`, an assistant prefix): the call is recorded as ([{"prompt": text}],
    kwargs), and a scripted reply that starts with the prefix is given from after it."""

    def __init__(self, replies: list[str], piece: int = 3, template: str | None = None):
        self.replies = list(replies)
        self.piece = piece
        self.calls: list[tuple[list[dict], dict]] = []
        self.n_tokens = 0
        self.on_piece = None  # called with each streamed piece (e.g. to cancel mid-reply)
        self.metadata = {"tokenizer.chat_template": template} if template else {}

    def create_chat_completion(self, messages, stream=False, **kwargs):
        self.calls.append((messages, kwargs))
        reply = self._next(kwargs)
        if not stream:
            return {"choices": [{"message": {"role": "assistant", "content": reply},
                                 "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5}}
        return self._chunks(reply, lambda p: {"delta": {"content": p}})

    def create_completion(self, prompt, stream=False, **kwargs):
        (text,) = prompt
        self.calls.append(([{"prompt": text}], kwargs))
        reply = self._next(kwargs)
        started = text.rsplit("<|im_start|>assistant\n", 1)[-1]
        reply = reply[len(started):] if reply.startswith(started) else reply
        if not stream:
            return {"choices": [{"text": reply, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5}}
        return self._chunks(reply, lambda p: {"text": p})

    # what the engine asks of a model with a template
    def token_bos(self) -> int:
        return -1

    def token_eos(self) -> int:
        return -1

    def tokenize(self, data: bytes, add_bos: bool = True, special: bool = False) -> list[str]:
        return [data.decode("utf-8")]

    def _next(self, kwargs) -> str:
        reply = self.replies.pop(0) if self.replies else "[[ ## completed ## ]]"
        for stop in kwargs.get("stop") or []:  # as llama.cpp: the output ends before a stop
            reply = reply.split(stop, 1)[0]
        return reply

    def _chunks(self, reply: str, choice):
        for i in range(0, len(reply), self.piece):
            piece = reply[i:i + self.piece]
            if self.on_piece is not None:
                self.on_piece(piece)
            yield {"choices": [{**choice(piece), "finish_reason": None}]}
        yield {"choices": [{**choice(""), "finish_reason": "stop"}]}


def scripted_local_lm(llama: ScriptedLlama):
    """A dspy.LM on the real embedded engine whose llama.cpp is `llama` (model name local/...,
    so the agents hold it to the small-model limits)."""
    import dspy

    from chatbot.lm.local.engine import AsyncLlamaCppEngine, LlamaCppEngine

    engine = LlamaCppEngine("/nonexistent/scripted.gguf", model_name="local/scripted")
    engine._llama = llama
    return dspy.LM("local/scripted", engine=engine, async_engine=AsyncLlamaCppEngine(engine),
                   temperature=0.0, max_tokens=256, cache=False, num_retries=0)


def chat_reply(response: str, save_memory: bool = True) -> str:
    """The response agent's answer as the ChatAdapter asks the model to write it."""
    return field_reply(response, save_memory)


def field_reply(response: str, save_memory: bool) -> str:
    """The response agent's answer as the ChatAdapter asks a model to write it."""
    return (f"[[ ## response ## ]]\n{response}\n\n[[ ## save_memory ## ]]\n{save_memory}\n\n"
            "[[ ## completed ## ]]")


def json_step(tool: str, args: dict[str, Any] | None = None, thought: str = "ok") -> str:
    """A tool step as a JSON object (the memory agent's steps on small models)."""
    import json

    return json.dumps({"next_thought": thought, "next_tool_name": tool,
                       "next_tool_args": args or {}})


def json_parts(parts: list[dict[str, Any]], shown: list[dict[str, Any]] | None = None) -> str:
    """The memory agent's reply on small models: each part of the message sorted, then the
    closest shown memories reviewed (chatbot.agents.parts)."""
    import json

    return json.dumps({"sorted_parts": parts, "shown_memories": shown or []})


def fact(part: str, *memories: str, kind: str = "fact", name: str | None = None,
         replaces: int | None = None) -> dict[str, Any]:
    """One sorted part that holds memories to keep."""
    return {"part": part, "kind": kind, "user_name": name,
            "memories": [{"memory": m, "category": "misc", "replaces": replaces}
                         for m in memories]}
