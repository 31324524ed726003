"""A CSV file the analysis takes whole, read column by column: millions of rows in little
memory.

:func:`~annotator.project.csv_reader.read_table` keeps every row as a list of strings, about
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

import codecs
import csv
import io
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice, repeat
from operator import itemgetter
from pathlib import Path
from typing import BinaryIO

import numpy as np

from annotator.csvtext import WRITTEN_MARK, written_by_app
from annotator.project.csv_reader import (
    MAX_CELL,
    Table,
    _read_header,
    read_table,
)
from annotator.project.published import declared_guarded

_CHUNK = 50_000
"""Rows parsed at once: large enough that the per-chunk work is nothing, small enough
that a chunk's lists of strings stay a few megabytes."""
_BLOCK_BYTES = 128 << 10
"""Bytes of a plain file split at once (then to the end of the line): a block's cells (a
megabyte of strings) stay in the CPU's cache through the passes over them, which also
leaves room there for the texts already coded (a fifth less time a rating than 2 MB
blocks, from 600k to 5 M ratings)."""


class _NotCleanError(Exception):
    """The file needs ``read_table``'s precise reading (and its messages)."""


@dataclass(frozen=True, eq=False)
class CodedColumn:
    """One column: ``texts``, its distinct cells (as ``read_table`` gives them: a file the
    app marked as its own is read by it, which removes the formula guard), and ``codes``,
    per row the index of its cell in ``texts``."""

    texts: tuple[str, ...]
    codes: np.ndarray

    def cells(self) -> list[str]:
        """The column as one string per row (for small files and messages)."""
        return [self.texts[code] for code in self.codes.tolist()]

    def mapped(self, convert: Callable[[str], str]) -> CodedColumn:
        """The column with ``convert`` applied to every cell (once per distinct text);
        cells that become equal share one code."""
        converted = [convert(text) for text in self.texts]
        if converted == list(self.texts):  # the usual case: nothing to recode
            return self
        return _merged(converted, self.codes)

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
    for :class:`~annotator.project.csv_reader.RowChecks`."""

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
        plain, apostrophe = _scan(path)
        with path.open("rb") as handle:
            if handle.read(2) in (b"\xff\xfe", b"\xfe\xff"):
                raise _NotCleanError  # UTF-16: read_table names it
            handle.seek(0)
            first = handle.read(len(WRITTEN_MARK) + 4).decode("utf-8", "replace")
            if written_by_app(first) or (apostrophe and declared_guarded(path)):
                raise _NotCleanError  # guarded cells: read_table decodes them
            handle.seek(0)
            table = Table(path, skip_bad_rows=False)
            wanted: list[tuple[str, int]] = []  # filled from the header by the first block
            blocks = (_plain_blocks if plain else _csv_blocks)(
                handle, table, _Header(required, known, wanted))
            return _coded(table, blocks, wanted)
    except (_NotCleanError, UnicodeDecodeError, csv.Error, OSError):
        return _from_table(read_table(path, required=required, known=known,
                                      skip_bad_rows=False), (*required, *known))


class _Codes(dict[str, int]):
    """Each text's code; a text not seen before gets the next one, in the same lookup."""

    def __missing__(self, text: str) -> int:
        self[text] = code = len(self)
        return code


class _Coder:
    """Codes one column's cells chunk by chunk: each distinct text gets the next code.

    One dictionary lookup a cell (the texts' order is that of their first cell): a first
    pass to find a chunk's distinct texts cost as much again, more with many of them.
    """

    def __init__(self) -> None:
        self.code = _Codes()
        self.parts: list[np.ndarray] = []

    def add(self, cells: Sequence[str]) -> None:
        self.parts.append(np.fromiter(map(self.code.__getitem__, cells), dtype=np.int32,
                                      count=len(cells)))

    def column(self) -> CodedColumn:
        codes = np.concatenate(self.parts) if self.parts else np.zeros(0, np.int32)
        return CodedColumn(tuple(self.code), codes)


def _merged(texts: list[str], codes: np.ndarray) -> CodedColumn:
    """The column whose code ``c`` stands for ``texts[c]``, texts that are equal (a cell
    with the formula guard and one without, or cells made equal) sharing one code."""
    distinct = tuple(dict.fromkeys(texts))
    if len(distinct) == len(texts):
        return CodedColumn(distinct, codes)
    position = {text: n for n, text in enumerate(distinct)}
    recode = np.array([position[text] for text in texts], dtype=np.int32)
    return CodedColumn(distinct, recode[codes])


@dataclass(frozen=True)
class _Block:
    """Some rows of the file: each one's line, and the cells of each column read (in the
    order of ``wanted``)."""

    lines: np.ndarray
    cells: list[list[str]]


def _coded(table: Table, blocks: Iterator[_Block], wanted: list[tuple[str, int]]
           ) -> Columns:
    """The columns of the blocks (reading the first fills ``table``'s header and
    ``wanted``, the columns read and their positions)."""
    first = next(blocks, None)
    coders = [_Coder() for _ in wanted]
    lines = []
    for block in chain([first], blocks) if first is not None else ():  # one at a time
        lines.append(block.lines)
        for coder, cells in zip(coders, block.cells, strict=True):
            coder.add(cells)
    table.lines = np.concatenate(lines) if lines else np.zeros(0, np.int64)  # type: ignore[assignment]
    columns = {name: coder.column() for (name, _), coder in zip(wanted, coders, strict=True)}
    return Columns(table, columns, len(table.lines))


@dataclass(frozen=True)
class _Header:
    """The columns asked for, and (``wanted``, filled by :meth:`read`) where they are."""

    required: Collection[str]
    known: Collection[str]
    wanted: list[tuple[str, int]]

    def read(self, table: Table, fields: list[str]) -> list[int]:
        """Read the header into ``table``; the positions of the columns wanted."""
        if not _read_header(table, fields, required=self.required, known=self.known):
            raise _NotCleanError
        self.wanted.extend((name, n) for n, name in enumerate(table.columns)
                           if name in (*self.required, *self.known))
        return [n for _, n in self.wanted]


def _csv_blocks(handle: BinaryIO, table: Table, header_of: _Header) -> Iterator[_Block]:
    """Blocks through ``csv.reader`` (a file with quotes or old Mac line ends)."""
    text = io.TextIOWrapper(handle, encoding="utf-8-sig", errors="strict", newline="")
    reader = csv.reader(text, strict=True)  # any odd quote raises: read_table reads it
    header = None
    while header is None:
        before = reader.line_num
        fields = next(reader, None)
        if fields is None:
            raise _NotCleanError
        if any(map(str.strip, fields)):
            header = fields
    table.header_line = reader.line_num
    if table.header_line != before + 1:
        raise _NotCleanError
    positions = header_of.read(table, header)
    width = len(table.columns)
    while True:
        start = reader.line_num
        chunk = list(islice(reader, _CHUNK))
        if not chunk:
            return
        if reader.line_num - start != len(chunk):
            raise _NotCleanError  # a record over several lines: read_table counts its lines
        yield _rows_block(chunk, start, width, positions)


def _rows_block(rows: list[list[str]], start: int, width: int, positions: list[int]
                ) -> _Block:
    """The block of ``rows``, which begin after line ``start``: blank rows left out."""
    first = list(map(itemgetter(positions[0]), rows)) if _same_width(rows, width) else []
    if first and all(map(str.strip, dict.fromkeys(first))):  # usual: no row can be blank
        lines = np.arange(start + 1, start + 1 + len(rows), dtype=np.int64)
        return _Block(lines, [first, *(list(map(itemgetter(n), rows)) for n in positions[1:])])
    kept = _without_blank_rows(rows, width)
    rows = [rows[n] for n in kept]
    return _Block(start + 1 + np.asarray(kept, dtype=np.int64),
                  [list(map(itemgetter(n), rows)) for n in positions])


def _plain_blocks(handle: BinaryIO, table: Table, header_of: _Header) -> Iterator[_Block]:
    """Blocks of a file without a quote or a lone carriage return: every line is a record
    and every comma a separator, so a block of lines splits into its cells at once (four
    times as fast as ``csv.reader``, which gives the same cells for such a file)."""
    line = 0
    positions: list[int] = []
    for text in _text_blocks(handle):
        lines = text.replace("\r\n", "\n").split("\n")
        if text.endswith("\n"):
            lines.pop()
        if not positions:  # the header is the first line with a cell that is not blank
            blank = next((n for n, row in enumerate(lines) if row.replace(",", "").strip()),
                         len(lines))
            if blank == len(lines):
                line += len(lines)
                continue
            table.header_line = line + blank + 1
            positions = header_of.read(table, lines[blank].split(","))
            width = len(table.columns)
            line, lines = line + blank + 1, lines[blank + 1:]
        if not lines:
            continue
        if max(map(len, lines)) > MAX_CELL:
            raise _NotCleanError  # a cell may be too long: read_table says so
        if set(map(str.count, lines, repeat(",", len(lines)))) == {width - 1}:
            cells = ",".join(lines).split(",")
            columns = [cells[n::width] for n in positions]
            if all(map(str.strip, dict.fromkeys(columns[0]))):  # no row can be blank
                yield _Block(np.arange(line + 1, line + 1 + len(lines), dtype=np.int64),
                             columns)
                line += len(lines)
                continue
        yield _rows_block([row.split(",") for row in lines], line, width, positions)
        line += len(lines)
    if not positions:
        raise _NotCleanError  # no header: read_table says what the file lacks


def _text_blocks(handle: BinaryIO) -> Iterator[str]:
    """The file's text a few megabytes at a time, in whole lines (UTF-8, no BOM)."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="strict")
    while block := handle.read(_BLOCK_BYTES):
        yield decoder.decode(block + handle.readline())
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def _scan(path: Path) -> tuple[bool, bool]:
    """Whether the file is plain (no quote, every carriage return followed by a line
    feed), and whether it holds an apostrophe (a formula guard, perhaps); a NUL anywhere
    sends it to read_table. One pass, a megabyte at a time."""
    plain, apostrophe = True, False
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20) + handle.readline(), b""):
            if b"\x00" in block:
                raise _NotCleanError
            if plain and (b'"' in block or block.count(b"\r") != block.count(b"\r\n")):
                plain = False
            apostrophe = apostrophe or b"'" in block
    return plain, apostrophe


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
