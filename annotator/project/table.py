"""Read a CSV/TSV file a person made, keeping the line numbers they would count.

Shared by ``items.csv``, ``gold.csv`` and the captions file given to ``init``. Everything
that can be wrong with the file as a whole (encoding, header, a broken quote) becomes a
:class:`Problem`; rows come back as plain dicts with their first and last line.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from annotator.project.model import Problem

_UNDECODED = re.compile("[\udc80-\udcff]")
_SAVE_AS_UTF8 = 'Save it as UTF-8 (in Excel: "CSV UTF-8") and open the project again.'


@dataclass(frozen=True)
class Row:
    """One record; ``line`` is where it starts, ``last_line`` where it ends (quoted newlines)."""

    line: int
    last_line: int
    values: dict[str, str]


@dataclass
class Table:
    """The readable part of a file plus everything that was wrong with it."""

    file: Path
    header_line: int = 0
    columns: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def problem(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(self.file, line, message))


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
) -> Table:
    """Read ``path``; rows are keyed by column name (known names matched case-insensitively).

    ``delimiter=None`` sniffs it (see :func:`sniff_delimiter`). Rows with the wrong number of
    fields are reported and left out; if a required column is missing no rows are returned.
    """
    table = Table(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        table.problem(None, f"The file cannot be read: {exc.strerror or exc}.")
        return table
    decoded = _decode(data, table)
    if decoded is None:
        return table
    text, bad_byte = decoded
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    sep = delimiter if delimiter is not None else sniff_delimiter(path, first)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    records = _records(reader, table)
    header = next(records, None)
    if header is None:
        names = " and ".join(sorted(required))
        table.problem(None, f"The file is empty; it needs a header line naming {names}.")
        return table
    table.header_line, _, raw_names = header
    bad_lines: list[int] = []
    if bad_byte is not None and any(_UNDECODED.search(name) for name in raw_names):
        bad_lines.append(table.header_line)
    elif _read_header(table, raw_names, required=required, known=known):
        line = last = 0
        for line, last, fields in records:
            if bad_byte is not None and any(_UNDECODED.search(f) for f in fields):
                bad_lines.append(line)
                continue
            if len(fields) != len(table.columns):
                table.problem(line, _field_count_message(line, last, len(fields), table))
                continue
            values = {n: v for n, v in zip(table.columns, fields, strict=True) if n}
            table.rows.append(Row(line, last, values))
        if last > line and _quote_left_open(text, line, last, sep):
            _drop_open_quote_row(table, line, last)
    if bad_byte is not None:
        _not_utf8(table, bad_byte, bad_lines)
    return table


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


def _records(reader: csv.Reader, table: Table) -> Iterator[tuple[int, int, list[str]]]:
    """Non-blank records as (first line, last line, fields); a csv error ends the file."""
    done = 0
    while True:
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            table.problem(
                done + 1,
                f'The file cannot be read from line {done + 1} on ({exc}). A quote (") '
                "opened but never closed makes the rest of the file one field; check that line.",
            )
            return
        first, done = done + 1, reader.line_num
        if any(f.strip() for f in fields):
            yield first, done, fields


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
    table.rows = [row for row in table.rows if row.line != first]
    table.problems = [p for p in table.problems if p.line != first]
    table.problem(
        first,
        f'A quote (") opened in this row is never closed, so lines {first} to {last} were '
        'read as one field; the row was skipped. Close the quote (or double it: "").',
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
        if not name:
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
        f"{expected}; the row was skipped."
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
        lost = "so no rows were read"
    else:
        shown = ", ".join(str(n) for n in skipped[:10])
        more = f" and {len(skipped) - 10} more" if len(skipped) > 10 else ""
        lost = f"the rows on lines {shown}{more} were skipped" if skipped else "nothing skipped"
    table.problems.insert(
        0,
        Problem(
            table.file,
            line,
            f"The file is not UTF-8 text: line {line} has the byte 0x{byte:02X}, which UTF-8 "
            f"does not allow (it was probably saved as Windows-1252 or Latin-1); {lost}. "
            f"{_SAVE_AS_UTF8}",
        ),
    )
