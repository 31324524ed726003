"""The analysis pane driven like a lead would: tabs, values, sorting, an item, exports."""

from __future__ import annotations

import csv
import gc
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QCoreApplication, Qt, QThreadPool, QTimer
from PySide6.QtWidgets import QComboBox, QLabel

from annotator.analysis.undefined import Undefined
from annotator.cli import main
from annotator.reporting.dataset.writer import KEY_SUFFIX
from annotator.reporting.exports import REPORT_FILE
from annotator.reporting.items_table import items_table
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.widgets.chart_view import ChartView
from tests.ui.conftest import open_pane, shown


@pytest.fixture
def pane(qtbot, simulated_project: Path) -> AnalysisPane:
    return open_pane(qtbot, simulated_project)


def test_the_window_stays_responsive_while_it_computes(qtbot, simulated_project: Path) -> None:
    ticks: list[int] = []
    pane = AnalysisPane(simulated_project)
    qtbot.addWidget(pane)
    timer = QTimer(pane)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(5)
    with qtbot.waitSignal(pane.ready, timeout=60_000):
        pass
    assert ticks, "the GUI thread ran no timer while the analysis was computed"
    assert [pane.tabs.tabText(i) for i in range(pane.tabs.count())] == [
        "Panel", "Taggers", "Test–retest", "Items", "Sources", "Metrics", "Paper tables"]


def test_taggers_table_shows_the_engines_figures(pane: AnalysisPane) -> None:
    results = pane.analysis.results
    view = pane.section_view("taggers").tables["taggers"]
    header = [view.model().headerData(c, Qt.Orientation.Horizontal)
              for c in range(view.model().columnCount())]
    for row in shown(view):
        cells = dict(zip(header, row, strict=True))
        entry, retest = results.taggers[cells["Tagger"]], results.retest[cells["Tagger"]]
        assert cells["EA"] == f"{entry.ea:.3f}"
        assert cells["Ratings"] == str(entry.n)
        assert cells["Retest α"] == f"{retest.alpha:.3f}"
        assert cells["Median s"] == f"{entry.median_seconds:.1f}"


def test_sorting_is_by_number_with_undefined_last(pane: AnalysisPane) -> None:
    view = pane.section_view("panel").tables["panel_alpha"]
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        view.sortByColumn(2, order)  # 95 % low: defined for all rounds, n/a leaving one out
        cells = [row[2] for row in shown(view)]
        numbers = [float(c) for c in cells if c != "n/a"]
        assert numbers == sorted(numbers, reverse=order == Qt.SortOrder.DescendingOrder)
        assert cells[len(numbers):] == ["n/a"] * (len(cells) - len(numbers))


def test_choosing_an_item_shows_its_caption_and_every_rating(qtbot, pane: AnalysisPane) -> None:
    items = pane.show_section("items")
    items.show_item(0)
    first = items.items_view.model().index(0, 0).data()
    assert items.shown.item_id == first
    caption = next(i.caption for i in pane.analysis.input.project.items if i.item_id == first)
    assert caption in items.caption.text()
    table = pane.analysis.table
    n = int((table.item == table.item_ids.index(first)).sum())
    assert items.ratings_view.model().rowCount() == n
    qtbot.waitUntil(lambda: items.image.has_image(), timeout=10_000)


def test_a_tagger_heatmap_is_chosen_by_name(pane: AnalysisPane) -> None:
    retest = pane.section_view("retest")
    chooser = retest.findChild(QComboBox, "choose_Tagger")
    assert chooser.count() == len(pane.analysis.results.retest)
    assert chooser.accessibleName() == "Tagger whose chart is shown"


def test_export_everything_writes_files_that_parse(qtbot, pane: AnalysisPane, tmp_path: Path,
                                                   capture_message_box) -> None:
    texts = capture_message_box()
    with qtbot.waitSignal(pane.exporter.exported, timeout=60_000) as done:
        pane.exporter.export_all(tmp_path / "out")
        assert not any(action.isEnabled() for action in pane.export_actions)
    written = done.args[0]
    qtbot.waitUntil(lambda: bool(texts))
    assert f"Wrote {len(written)} files" in texts[0]
    assert all(action.isEnabled() for action in pane.export_actions)
    content = pane.content
    for section in content.sections:
        for table in section.tables:
            with (tmp_path / "out" / f"{table.name}.csv").open(encoding="utf-8-sig") as f:
                rows = list(csv.reader(f))
            assert rows[0] == [c.key for c in table.columns]
            assert len(rows) == len(table.rows) + 1
        for chart in section.charts:
            assert ET.parse(tmp_path / "out" / f"{chart.name}.svg").getroot().tag.endswith("svg")
            with Image.open(tmp_path / "out" / f"{chart.name}.png") as image:
                assert image.size[0] > 100 and image.getextrema() != ((255, 255),) * 3
    HTMLParser().feed((tmp_path / "out" / REPORT_FILE).read_text(encoding="utf-8"))


def test_export_the_dataset_asks_about_pseudonyms_and_writes_what_export_writes(
        pane: AnalysisPane, tmp_path: Path, capture_message_box) -> None:
    texts = capture_message_box()  # closes the question with "No", then the "Exported" box
    written = pane.exporter.export_dataset(tmp_path / "out", include_simulated=True)
    assert "T01, T02" in texts[0] and "Wrote 7 files" in texts[1]
    assert {p.name for p in written} == {"ratings.csv", "items.csv", "codebook.json",
                                         "codebook.md", "README.md", "datapackage.json",
                                         "croissant.json"}
    assert not (tmp_path / f"out{KEY_SUFFIX}").exists()
    with (tmp_path / "out" / "items.csv").open(encoding="utf-8-sig") as f:
        items = list(csv.DictReader(f))
    assert len(items) == len(pane.analysis.input.project.items)
    assert list(items[0]) == [c.key for c in items_table(pane.analysis).columns]
    cli = tmp_path / "cli"
    assert main(["export", str(pane.analysis.input.path), "--out", str(cli),
                 "--include-simulated"]) == 0
    assert (cli / "ratings.csv").read_bytes() == (tmp_path / "out" / "ratings.csv").read_bytes()
    pane.exporter.export_dataset(tmp_path / "public", pseudonymise=True, include_simulated=True)
    assert (tmp_path / f"public{KEY_SUFFIX}").is_file()


def test_simulated_taggers_are_named_under_the_figures_and_not_exported_unasked(
        pane: AnalysisPane, tmp_path: Path, capture_message_box) -> None:
    warning = pane.findChild(QLabel, "leftOutFiles")
    assert warning is not None and "4 of the 4 taggers are simulated" in warning.text()
    texts = capture_message_box()  # answers the question with "No"
    assert pane.exporter.export_dataset(tmp_path / "out", pseudonymise=False) == []
    assert "are simulated (annotator simulate), not people" in texts[0]
    assert not (tmp_path / "out").exists()


def test_what_cannot_be_analysed_is_said_in_the_window(qtbot, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a project", encoding="utf-8")
    pane = AnalysisPane(tmp_path)
    qtbot.addWidget(pane)
    with qtbot.waitSignal(pane.failed, timeout=30_000) as failure:
        pass
    assert str(tmp_path) in failure.args[0]
    assert "cannot be analysed" in pane.status.text()
    assert not any(action.isEnabled() for action in pane.export_actions)


def test_a_later_source_replaces_one_still_computing(qtbot, simulated_project: Path,
                                                    panel_project: Path) -> None:
    pane = AnalysisPane(simulated_project)
    qtbot.addWidget(pane)
    first = pane._job
    with qtbot.waitSignals([pane.ready, first.finished], timeout=60_000):
        pane.analyse(panel_project)
    assert pane.analysis.input.path == panel_project
    assert pane.windowTitle() == "Panel agreement: Test panel"


def test_items_sort_by_mean_and_the_detail_follows(pane: AnalysisPane) -> None:
    items = pane.section_view("items")
    items.items_view.sortByColumn(3, Qt.SortOrder.AscendingOrder)
    means = [float(row[3]) for row in shown(items.items_view)]
    assert means == sorted(means)
    items.show_item(0)
    assert items.shown.item_id == items.items_view.model().index(0, 0).data()


def test_deleting_the_pane_while_it_computes_is_safe(qtbot, simulated_project: Path) -> None:
    pane = AnalysisPane(simulated_project)
    pane.show()
    with qtbot.waitSignal(pane.destroyed):
        pane.deleteLater()  # as when its window is closed while the job still runs
    del pane
    gc.collect()
    assert QThreadPool.globalInstance().waitForDone(60_000)  # the job finished…
    QCoreApplication.processEvents()  # …and its report, queued to nobody, is delivered
    later = open_pane(qtbot, simulated_project)
    assert later.content is not None


def test_one_table_and_one_chart_saved_alone(pane: AnalysisPane, tmp_path: Path,
                                             capture_message_box) -> None:
    texts = capture_message_box()
    taggers = pane.content.section("taggers")
    table, chart = taggers.tables[0], taggers.charts[0]
    pane.exporter.save_table(table, tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text(encoding="utf-8-sig") == table.csv_text()
    pane.exporter.save_chart(chart, "svg", tmp_path / "c.svg")
    assert (tmp_path / "c.svg").read_text(encoding="utf-8") == chart.svg
    pane.exporter.save_chart(chart, "png", tmp_path / "c.png")
    with Image.open(tmp_path / "c.png") as image:
        assert image.format == "PNG"
    pane.exporter.save_report(tmp_path / "r.html")
    assert "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert len(texts) == 4 and all(t.startswith("Wrote 1 file ") for t in texts)
    assert not list(tmp_path.glob(".*tmp*"))


def test_a_failed_save_names_the_file(pane: AnalysisPane, tmp_path: Path,
                                      capture_message_box) -> None:
    texts = capture_message_box()
    blocked = tmp_path / "taken"
    blocked.mkdir()
    assert pane.exporter.save_table(pane.content.section("panel").tables[0], blocked) == []
    assert texts and str(blocked) in texts[0]


def test_leaving_out_who_failed_the_checks_recomputes_the_pane(qtbot,
                                                               checked_project) -> None:
    pane = open_pane(qtbot, checked_project)
    taggers = pane.content.section("taggers")
    checks = next(t for t in taggers.tables if t.name == "attention_checks")
    assert [row[0] for row in checks.rows if row[-1]] == ["ben"]
    assert pane.exclude_action.isEnabled()
    with qtbot.waitSignal(pane.ready, timeout=60_000):
        pane.exclude_action.trigger()
    assert set(pane.analysis.results.taggers) == {"ana", "cy"}
    assert any(line.startswith("Left out of every figure: 1 taggers")
               for line in pane.content.section("taggers").summary)
    assert pane.tabs.count() == 7 and pane.section_view("taggers") is not None


def test_metrics_tab_shows_the_table_and_a_scatter_per_metric(pane: AnalysisPane) -> None:
    view = pane.section_view("metrics")
    rows = shown(view.tables["metrics"])
    metrics = pane.analysis.results.metrics
    assert not isinstance(metrics, Undefined)
    by_metric = metrics.by_metric
    assert [row[0] for row in rows] == list(by_metric)
    assert rows[0][3] == f"{by_metric[rows[0][0]].tau_c.value:.3f}"
    chooser = view.findChild(QComboBox, "choose_Metric")
    assert chooser.count() == len(by_metric)


def test_larger_text_grows_the_tables_rows_and_the_charts(qtbot, make_lead_window,
                                                          simulated_project: Path) -> None:
    window = make_lead_window(simulated_project)
    pane = window.pane
    section = pane.show_section("taggers")
    chart = section.findChildren(ChartView)[0]
    table = next(iter(section.tables.values()))
    row, hint = table.verticalHeader().defaultSectionSize(), chart.sizeHint()
    window.set_text_scale(2.0)  # as Ctrl++ five times does
    qtbot.waitUntil(lambda: table.verticalHeader().defaultSectionSize() >= row * 1.5)
    assert chart.sizeHint().width() >= hint.width() * 1.9  # the chart's text grows too
    window.set_text_scale(1.0)
    qtbot.waitUntil(lambda: table.verticalHeader().defaultSectionSize() == row)
    assert chart.sizeHint() == hint


def test_the_items_caption_column_keeps_its_header_in_sight(pane: AnalysisPane) -> None:
    items = pane.show_section("items")
    view = items.items_view
    model = view.model()
    column = next(c for c in range(model.columnCount())
                  if model.headerData(c, Qt.Orientation.Horizontal) == "Caption")
    assert view.columnWidth(column) <= 48 * view.fontMetrics().averageCharWidth()
    assert model.headerData(column, Qt.Orientation.Horizontal,
                            Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignLeft
    longest = max((model.index(r, column).data() for r in range(model.rowCount())), key=len)
    row = next(r for r in range(model.rowCount()) if model.index(r, column).data() == longest)
    assert model.index(row, column).data(Qt.ItemDataRole.ToolTipRole) == longest
