"""GuardedReAct: dspy.ReAct with short instructions, demos, code guards, and lenient parsing."""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any, Literal

import dspy
from dspy.utils.exceptions import AdapterParseError, ContextWindowExceededError

from chatbot.lm.local.protocol import ASSISTANT_PREFIX

logger = logging.getLogger(__name__)

_HEADER = re.compile(r"\[\[ ## (\w+) ## \]\]")
_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off", "none", "null"}

COMPLETED = "[[ ## completed ## ]]"
STEP_PROTOCOL = """\
Work in steps. In each step write `next_thought` (one short sentence), pick `next_tool_name`, \
and give `next_tool_args` as a JSON object with exactly the tool's arguments. The result of \
each call is added to `trajectory`. Call `finish` with {} as soon as you are done.
Tools:"""

# Before a call: None to run it, or (observation, reason to stop or None) to refuse it.
BeforeTool = Callable[[str, dict[str, Any]], "tuple[str, str | None] | None"]
# After a call: (observation for the trajectory, reason to stop the loop or None).
AfterTool = Callable[[str, dict[str, Any], Any], "tuple[Any, str | None]"]


def _raw_fields(completion: Any) -> dict[str, Any]:
    """Output fields from a reply in either adapter's shape: `[[ ## name ## ]]` or JSON."""
    if isinstance(completion, dict):
        return completion
    text = str(completion or "")
    if _HEADER.search(text):
        parts = _HEADER.split(text)
        return {parts[i]: parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}
    try:
        import json_repair

        data = json_repair.loads(text)
    except Exception:  # noqa: BLE001 - anything unreadable is simply "no fields"
        try:
            data = json.loads(text)
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}


def as_bool(value: Any) -> bool | None:
    """A yes/no the model wrote in any common spelling; None if it is neither."""
    if isinstance(value, bool):
        return value
    word = str(value if value is not None else "").strip().strip("\"'`.*").lower()
    return True if word in _TRUE else False if word in _FALSE else None


def read_fields_leniently(signature: type[dspy.Signature], completion: Any,
                          required: tuple[str, ...]) -> dict[str, Any] | None:
    """The output fields of an answer DSPy could not parse; None if a required one is missing.

    A bool that is neither yes nor no is left None, for the caller to default and count.
    """
    raw = _raw_fields(completion)
    out: dict[str, Any] = {}
    for name, info in signature.output_fields.items():
        value = raw.get(name)
        if info.annotation is bool:
            out[name] = as_bool(value)
        elif info.annotation is str:
            text = "" if value is None else str(value).strip()
            if not text and name in required:
                return None
            out[name] = text
        else:
            out[name] = value
    return out


def count_tool_errors(trajectory: dict[str, Any]) -> int:
    """Malformed tool calls (bad argument types, unknown arguments) that DSPy turned into text."""
    return sum(
        1 for k, v in trajectory.items()
        if k.startswith("observation_") and str(v).startswith("Execution error"))


class GuardedReAct(dspy.ReAct):
    """dspy.ReAct that survives malformed model output and lets code hold the tool loop.

    A step DSPy cannot parse (an unknown tool name, arguments that are not an object) ends the
    loop, as dspy.ReAct does for a bad tool choice, and the answer is extracted from what was
    gathered. A final answer it cannot parse is read field by field; it fails only if a
    `required` field is missing. Model failures (timeouts, connection errors) still raise.

    Guards: `before_tool(name, args)` may refuse a call (its text becomes the observation) and
    stop the loop;
    `after_tool(name, args, result)` may rewrite the observation and stop the loop. A stopped
    loop ends with a `finish` step written by code, so the answer step reads a whole trajectory.
    Every LM call the loop makes is one dspy.ReAct would make too, in the same order; a stop
    only leaves out the steps after it.

    `step_instructions` / `answer_instructions` replace the signature's instructions for the
    step and answer predictors (the step predictor also gets the tool list). `answer_inputs`
    limits which inputs the answer step sees; `answer_reasoning=False` drops its reasoning;
    `answer_fields` adds input fields only the answer step has (their values come from
    `answer_context()` after the loop); `answer_trajectory=False` leaves the trajectory out of
    the answer step's input.

    Structure hooks: `before_loop(inputs)` lists tool calls that code makes before the model's
    first step (recorded in the trajectory like the model's own); `answer_by_code(trajectory)`
    writes the answer's fields in code instead of asking the model (one LM call less);
    `answer_opening()` gives words the answer begins with, written into the prompt after the
    answer's header (only where cap_tokens wrote that header in: the embedded engine).
    """

    def __init__(self, signature: type[dspy.Signature], tools: list[Callable[..., Any]],
                 max_iters: int, required: tuple[str, ...] = (), *,
                 step_instructions: str | None = None, answer_instructions: str | None = None,
                 answer_inputs: tuple[str, ...] | None = None, answer_reasoning: bool = True,
                 answer_fields: dict[str, str] | None = None, answer_trajectory: bool = True):
        super().__init__(signature, tools=tools, max_iters=max_iters)
        self.required = required
        self.faults: Counter[str] = Counter()
        self.unread: tuple[str, ...] = ()  # trailing answer fields not decoded (cap_tokens)
        self.guard_counts: Counter[str] = Counter()
        self.before_tool: BeforeTool | None = None
        self.after_tool: AfterTool | None = None
        self.stop_reason: str | None = None
        # The adapters of the tool steps and of the answer step (None: the configured one).
        self.step_adapter: Any = None
        self.answer_adapter: Any = None
        self.before_loop: Callable[[dict[str, Any]], list[tuple[str, dict[str, Any]]]] | None = None
        self.answer_context: Callable[[], dict[str, Any]] | None = None
        self.answer_by_code: Callable[[dict[str, Any]], dict[str, Any]] | None = None
        self.answer_opening: Callable[[], str] | None = None
        self.answer_trajectory = answer_trajectory
        self.code_thought = "(searched by code before the first step)"
        if step_instructions is not None:
            self.react = dspy.Predict(self._step_signature(signature, step_instructions))
        if (answer_instructions is not None or answer_inputs is not None or not answer_reasoning
                or answer_fields or not answer_trajectory):
            inputs = {k: v for k, v in signature.input_fields.items()
                      if answer_inputs is None or k in answer_inputs}
            answer = dspy.Signature(
                {**inputs, **signature.output_fields},
                signature.instructions if answer_instructions is None else answer_instructions,
            )
            for i, (name, desc) in enumerate((answer_fields or {}).items()):
                answer = answer.insert(len(inputs) - 1 + i, name, dspy.InputField(desc=desc),
                                       type_=str)
            if answer_trajectory:
                answer = answer.append("trajectory", dspy.InputField(), type_=str)
            self.extract = dspy.ChainOfThought(answer) if answer_reasoning else dspy.Predict(answer)

    def _step_signature(self, signature: type[dspy.Signature], text: str) -> type[dspy.Signature]:
        lines = [text.strip(), "", STEP_PROTOCOL]
        lines += [f"({i + 1}) {tool}" for i, tool in enumerate(self.tools.values())]
        return (
            dspy.Signature({**signature.input_fields}, "\n".join(lines))
            .append("trajectory", dspy.InputField(), type_=str)
            .append("next_thought", dspy.OutputField(), type_=str)
            .append("next_tool_name", dspy.OutputField(),
                    type_=Literal[tuple(self.tools.keys())])
            .append("next_tool_args", dspy.OutputField(), type_=dict[str, Any])
        )

    # ------------------------------------------------------------------------- demos

    @property
    def answer_predictor(self) -> dspy.Predict:
        return getattr(self.extract, "predict", self.extract)

    def set_demos(self, step: list[dspy.Example], answer: list[dspy.Example]) -> None:
        """Worked examples for the step and the answer predictors (shown before the input)."""
        self._demos = (list(step), list(answer))
        self.show_examples(True)

    def show_examples(self, on: bool) -> None:
        """Show the worked examples (set_demos) in the prompts, or leave them out."""
        step, answer = getattr(self, "_demos", ([], []))
        self.react.demos = list(step) if on else []
        self.answer_predictor.demos = list(answer) if on else []

    def cap_tokens(self, step: int | None, answer: int | None, *,
                   stop_at_completed: bool = False, unread: tuple[str, ...] = (),
                   headed: bool = False) -> None:
        """max_tokens for each step and for the answer (None leaves the LM's own), whether
        generation stops at ChatAdapter's end marker, and the answer's trailing output fields
        nobody reads (`unread`): the answer stops as its first unread header begins, so they
        are not decoded (a bool among them reads True: "let the caller decide").

        headed: the answer is written with ChatAdapter's field headers. Then, when one output
        field is left to read, its header is written into the prompt as the reply's start
        (metadata `assistant_prefix`, for the embedded engine) instead of being decoded."""
        self.unread = unread
        read = [name for name in self.answer_predictor.signature.output_fields
                if name not in unread]
        for predictor, cap in ((self.react, step), (self.answer_predictor, answer)):
            for key in ("max_tokens", "stop", "metadata"):
                predictor.config.pop(key, None)
            if cap is not None:
                predictor.config["max_tokens"] = cap
            stop = [COMPLETED] if stop_at_completed else []
            if predictor is self.answer_predictor and unread:
                stop.insert(0, f"[[ ## {unread[0]}")
                if headed and len(read) == 1:
                    predictor.config["metadata"] = {ASSISTANT_PREFIX: f"[[ ## {read[0]} ## ]]\n"}
            if stop:
                predictor.config["stop"] = stop

    def use_examples(self, examples: dict[str, list[dict[str, Any]]]) -> None:
        """Demos from prompts/examples/<agent>.json (see chatbot.agents.prompts)."""
        self.set_demos([self._example(e) for e in examples.get("step", [])],
                       [self._example(e) for e in examples.get("answer", [])])

    def _example(self, example: dict[str, Any]) -> dspy.Example:
        fields = dict(example)
        trajectory: dict[str, Any] = {}
        for i, s in enumerate(fields.pop("trajectory", None) or []):
            trajectory.update({f"thought_{i}": s.get("thought", ""),
                               f"tool_name_{i}": s["tool"],
                               f"tool_args_{i}": s.get("args", {}),
                               f"observation_{i}": s.get("observation", "")})
        fields["trajectory"] = self._format_trajectory(trajectory) if trajectory else ""
        return dspy.Example(**fields)

    # -------------------------------------------------------------------------- loop

    def _execute(self, name: str, args: dict[str, Any]) -> tuple[Any, str | None]:
        refused = self.before_tool(name, args) if self.before_tool and name != "finish" else None
        if refused is not None:
            self.guard_counts["refused_calls"] += 1
            return refused
        try:
            result = self.tools[name](**args)
        except Exception as err:  # noqa: BLE001 - as dspy.ReAct: the model reads the error
            from dspy.utils.exceptions import format_error_for_lm

            return f"Execution error in {name}: {format_error_for_lm(err, traceback_frames=5)}", \
                None
        if self.after_tool is not None and name != "finish":
            return self.after_tool(name, args, result)
        return result, None

    def _end(self, trajectory: dict[str, Any], idx: int, reason: str) -> None:
        """`reason` is a slug (repeated_call, memories_found, ...), counted as stopped_<reason>."""
        self.stop_reason = reason
        self.guard_counts[f"stopped_{reason}"] += 1
        trajectory[f"thought_{idx}"] = f"(ended by code: {reason.replace('_', ' ')})"
        trajectory[f"tool_name_{idx}"] = "finish"
        trajectory[f"tool_args_{idx}"] = {}
        trajectory[f"observation_{idx}"] = "Completed."

    def _answer_inputs(self, input_args: dict[str, Any]) -> dict[str, Any]:
        wanted = self.answer_predictor.signature.input_fields
        return {k: v for k, v in input_args.items() if k in wanted}

    def _record(self, trajectory: dict[str, Any], idx: int, pred: Any) -> tuple[str, Any]:
        trajectory[f"thought_{idx}"] = pred.next_thought
        trajectory[f"tool_name_{idx}"] = pred.next_tool_name
        trajectory[f"tool_args_{idx}"] = pred.next_tool_args
        return pred.next_tool_name, pred.next_tool_args

    def _code_calls(self, trajectory: dict[str, Any], input_args: dict[str, Any]) -> int:
        """Run the calls `before_loop` asks for; the number of trajectory steps they took."""
        calls = self.before_loop(input_args) if self.before_loop is not None else []
        for idx, (name, args) in enumerate(calls):
            trajectory[f"thought_{idx}"] = self.code_thought
            trajectory[f"tool_name_{idx}"] = name
            trajectory[f"tool_args_{idx}"] = args
            trajectory[f"observation_{idx}"] = self._execute(name, args)[0]
        return len(calls)

    def _answer(self, trajectory: dict[str, Any], input_args: dict[str, Any]):
        if self.answer_by_code is not None:
            return self.answer_by_code(trajectory)
        inputs = {**self._answer_inputs(input_args),
                  **(self.answer_context() if self.answer_context is not None else {})}
        with self._opened():
            return self._call_with_potential_trajectory_truncation(
                self.extract, trajectory, **inputs)

    async def _aanswer(self, trajectory: dict[str, Any], input_args: dict[str, Any]):
        if self.answer_by_code is not None:
            return self.answer_by_code(trajectory)
        inputs = {**self._answer_inputs(input_args),
                  **(self.answer_context() if self.answer_context is not None else {})}
        with self._opened():
            return await self._async_call_with_potential_trajectory_truncation(
                self.extract, trajectory, **inputs)

    @contextmanager
    def _opened(self) -> Iterator[None]:
        """The answer's prompt ends with `answer_opening()` after its header, for this call."""
        config = self.answer_predictor.config
        metadata = config.get("metadata")
        opening = self.answer_opening() if self.answer_opening is not None else ""
        if not opening or not isinstance(metadata, dict) or ASSISTANT_PREFIX not in metadata:
            yield
            return
        config["metadata"] = {**metadata, ASSISTANT_PREFIX: metadata[ASSISTANT_PREFIX] + opening}
        try:
            yield
        finally:
            config["metadata"] = metadata

    def forward(self, **input_args):
        trajectory: dict[str, Any] = {}
        max_iters = input_args.pop("max_iters", self.max_iters)
        self.stop_reason = None
        first = self._code_calls(trajectory, input_args)
        for idx in range(first, first + max_iters):
            try:
                pred = self._call_with_potential_trajectory_truncation(
                    self.react, trajectory, **input_args)
            except ContextWindowExceededError as err:
                logger.warning("Ending the trajectory: %s", err)
                break
            except ValueError as err:
                logger.info("Ending the trajectory: no valid tool call (counted in faults): %s",
                            str(err).splitlines()[0][:200])
                break
            name, args = self._record(trajectory, idx, pred)
            observation, stop = self._execute(name, args)
            trajectory[f"observation_{idx}"] = observation
            if name == "finish":
                break
            if stop:
                self._end(trajectory, idx + 1, stop)
                break
        extract = self._answer(trajectory, input_args)
        return dspy.Prediction(trajectory=trajectory, **extract)

    async def aforward(self, **input_args):
        trajectory: dict[str, Any] = {}
        max_iters = input_args.pop("max_iters", self.max_iters)
        self.stop_reason = None
        first = self._code_calls(trajectory, input_args)
        for idx in range(first, first + max_iters):
            try:
                pred = await self._async_call_with_potential_trajectory_truncation(
                    self.react, trajectory, **input_args)
            except ContextWindowExceededError as err:
                logger.warning("Ending the trajectory: %s", err)
                break
            except ValueError as err:
                logger.info("Ending the trajectory: no valid tool call (counted in faults): %s",
                            str(err).splitlines()[0][:200])
                break
            name, args = self._record(trajectory, idx, pred)
            observation, stop = self._execute(name, args)  # our tools are synchronous
            trajectory[f"observation_{idx}"] = observation
            if name == "finish":
                break
            if stop:
                self._end(trajectory, idx + 1, stop)
                break
        extract = await self._aanswer(trajectory, input_args)
        return dspy.Prediction(trajectory=trajectory, **extract)

    # ----------------------------------------------------------------- lenient parsing

    def _adapter(self, module: Any) -> Any:
        adapter = self.step_adapter if module is self.react else self.answer_adapter
        return nullcontext() if adapter is None else dspy.context(adapter=adapter)

    def _call_with_potential_trajectory_truncation(self, module, trajectory, **input_args):
        try:
            with self._adapter(module):
                if module is self.extract and not self.answer_trajectory:
                    return module(**input_args)
                return super()._call_with_potential_trajectory_truncation(
                    module, trajectory, **input_args)
        except AdapterParseError as err:
            return self._recover(module, err)

    async def _async_call_with_potential_trajectory_truncation(self, module, trajectory,
                                                              **input_args):
        try:
            with self._adapter(module):
                if module is self.extract and not self.answer_trajectory:
                    return await module.acall(**input_args)
                return await super()._async_call_with_potential_trajectory_truncation(
                    module, trajectory, **input_args)
        except AdapterParseError as err:
            return self._recover(module, err)

    def _recover(self, module: Any, err: AdapterParseError) -> dspy.Prediction:
        if module is self.react:
            self.faults["malformed_steps"] += 1
            # dspy.ReAct ends the trajectory on ValueError; AdapterParseError is not one.
            raise ValueError(f"unreadable tool call: {str(err)[:200]}") from err
        fields = read_fields_leniently(self.signature, err.lm_response, self.required)
        if fields is None:
            self.faults["malformed_answers"] += 1
            raise err
        absent = set(fields) - set(_raw_fields(err.lm_response))
        missing = {k for k, v in fields.items() if v is None or v == ""}
        if not missing <= absent & set(self.unread):  # fields cut by design are no fault
            self.faults["malformed_answers"] += 1
        for name in missing & absent & set(self.unread):
            if self.signature.output_fields[name].annotation is bool:
                fields[name] = True
        return dspy.Prediction(**fields)
