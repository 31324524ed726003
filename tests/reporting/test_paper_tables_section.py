"""The Paper tables section (the lead's window's tab, the report's section): the tables of
``annotator analyze --tables PAPER`` cell for cell, each naming its method."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.analysis.paper_tables import PAPERS
from annotator.analysis.undefined import Undefined
from annotator.reporting.build import prepare_pane
from annotator.reporting.content import PaneContent
from annotator.reporting.exports import check_names, export_content
from annotator.reporting.sections.paper_tables import SECTION, paper_section


@pytest.fixture(scope="module")
def pane(simulated_project: Path):
    steps: list[str] = []
    analysis, content = prepare_pane(simulated_project, progress=steps.append,
                                     paper_tables=True)
    return analysis, content, steps


def test_the_projects_paper_comes_last_and_the_rest_is_the_pane_as_before(
        pane, simulated_project: Path) -> None:
    _, content, steps = pane
    assert steps[-1] == "Laying out the paper's tables…"
    assert content.sections[-1].name == SECTION
    assert content.sections[-1].title == "Paper tables"
    _, plain = prepare_pane(simulated_project)
    assert content.sections[:-1] == plain.sections  # the pinned figures are untouched


@pytest.mark.parametrize("paper", PAPERS)
def test_every_cell_is_the_commands(pane, paper: str) -> None:
    analysis = pane[0]
    tables = PAPERS[paper](analysis)
    section = paper_section(analysis, paper)
    given = [t for t in tables.tables if t.missing is None]
    assert [t.title for t in section.tables] == [f"{t.name}: {t.title}" for t in given]
    for shown, table in zip(section.tables, given, strict=True):
        assert [c.key for c in shown.columns] == list(table.columns)
        assert shown.rows == tuple(tuple(None if isinstance(cell, Undefined) else cell
                                         for cell in row) for row in table.rows)
        assert shown.description.startswith(f"Method: {table.method} (docs/statistics.md")
    said = "\n".join(section.summary)
    for table in tables.tables:
        if table.missing is not None:
            assert f"Not computed: {table.name}, {table.title} [{table.method}]: " \
                   f"{table.missing}." in said
    for why in tables.not_reproduced:
        assert f"Not reproduced: {why}." in said
    check_names(PaneContent("t", "s", (section,)))  # every table its own CSV file


def test_columns_read_as_names_counts_or_figures(pane) -> None:
    shown = paper_section(pane[0], "vicr").tables[0]
    assert [c.kind for c in shown.columns] == ["text", "int", "figure", "figure"]
    panel = shown.rows[-1]
    assert shown.display(len(shown.rows) - 1, 2) == f"{panel[2]:.4g}"


def test_an_undefined_cell_is_na_with_its_reason(pane) -> None:
    analysis = pane[0]
    table = next(t for t in PAPERS["vcrscore"](analysis).tables if t.method == "vcrscore-metrics")
    reasons = {cell.reason for row in table.rows for cell in row if isinstance(cell, Undefined)}
    assert reasons  # the simulated panel has a source too small for an interval
    shown = next(t for t in paper_section(analysis, "vcrscore").tables
                 if t.name == "paper_vcrscore-metrics")
    for reason in reasons:
        assert f"): {reason}." in shown.description
    row = next(n for n, r in enumerate(shown.rows) if None in r)
    assert "n/a" in [shown.display(row, c) for c in range(len(shown.columns))]


def test_the_export_writes_each_paper_table_as_csv(pane, tmp_path: Path) -> None:
    _, content, _ = pane
    written = export_content(content, tmp_path, generated_at="now")
    names = {p.name for p in written}
    assert {f"{t.name}.csv" for t in content.sections[-1].tables} <= names
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert 'id="section-paper_tables"' in html and "Method: vicr-seconds" in html
