"""Read a CSV/TSV file a person made, keeping the line numbers they would count.

The one CSV reader of the app: ``items.csv``, ``gold.csv``, ``priors.csv``, round subsets,
the captions table given to ``init``, ``metrics.csv`` and the ratings CSV of ``analyze``.
``csv.reader`` runs over the whole text (``newline=""``), so a caption's quoted line
break stays in its cell, and each record keeps its first and last line. Everything that
can be wrong with the file as a whole (encoding, header, a broken quote) or with a row's
shape becomes a :class:`Problem` naming file and line; rows come back keyed by column.

Project files skip a bad row and say so; a file the analysis takes whole is refused on any
problem (``skip_bad_rows=False`` and :class:`RowChecks`), every problem listed at once.
"""

from __future__ import annotations

import _csv
import csv
import io
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter
from pathlib import Path

from annotator.csvtext import WRITTEN_MARK, decode_cell, written_by_app
from annotator.project.model import Problem
from annotator.project.published import declared_guarded

_UNDECODED = re.compile("[\udc80-\udcff]")
_SAVE_AS_UTF8 = 'Save it as UTF-8 (in Excel: "CSV UTF-8") and open the project again.'
_NUL_IN_ROW = ("This line holds a NUL character (a zero byte), which no text has: the file "
               "is damaged, or was saved as UTF-16 or by a program that pads with zeros.")
_QUOTED_CELL = re.compile(r'"(?:[^"]|"")*"')
MAX_CELL = 131_072
"""The most characters a cell may hold: the csv module's default limit, checked here too, so
the refusal does not hang on that process-wide setting (another library may raise it)."""


@dataclass(frozen=True)
class Row:
    """One record; ``line`` is where it starts, ``last_line`` where it ends (quoted newlines)."""

    line: int
    last_line: int
    values: dict[str, str]


@dataclass
class Table:
    """The readable part of a file plus everything that was wrong with it.

    The good rows, in file order, are ``fields`` (as read), ``lines`` (where each starts)
    and ``last_lines`` (where it ends, after quoted line breaks). :attr:`rows` keys them by
    column name; :meth:`column` gives one column, the fast way through a large file.
    ``skip_bad_rows``: a row that cannot be read is left out and its problem says so;
    False when the caller refuses the whole file on any problem.
    """

    file: Path
    skip_bad_rows: bool = True
    header_line: int = 0
    columns: list[str] = field(default_factory=list)
    fields: list[list[str]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    last_lines: list[int] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @cached_property
    def rows(self) -> list[Row]:
        """The good rows keyed by column name (a column without a name is left out)."""
        named = [(n, name) for n, name in enumerate(self.columns) if name]
        if len(named) == len(self.columns):
            values = [dict(zip(self.columns, cells, strict=True)) for cells in self.fields]
        else:
            values = [{name: cells[n] for n, name in named} for cells in self.fields]
        return list(map(Row, self.lines, self.last_lines, values))

    def column(self, name: str) -> list[str]:
        """The cells of column ``name`` in row order; all empty if the file has no such column."""
        if name not in self.columns:
            return [""] * len(self.fields)
        return list(map(itemgetter(self.columns.index(name)), self.fields))

    def problem(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(self.file, line, message))

    def row_problem(self, line: int, message: str) -> None:
        self.problem(line, f"{message} The row was skipped." if self.skip_bad_rows else message)


def sniff_delimiter(path: Path, first_line: str) -> str:
    """Tab for ``.tsv``/``.tab`` files; otherwise whichever of , ; TAB the header uses most."""
    if path.suffix.lower() in (".tsv", ".tab"):
        return "\t"
    counts = {d: first_line.count(d) for d in (",", "\t", ";")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > counts[","] else ","


def read_table(
    path: Path,
    *,
    required: Collection[str],
    known: Collection[str] = (),
    delimiter: str | None = ",",
    skip_bad_rows: bool = True,
) -> Table:
    """Read ``path``; rows are keyed by column name (known names matched case-insensitively).

    ``delimiter=None`` sniffs it (see :func:`sniff_delimiter`). Rows with the wrong number of
    fields are reported and left out; if a required column is missing no rows are returned.
    """
    table = Table(path, skip_bad_rows)
    try:
        data = path.read_bytes()
    except OSError as exc:
        table.problem(None, f"The file cannot be read: {exc.strerror or exc}.")
        return table
    decoded = _decode(data, table)
    if decoded is None:
        return table
    text, bad_byte = decoded
    if delimiter is None:
        first = next((ln for ln in io.StringIO(text) if ln.strip()), "")
        delimiter = sniff_delimiter(path, first)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records = _records(reader, table, text)
    marked = written_by_app(text[:len(WRITTEN_MARK) + 1])
    if marked:
        next(records, None)  # the mark: the header follows
    ours = marked or declared_guarded(path)
    header = next(records, None)
    if header is None:
        names = " and ".join(sorted(required))
        table.problem(None, f"The file is empty; it needs a header line naming {names}.")
        return table
    table.header_line, _, raw_names = header
    bad_lines: list[int] = []
    if bad_byte is not None and any(_UNDECODED.search(name) for name in raw_names):
        bad_lines.append(table.header_line)
    elif any("\x00" in name for name in raw_names):
        table.problem(table.header_line, f"{_NUL_IN_ROW} This is the header, so no rows were read.")
    elif _read_header(table, raw_names, required=required, known=known):
        bad_lines += _read_rows(table, records, text, delimiter, undecoded=bad_byte is not None,
                                guarded=ours and "'" in text)
    if bad_byte is not None:
        _not_utf8(table, bad_byte, bad_lines)
    return table


def _read_rows(table: Table, records: Iterator[tuple[int, int, list[str]]], text: str,
               delimiter: str, *, undecoded: bool, guarded: bool) -> list[int]:
    """The rows after the header into ``table``, each bad one a problem; returns the lines
    holding bytes that are not UTF-8 (``undecoded``: the file has some; ``guarded``: the
    app wrote it with formula guards to take off)."""
    bad_lines: list[int] = []
    line = last = 0
    width = len(table.columns)
    nul = "\x00" in text
    for line, last, fields in records:
        if undecoded and any(_UNDECODED.search(f) for f in fields):
            bad_lines.append(line)
        elif nul and any("\x00" in f for f in fields):
            table.row_problem(line, _NUL_IN_ROW)
        elif len(fields) == width:
            table.fields.append(_decoded(fields) if guarded else fields)
            table.lines.append(line)
            table.last_lines.append(last)
        else:
            table.row_problem(line, _field_count_message(line, last, len(fields), table))
    if line and _quote_left_open(text, line, last, delimiter):
        _drop_open_quote_row(table, line, last)
    return bad_lines


def _decoded(fields: list[str]) -> list[str]:
    """Cells as written, without the apostrophe that guards a formula-looking text
    (:mod:`annotator.csvtext`), so a file the app wrote reads back exactly (only a file
    marked as the app's: a lead's own file is read as it is)."""
    return [decode_cell(f) if f[:1] == "'" else f for f in fields]


def _decode(data: bytes, table: Table) -> tuple[str, tuple[int, int] | None] | None:
    """UTF-8 with or without BOM. Otherwise keep the bad bytes as surrogates so the rows
    that are fine can still be read, and return (line, byte) of the first bad byte."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        table.problem(1, f'The file is saved as UTF-16 ("Unicode text"). {_SAVE_AS_UTF8}')
        return None
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return data.decode("utf-8-sig", errors="surrogateescape"), (line, data[exc.start])


def _cell_too_long(table: Table, line: int) -> None:
    table.problem(
        line,
        f"A cell of the row starting on line {line} is longer than {MAX_CELL:,} characters, "
        "the most a CSV cell may hold, so the file cannot be read from this line on. No "
        "caption is that long: shorten that cell (was a whole document pasted into it?).")


def _records(reader: _csv.Reader, table: Table,
             text: str) -> Iterator[tuple[int, int, list[str]]]:
    """Non-blank records as (first line, last line, fields); a csv error ends the file."""
    done = 0
    try:
        for fields in reader:
            first, done = done + 1, reader.line_num
            if fields and max(map(len, fields)) > MAX_CELL:
                _cell_too_long(table, first)
                return
            if any(map(str.strip, fields)):
                yield first, done, fields
    except csv.Error as exc:
        line = done + 1
        if "field larger than field limit" in str(exc) and not _quote_never_closes(text, line):
            _cell_too_long(table, line)
            return
        table.problem(
            line,
            f'The file cannot be read from line {line} on ({exc}). A quote (") '
            "opened but never closed makes the rest of the file one field; check that line.",
        )


def _quote_never_closes(text: str, line: int) -> bool:
    """Whether the record starting on ``line`` opens a quoted cell that never closes (which
    makes the rest of the file one huge cell), rather than holding a huge cell."""
    position = 0
    for _ in range(line - 1):
        position = text.find("\n", position) + 1
        if position == 0:
            return False
    while True:
        quote, end = text.find('"', position), text.find("\n", position)
        if quote == -1 or -1 < end < quote:
            return False  # the record ends with every quote it opened closed
        cell = _QUOTED_CELL.match(text, quote)
        if cell is None:
            return True
        position = cell.end()


def _quote_left_open(text: str, first: int, last: int, sep: str) -> bool:
    """Whether the record on lines first..last is a quoted field that never closes.

    The lenient reader takes everything from an unclosed quote to the end of the file as
    one field; only a strict re-read of that record tells it apart from a real multi-line
    caption.
    """
    lines = io.StringIO(text, newline="").readlines()[first - 1 : last]
    try:
        list(csv.reader(lines, delimiter=sep, strict=True))
    except csv.Error as exc:
        return "end of data" in str(exc)
    return False


def _drop_open_quote_row(table: Table, first: int, last: int) -> None:
    if table.lines and table.lines[-1] == first:
        del table.fields[-1], table.lines[-1], table.last_lines[-1]
    table.problems = [p for p in table.problems if p.line != first]
    span = f"lines {first} to {last} were" if last > first else "the rest of the file was"
    table.row_problem(
        first,
        f'A quote (") opened in this row is never closed, so {span} read as one field. '
        'Close the quote (or double it: "").',
    )


def _read_header(
    table: Table, raw: list[str], *, required: Collection[str], known: Collection[str]
) -> bool:
    line = table.header_line
    lowered = {k.lower(): k for k in (*required, *known)}
    names = [lowered.get(n.strip().lower(), n.strip()) for n in raw]
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name and name in seen:
            table.problem(line, f"The header names the column {name!r} twice; no rows were read.")
            return False
        seen.add(name)
        if not name and table.skip_bad_rows:  # its cells are ignored either way
            table.problem(line, f"Column {index + 1} of the header has no name; it is ignored.")
    table.columns = names
    missing = [c for c in required if c not in seen]
    if missing:
        which = ", ".join(repr(c) for c in missing)
        has = ", ".join(repr(n) for n in names if n) or "nothing"
        plural = "s" if len(missing) > 1 else ""
        table.problem(
            line,
            f"There is no {which} column{plural}: the header on line {line} names {has}. "
            "Rename the column or add it; no rows were read.",
        )
        return False
    return True


def _field_count_message(line: int, last: int, count: int, table: Table) -> str:
    expected = len(table.columns)
    message = (
        f"This row has {count} fields but the header (line {table.header_line}) has "
        f"{expected}."
    )
    if count > expected:
        message += " A caption containing the separator must be in double quotes."
    if last > line:
        message += (
            f' The row runs from line {line} to line {last}: is a quote (") opened on '
            f"line {line} and not closed?"
        )
    return message


def _not_utf8(table: Table, bad_byte: tuple[int, int], skipped: list[int]) -> None:
    """The one problem for a file that is not UTF-8, placed on the first bad line."""
    line, byte = bad_byte
    if skipped and skipped[0] == table.header_line:
        lost = "; so no rows were read"
    elif not table.skip_bad_rows:
        lost = ""
    else:
        shown = ", ".join(str(n) for n in skipped[:10])
        more = f" and {len(skipped) - 10} more" if len(skipped) > 10 else ""
        lost = f"; the rows on lines {shown}{more} were skipped" if skipped else "; nothing skipped"
    table.problems.insert(
        0,
        Problem(
            table.file,
            line,
            f"The file is not UTF-8 text: line {line} has the byte 0x{byte:02X}, which UTF-8 "
            f"does not allow (it was probably saved as Windows-1252 or Latin-1){lost}. "
            f"{_SAVE_AS_UTF8}",
        ),
    )
