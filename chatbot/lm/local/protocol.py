"""DSPy engine requests (dspy.lm15) as llama.cpp chat-completion calls, and the replies back."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

# Keys of Config.extensions passed through to llama.cpp's sampler.
_EXTENSION_KEYS = frozenset({"repeat_penalty", "min_p", "typical_p"})
# Text the reply starts with, written into the prompt instead of decoded (a field header the
# adapter always asks for first); the reply handed back starts with it. It travels in the
# request's `metadata` (OpenAI's free-form request labels, which DSPy passes through to
# Config.extensions; an unknown top-level key is refused): config={"metadata": {KEY: text}}.
ASSISTANT_PREFIX = "assistant_prefix"
# Where the prefix goes in a rendered chat template (no template writes NUL bytes).
_MARK = "\x00continue-here\x00"


def _text_of(parts: Sequence[Any], where: str) -> str:
    from dspy import lm15

    texts = []
    for part in parts:
        if isinstance(part, lm15.TextPart):
            texts.append(part.text)
        elif isinstance(part, lm15.ThinkingPart):
            continue
        else:
            raise lm15.UnsupportedFeatureError(
                f"the local model takes text only ({where} holds a {type(part).__name__})",
                provider="local",
            )
    return "".join(texts)


def request_to_messages(request) -> list[dict[str, str]]:
    """OpenAI-style chat messages for llama.cpp's chat template."""
    messages: list[dict[str, str]] = []
    if request.system is not None:
        system = (
            request.system
            if isinstance(request.system, str)
            else _text_of(request.system, "system")
        )
        messages.append({"role": "system", "content": system})
    for message in request.messages:
        role = "system" if message.role == "developer" else message.role
        if role not in ("system", "user", "assistant"):
            from dspy import lm15

            raise lm15.UnsupportedFeatureError(
                f"the local model has no {message.role!r} messages (no native tool calling)",
                provider="local",
            )
        messages.append({"role": role, "content": _text_of(message.parts, f"a {role} message")})
    return messages


def assistant_prefix(request) -> str:
    """The text the reply is to continue from (the request metadata's "assistant_prefix"), or
    ""."""
    metadata = (request.config.extensions or {}).get("metadata")
    value = metadata.get(ASSISTANT_PREFIX) if isinstance(metadata, dict) else None
    return value if isinstance(value, str) else ""


@functools.lru_cache(maxsize=4)
def _formatter(template: str, bos_token: str, eos_token: str):
    """The template compiled once (a model's template is a few kB of Jinja)."""
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    return Jinja2ChatFormatter(template=template, eos_token=eos_token, bos_token=bos_token,
                               add_generation_prompt=False)


def continuation_prompt(template: str, messages: list[dict[str, str]], prefix: str, *,
                        bos_token: str = "", eos_token: str = "") -> str | None:
    """The chat template's prompt for `messages` with the assistant's reply begun by `prefix`.

    The reply is rendered as a finished assistant message holding a marker, and the prompt is
    cut at the marker: whatever the template writes before an assistant's text (for ChatML,
    `<|im_start|>assistant` and a newline) stays as the template has it. None when the template does
    not write the message's text as it is (then the caller asks without a prefix).
    """
    formatter = _formatter(template, bos_token, eos_token)
    rendered = formatter(messages=[*messages, {"role": "assistant", "content": _MARK}]).prompt
    at = rendered.find(_MARK)
    return None if at < 0 else rendered[:at] + prefix


def rendered_prompt(llama: Any, template: str, messages: list[dict[str, str]],
                    prefix: str) -> str | None:
    """continuation_prompt with the model's own start and end tokens, as llama_cpp.Llama gives
    them to its template (a special token's text, "" for none)."""
    def text(token: int) -> str:
        return llama._model.token_get_text(token) if token != -1 else ""

    return continuation_prompt(template, messages, prefix, bos_token=text(llama.token_bos()),
                               eos_token=text(llama.token_eos()))


def continued_chat(prefix: str, out: Any, stream: bool) -> Any:
    """create_completion's result for a continued prompt as a chat completion (stream: its
    chunks), the text led by `prefix`."""
    if not stream:
        choice = out["choices"][0]
        return {"choices": [{"message": {"content": prefix + (choice.get("text") or "")},
                             "finish_reason": choice.get("finish_reason")}],
                "usage": out.get("usage") or {}}
    return _continued_chunks(prefix, out)


def _continued_chunks(prefix: str, chunks: Iterator[dict]) -> Iterator[dict]:
    """The prefix goes out with the first decoded chunk, not before it: a reply's first words
    reach the screen when the model has begun, as any reply's do (and time-to-first-token
    measures the model, not the prefix)."""
    try:
        pending = prefix
        for chunk in chunks:
            choice = (chunk.get("choices") or [{}])[0]
            yield {"choices": [{"delta": {"content": pending + (choice.get("text") or "")},
                                "finish_reason": choice.get("finish_reason")}]}
            pending = ""
        if pending:
            yield {"choices": [{"delta": {"content": pending}, "finish_reason": None}]}
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


def request_to_kwargs(request, default_max_tokens: int = 1024) -> dict[str, Any]:
    """create_chat_completion keyword arguments from the request's Config."""
    from dspy import lm15

    if request.tools:
        raise lm15.UnsupportedFeatureError(
            "the local model has no native tool calling", feature="tools", provider="local"
        )
    config = request.config
    for name in ("reasoning", "logprobs", "probabilities", "tool_choice"):
        if getattr(config, name, None) is not None:
            raise lm15.UnsupportedFeatureError(
                f"the local model does not support {name}",
                feature=f"config.{name}",
                provider="local",
            )
    kwargs: dict[str, Any] = {
        "temperature": 0.0 if config.temperature is None else float(config.temperature),
        "max_tokens": config.max_tokens or default_max_tokens,
    }
    if config.top_p is not None:
        kwargs["top_p"] = config.top_p
    if config.top_k is not None:
        kwargs["top_k"] = config.top_k
    if config.stop:
        kwargs["stop"] = list(config.stop)
    if config.seed is not None:
        kwargs["seed"] = config.seed
    if config.presence_penalty is not None:
        kwargs["presence_penalty"] = config.presence_penalty
    if config.frequency_penalty is not None:
        kwargs["frequency_penalty"] = config.frequency_penalty
    fmt = config.response_format
    if fmt:
        kind = fmt.get("type")
        if kind == "json_object":
            kwargs["response_format"] = {"type": "json_object"}
        elif kind == "json_schema":
            schema = fmt.get("schema") or (fmt.get("json_schema") or {}).get("schema")
            # llama.cpp turns the schema into a grammar (falling back to plain JSON if it can't).
            kwargs["response_format"] = (
                {"type": "json_object", "schema": schema} if schema else {"type": "json_object"}
            )
    for key, value in (config.extensions or {}).items():
        if key in _EXTENSION_KEYS:
            kwargs[key] = value
    return kwargs


_FINISH = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_call",
    "function_call": "tool_call",
}


def finish_reason(llama_reason: str | None) -> str:
    """dspy.lm15's finish reason for llama.cpp's (None or unknown counts as "stop")."""
    return _FINISH.get(llama_reason or "stop", "stop")


def completion_to_response(out: dict, model: str):
    """A dspy.lm15.Response from llama-cpp-python's chat completion dict (usage included)."""
    from dspy import lm15

    choice = (out.get("choices") or [{}])[0]
    text = (choice.get("message") or {}).get("content") or ""
    usage = out.get("usage") or {}
    return lm15.Response(
        id=out.get("id") or None,
        model=model,
        message=lm15.Message.assistant(text),
        finish_reason=finish_reason(choice.get("finish_reason")),
        usage=lm15.Usage(
            input_tokens=usage.get("prompt_tokens"), output_tokens=usage.get("completion_tokens")
        ),
    )
