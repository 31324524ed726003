"""The Coverage tab: the plan against the ratings, as plain data, and in the pane."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.cli import main
from annotator.reporting.build import build_content
from annotator.reporting.sections.coverage import coverage_section
from annotator.resources import sample_project_dir


@pytest.fixture(scope="module")
def planned_study(tmp_path_factory) -> Path:
    """The sample project planned for six taggers, three per pair; five of them rated."""
    folder = tmp_path_factory.mktemp("coverage") / "study"
    shutil.copytree(sample_project_dir(), folder)
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--taggers",
                 "Ana,Ben,Chen,Dana,Eli,Fay", "--seed", "4"]) == 0
    assert main(["simulate", str(folder), "--taggers", "5", "--seed", "1"]) == 0
    return folder


def analysed(folder: Path):
    return analyse(AnalysisSource(folder), AnalysisOptions(reps=2, bootstrap=20))


def test_the_tab_lists_every_share_and_every_planned_item(planned_study) -> None:
    section = coverage_section(analysed(planned_study))
    shares, items = section.tables
    assert (section.name, section.title) == ("coverage", "Coverage")
    rows = {row[0]: row for row in shares.rows}
    assert rows["Fay"][1:4] == (22, 0, 22)
    assert [c.key for c in shares.columns] == ["share", "given", "done", "to_go", "taggers",
                                               "note"]
    assert [c.key for c in items.columns] == ["item_id", "ratings", "target", "given",
                                              "waiting"]
    assert len(items.rows) == 44 and [row[1] for row in items.rows] == sorted(
        row[1] for row in items.rows)
    assert all("Fay" in row[4] for row in items.rows if row[1] == 2 and row[3] == 3
               and "Eli" not in row[4])
    assert "under target" in section.summary[0] and "Fay (22)" in section.summary[1]


def test_only_a_project_with_a_plan_has_the_tab(simulated_project) -> None:
    content = build_content(analysed(simulated_project))
    assert "coverage" not in [s.name for s in content.sections]


def test_the_pane_shows_it_as_a_tab(qtbot, planned_study) -> None:
    from tests.ui.conftest import open_pane, shown

    pane = open_pane(qtbot, planned_study)
    pane.resize(1366, 768)
    before = pane.grab().toImage()
    view = pane.show_section("coverage")
    assert pane.tabs.tabText(pane.tabs.currentIndex()) == "Coverage"
    table_view = view.tables["coverage"]
    assert ["Fay", "22", "0", "22", "", ""] in shown(table_view)
    qtbot.waitUntil(table_view.isVisible)
    first_row = table_view.visualRect(table_view.model().index(0, 0))
    assert table_view.viewport().rect().contains(first_row)  # its rows are in view…
    assert pane.grab().toImage() != before  # …and painted in place of the tab shown before
