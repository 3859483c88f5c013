"""Saved llama.cpp states of earlier prompts, in memory and on disk, without their logits.

llama-cpp-python looks up the longest saved prefix of each new prompt, so a call that starts
like an earlier one (same predictor: same instructions and examples) evaluates only the new
tokens. Two changes to its stock caches:
- A saved state carries a copy of the logits of up to n_batch tokens (512 x 151,936 floats,
  311 MB for the bundled model) that no later call reads: after a state is loaded the last
  prompt token is always evaluated again. Kept, they made a chat process grow past 7 GB;
  here they are dropped, so a state is its KV cache (~28 KB per token).
- States of prompts that hold no user text (the warm-up of each agent's fixed start, made
  inside `shared_prompts()`) also go to a folder (under the models dir), so the next process
  starts warm: a new `chatbot chat` or demo does not pay the first evaluation of each agent's
  prompt again. Every other prompt carries what the user said and what is remembered of them
  (its tokens are the key, its KV cache is derived from them): those states stay in RAM and
  die with the process, so no file outside the data dir holds a user's words, and forget-me
  has nothing to chase. Older versions saved every prompt (as `*.state`): those files are
  removed when the folder is opened.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import numpy as np

logger = logging.getLogger(__name__)

DEFAULT_RAM_BYTES = 512 << 20
DEFAULT_DISK_BYTES = 1536 << 20
_SUFFIX = ".shared-state"
_OLD_SUFFIX = ".state"  # every prompt, user text included: removed on sight

_SHARED: ContextVar[bool] = ContextVar("chatbot_shared_prompts", default=False)


@contextmanager
def shared_prompts() -> Iterator[None]:
    """The model calls in this block send prompts with no user text in them (a warm-up with
    placeholder inputs): their states may be kept on disk for the next process."""
    token = _SHARED.set(True)
    try:
        yield
    finally:
        _SHARED.reset(token)


def use_kv_states(llama: Any) -> None:
    """Save and load `llama`'s states as their KV cache only (save_kv_state, load_kv_state).

    llama-cpp-python's own save_state copies the n_batch x vocabulary logits array (155 MB
    at n_batch 256) and the KV cache three times, and its load_state writes that array back:
    ~0.35 s a call here, paid after every completion while the prompt cache is on. Looked up
    at call time, so a profiler can wrap the two functions."""
    llama.save_state = lambda: save_kv_state(llama)
    llama.load_state = lambda state: load_kv_state(llama, state)


def save_kv_state(llama: Any) -> Any:
    """The context's state (its KV cache and the tokens it holds) in one copy, no logits."""
    import ctypes

    import llama_cpp

    size = int(llama_cpp.llama_state_get_size(llama._ctx.ctx))
    data = bytearray(size)
    written = int(llama_cpp.llama_state_get_data(
        llama._ctx.ctx, (ctypes.c_uint8 * size).from_buffer(data), size))
    if written > size:
        raise RuntimeError("Failed to copy llama state data")
    if written < size:
        del data[written:]
    return llama_cpp.llama.LlamaState(
        input_ids=llama.input_ids.copy(), scores=np.zeros((1, 1), dtype=np.single),
        n_tokens=llama.n_tokens, llama_state=data, llama_state_size=written, seed=llama._seed)


def load_kv_state(llama: Any, state: Any) -> None:
    """Restore a saved state. No logits are restored: llama-cpp-python evaluates the prompt's
    last token again after a load, and nothing here reads logits it did not just compute."""
    import ctypes

    import llama_cpp

    size = int(state.llama_state_size)
    data = (ctypes.c_uint8 * size).from_buffer_copy(state.llama_state)
    if llama_cpp.llama_state_set_data(llama._ctx.ctx, data, size) != size:
        raise RuntimeError("Failed to set llama state data")
    llama.input_ids = state.input_ids.copy()
    llama.n_tokens = state.n_tokens
    llama._requires_eval = True
    llama._seed = state.seed


def _prefix_len(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class PromptCache:
    """A llama_cpp cache (the BaseLlamaCache protocol): states by token prefix."""

    def __init__(self, llama_state_type: Any, *, ram_bytes: int = DEFAULT_RAM_BYTES,
                 folder: Path | None = None, disk_bytes: int = DEFAULT_DISK_BYTES):
        self.capacity_bytes = ram_bytes
        self._state_type = llama_state_type
        self._ram: OrderedDict[tuple[int, ...], Any] = OrderedDict()
        self._lock = threading.Lock()
        self.folder = folder
        self.disk_bytes = disk_bytes
        self._disk: dict[tuple[int, ...], Path] = {}
        self._to_write: tuple[tuple[int, ...], Any] | None = None
        self._writer: threading.Thread | None = None
        if folder is not None:
            self._disk = self._read_index(folder)

    # -------------------------------------------------------------- protocol

    @property
    def cache_size(self) -> int:
        return sum(s.llama_state_size for s in self._ram.values())

    def __contains__(self, key) -> bool:
        return self._best(tuple(key))[0] is not None

    def __getitem__(self, key):
        key = tuple(key)
        with self._lock:
            best, where = self._best(key)
            if best is None:
                raise KeyError("no saved prompt shares a prefix with this one")
            if where == "ram":
                self._ram.move_to_end(best)
                return self._ram[best]
            state = self._load(self._disk[best])
            if state is None:
                self._disk.pop(best, None)
                raise KeyError("the saved state could not be read")
            self._keep(best, state)
            return state

    def __setitem__(self, key, value) -> None:
        key = tuple(key)
        state = self._compact(value)
        with self._lock:
            self._keep(key, state)
            if self.folder is None or not _SHARED.get():
                return
            # Written by a background thread, newest state first: the reply does not wait.
            self._to_write = (key, state)
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_pending, daemon=True,
                                                name="prompt-cache-writer")
                self._writer.start()

    def _write_pending(self) -> None:
        while True:
            with self._lock:
                item, self._to_write = self._to_write, None
            if item is None:
                return
            self._save(*item)

    def flush(self) -> None:
        """Wait for the background write (tests, and before the process exits)."""
        writer = self._writer
        if writer is not None:
            writer.join()

    # --------------------------------------------------------------- helpers

    def _best(self, key: tuple[int, ...]) -> tuple[tuple[int, ...] | None, str]:
        best, best_len, where = None, 0, ""
        for source, keys in (("ram", list(self._ram)), ("disk", list(self._disk))):
            for k in keys:
                n = _prefix_len(k, key)
                if n > best_len:
                    best, best_len, where = k, n, source
        return best, where

    def _compact(self, state):
        """The state without its logits (a 1-row zero array broadcasts on load)."""
        vocab = state.scores.shape[1] if getattr(state.scores, "ndim", 0) == 2 else 1
        return self._state_type(
            input_ids=state.input_ids, scores=np.zeros((1, vocab), dtype=np.single),
            n_tokens=state.n_tokens, llama_state=state.llama_state,
            llama_state_size=state.llama_state_size, seed=state.seed)

    def _keep(self, key: tuple[int, ...], state) -> None:
        self._ram[key] = state
        self._ram.move_to_end(key)
        while len(self._ram) > 1 and self.cache_size > self.capacity_bytes:
            self._ram.popitem(last=False)

    # ------------------------------------------------------------------ disk

    @staticmethod
    def _read_index(folder: Path) -> dict[tuple[int, ...], Path]:
        index: dict[tuple[int, ...], Path] = {}
        try:
            for old in folder.glob(f"*{_OLD_SUFFIX}"):
                old.unlink(missing_ok=True)
            files = sorted(folder.glob(f"*{_SUFFIX}"), key=lambda p: p.stat().st_mtime)
        except OSError:
            return index
        for path in files:
            try:
                with path.open("rb") as f:
                    tokens = pickle.load(f)  # the header: the state's token prefix
                index[tuple(int(t) for t in tokens)] = path
            except Exception:  # noqa: BLE001 - a damaged file is skipped and removed
                path.unlink(missing_ok=True)
        return index

    def _save(self, key: tuple[int, ...], state) -> None:
        """Write the state (best effort: a full or read-only disk only costs speed)."""
        folder = self.folder
        assert folder is not None
        name = hashlib.sha256(np.asarray(key, dtype=np.int64).tobytes()).hexdigest()[:32]
        path = folder / f"{name}{_SUFFIX}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(list(key), f, protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump({"input_ids": state.input_ids, "n_tokens": state.n_tokens,
                             "llama_state": state.llama_state,
                             "llama_state_size": state.llama_state_size, "seed": state.seed,
                             "vocab": state.scores.shape[1]}, f,
                            protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except OSError as exc:
            logger.info("prompt cache not written to %s: %s", folder, exc)
            return
        with self._lock:
            self._disk[key] = path
            self._trim_disk()

    def _trim_disk(self) -> None:
        sizes = []
        for k, p in self._disk.items():
            try:
                sizes.append((p.stat().st_mtime, p.stat().st_size, k, p))
            except OSError:
                sizes.append((0.0, 0, k, p))
        total = sum(s for _, s, _, _ in sizes)
        for _, size, k, p in sorted(sizes, key=lambda t: t[0]):
            if total <= self.disk_bytes or len(self._disk) <= 1:
                break
            p.unlink(missing_ok=True)
            self._disk.pop(k, None)
            total -= size

    def _load(self, path: Path):
        try:
            with path.open("rb") as f:
                pickle.load(f)
                data = pickle.load(f)
        except Exception:  # noqa: BLE001 - a damaged file is a miss, and is removed
            path.unlink(missing_ok=True)
            return None
        return self._state_type(
            input_ids=data["input_ids"], scores=np.zeros((1, data["vocab"]), dtype=np.single),
            n_tokens=data["n_tokens"], llama_state=data["llama_state"],
            llama_state_size=data["llama_state_size"], seed=data["seed"])
