"""Reading a CSV that a lab lead hands in (ratings, metric scores): one way for all, so the
refusals read alike and name the file and line."""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from pathlib import Path

from annotator.errors import AnnotatorError


def read_csv_rows(path: Path, required: Sequence[str], *, kind: str
                  ) -> tuple[list[str], Iterator[list[str]]]:
    """The lower-cased header and the remaining rows of ``path`` (UTF-8, with or without a
    byte-order mark); an AnnotatorError when it is not UTF-8 or lacks ``required`` columns.
    ``kind`` names the file in the message ("ratings CSV")."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise AnnotatorError("This file is not UTF-8 text; save it as UTF-8 CSV.",
                             file=path) from error
    reader = csv.reader(text.splitlines())
    header = [name.strip().lower() for name in next(reader, [])]
    missing = [name for name in required if name not in header]
    if missing:
        raise AnnotatorError(f"The {kind} needs the columns {', '.join(required)}; "
                             f"missing: {', '.join(missing)}.", file=path, line=1)
    return header, reader
