"""The pane's content as plain data: sections (tabs) of summary lines, tables and charts.

A :class:`Table` holds raw cell values (``None`` where a figure is undefined), so a view can
sort numbers as numbers and the CSV export keeps full precision; :meth:`Table.display`
gives the text shown on screen and in the HTML report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from annotator.csvtext import csv_text

Cell = str | int | float | None
Kind = Literal["text", "int", "fraction", "number", "seconds", "x100", "level", "figure"]
"""How a column reads: ``fraction`` and ``number`` to 3 decimals, ``seconds`` and ``x100``
(figures scaled by 100, as the papers print them) to 1, a ``level`` of the rubric as
written there (3, 0.75), a ``figure`` of a paper's table to 4 significant digits (as
``annotator analyze --tables`` prints it: a p-value of 0.00012 is not 0.000)."""

_FORMATS = {"fraction": "{:.3f}", "number": "{:.3f}", "seconds": "{:.1f}", "x100": "{:.1f}",
            "level": "{:g}", "figure": "{:.4g}"}
NOT_DEFINED = "n/a"


@dataclass(frozen=True)
class Column:
    """One column: ``key`` is its CSV header, ``title`` what the screen shows; ``empty`` is
    what the screen shows for an empty cell (an undefined figure unless said otherwise, such
    as "all" in a ``round`` column meaning every round)."""

    key: str
    title: str
    kind: Kind = "text"
    description: str = ""
    empty: str = NOT_DEFINED


@dataclass(frozen=True)
class Table:
    """A table of the pane; ``name`` is its file stem when exported (``taggers.csv``)."""

    name: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    description: str = ""

    def display(self, row: int, column: int) -> str:
        """The cell as text: numbers rounded for reading, undefined as 'n/a'."""
        value, shown = self.rows[row][column], self.columns[column]
        return shown.empty if value is None else format_cell(value, shown.kind)

    def csv_text(self, *, mark: bool = True) -> str:
        """Every row at full precision; an undefined figure is an empty cell (``mark``: as
        :func:`annotator.csvtext.csv_text`)."""
        return csv_text((tuple(f"{v:.10g}" if isinstance(v, float) else v for v in row)
                         for row in self.rows), header=[c.key for c in self.columns], mark=mark)


def format_cell(value: Cell, kind: Kind) -> str:
    """How a cell reads on screen."""
    if value is None:
        return NOT_DEFINED
    if kind == "text" or isinstance(value, str):
        return str(value)
    if kind == "int":
        return f"{int(value):d}"
    return _FORMATS[kind].format(float(value))


@dataclass(frozen=True)
class Chart:
    """A chart as SVG text; ``description`` is its text alternative (screen readers, the
    HTML report's ``<desc>``), saying what a sighted reader takes from it.

    Charts of one section sharing a ``group`` (e.g. "Tagger") are alternatives: the pane
    shows one at a time with a chooser named by the group; the report shows them all.
    ``data``: the chart's figures as a table, for a chart whose figures no table of its
    section holds (the pane shows it on request, for keyboard and screen-reader users).
    """

    name: str
    title: str
    description: str
    svg: str
    group: str = ""
    data: Table | None = None


@dataclass(frozen=True)
class Section:
    """One tab of the pane (and one part of the HTML report). Charts come first unless
    ``tables_first`` (a table of 100 taggers should not sit below a 100-bar chart)."""

    name: str
    title: str
    summary: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()
    charts: tuple[Chart, ...] = ()
    tables_first: bool = False


@dataclass(frozen=True)
class PaneContent:
    """Everything the pane shows, for one input."""

    title: str
    source: str
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = field(default=())

    def section(self, name: str) -> Section:
        return next(s for s in self.sections if s.name == name)
