"""JSON and TOML parsed with a refusal, by line, of a text nesting too deep.

Python's JSON and TOML parsers recurse once per level of nesting, so a few kilobytes of
``[[[[…`` or ``a = [[[[…`` stop them with a ``RecursionError``, a traceback for the person
who gave us the file. :func:`parse_json` and :func:`parse_toml` turn it into
:class:`TooDeepError`, which names the line where the text nests deepest, so that each
reader refuses the file (or the entry) as it refuses any other bad text.

The parser itself finds the depth it cannot follow, so a good file costs nothing more; only a
refused text is gone through again, counting brackets outside strings (and, in TOML,
comments), to find the line.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_JSON_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_TOML_STRINGS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
                           r"|'[^'\n]*'|#[^\n]*")
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_MOST_DIGITS = 4300
"""Python's limit on the digits of a whole number read from text."""


class TooDeepError(ValueError):
    """A text nesting arrays or objects deeper than a parser can follow."""

    def __init__(self, line: int, depth: int):
        super().__init__(f"nests {depth} levels deep on line {line}")
        self.line = line
        self.depth = depth

    def says(self, what: str) -> str:
        """The refusal in words (``what``: "This file", "This line"…)."""
        return (f"{what} nests arrays or objects {self.depth:,} levels deep, too deep to "
                "be read (no file for this app nests more than a few): it was not read.")


def parse_json(text: str) -> Any:
    """``json.loads(text)``; :class:`TooDeepError` for a text nesting too deep, and
    ``json.JSONDecodeError`` for a whole number Python will not read (thousands of digits)."""
    with refusing_deep(text):
        return json.loads(text, parse_int=whole_number)


def whole_number(digits: str) -> int:
    """A JSON whole number; one of more digits than Python reads (it would raise a plain
    ``ValueError``) is refused as JSON the app cannot read."""
    if len(digits) > _MOST_DIGITS:
        raise json.JSONDecodeError(f"a whole number of {len(digits):,} digits", digits, 0)
    return int(digits)


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``; :class:`TooDeepError` for a text nesting too deep."""
    with refusing_deep(text, toml=True):
        return tomllib.loads(text)


@contextmanager
def refusing_deep(text: str, *, toml: bool = False) -> Iterator[None]:
    """Parsing ``text`` inside: a ``RecursionError`` becomes :class:`TooDeepError`."""
    try:
        yield
    except RecursionError:
        line, depth = deepest(text, toml=toml)
        raise TooDeepError(line, depth) from None


def deepest(text: str, *, toml: bool = False) -> tuple[int, int]:
    """The line (from 1) where ``text`` first reaches its greatest depth, and that depth."""
    strings = _TOML_STRINGS if toml else _JSON_STRINGS
    kept = strings.sub(_newlines_of, text)
    depth = most = at = 0
    for found in _BRACKETS.finditer(kept):
        depth += _STEP[found.group()]
        if depth > most:
            most, at = depth, found.start()
    return kept.count("\n", 0, at) + 1, most


def _newlines_of(found: re.Match[str]) -> str:
    """A string or comment taken out, its lines kept (so later lines keep their number)."""
    return "\n" * found.group().count("\n")
