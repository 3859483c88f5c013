"""A JSON reply held to a schema, with the text the schema fixes written by code, not decoded.

llama.cpp holds a reply to a JSON schema with a grammar, but it still decodes every token
the grammar allows in one way only: keys, brackets, commas and constants. The memory agent's
schema (chatbot.agents.parts) repeats each part of the user's message and each shown memory
as a constant, so most of its reply was fixed text decoded a token at a time (~10 tokens/s on
2 cores, where the same text read as prompt goes ~100 tokens/s).

`fill(schema, ask)` writes the reply itself and asks the model only for the values it
chooses: `ask(text_so_far, value_schema, path)` continues the prompt and the JSON so far with
one value held to that value's own schema. Written by code:
- an object whose properties are all required and no others allowed: its keys, in the
  schema's order, and the punctuation between them;
- `const` values and one-value enums;
- an array of `prefixItems` only: exactly those items (as llama.cpp's own grammar has it);
- `anyOf` objects that share their first keys and differ at one key with fixed values none of
  them share: the shared start, then that key's value is asked for, and only the option it
  names goes on.
Everything else (strings, enums, arrays of items, numbers, other unions) is one value the
model writes.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

Ask = Callable[[str, dict[str, Any], tuple[Any, ...]], str]


class Exhausted(Exception):
    """The token budget ran out inside a value; the reply so far is cut there."""

    def __init__(self, text: str = ""):
        super().__init__("the reply reached max_tokens")
        self.text = text


def fill(schema: dict[str, Any], ask: Ask) -> tuple[str, bool]:
    """The JSON text for `schema` (the model asked only for what it chooses), and whether it
    is whole (False: the budget ran out and the text is cut)."""
    reply = Reply()
    for _ in reply.pieces(schema, ask):
        pass
    return reply.text, reply.whole


class Reply:
    """A reply being written: `pieces()` yields its text piece by piece, so a stream can
    hand each on (and stop the reply between two values by raising)."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.whole = True

    @property
    def text(self) -> str:
        return "".join(self.out)

    def pieces(self, schema: dict[str, Any], ask: Ask) -> Iterator[str]:
        try:
            yield from _value(schema, ask, self.out, ())
        except Exhausted as cut:
            self.whole = False
            self.out.append(cut.text)
            yield cut.text


def _fixed(schema: dict[str, Any]) -> tuple[bool, Any]:
    if "const" in schema:
        return True, schema["const"]
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) == 1:
        return True, enum[0]
    return False, None


def _choices(schema: dict[str, Any]) -> list[Any] | None:
    """The values a schema allows, when it lists them (const or enum)."""
    fixed, value = _fixed(schema)
    if fixed:
        return [value]
    enum = schema.get("enum")
    return list(enum) if isinstance(enum, list) and enum else None


def _closed_object(schema: Any) -> bool:
    props = schema.get("properties") if isinstance(schema, dict) else None
    return (isinstance(props, dict) and schema.get("type", "object") == "object"
            and schema.get("additionalProperties") is False
            and set(schema.get("required") or []) == set(props))


def _items_only(schema: dict[str, Any]) -> bool:
    return (isinstance(schema.get("prefixItems"), list)
            and schema.get("type", "array") == "array" and schema.get("items") in (None, False))


def _split_key(options: list[Any]) -> int | None:
    """Where closed-object options part: every option has the same keys up to and including
    it and the same schemas before it; at it, values listed in each option, none shared.
    None when the options are not like that."""
    if len(options) < 2 or not all(_closed_object(o) for o in options):
        return None
    keys = [list(o["properties"]) for o in options]
    for i in range(min(len(k) for k in keys)):
        if len({k[i] for k in keys}) != 1:
            return None
        subs = [o["properties"][keys[0][i]] for o in options]
        if all(s == subs[0] for s in subs):
            continue
        values = [_choices(s) for s in subs]
        if any(v is None for v in values):
            return None
        seen = [json.dumps(x, sort_keys=True) for v in values for x in v]
        return i if len(seen) == len(set(seen)) else None
    return None


def _put(out: list[str], text: str) -> Iterator[str]:
    out.append(text)
    yield text


def _value(schema: dict[str, Any], ask: Ask, out: list[str],
           path: tuple[Any, ...]) -> Iterator[str]:
    lead = " " if out else ""  # every value but the whole reply follows a space
    fixed, value = _fixed(schema)
    if fixed:
        yield from _put(out, lead + json.dumps(value, ensure_ascii=False))
    elif _closed_object(schema):
        yield from _put(out, lead + "{")
        yield from _members(schema["properties"], list(schema["properties"]), 0, ask, out, path)
        yield from _put(out, " }")
    elif _items_only(schema):
        yield from _put(out, lead + "[")
        for i, item in enumerate(schema["prefixItems"]):
            if i:
                yield from _put(out, ",")
            yield from _value(item, ask, out, (*path, i))
        yield from _put(out, " ]")
    elif isinstance(schema.get("anyOf"), list) and (at := _split_key(schema["anyOf"])) is not None:
        yield from _put(out, lead + "{")
        yield from _parted(schema["anyOf"], at, ask, out, path)
    else:
        yield from _put(out, ask("".join(out), schema, path))


def _members(props: dict[str, Any], keys: list[str], start: int, ask: Ask, out: list[str],
             path: tuple[Any, ...]) -> Iterator[str]:
    """An object's keys and values; `start`: where `keys[0]` is among the object's keys (the
    first opens the object, the others follow a comma)."""
    for n, key in enumerate(keys):
        yield from _put(out, ("" if start + n == 0 else ",") + " " + json.dumps(key) + ":")
        yield from _value(props[key], ask, out, (*path, key))


def _parted(options: list[dict[str, Any]], at: int, ask: Ask, out: list[str],
            path: tuple[Any, ...]) -> Iterator[str]:
    """anyOf objects that part at key number `at`: the shared keys, the parting value asked
    for, then the rest of the one option that allows it."""
    keys = list(options[0]["properties"])
    yield from _members(options[0]["properties"], keys[:at], 0, ask, out, path)
    key = keys[at]
    union = [v for o in options for v in _choices(o["properties"][key]) or []]
    yield from _put(out, ("" if at == 0 else ",") + " " + json.dumps(key) + ":")
    said = ask("".join(out), {"enum": union}, (*path, key))
    yield from _put(out, said)
    try:
        chosen = json.loads(said)
    except ValueError:
        raise Exhausted() from None  # a cut value: the reply ends here
    option = next((o for o in options if chosen in (_choices(o["properties"][key]) or [])),
                  None)
    if option is None:
        raise Exhausted()
    rest = list(option["properties"])[at + 1:]
    yield from _members(option["properties"], rest, at + 1, ask, out, path)
    yield from _put(out, " }")


def fills_schemas(llama: Any) -> bool:
    """Whether code may write a schema's fixed text itself: llama.cpp's own Llama continues a
    prompt with a grammar; a stand-in (the tests' scripted model) is asked for the whole
    reply."""
    import llama_cpp

    return isinstance(llama, llama_cpp.Llama)


def fill_schema(llama: Any, prompt: str, schema: dict[str, Any], kwargs: dict[str, Any],
                stream: bool = False) -> Any:
    """llama.cpp's reply to the rendered `prompt`, held to `schema`, as a chat completion
    (stream: its chunks, one per piece): code writes the fixed text (`fill`), the model each
    value it chooses, continuing the prompt and the reply so far with that value's grammar.
    The reply so far is read as prompt, reusing the KV cache of the text before it; only the
    values are decoded. `usage` counts the decoded tokens as completion tokens."""
    from llama_cpp import LlamaGrammar

    budget = int(kwargs.get("max_tokens") or 1024)
    sampling = {k: v for k, v in kwargs.items()
                if k not in ("response_format", "max_tokens", "stop", "stream")}
    usage = {"prompt_tokens": 0, "completion_tokens": 0, "values_asked": 0}
    cache = getattr(llama, "cache", None)
    # The context as tokens: the prompt, then each value as the model's own tokens and each
    # stretch of fixed text tokenized alone (as the model, forced by a grammar, wrote it before).
    context = {"tokens": llama.tokenize(prompt.encode("utf-8"), add_bos=False, special=True),
               "chars": 0}  # how much of the reply the tokens hold

    def ask(so_far: str, value: dict[str, Any], path: tuple[Any, ...]) -> str:
        left = budget - usage["completion_tokens"]
        if left <= 0:
            raise Exhausted()
        fixed = so_far[context["chars"]:]
        tokens = context["tokens"] + (
            llama.tokenize(fixed.encode("utf-8"), add_bos=False, special=False) if fixed else [])
        grammar = LlamaGrammar.from_string(
            value_gbnf(json.dumps(value), lead=bool(so_far)), verbose=False)
        # The first value may start from a saved state of the prompt; the later ones extend
        # the context in place (saving a state after each would copy the KV cache each time).
        llama.cache = cache if usage["values_asked"] == 0 else None
        try:
            out = llama.create_completion(prompt=tokens, grammar=grammar, max_tokens=left,
                                          **sampling)
        finally:
            llama.cache = cache
        usage["values_asked"] += 1
        counts = out.get("usage") or {}
        usage["prompt_tokens"] = usage["prompt_tokens"] or int(counts.get("prompt_tokens") or 0)
        usage["completion_tokens"] += int(counts.get("completion_tokens") or 0)
        choice = out["choices"][0]
        text = choice.get("text") or ""
        if choice.get("finish_reason") == "length":
            raise Exhausted(text)
        # what llama.cpp evaluated: the prompt given and the value's tokens (the stop it
        # sampled last is not evaluated; a guess checked past it, lookup.py, is not kept)
        written = len(tokens) + int(counts.get("completion_tokens") or 0)
        context["tokens"] = [int(t) for t in llama.input_ids[:min(llama.n_tokens, written)]]
        context["chars"] = len(so_far) + len(text)
        return text

    reply = Reply()
    if stream:
        return _chunks(reply, reply.pieces(schema, ask))
    for _ in reply.pieces(schema, ask):
        pass
    return {"choices": [{"message": {"role": "assistant", "content": reply.text},
                         "finish_reason": "stop" if reply.whole else "length"}],
            "usage": usage}


_ROOT = re.compile(r"^root\s*::=", re.M)


@functools.lru_cache(maxsize=64)
def value_gbnf(schema: str, lead: bool) -> str:
    """The GBNF grammar of one JSON value held to `schema` (JSON text; llama.cpp's own
    conversion), led by a space when `lead`: after a key's colon the model then writes the
    space and the quote as the one token it would choose itself (a prompt cut after the space
    puts it off its usual tokens). Cached: every part asks for the same `kind` enum."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    gbnf = json_schema_to_gbnf(schema)
    if lead:
        gbnf = _ROOT.sub("value-root ::=", gbnf, count=1) + '\nroot ::= " " value-root\n'
    return gbnf


def _chunks(reply: Reply, pieces: Iterator[str]) -> Iterator[dict]:
    try:
        for piece in pieces:
            yield {"choices": [{"delta": {"content": piece}, "finish_reason": None}]}
        yield {"choices": [{"delta": {}, "finish_reason": "stop" if reply.whole else "length"}]}
    finally:
        pieces.close()
