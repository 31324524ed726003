"""The Paper tables tab: the project's paper's tables as ``analyze --tables`` gives them,
another paper chosen and laid out in the background, each table saved as CSV, and the
HTML report's section."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QPushButton, QTableView

from annotator.analysis.paper_tables import PAPER_TITLES
from annotator.cli import main
from annotator.csvtext import WRITTEN_MARK
from annotator.reporting.content import Table
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.analysis.paper_tables_view import PaperTablesView
from tests.reporting.dom import parse
from tests.ui.conftest import open_pane, shown


@pytest.fixture
def pane(qtbot, simulated_project: Path) -> AnalysisPane:
    return open_pane(qtbot, simulated_project)


def cli_tables(source: Path, paper: str, capsys: pytest.CaptureFixture[str]) -> dict:
    """What ``annotator analyze SOURCE --tables PAPER --json -`` gives (the pane's seed)."""
    assert main(["analyze", str(source), "--tables", paper, "--json", "-"]) == 0
    return json.loads(capsys.readouterr().out)


def tab(pane: AnalysisPane) -> PaperTablesView:
    view = pane.show_section("paper_tables")
    assert isinstance(view, PaperTablesView)
    return view


def test_the_projects_paper_is_shown_as_the_command_lays_it_out(
        pane: AnalysisPane, simulated_project: Path, capsys) -> None:
    view = tab(pane)
    assert view.chooser.currentText() == PAPER_TITLES["vicr"]  # the project's rubric is vicr5
    assert view.chooser.accessibleName() == "Paper whose tables are shown"
    expected = cli_tables(simulated_project, "vicr", capsys)
    tables = view.tables.findChildren(QTableView)
    shown_tables = expected["tables"]
    assert all("missing" not in t for t in shown_tables)
    assert [t.accessibleName() for t in tables] == [
        f"{t['name']}: {t['title']}" for t in shown_tables]
    for table_view, table in zip(tables, shown_tables, strict=True):
        model = table_view.model()
        assert [model.headerData(c, Qt.Orientation.Horizontal)
                for c in range(model.columnCount())] == table["columns"]
        cells = shown(table_view)
        assert [row[0] for row in cells] == [str(row[0]) for row in table["rows"]]
        for row, row_shown in zip(table["rows"], cells, strict=True):
            for value, text in zip(row, row_shown, strict=True):
                if isinstance(value, float):
                    assert text == f"{value:.4g}"
        assert f"Method: {table['method']} " in table_view.accessibleDescription()
    words = " ".join(label.text() for label in view.tables.findChildren(QLabel))
    assert "annotator analyze --tables vicr" in words
    assert "Not reproduced: Table 4 of the paper is on a held-out 20 % test split" in words


def test_another_paper_is_laid_out_in_the_background_and_kept(
        qtbot, pane: AnalysisPane, simulated_project: Path, capsys) -> None:
    view = tab(pane)
    first = view.tables
    with qtbot.waitSignal(view.shown, timeout=60_000) as done:
        view.chooser.setCurrentIndex(list(PAPER_TITLES).index("vcrscore"))
        assert view.findChild(QLabel, "paperTablesStatus").text().startswith(
            "Laying out the tables of VCRScore")  # the GUI thread is not held meanwhile
    assert done.args == ["vcrscore"]
    expected = cli_tables(simulated_project, "vcrscore", capsys)
    tables = view.tables.findChildren(QTableView)
    assert [t.accessibleName().split(":")[0] for t in tables] == [
        t["name"] for t in expected["tables"]]
    ranking = shown(tables[-1])
    assert [row[1] for row in ranking] == [row[1] for row in expected["tables"][3]["rows"]]
    with qtbot.waitSignal(view.shown, timeout=1_000):  # laid out before: no job
        view.chooser.setCurrentIndex(list(PAPER_TITLES).index("vicr"))
        assert view._job is None
    assert view.tables is not first and view.tables.findChildren(QTableView)


def test_a_paper_the_data_cannot_give_says_why(qtbot, pane: AnalysisPane) -> None:
    view = tab(pane)
    with qtbot.waitSignal(view.shown, timeout=60_000):
        view.chooser.setCurrentIndex(list(PAPER_TITLES).index("caption-quality"))
    assert view.tables.findChildren(QTableView) == []
    words = [label.text() for label in view.tables.findChildren(QLabel)]
    assert ("Not computed: Fig. 3, Histogram of p̂₁ − p̂₂ between the first two rounds "
            "[caption-quality-histogram]: not a binary (0/1) scale.") in words


def test_each_table_is_saved_as_csv_by_its_button(
        pane: AnalysisPane, tmp_path: Path, capture_message_box, monkeypatch) -> None:
    texts = capture_message_box()
    asked: list[str] = []

    def answer(_parent, title, start, *_a, **_k) -> tuple[str, str]:
        asked.append(title)
        return str(tmp_path / Path(start).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))
    view = tab(pane)
    tables = view.tables.findChildren(QTableView)
    buttons = [b for b in view.tables.findChildren(QPushButton)
               if b.text() == "Save table as CSV…"]
    assert len(buttons) == len(tables) == 4
    assert buttons[0].accessibleName() == ("Save the table EA/AA: Taggers against the expert "
                                           "gold ratings as CSV")
    for button in buttons:
        button.click()
    assert asked == [f"Save {t.accessibleName()}" for t in tables]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "paper_vicr-gold-2.csv", "paper_vicr-gold.csv", "paper_vicr-metrics.csv",
        "paper_vicr-seconds.csv"]
    with (tmp_path / "paper_vicr-seconds.csv").open(encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["tagger", "ratings", "mean s", "median s"]
    panel = pane.analysis.table.data()
    assert rows[-1][:2] == ["(panel)", str(int((panel.seconds == panel.seconds).sum()))]
    assert len(texts) == 4


def test_a_formula_in_a_cell_is_guarded_in_the_csv(
        pane: AnalysisPane, tmp_path: Path, capture_message_box) -> None:
    capture_message_box()
    shown_table = tab(pane).tables.findChildren(QTableView)[0].model().table
    table = Table("paper_x", "x", shown_table.columns, (('=HYPERLINK("x")', 1, 0.5, 1.0),))
    pane.exporter.save_table(table, tmp_path / "x.csv")
    text = (tmp_path / "x.csv").read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == WRITTEN_MARK and "'=HYPERLINK" in text


def test_the_report_has_the_projects_paper_section(pane: AnalysisPane, tmp_path: Path,
                                                  simulated_project: Path, capsys,
                                                  capture_message_box) -> None:
    capture_message_box()
    pane.exporter.save_report(tmp_path / "r.html")
    page = parse((tmp_path / "r.html").read_text(encoding="utf-8"))
    section = next(s for s in page.iter("section")
                   if s.attrs.get("id") == "section-paper_tables")
    assert section.find("h2").text() == "Paper tables"
    expected = cli_tables(simulated_project, "vicr", capsys)
    assert [c.text() for c in section.iter("caption")] == [
        f"{t['name']}: {t['title']}" for t in expected["tables"]]
    assert "Method: vicr-gold" in section.text()
    links = [a.attrs["href"] for a in page.iter("a")]
    assert "#section-paper_tables" in links


def test_the_tab_is_reached_and_used_by_keyboard(qtbot, pane: AnalysisPane) -> None:
    view = tab(pane)
    pane.window().activateWindow()
    view.chooser.setFocus()
    qtbot.waitUntil(view.chooser.hasFocus)
    with qtbot.waitSignal(view.shown, timeout=60_000):
        qtbot.keyClick(view.chooser, Qt.Key.Key_Down)  # the next paper: VCRScore
    assert view.paper == "vcrscore"
    qtbot.keyClick(view.chooser, Qt.Key.Key_Tab)  # to the tables (their scroll area)
    qtbot.waitUntil(view.tables.hasFocus)
    assert view.tables.accessibleName() == f"Tables of {PAPER_TITLES['vcrscore']}"
    qtbot.keyClick(view.tables, Qt.Key.Key_Tab)
    first_table = view.tables.findChildren(QTableView)[0]
    qtbot.waitUntil(first_table.hasFocus)
    assert first_table.accessibleName() == "Table 3: Agreement between taggers by Kendall's τ"
    qtbot.keyClick(first_table, Qt.Key.Key_Tab)  # Tab leaves the table: its Save button
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QPushButton))
    assert QApplication.focusWidget().text() == "Save table as CSV…"
