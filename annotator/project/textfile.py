"""Read a text file a person gave us as UTF-8, saying on which line it is not.

Shared by the sidecar captions, the line-based importers and the JSON importers, so each
reports a wrong encoding or broken JSON the same way: file, line and what to do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from annotator.project.model import Problem
from annotator.project.nesting import TooDeepError, parse_json


def read_text(path: Path, *, what: str = "file") -> tuple[str, Problem | None]:
    """The text of ``path`` (UTF-8, a BOM allowed), or ``("", problem)``."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return "", Problem(path, None, f"The {what} cannot be read: {exc.strerror or exc}.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return "", Problem(path, line, f"The {what} is not UTF-8 text; save it as UTF-8.")
    zero = text.find("\x00")
    if zero != -1:
        return "", Problem(path, text.count("\n", 0, zero) + 1,
                           f"The {what} holds a NUL character (a zero byte) on this line, which "
                           "no text has: it is damaged, or saved as UTF-16; save it as UTF-8.")
    return text, None


def numbered_lines(path: Path, problems: list[Problem]) -> list[tuple[int, str]]:
    """The non-blank lines of ``path`` with their numbers; when the file cannot be read,
    none, and the reason joins ``problems``."""
    text, problem = read_text(path)
    if problem is not None:
        problems.append(problem)
        return []
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


def load_json_file(path: Path) -> tuple[Any, Problem | None]:
    """The JSON value in ``path``, or ``(None, problem)`` naming the line where it breaks."""
    text, problem = read_text(path)
    if problem is not None:
        return None, problem
    try:
        return parse_json(text), None
    except TooDeepError as exc:
        return None, Problem(path, exc.line, exc.says("This file"))
    except json.JSONDecodeError as exc:
        return None, Problem(path, exc.lineno, f"This is not valid JSON: {exc.msg} "
                             f"(column {exc.colno}).")
