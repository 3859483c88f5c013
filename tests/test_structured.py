"""A schema's fixed text written by code, the model asked only for the values it chooses
(chatbot.lm.local.structured), on the memory agent's real schema."""

from __future__ import annotations

import importlib.util
import json

import pytest

from chatbot.agents.parts import parts_schema
from chatbot.lm.local.structured import Exhausted, Reply, fill

PARTS = ["hey, first time here.",
         "I'm Bram, I'm lactose intolerant and I coach a football team in Rotterdam."]
SHOWN = ["Lives in Leeds", "Works as a teacher"]
TARGET = {
    "sorted_parts": [
        {"part": PARTS[0], "kind": "small_talk"},
        {"part": PARTS[1], "kind": "fact", "user_name": "Bram",
         "memories": [{"memory": "Lactose intolerant", "category": "health",
                       "replaces": None}]}],
    "shown_memories": [{"memory": SHOWN[0], "now": "unchanged"},
                       {"memory": SHOWN[1], "now": "changed"}]}


class Model:
    """Answers each value it is asked for from `target`, by the value's path; records the
    asks (the text so far, the value's schema, the path)."""

    def __init__(self, target):
        self.target = target
        self.asked: list[tuple[str, dict, tuple]] = []

    def __call__(self, so_far, schema, path):
        self.asked.append((so_far, schema, path))
        value = self.target
        for step in path:
            value = value[step]
        return " " + json.dumps(value)


def test_code_writes_the_fixed_text_and_asks_only_for_chosen_values():
    model = Model(TARGET)
    text, whole = fill(parts_schema(PARTS, [0, 1], SHOWN), model)
    assert whole and json.loads(text) == TARGET
    assert [path for _, _, path in model.asked] == [
        ("sorted_parts", 0, "kind"), ("sorted_parts", 1, "kind"),
        ("sorted_parts", 1, "user_name"), ("sorted_parts", 1, "memories"),
        ("shown_memories", 0, "now"), ("shown_memories", 1, "now")]
    # the parts and the shown memories are in the reply, written by code, never asked for
    for so_far, _, _ in model.asked:
        assert so_far == text[:len(so_far)]
    assert all(PARTS[1] not in json.dumps(schema) for _, schema, _ in model.asked)
    # the kind is asked among every option's kinds; the one chosen picks what follows
    kinds = model.asked[0][1]["enum"]
    assert {"small_talk", "fact", "forget"} <= set(kinds)


def test_the_kind_chosen_decides_which_fields_follow():
    target = {"sorted_parts": [{"part": PARTS[0], "kind": "small_talk"},
                               {"part": PARTS[1], "kind": "forget", "removes": 1}],
              "shown_memories": [{"memory": SHOWN[0], "now": "unchanged"},
                                 {"memory": SHOWN[1], "now": "no_longer_true"}]}
    model = Model(target)
    text, whole = fill(parts_schema(PARTS, [0, 1], SHOWN), model)
    assert whole and json.loads(text) == target
    asked = [path for _, _, path in model.asked]
    assert ("sorted_parts", 1, "removes") in asked
    assert ("sorted_parts", 1, "memories") not in asked
    assert model.asked[asked.index(("sorted_parts", 1, "removes"))][1] == {"enum": [0, 1]}


def test_a_union_code_cannot_tell_apart_is_asked_whole():
    nullable = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    asked = []
    text, whole = fill({"type": "object", "properties": {"x": nullable}, "required": ["x"],
                        "additionalProperties": False},
                       lambda so_far, schema, path: asked.append(schema) or " null")
    assert whole and json.loads(text) == {"x": None} and asked == [nullable]
    open_object = {"type": "object", "properties": {"a": {"type": "string"}}}
    asked.clear()
    text, whole = fill(open_object,
                       lambda so_far, schema, path: asked.append(schema) or '{"a": "b"}')
    assert whole and asked == [open_object] and json.loads(text) == {"a": "b"}


def test_a_reply_cut_by_the_budget_ends_where_it_was_cut():
    def ask(so_far, schema, path):
        if path[-1] == "memories":
            raise Exhausted(' [{"memory": "Lacto')
        return " " + json.dumps(TARGET[path[0]][path[1]][path[2]])

    text, whole = fill(parts_schema(PARTS, [0, 1], SHOWN), ask)
    assert not whole and text.endswith('"memories": [{"memory": "Lacto')


def test_pieces_stream_and_a_consumer_can_stop_between_values():
    model = Model(TARGET)
    reply = Reply()
    seen = []
    for piece in reply.pieces(parts_schema(PARTS, [0, 1], SHOWN), model):
        seen.append(piece)
        if '"user_name":' in piece:
            break  # a cancelled update: nothing more is asked
    assert "".join(seen) == reply.text
    assert [path[-1] for _, _, path in model.asked] == ["kind", "kind"]


@pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None,
                    reason="llama-cpp-python is not installed")
def test_a_value_after_a_key_starts_with_the_space_the_model_writes():
    from llama_cpp import LlamaGrammar

    from chatbot.lm.local.structured import value_gbnf

    led = value_gbnf(json.dumps({"enum": ["fact", "small_talk"]}), lead=True)
    assert 'root ::= " " value-root' in led and "value-root ::=" in led
    assert 'root ::= " "' not in value_gbnf(json.dumps({"enum": ["fact"]}), lead=False)
    LlamaGrammar.from_string(led, verbose=False)  # llama.cpp parses it
