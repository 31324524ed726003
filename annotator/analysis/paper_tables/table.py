"""A paper's table as plain data: its rows and columns as the paper lays them out.

Every table of every paper has the same shape, so one JSON walk
(:mod:`annotator.analysis.json_form`) and one text layout (:func:`tables_text`) serve them
all. A cell is text, a whole number, a figure, or :class:`Undefined` (``null`` in the JSON,
its reason under ``reasons``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from annotator.analysis.json_form import OMITTED_WHEN_NONE, json_form
from annotator.analysis.undefined import Figure, Interval, Undefined

Cell = str | int | float | Undefined


@dataclass(frozen=True)
class PaperTable:
    """One table or figure of a paper: ``name`` is the paper's (``"Table 3"``), ``method``
    names its section in docs/statistics.md; ``missing`` says why it has no rows."""

    name: str
    title: str
    method: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    missing: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class PaperTables:
    """A paper's tables from a project's data; ``not_reproduced`` says which of the
    paper's figures are not, and why."""

    paper: str
    tables: tuple[PaperTable, ...]
    not_reproduced: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The tables as ``json.dump`` takes them, undefined cells' reasons under
        ``reasons``."""
        form, reasons = json_form(self)
        return {**form, "reasons": reasons}


def unavailable(name: str, title: str, method: str, why: str) -> PaperTable:
    """A table the data cannot give, saying why."""
    return PaperTable(name, title, method, (), (), missing=why)


def ends(interval: Interval) -> tuple[Figure, Figure]:
    """An interval as two cells (each undefined, for its reason, when it is)."""
    return interval if not isinstance(interval, Undefined) else (interval, interval)


def tables_text(tables: PaperTables) -> str:
    """The tables laid out in columns for a terminal; an undefined cell is "–"."""
    out = [f"Tables of {tables.paper} (methods: docs/statistics.md, "
           "\"Each paper's tables\")"]
    for table in tables.tables:
        out += ["", f"{table.name}: {table.title} [{table.method}]"]
        if table.missing is not None:
            out.append(f"  not computed: {table.missing}")
            continue
        cells = [list(table.columns), *([_text(c) for c in row] for row in table.rows)]
        widths = [max(len(row[n]) for row in cells) for n in range(len(table.columns))]
        out += ["  " + "  ".join(c.rjust(w) if n else c.ljust(w)
                                 for n, (c, w) in enumerate(zip(row, widths, strict=True)))
                for row in cells]
    out += [f"\nNot reproduced: {why}" for why in tables.not_reproduced]
    return "\n".join(out) + "\n"


def _text(cell: Cell) -> str:
    if isinstance(cell, Undefined):
        return "–"
    if isinstance(cell, float):
        return f"{cell:.4g}"
    return str(cell)
