"""TOML files a lab lead edits by hand (``project.toml``, rubrics): where each key is written,
and changes that keep everything else as the lead wrote it.

Reading stays with the standard library's ``tomllib`` (strict and fast). Changes go through
``tomlkit``, which edits the parsed file in place: comments, key order, blank lines, quoting
and CRLF line ends survive, whichever TOML form a table is written in (``[rounds.2]``,
``[rounds."2"]``, dotted keys, inline tables).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.toml_document import TOMLDocument

from annotator.errors import ProjectError

_ERROR_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')


def error_line(exc: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    """The line number in a tomllib error and its message without the position."""
    text = str(exc)
    match = _ERROR_LINE.search(text)
    if match is None:
        return None, text
    return int(match.group(1)), _ERROR_LINE.sub(f"(column {match.group(2)})", text)


def edited_text(path: Path, change: Callable[[TOMLDocument], None]) -> str:
    """The text of ``path`` once ``change`` has edited its parsed document.

    What ``change`` does not touch is kept byte for byte; lines it adds end as the file's
    lines do (CRLF when every line of the file ends so). :class:`ProjectError` names the
    line when the file is not TOML.
    """
    data = path.read_bytes()  # bytes: reading as text would turn CRLF into LF
    try:
        text = data.decode("utf-8")
        document = tomlkit.parse(text)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ProjectError("The file is not UTF-8 text.", file=path, line=line) from exc
    except TOMLKitError as exc:
        raise ProjectError(f"The file is not valid TOML: {exc}. Fix that line and try again.",
                           file=path, line=getattr(exc, "line", None)) from exc
    change(document)
    edited = document.as_string()
    if "\r\n" in text and "\n" not in text.replace("\r\n", ""):
        edited = edited.replace("\r\n", "\n").replace("\n", "\r\n")
    return edited


def key_lines(text: str) -> dict[str, int]:
    """The line of each table and key of a TOML text, by its dotted name, for messages.

    ``[rounds."2"]`` and ``rounds.2.started = …`` are ``rounds.2`` and ``rounds.2.started``
    as ``tomllib`` names them; a table also gets the line of the first key or header that
    opens it, and an array of tables the line of its first element. Values spanning lines
    (arrays, multi-line strings) are skipped whole, so nothing inside them is taken for a key.
    """
    found: dict[str, int] = {}
    table: tuple[str, ...] = ()
    pos, line = 0, 1
    while pos < len(text):
        char = text[pos]
        if char == "\n":
            line += 1
            pos += 1
        elif char in " \t\r":
            pos += 1
        elif char == "#":
            pos = _line_end(text, pos)
        elif char == "[":
            pos += 2 if text.startswith("[[", pos) else 1
            table, pos = _key(text, pos)
            _record(found, table, line)
            pos = _line_end(text, pos)
        else:
            name, pos = _key(text, pos)
            if not name:  # not TOML; tomllib has said where
                break
            _record(found, table + name, line)
            pos, line = _skip_value(text, pos + 1, line)
    return found


def _record(found: dict[str, int], name: tuple[str, ...], line: int) -> None:
    for end in range(1, len(name) + 1):
        found.setdefault(".".join(name[:end]), line)


def _key(text: str, pos: int) -> tuple[tuple[str, ...], int]:
    """A dotted key starting at ``pos``: its parts unquoted, and where it ends (at ``=``
    or ``]``)."""
    parts: list[str] = []
    while pos < len(text):
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        match = _BARE.match(text, pos) or _QUOTED.match(text, pos)
        if match is None:
            break
        raw = match.group()
        parts.append(tomllib.loads(f"k = {raw}")["k"] if raw[0] in "\"'" else raw)
        pos = match.end()
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos >= len(text) or text[pos] != ".":
            break
        pos += 1
    return tuple(parts), pos


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _skip_value(text: str, pos: int, line: int) -> tuple[int, int]:
    """Past the value starting at ``pos`` (brackets, strings and comments inside it
    included): the position of the newline that ends it, and that newline's line."""
    depth = 0
    while pos < len(text):
        char = text[pos]
        if char == "\n":
            if depth == 0:
                return pos, line
            line += 1
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "#":
            pos = _line_end(text, pos)
            continue
        elif char in "\"'":
            quotes = char * 3 if text.startswith(char * 3, pos) else char
            end = _string_end(text, pos + len(quotes), quotes)
            line += text.count("\n", pos, end)
            pos = end
            continue
        pos += 1
    return pos, line


def _string_end(text: str, pos: int, quotes: str) -> int:
    """Where a string opened by ``quotes`` before ``pos`` ends (after its closing quotes)."""
    while pos < len(text):
        if quotes[0] == '"' and text[pos] == "\\":
            pos += 2
        elif text.startswith(quotes, pos):
            end = pos + len(quotes)
            while len(quotes) == 3 and text.startswith(quotes[0], end) and end < pos + 5:
                end += 1  # up to two quotes of the content may precede the closing three
            return end
        else:
            pos += 1
    return pos
