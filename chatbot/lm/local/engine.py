"""The embedded local LM: a GGUF model run in-process by llama.cpp, wired into DSPy as an engine."""

# No server and no network. Everything that needs the optional `[local]` extra is imported lazily;
# a missing piece raises `chatbot.lm.errors.LMError` with the install hint.

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from chatbot.lm.errors import LMError
from chatbot.lm.local.lookup import PromptLookup, draft_with_lookup
from chatbot.lm.local.prompt_cache import PromptCache, use_kv_states
from chatbot.lm.local.protocol import (
    assistant_prefix,
    completion_to_response,
    continued_chat,
    finish_reason,
    rendered_prompt,
    request_to_kwargs,
    request_to_messages,
)
from chatbot.lm.local.runtime import idle_cpus, import_llama_cpp, usable_cpus
from chatbot.lm.local.structured import fill_schema, fills_schemas
from chatbot.lm.streaming import current_sink

DEFAULT_N_CTX = 8192
# 512 (was 256, to keep the n_batch x vocabulary logits array small): KV-only saved states
# (prompt_cache.use_kv_states) never write that array; prefill +3-10 % (docs/agents.md).
N_BATCH = 512
# Fused attention: prefill +4 %, decoding +7-10 % up to 2,500 tokens of context (agents.md,
# "Session 12"). Its KV layout differs, so its saved states live apart (prompt_cache_dir).
FLASH_ATTENTION = True
# Saved KV states of recent prompts, so a call whose prompt starts like an earlier one (same
# predictor: same system prompt and demos) evaluates only the new tokens even when other
# predictors ran in between. ~28 KB per token for the default model: 512 MB ≈ 18k tokens.
DEFAULT_PROMPT_CACHE_BYTES = 512 << 20


# DSPy 3.4 talks to a model through the engine contract (`dspy.LM(..., engine=, async_engine=)`):
# `complete(dspy.lm15.Request) -> dspy.lm15.Response`. Overriding `BaseLM.forward` is deprecated
# in 3.4 and removed in 3.5, so it is not used here.
class LlamaCppEngine:
    """DSPy engine running a GGUF in-process with llama-cpp-python.

    One llama context is not re-entrant, so generations are serialised by a lock. llama-cpp-python
    keeps the KV cache of the previous prompt, and a RAM cache of saved states
    (`prompt_cache_bytes`, 0 to disable) extends that to the last few distinct prompts, so a
    call sharing a long prefix with an earlier one only evaluates the new tokens.
    """

    # Capability hints read by DSPy's adapters (JSONAdapter sends a schema when true).
    supports_function_calling = False
    supports_reasoning = False
    supports_response_schema = True
    supported_params = frozenset(
        {
            "temperature",
            "max_tokens",
            "top_p",
            "top_k",
            "stop",
            "seed",
            "response_format",
            "presence_penalty",
            "frequency_penalty",
        }
    )

    def __init__(
        self,
        model_path: str | os.PathLike,
        *,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int = 1,
        seed: int = 0,
        model_name: str | None = None,
        default_max_tokens: int = 1024,
        prompt_cache_bytes: int = DEFAULT_PROMPT_CACHE_BYTES,
        prompt_cache_dir: str | os.PathLike | None = None,
        lookup: bool = True,
    ) -> None:
        self.model_path = str(model_path)
        self.n_ctx = int(n_ctx)
        # 0 = auto: before each call, as many threads as there are idle cores (at least 1).
        self.auto_threads = int(n_threads) <= 0
        self.n_threads = usable_cpus() if self.auto_threads else int(n_threads)
        self._threads_now = self.n_threads
        self.seed = int(seed)
        self.model_name = model_name or f"local/{Path(self.model_path).stem}"
        self.default_max_tokens = default_max_tokens
        self.prompt_cache_bytes = int(prompt_cache_bytes)
        # Saved prompt states persist here across processes (None: in memory only).
        self.prompt_cache_dir = Path(prompt_cache_dir) if prompt_cache_dir else None
        # Decoding checks guesses copied from the context (lookup.py; same tokens, fewer steps).
        self.lookup = bool(lookup)
        self.drafter: PromptLookup | None = None
        self.load_seconds: float | None = None
        self._llama = None
        self._load_lock = threading.Lock()
        # A plain Lock (not RLock): the async stream may release it from another thread.
        self._run_lock = threading.Lock()

    # Saving a program that holds this LM records how to rebuild the engine (no secrets).
    def dump_state(self) -> dict:
        return {
            "model_path": self.model_path,
            "n_ctx": self.n_ctx,
            "n_threads": 0 if self.auto_threads else self.n_threads,
            "seed": self.seed,
            "model_name": self.model_name,
            "prompt_cache_bytes": self.prompt_cache_bytes,
            "prompt_cache_dir": str(self.prompt_cache_dir) if self.prompt_cache_dir else None,
            "lookup": self.lookup,
        }

    @classmethod
    def load_state(cls, state: dict) -> LlamaCppEngine:
        return shared_engine(**state)

    @property
    def loaded(self) -> bool:
        return self._llama is not None

    def load(self):
        """Load the model (once) and return the llama_cpp.Llama; LMError if impossible."""
        with self._load_lock:
            if self._llama is None:
                llama_cpp = import_llama_cpp()
                start = time.perf_counter()
                try:
                    llama = llama_cpp.Llama(
                        model_path=self.model_path,
                        n_ctx=self.n_ctx,
                        n_threads=self.n_threads,
                        n_threads_batch=self.n_threads,
                        n_batch=N_BATCH,
                        flash_attn=FLASH_ATTENTION,
                        seed=self.seed,
                        verbose=False,
                    )
                except (ValueError, RuntimeError, OSError) as exc:
                    raise LMError(f"llama.cpp could not load {self.model_path}: {exc}") from exc
                use_kv_states(llama)
                if self.prompt_cache_bytes > 0:
                    llama.set_cache(PromptCache(
                        llama_cpp.llama.LlamaState, ram_bytes=self.prompt_cache_bytes,
                        folder=self.prompt_cache_dir))
                if self.lookup:
                    self.drafter = draft_with_lookup(llama)
                self._llama = llama
                self.load_seconds = time.perf_counter() - start
            return self._llama

    def _translate(self, exc: Exception) -> Exception:
        """llama-cpp-python's failure as the dspy.lm15 error DSPy expects from an engine."""
        from dspy import lm15

        text = str(exc)
        if isinstance(exc, ValueError):
            if "context window" in text or "exceed context" in text:
                return lm15.ContextLengthError(
                    f"{text} (local model, n_ctx={self.n_ctx})", provider="local"
                )
            return lm15.InvalidRequestError(text, provider="local")
        return lm15.ServerError(f"llama.cpp failed: {text}", provider="local")

    def _prepare(self, request) -> tuple[list[dict[str, str]], dict[str, Any], str]:
        from dspy.clients.engines.base import validate_request

        validate_request(request)
        return (request_to_messages(request), request_to_kwargs(request, self.default_max_tokens),
                assistant_prefix(request))

    def _chat(self, llama, messages, kwargs, prefix: str, stream: bool):
        """llama.cpp's chat completion (stream: its chunks). With a chat template: the reply
        begun by `prefix` when one is asked for (part of the prompt, not decoded; the reply
        handed back starts with it), and a reply held to a JSON schema written around the
        values the model chooses (structured.fill_schema). Otherwise asked as a plain chat."""
        template = (getattr(llama, "metadata", None) or {}).get("tokenizer.chat_template")
        schema = (kwargs.get("response_format") or {}).get("schema")
        if template and schema and fills_schemas(llama):
            prompt = rendered_prompt(llama, template, messages, "")
            if prompt is not None:
                return fill_schema(llama, prompt, schema, kwargs, stream)
        prompt = None
        if template and prefix and "response_format" not in kwargs:
            prompt = rendered_prompt(llama, template, messages, prefix)
        if prompt is None:
            return llama.create_chat_completion(messages=messages, stream=stream, **kwargs)
        tokens = llama.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
        out = llama.create_completion(prompt=tokens, stream=stream, **kwargs)
        return continued_chat(prefix, out, stream)

    def _fit_threads(self, llama) -> None:
        """With auto threads, use the cores other processes leave idle right now: two threads
        on a box where another job holds a core only wait for each other."""
        if not self.auto_threads:
            return
        wanted = idle_cpus(self.n_threads)
        if wanted != self._threads_now:
            import llama_cpp

            llama_cpp.llama_set_n_threads(llama._ctx.ctx, wanted, wanted)
            self._threads_now = wanted

    def complete(self, request):
        messages, kwargs, prefix = self._prepare(request)
        llama = self.load()
        sink = current_sink()
        with self._run_lock:
            self._fit_threads(llama)
            try:
                if sink is None:
                    out = self._chat(llama, messages, kwargs, prefix, stream=False)
                else:
                    out = self._complete_streaming(llama, messages, kwargs, prefix, sink)
            except (ValueError, RuntimeError) as exc:
                raise self._translate(exc) from exc
        return completion_to_response(out, self.model_name)

    def _complete_streaming(self, llama, messages, kwargs, prefix, sink) -> dict:
        """A whole completion, its text handed to `sink` piece by piece as it is decoded.

        If the sink raises, decoding stops there (the stream is closed) and the error goes up.
        """
        pieces: list[str] = []
        finish = None
        chunks = self._chat(llama, messages, kwargs, prefix, stream=True)
        try:
            for chunk in chunks:
                choice = (chunk.get("choices") or [{}])[0]
                text = (choice.get("delta") or {}).get("content")
                if text:
                    pieces.append(text)
                    sink(text)
                finish = choice.get("finish_reason") or finish
        finally:
            chunks.close()
        prompt = max(0, int(getattr(llama, "n_tokens", 0) or 0) - len(pieces))
        return {"choices": [{"message": {"content": "".join(pieces)}, "finish_reason": finish}],
                "usage": {"prompt_tokens": prompt, "completion_tokens": len(pieces)}}

    def stream(self, request) -> Iterator:
        """Token-by-token events. Usage is approximate here (one token per text delta)."""
        messages, kwargs, prefix = self._prepare(request)
        return self._events(self.load(), messages, kwargs, prefix)

    def _events(self, llama, messages, kwargs, prefix) -> Iterator:
        from dspy import lm15

        with self._run_lock:
            yield lm15.StreamStartEvent(model=self.model_name)
            deltas, finish = 0, "stop"
            try:
                for chunk in self._chat(llama, messages, kwargs, prefix, stream=True):
                    choice = (chunk.get("choices") or [{}])[0]
                    text = (choice.get("delta") or {}).get("content")
                    if text:
                        deltas += 1
                        yield lm15.StreamDeltaEvent(delta=lm15.TextDelta(text=text))
                    if choice.get("finish_reason"):
                        finish = finish_reason(choice["finish_reason"])
            except (ValueError, RuntimeError) as exc:
                raise self._translate(exc) from exc
            prompt = max(0, int(getattr(llama, "n_tokens", 0) or 0) - deltas)
            usage = lm15.Usage(input_tokens=prompt, output_tokens=deltas)
            yield lm15.StreamEndEvent(finish_reason=finish, usage=usage)

    def close(self) -> None:
        """Free the model (dspy.LM borrows engines and never closes them; the app may)."""
        with self._run_lock, self._load_lock:
            llama, self._llama = self._llama, None
        if llama is not None and callable(getattr(llama, "close", None)):
            llama.close()


class _Failed:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc


class AsyncLlamaCppEngine:
    """Async counterpart: the sync engine runs in a worker thread, so the event loop stays free
    while the model works (the engine's lock still serialises generations)."""

    def __init__(self, engine: LlamaCppEngine) -> None:
        self.engine = engine

    def dump_state(self) -> dict:
        return self.engine.dump_state()

    @classmethod
    def load_state(cls, state: dict) -> AsyncLlamaCppEngine:
        return cls(shared_engine(**state))

    async def complete(self, request):
        return await asyncio.to_thread(self.engine.complete, request)

    async def stream(self, request) -> AsyncIterator:
        """The sync stream, produced in one worker thread and handed over through a queue."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()
        stop = threading.Event()
        done = object()

        def put(item) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, item)
            except RuntimeError:  # the loop is gone; nobody is listening
                stop.set()

        def produce() -> None:
            try:
                events = self.engine.stream(request)
                try:
                    for event in events:
                        if stop.is_set():
                            break
                        put(event)
                finally:
                    events.close()  # releases the engine lock even when abandoned
                put(done)
            except BaseException as exc:  # noqa: BLE001 - handed to the consumer
                put(_Failed(exc))

        worker = loop.run_in_executor(None, produce)
        try:
            while True:
                item = await queue.get()
                if item is done:
                    break
                if isinstance(item, _Failed):
                    raise item.exc
                yield item
        finally:
            stop.set()
            if worker.done():
                worker.result()

    async def aclose(self) -> None:
        return None


_ENGINES: dict[tuple, LlamaCppEngine] = {}
_ENGINES_LOCK = threading.Lock()


def shared_engine(
    model_path: str | os.PathLike,
    n_ctx: int = DEFAULT_N_CTX,
    n_threads: int = 1,
    seed: int = 0,
    model_name: str | None = None,
    prompt_cache_bytes: int = DEFAULT_PROMPT_CACHE_BYTES,
    prompt_cache_dir: str | os.PathLike | None = None,
    lookup: bool = True,
) -> LlamaCppEngine:
    """One engine (one loaded model) per file and settings in this process: the responder and
    the memory agent share the model instead of loading it twice."""
    key = (str(Path(model_path).resolve()), int(n_ctx), max(0, int(n_threads)), int(seed),
           bool(lookup))
    with _ENGINES_LOCK:
        engine = _ENGINES.get(key)
        if engine is None:
            engine = _ENGINES[key] = LlamaCppEngine(
                model_path,
                n_ctx=n_ctx,
                n_threads=n_threads,
                seed=seed,
                model_name=model_name,
                prompt_cache_bytes=prompt_cache_bytes,
                prompt_cache_dir=prompt_cache_dir,
                lookup=lookup,
            )
        return engine
