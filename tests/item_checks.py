"""Marking items of a test project as attention checks, as a lead does in ``items.csv``."""

from __future__ import annotations

import csv
from pathlib import Path


def mark_checks(folder: Path, marks: dict[str, str]) -> Path:
    """Add a ``check`` column to ``items.csv``: ``marks`` gives an item id its cell."""
    path = folder / "items.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    rows[0].append("check")
    for row in rows[1:]:
        row.append(marks.get(row[0], ""))
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return folder
