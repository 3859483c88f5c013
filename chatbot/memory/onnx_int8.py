"""An int8 ONNX Runtime copy of a sentence-transformers encoder, built locally from its weights.

Why: on this class of machine (2 shared cores, no GPU) the bundled MiniLM embeds ~110-280
texts/s with torch fp32 and spends ~75 % of a search embedding the query. Its own weights,
exported to ONNX and quantized to int8 (MatMul weights, per channel), run several times faster
in ONNX Runtime with vectors at cosine ~0.99 to fp32 (scripts/bench_embed.py, docs/retrieval.md).

Nothing is downloaded: the export reads the installed model, and the result is cached under the
models dir (CHATBOT_MODELS_DIR), keyed by the source weights and this recipe. Each build is
checked against the fp32 model on probe sentences before it is used.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import torch

from chatbot.errors import ConfigError

# Bump when the export or quantization changes: cached files carry it in their name.
RECIPE = "int8-matmul-perchannel-opset17-v1"
# A build whose vectors stray further than this from fp32 is refused (measured min ~0.95).
MIN_PROBE_COSINE = 0.93
_PROBES = [
    "hi",
    "I moved to Lisbon last spring and I am learning Portuguese.",
    "[8 May 2023] Melanie: What did you do?\nCaroline: I went to the support group "
    "yesterday and it was powerful.",
    "My daughter's birthday is on the 3rd of June; she turns seven. " * 6,
]
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def cache_key(weights: Path) -> str:
    """Names the built file: the source weights (path, size, mtime) and the recipe."""
    st = weights.stat()
    raw = f"{weights.resolve()}|{st.st_size}|{st.st_mtime_ns}|{RECIPE}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def _weights_file(model_dir: Path) -> Path:
    for name in ("model.safetensors", "pytorch_model.bin"):
        if (model_dir / name).is_file():
            return model_dir / name
    raise ConfigError(f"no model weights under {model_dir} to build an int8 copy from")


def _export(transformer_module: Any, dst: Path) -> None:
    """torch -> ONNX fp32 (TorchScript exporter: it needs no extra packages) -> int8."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    bert = transformer_module.model

    class LastHiddenState(torch.nn.Module):
        def __init__(self, model: Any):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.model(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    sample = transformer_module.preprocess(_PROBES[:2])
    args = tuple(sample.get(n, torch.zeros_like(sample["input_ids"])) for n in _INPUTS)
    axes = {n: {0: "batch", 1: "tokens"} for n in (*_INPUTS, "last_hidden_state")}
    # Eager attention exports as plain MatMul/Softmax, which the int8 pass then quantizes.
    previous = getattr(bert.config, "_attn_implementation", None)
    with tempfile.TemporaryDirectory(dir=dst.parent) as tmp:
        fp32 = Path(tmp) / "fp32.onnx"
        try:
            if previous is not None:
                bert.config._attn_implementation = "eager"
            with warnings.catch_warnings(), torch.no_grad():
                warnings.simplefilter("ignore")
                torch.onnx.export(LastHiddenState(bert).eval(), args, str(fp32),
                                  input_names=list(_INPUTS), output_names=["last_hidden_state"],
                                  dynamic_axes=axes, opset_version=17, dynamo=False)
        finally:
            if previous is not None:
                bert.config._attn_implementation = previous
        quiet = logging.getLogger().level
        logging.getLogger().setLevel(logging.ERROR)  # "consider pre-processing" warning
        try:
            quantize_dynamic(str(fp32), str(Path(tmp) / "int8.onnx"), per_channel=True,
                             op_types_to_quantize=["MatMul"], weight_type=QuantType.QInt8)
        finally:
            logging.getLogger().setLevel(quiet)
        os.replace(Path(tmp) / "int8.onnx", dst)  # atomic: a reader never sees half a file


class OnnxEncoder(torch.nn.Module):
    """Stands in for the torch BertModel inside sentence-transformers' Transformer module.

    Tokenising, pooling and normalising stay sentence-transformers' own; only the encoder's
    forward pass runs in ONNX Runtime.
    """

    def __init__(self, path: Path, config: Any, threads: int):
        import onnxruntime as ort

        super().__init__()
        options = ort.SessionOptions()
        options.intra_op_num_threads = max(1, threads)
        options.inter_op_num_threads = 1
        # Idle pool threads must not spin: the box is shared with the LM and other processes.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])
        self.config = config
        self.path = path
        # The exporter drops an input the model never reads (MPNet has no token types).
        self._inputs = {i.name for i in self.session.get_inputs()}

    def forward(self, input_ids, attention_mask, token_type_ids=None, **_: Any) -> dict:
        if token_type_ids is None:
            token_type_ids = torch.zeros_like(input_ids)
        feed = {"input_ids": input_ids.numpy(), "attention_mask": attention_mask.numpy(),
                "token_type_ids": token_type_ids.numpy()}
        feed = {name: value for name, value in feed.items() if name in self._inputs}
        (hidden,) = self.session.run(None, feed)
        return {"last_hidden_state": torch.from_numpy(hidden)}


def _probe_cosines(model: Any) -> np.ndarray:
    return np.asarray(model.encode(_PROBES, normalize_embeddings=True, convert_to_numpy=True,
                                   show_progress_bar=False))


def use_int8(model: Any, model_dir: Path, cache_dir: Path, threads: int, label: str) -> Path:
    """Swap `model`'s torch encoder for its int8 ONNX copy (built and checked if not cached)."""
    transformer = model[0]
    if not hasattr(transformer, "model") or not hasattr(transformer, "preprocess"):
        raise ConfigError("an int8 copy needs a sentence-transformers Transformer encoder")
    weights = _weights_file(model_dir)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create {cache_dir} for the int8 embedder "
                          f"({exc.strerror or exc}); set CHATBOT_MODELS_DIR to a writable folder "
                          "or CHATBOT_EMBEDDER=all-MiniLM-L6-v2") from None
    path = cache_dir / f"{label}-{cache_key(weights)}.onnx"
    fresh = not path.is_file()
    reference = _probe_cosines(model) if fresh else None
    if fresh:
        try:
            _export(transformer, path)
        except Exception as exc:  # noqa: BLE001 - exporter/quantizer errors vary by version
            raise ConfigError(f"cannot build the int8 embedder under {cache_dir} "
                              f"({exc.__class__.__name__}: {exc}); use the fp32 embedder: "
                              "CHATBOT_EMBEDDER=all-MiniLM-L6-v2") from exc
    torch_encoder = transformer.model
    try:
        encoder = OnnxEncoder(path, torch_encoder.config, threads)
    except Exception as exc:  # noqa: BLE001 - a cached file cut short or from another ORT
        if fresh:
            raise ConfigError(f"cannot load the int8 embedder built at {path} "
                              f"({exc.__class__.__name__})") from exc
        path.unlink(missing_ok=True)  # derived data: rebuild it from the weights
        return use_int8(model, model_dir, cache_dir, threads, label)
    transformer.model = encoder
    if reference is not None:
        cosines = np.sum(_probe_cosines(model) * reference, axis=1)
        if float(cosines.min()) < MIN_PROBE_COSINE:
            transformer.model = torch_encoder
            path.unlink(missing_ok=True)
            raise ConfigError(f"the int8 embedder built under {cache_dir} disagrees with fp32 "
                              f"(cosine {cosines.min():.3f}); use CHATBOT_EMBEDDER="
                              "all-MiniLM-L6-v2")
    return path
