"""A CSV file the analysis takes whole, read column by column: millions of rows in little
memory.

:func:`~annotator.project.table.read_table` keeps every row as a list of strings, about
half a kilobyte a row. Here the file is streamed through ``csv.reader`` a chunk of rows
at a time, and each column is kept as the distinct texts it holds plus, per row, the
index of its text (:class:`CodedColumn`): item ids, taggers, rounds and ratings repeat,
so a rating costs a few bytes, and every later check or conversion runs once per
distinct text instead of once per row.

Only a clean file is read this way. Whatever ``read_table`` would say anything about (not
UTF-8, a header without the columns, a row of another width, a quote left open or a
stray one, a line break inside a cell, a NUL, a cell over the size limit) sends the whole
file to ``read_table`` instead, which names every problem by line; its rows are then
coded the same way. So both ways give the same cells and the same problems (the tests
hold them to it).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter
from pathlib import Path
from typing import BinaryIO

import numpy as np

from annotator.csvtext import decode_cell
from annotator.project.table import Table, _read_header, read_table

_CHUNK = 50_000
"""Rows parsed at once: large enough that the per-chunk work is nothing, small enough
that a chunk's lists of strings stay a few megabytes."""


class _NotCleanError(Exception):
    """The file needs ``read_table``'s precise reading (and its messages)."""


@dataclass(frozen=True, eq=False)
class CodedColumn:
    """One column: ``texts``, its distinct cells (formula guard removed, as ``read_table``
    gives them), and ``codes``, per row the index of its cell in ``texts``."""

    texts: tuple[str, ...]
    codes: np.ndarray

    def cells(self) -> list[str]:
        """The column as one string per row (for small files and messages)."""
        return [self.texts[code] for code in self.codes.tolist()]

    def mapped(self, convert: Callable[[str], str]) -> CodedColumn:
        """The column with ``convert`` applied to every cell (once per distinct text);
        cells that become equal share one code."""
        converted = [convert(text) for text in self.texts]
        texts = tuple(dict.fromkeys(converted))
        position = {text: n for n, text in enumerate(texts)}
        recode = np.array([position[text] for text in converted], dtype=np.int32)
        return CodedColumn(texts, recode[self.codes])

    def cell(self, row: int) -> str:
        return self.texts[int(self.codes[row])]

    def where(self, test: Callable[[str], bool]) -> np.ndarray:
        """Per row, whether its cell passes ``test`` (tested once per distinct text)."""
        passes = np.array([test(text) for text in self.texts], dtype=bool)
        return np.asarray(passes[self.codes])

    def rows_where(self, test: Callable[[str], bool]) -> list[int]:
        """The rows whose cell passes ``test``, in file order."""
        return np.flatnonzero(self.where(test)).tolist()


@dataclass(frozen=True, eq=False)
class Columns:
    """The good rows of a file as coded columns (a column the file does not have reads as
    empty cells); ``table`` carries the file, each row's line and the reader's problems,
    for :class:`~annotator.project.table.RowChecks`."""

    table: Table
    columns: dict[str, CodedColumn]
    rows: int

    def __getitem__(self, name: str) -> CodedColumn:
        if name in self.columns:
            return self.columns[name]
        return CodedColumn(("",), np.zeros(self.rows, np.int32))


def read_columns(path: Path, *, required: Collection[str], known: Collection[str] = ()
                 ) -> Columns:
    """The columns ``required`` and ``known`` of ``path`` (names matched as ``read_table``
    does), every problem of the file listed in ``table.problems``."""
    path = Path(path)
    try:
        if _has_nul(path):
            raise _NotCleanError
        with path.open("rb") as handle:
            return _stream(handle, path, required, known)
    except (_NotCleanError, UnicodeDecodeError, csv.Error, OSError):
        return _from_table(read_table(path, required=required, known=known,
                                      skip_bad_rows=False), (*required, *known))


class _Coder:
    """Codes one column's cells chunk by chunk: each distinct text gets the next code."""

    def __init__(self) -> None:
        self.code: dict[str, int] = {}
        self.parts: list[np.ndarray] = []

    def add(self, cells: Sequence[str], distinct: Iterable[str] | None = None) -> None:
        """Code ``cells``; ``distinct``: their distinct texts, when already found."""
        code = self.code
        for text in dict.fromkeys(cells) if distinct is None else distinct:
            if text not in code:
                code[text] = len(code)
        self.parts.append(np.fromiter(map(code.__getitem__, cells), dtype=np.int32,
                                      count=len(cells)))

    def column(self) -> CodedColumn:
        codes = np.concatenate(self.parts) if self.parts else np.zeros(0, np.int32)
        texts = tuple(decode_cell(t) if t[:1] == "'" else t for t in self.code)
        column = CodedColumn(texts, codes)
        return column if len(set(texts)) == len(texts) else column.mapped(str)


def _stream(handle: BinaryIO, path: Path, required: Collection[str],
            known: Collection[str]) -> Columns:
    if handle.read(2) in (b"\xff\xfe", b"\xfe\xff"):
        raise _NotCleanError  # UTF-16: read_table names it
    handle.seek(0)
    text = io.TextIOWrapper(handle, encoding="utf-8-sig", errors="strict", newline="")
    reader = csv.reader(text, strict=True)  # any odd quote raises: read_table reads it
    table = Table(path, skip_bad_rows=False)
    header = None
    while header is None:
        before = reader.line_num
        fields = next(reader, None)
        if fields is None:
            raise _NotCleanError
        if any(map(str.strip, fields)):
            header = fields
    table.header_line = reader.line_num
    if table.header_line != before + 1 or not _read_header(table, header, required=required,
                                                           known=known):
        raise _NotCleanError
    wanted = [(name, n) for n, name in enumerate(table.columns)
              if name in (*required, *known)]
    coders = {name: _Coder() for name, _ in wanted}
    width = len(table.columns)
    lines: list[np.ndarray] = []
    while True:
        start = reader.line_num
        chunk = list(islice(reader, _CHUNK))
        if not chunk:
            break
        if reader.line_num - start != len(chunk):
            raise _NotCleanError  # a record over several lines: read_table counts its lines
        first = list(map(itemgetter(wanted[0][1]), chunk)) if _same_width(chunk, width) else []
        distinct = dict.fromkeys(first)
        if first and all(map(str.strip, distinct)):  # the usual chunk: no row can be blank
            lines.append(np.arange(start + 1, reader.line_num + 1, dtype=np.int64))
            coders[wanted[0][0]].add(first, distinct)
        else:
            kept = _without_blank_rows(chunk, width)
            lines.append(start + 1 + np.asarray(kept, dtype=np.int64))
            chunk = [chunk[n] for n in kept]
            coders[wanted[0][0]].add(list(map(itemgetter(wanted[0][1]), chunk)))
        for name, n in wanted[1:]:
            coders[name].add(list(map(itemgetter(n), chunk)))
    table.lines = np.concatenate(lines) if lines else np.zeros(0, np.int64)  # type: ignore[assignment]
    columns = {name: coder.column() for name, coder in coders.items()}
    return Columns(table, columns, len(table.lines))


def _same_width(chunk: list[list[str]], width: int) -> bool:
    return set(map(len, chunk)) == {width}


def _without_blank_rows(chunk: list[list[str]], width: int) -> list[int]:
    """The positions of the chunk's rows that are not blank (no cell but spaces); a row of
    another width that is not blank needs read_table. Only a chunk whose first column has
    a blank cell, or rows of another width, is looked at row by row."""
    kept = [n for n, fields in enumerate(chunk) if any(map(str.strip, fields))]
    if any(len(chunk[n]) != width for n in kept):
        raise _NotCleanError
    return kept


def _has_nul(path: Path) -> bool:
    """Whether the file holds a NUL byte anywhere (1 MB at a time, at memchr's speed)."""
    with path.open("rb") as handle:
        return any(b"\x00" in block for block in iter(lambda: handle.read(1 << 20), b""))


def _from_table(table: Table, names: Iterable[str]) -> Columns:
    """The columns of a file ``read_table`` read (its problems kept for the caller)."""
    columns = {}
    for name in names:
        if name in table.columns:
            coder = _Coder()
            coder.add(table.column(name))
            columns[name] = coder.column()
    table.lines = np.asarray(table.lines, dtype=np.int64)  # type: ignore[assignment]
    return Columns(table, columns, len(table.fields))
