"""The Paper tables tab (and report section): one paper's tables as ``annotator analyze
--tables PAPER`` lays them out, in the paper's rows and columns, each naming its method.

The figures and the layout are :mod:`annotator.analysis.paper_tables`'; this module only
turns them into the pane's :class:`Table` data, so the tab, the HTML report and the CSV
exports show exactly what the command prints.
"""

from __future__ import annotations

from annotator.analysis.paper_tables import PAPERS, default_paper
from annotator.analysis.paper_tables.table import Cell as PaperCell
from annotator.analysis.paper_tables.table import PaperTable, PaperTables
from annotator.analysis.pipeline import Analysis
from annotator.analysis.undefined import Undefined
from annotator.reporting.content import Cell, Column, Kind, PaneContent, Section, Table
from annotator.reporting.names import unique_stem

SECTION = "paper_tables"
"""The section's name (its tab's and the report's)."""
METHODS = "docs/statistics.md, “Each paper's tables”"


def paper_section(analysis: Analysis, paper: str) -> Section:
    """The tables of ``paper`` (a name of :data:`PAPERS`) from ``analysis``; the tables
    the data cannot give, and what of the paper is not reproduced, are said in the summary."""
    tables = PAPERS[paper](analysis)
    stems: set[str] = set()
    shown = tuple(_table(table, unique_stem("paper_", table.method, stems))
                  for table in tables.tables if table.missing is None)
    return Section(
        name=SECTION, title="Paper tables", tables=shown, tables_first=True,
        summary=(f"The tables of {tables.paper} from these ratings, in the paper's rows and "
                 f"columns, as 'annotator analyze --tables {paper}' prints them; each names "
                 f"its method, described in {METHODS}.",
                 *_not_given(tables)))


def with_paper_section(content: PaneContent, analysis: Analysis) -> PaneContent:
    """``content`` and, last, the tables of the paper of the project's rubric
    (:func:`~annotator.analysis.paper_tables.default_paper`): the pane's tab and the
    report's section."""
    section = paper_section(analysis, default_paper(analysis.input))
    return PaneContent(content.title, content.source, (*content.sections, section),
                       content.notes)


def _not_given(tables: PaperTables) -> tuple[str, ...]:
    missing = tuple(f"Not computed: {t.name}, {t.title} [{t.method}]: {t.missing}."
                    for t in tables.tables if t.missing is not None)
    return (*missing, *(f"Not reproduced: {why}." for why in tables.not_reproduced))


def _table(table: PaperTable, stem: str) -> Table:
    """A paper's table as the pane's: its title names the table as the paper does, its
    description the method and why a cell is n/a."""
    columns = tuple(Column(title, title, _kind([row[n] for row in table.rows]))
                    for n, title in enumerate(table.columns))
    undefined: dict[str, int] = {}
    for row in table.rows:
        for cell in row:
            if isinstance(cell, Undefined):
                undefined[cell.reason] = undefined.get(cell.reason, 0) + 1
    why = [f"n/a ({n} cell{'s' if n > 1 else ''}): {reason}."
           for reason, n in undefined.items()]
    return Table(stem, f"{table.name}: {table.title}", columns,
                 tuple(tuple(_cell(cell) for cell in row) for row in table.rows),
                 description=" ".join([f"Method: {table.method} ({METHODS}).", *why]))


def _kind(cells: list[PaperCell]) -> Kind:
    """Text for a column of names, whole numbers for counts, otherwise figures."""
    known = [cell for cell in cells if not isinstance(cell, Undefined)]
    if any(isinstance(cell, str) for cell in known):
        return "text"
    return "int" if known and all(isinstance(cell, int) for cell in known) else "figure"


def _cell(cell: PaperCell) -> Cell:
    return None if isinstance(cell, Undefined) else cell
