"""Every CSV the app writes, as text: one writer, so every file is safe in a spreadsheet.

A text cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a
formula to Excel, LibreOffice and Google Sheets (CSV injection: ``=HYPERLINK(…)`` in a
caption, an item id or a tagger's name would run when a lab lead opens the export). Such a
cell is written with one leading apostrophe, the usual guard, which spreadsheets show as
text. A cell that already begins with apostrophes before such a character gets one more,
so :func:`decode_cell` gives back exactly the text that was written. Numbers are never
changed: ``-0.25`` stays a number a spreadsheet can sum.

The guard is removed only from files the app wrote: a file holding a guarded cell begins
with the line :data:`WRITTEN_MARK` (:func:`written_by_app` recognises it), and the app's
readers decode only such a file. A lead's own CSV is read as it is, so a caption
``'-- quoted`` in their ``items.csv`` keeps its apostrophe. A file without guarded cells
gets no mark: there is nothing to decode in it.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from collections.abc import Iterable, Sequence

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_GUARDED = re.compile(r"'*[=+\-@\t\r]")
_ESCAPED = re.compile(r"'+[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
WRITTEN_MARK = ("#written by Caption Rating Annotator: one apostrophe begins each cell "
                "a spreadsheet would run as a formula")
"""The first line of a CSV the app wrote with guarded cells (no comma or quote in it, so it
is one cell a spreadsheet shows and a CSV reader keeps as it is)."""


PACKAGE_GUARD_KEY = "formula_guard"
"""The key a published dataset's ``datapackage.json`` gives each CSV resource the app wrote:
the data files stay plain CSV for every other reader (no mark line), and the app's readers
take the guard off those files too."""
PACKAGE_GUARD_NOTE = ("a text cell beginning with =, +, -, @, a tab or a carriage return "
                      "has one more apostrophe in front, so no spreadsheet runs it; "
                      "remove that one apostrophe to get the value")


def encode_cell(value: object) -> str:
    """``value`` as the text of one CSV cell, a formula-looking text guarded."""
    if value is None:
        return ""
    if isinstance(value, bool | int | float):
        return str(value)
    text = str(value)
    if _GUARDED.match(text) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def decode_cell(text: str) -> str:
    """The text :func:`encode_cell` was given: one guarding apostrophe removed."""
    return text[1:] if _ESCAPED.match(text) and not _NUMBER.fullmatch(text[1:]) else text


def csv_text(rows: Iterable[Sequence[object]], *, header: Sequence[str] | None = None,
             mark: bool = True) -> str:
    """The CSV text of ``header`` and ``rows`` (``\\n`` line ends, minimal quoting), every
    cell through :func:`encode_cell`; :data:`WRITTEN_MARK` first when a cell was guarded,
    unless ``mark`` is false (a published data file, whose Data Package says it instead:
    :data:`PACKAGE_GUARD_KEY`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # Python's writer quotes a lone CR only when it is part of the line terminator; a row
    # holding one is quoted whole, so a reader does not end the record there.
    quoting = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    guarded = False
    for row in itertools.chain([header] if header is not None else [], rows):
        cells = [encode_cell(value) for value in row]
        guarded = guarded or any(cell[:1] == "'" and decode_cell(cell) != cell
                                 for cell in cells)
        (quoting if any("\r" in cell for cell in cells) else writer).writerow(cells)
    return f"{WRITTEN_MARK}\n{out.getvalue()}" if guarded and mark else out.getvalue()


def written_by_app(first_line: str) -> bool:
    """Whether a CSV file whose first line is ``first_line`` is one the app wrote with
    guarded cells (a spreadsheet that saved it may have quoted the mark or added empty
    cells after it)."""
    return first_line.lstrip("\ufeff").lstrip('"').startswith(WRITTEN_MARK)
