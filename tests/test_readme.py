"""The README's library example runs as written (on a temp path instead of the home folder)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_library_api_example_runs(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    example = next(b for b in blocks if "MemoryStore(" in b and "store.purge" in b)
    code = example.replace('"~/.local/share/chatbot/memory"', repr(str(tmp_path / "memory")))
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 - our own documentation
    store_path = tmp_path / "memory"
    assert (store_path / "history.sqlite").is_file()
    assert scope["hits"][0].memory_text == "Prefers Python over Java"
