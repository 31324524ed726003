"""The docs' tables of names, read as the tests that check them against the code read them
(a helper module: tests/test_docs.py and tests/ui/test_keyboard_docs.py share it)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "CONTRIBUTING.md",
        *sorted((ROOT / "docs").glob("*.md")))
MARKER = re.compile(r"<!--\s*([a-z-]+):\s*(\S+)\s*-->")


def expand(text: str) -> list[str]:
    """``a.{b,c}.d`` → ``a.b.d``, ``a.c.d``."""
    parts = re.split(r"(\{[^{}]*\})", text)
    choices = [part[1:-1].split(",") if part.startswith("{") else [part] for part in parts]
    return ["".join(chosen) for chosen in itertools.product(*choices)]


def documented(kind: str, cell: int = 1) -> dict[str, list[str]]:
    """``{id: names}`` of every table marked ``<!-- kind: id -->`` in the docs; with
    ``cell`` 2, each name's entry in the second column instead (a SQLite column's type)."""
    found: dict[str, list[str]] = {}
    for doc in DOCS:
        lines = doc.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            marker = MARKER.fullmatch(line.strip())
            if marker is None or marker.group(1) != kind:
                continue
            assert marker.group(2) not in found, f"{doc.name}:{number + 1}: listed twice"
            rows = list(itertools.takewhile(lambda row: row.startswith("|"),
                                            lines[number + 1:]))
            names = [name if cell == 1 else row.split("|")[2].strip() for row in rows[2:]
                     for listed in re.findall(r"`([^`]+)`", row.split("|")[1])
                     for name in expand(listed)]
            assert names, f"{doc.name}:{number + 1}: no table of names after the marker"
            found[marker.group(2)] = names
    return found
