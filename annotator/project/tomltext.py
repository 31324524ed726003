"""Small TOML helpers: write a parsed document back, and find the line of a key.

Written by hand so the app needs no TOML-writing dependency; it handles every value
``tomllib`` returns, so a document read and written again parses to the same data.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import tomllib
from collections.abc import Mapping
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"
_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+|\"[^\"]*\")\s*=")
_ERROR_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def dumps(document: Mapping[str, Any], *, first: tuple[str, ...] = ()) -> str:
    """TOML text for ``document``; top-level tables named in ``first`` come first, in order."""
    ordered = {k: document[k] for k in first if k in document}
    ordered.update((k, v) for k, v in document.items() if k not in ordered)
    lines: list[str] = []
    _table(lines, (), ordered)
    return "\n".join(lines).lstrip("\n") + "\n"


def string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def key(name: str) -> str:
    return name if _BARE_KEY.match(name) else string(name)


def value(obj: Any) -> str:
    """One inline value (tables inside arrays become inline tables)."""
    if isinstance(obj, bool):
        return "true" if obj else "false"
    if isinstance(obj, int):
        return str(obj)
    if isinstance(obj, float):
        if math.isnan(obj):
            return "nan"
        if math.isinf(obj):
            return "inf" if obj > 0 else "-inf"
        return repr(obj)
    if isinstance(obj, str):
        return string(obj)
    if isinstance(obj, dt.date | dt.time):
        return obj.isoformat()
    if isinstance(obj, Mapping):
        inner = ", ".join(f"{key(k)} = {value(v)}" for k, v in obj.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(obj, list | tuple):
        return "[" + ", ".join(value(v) for v in obj) + "]"
    raise TypeError(f"cannot write {type(obj).__name__} to TOML")


def _is_table_array(obj: Any) -> bool:
    return isinstance(obj, list | tuple) and bool(obj) and all(isinstance(v, Mapping) for v in obj)


def _table(lines: list[str], path: tuple[str, ...], table: Mapping[str, Any]) -> None:
    scalars = [
        (k, v) for k, v in table.items() if not isinstance(v, Mapping) and not _is_table_array(v)
    ]
    lines.extend(f"{key(k)} = {value(v)}" for k, v in scalars)
    for name, sub in table.items():
        sub_path = (*path, name)
        header = ".".join(key(p) for p in sub_path)
        if isinstance(sub, Mapping):
            if _needs_header(sub):
                lines.extend(("", f"[{header}]"))
            _table(lines, sub_path, sub)
        elif _is_table_array(sub):
            for element in sub:
                lines.extend(("", f"[[{header}]]"))
                _table(lines, sub_path, element)


def _needs_header(table: Mapping[str, Any]) -> bool:
    """A table holding only sub-tables is implied by their headers; an empty one is not."""
    return not table or any(
        not isinstance(v, Mapping) and not _is_table_array(v) for v in table.values()
    )


def key_lines(text: str) -> dict[str, int]:
    """Line of each ``table.key = …`` in ``text`` (first occurrence), for messages."""
    found: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            table = header.group(1).replace(" ", "")
            found.setdefault(table, number)
            continue
        match = _KEY.match(line)
        if match:
            name = match.group(1).strip('"')
            found.setdefault(f"{table}.{name}" if table else name, number)
    return found


def error_line(exc: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    """The line number in a tomllib error and its message without the position."""
    text = str(exc)
    match = _ERROR_LINE.search(text)
    if match is None:
        return None, text
    return int(match.group(1)), _ERROR_LINE.sub(f"(column {match.group(2)})", text)


def set_table_keys(text: str, table: str, values: Mapping[str, str]) -> str:
    """``text`` with ``key = value`` set in ``[table]``, everything else kept as written.

    ``values`` are TOML literals (see :func:`value`). A key already in the table has its
    line replaced; new keys go after the table's last key; a missing table is appended at
    the end. Comments and layout a person wrote stay where they were.
    """
    lines = text.splitlines()
    start = end = None
    current = ""
    for index, line in enumerate(lines):
        header = _HEADER.match(line)
        if header:
            current = header.group(1).replace(" ", "")
            if current == table:
                start = end = index + 1
            continue
        if current == table and _KEY.match(line):
            end = index + 1
    pending = dict(values)
    if start is not None:
        for index in range(start, end):
            match = _KEY.match(lines[index])
            name = match.group(1).strip('"') if match else None
            if name in pending:
                lines[index] = f"{key(name)} = {pending.pop(name)}"
        lines[end:end] = [f"{key(k)} = {v}" for k, v in pending.items()]
    else:
        while lines and not lines[-1].strip():
            lines.pop()
        lines += ["", f"[{table}]", *(f"{key(k)} = {v}" for k, v in pending.items())]
    return "\n".join(lines) + "\n"
