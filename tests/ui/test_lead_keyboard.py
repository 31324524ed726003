"""The lab lead's whole job with key events only: open a panel, every tab, sort a table and
read what its columns mean, an item's details, merge with a preview, start a round, and
every export (the menus by their Alt mnemonics, buttons by Tab and Space).

The one thing not driven by keys is the platform's file chooser: it returns our paths.
Message boxes are answered with Enter, as a lead would.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMessageBox,
    QPushButton,
    QTableView,
    QWidget,
)

from annotator.project.folder import open_project
from annotator.store.merge import merge_session_files
from tests.ui.accessibility_audit import spoken_name
from tests.ui.conftest import LAPTOP, active


def press(qtbot, key: Qt.Key | str, modifier=Qt.KeyboardModifier.NoModifier) -> QWidget:
    """``key`` to whatever has the focus (or the open menu); returns what has it then."""
    target = QApplication.activePopupWidget() or QApplication.focusWidget()
    assert target is not None, "nothing has the focus"
    qtbot.keyClick(target, key, modifier)
    return QApplication.focusWidget()


def tab_to(qtbot, found: Callable[[QWidget], bool], *, limit: int = 80) -> QWidget:
    """Press Tab until the focus is on a widget ``found`` accepts."""
    for _ in range(limit):
        widget = press(qtbot, Qt.Key.Key_Tab)
        if found(widget):
            return widget
    raise AssertionError("Tab never reached it")


def menu(qtbot, window: QWidget, mnemonic: str, item: str) -> None:
    """Alt+``mnemonic`` opens a menu of the menu bar, ``item`` chooses in it."""
    back_to(qtbot, window)
    qtbot.keyClick(window, mnemonic, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=5000)
    press(qtbot, item)


def back_to(qtbot, window: QWidget) -> None:
    """What the window manager does once a dialog is gone: the window is active again."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)


@pytest.fixture
def answered_with_enter(qtbot) -> list[str]:
    """Every message box that opens is read (its text kept) and answered with Enter."""
    texts: list[str] = []

    def answer() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible() and (
                    widget.objectName() != "columnsHelp"):
                texts.append(widget.text())
                qtbot.keyClick(widget, Qt.Key.Key_Return)

    timer = QTimer()
    timer.timeout.connect(answer)
    timer.start(30)
    yield texts
    timer.stop()


@pytest.fixture
def project_with_panel(simulated_project: Path, tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "vicr-demo"
    shutil.copytree(simulated_project, folder)
    panel = folder / "panel.sqlite"
    (folder / "sessions" / "late").mkdir()
    moved = sorted((folder / "sessions").glob("*.sqlite"))[-1]
    moved.rename(folder / "sessions" / "late" / moved.name)  # merged later, by keys
    merge_session_files(panel, [folder / "sessions"])
    return folder, panel


def test_the_whole_lead_workflow_from_the_keyboard(  # noqa: PLR0915 (one workflow, in order)
        qtbot, make_lead_window, project_with_panel, tmp_path: Path, monkeypatch,
        answered_with_enter: list[str]) -> None:
    folder, panel = project_with_panel
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(
        lambda _parent, _title, *_: (str(panel), "")))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
        lambda _parent, _title, start, *_a, **_k: (str(out / Path(start).name), "")))
    folders = iter([out / "everything", out / "dataset"])
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(
        lambda *_a, **_k: str(next(folders))))
    window = active(qtbot, make_lead_window(), LAPTOP)

    # open a panel: Ctrl+Shift+O
    with qtbot.waitSignal(window.pane.ready, timeout=60_000):
        press(qtbot, Qt.Key.Key_O,
              Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.pane.source == panel

    # every tab: Ctrl+Tab, once round
    tabs = window.pane.tabs
    seen = [tabs.tabText(tabs.currentIndex())]
    for _ in range(tabs.count()):
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
        seen.append(tabs.tabText(tabs.currentIndex()))
    assert seen[0] == seen[-1] and set(seen) == {tabs.tabText(i) for i in range(tabs.count())}

    # sort a table, and what its columns mean
    while tabs.tabText(tabs.currentIndex()) != "Taggers":
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    table = tab_to(qtbot, lambda w: isinstance(w, QTableView))
    press(qtbot, Qt.Key.Key_Right)  # the second column
    sort = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, Qt.Key.Key_S, sort)
    header = table.horizontalHeader()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        1, Qt.SortOrder.AscendingOrder)
    column = [table.model().index(r, 1).data() for r in range(table.model().rowCount())]
    assert column == sorted(column, key=str.casefold)
    press(qtbot, Qt.Key.Key_S, sort)
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    press(qtbot, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    help_box = window.findChild(QMessageBox, "columnsHelp")
    assert help_box is not None and help_box.isVisible()
    meaning = table.model().headerData(2, Qt.Orientation.Horizontal,
                                       Qt.ItemDataRole.AccessibleDescriptionRole)
    assert meaning and meaning in help_box.text()
    qtbot.keyClick(help_box, Qt.Key.Key_Escape)
    assert not help_box.isVisible()

    # an item's details: the Items tab, its table, the arrow keys
    while tabs.tabText(tabs.currentIndex()) != "Items":
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    items = window.pane.section_view("items")
    tab_to(qtbot, lambda w: w is items.items_view)
    press(qtbot, Qt.Key.Key_Down)
    assert items.shown is not None and items.caption.text().startswith("Caption: ")
    tab_to(qtbot, lambda w: w is items.ratings_view)
    assert items.ratings_view.model().rowCount() == len(items.shown.ratings.rows)

    # merge with a preview: Study ▸ Merge…, Alt+V, Alt+M, Esc
    menu(qtbot, window, "s", "m")
    dialog = window.merge_dialog
    qtbot.waitUntil(dialog.isActiveWindow)  # what the window manager does with a dialog
    dialog.add_sources([folder / "sessions" / "late"])
    with qtbot.waitSignal(dialog.job_ended, timeout=60_000):
        press(qtbot, "v", Qt.KeyboardModifier.AltModifier)
    assert dialog.merge_button.isEnabled() and "Press Merge" in dialog.summary.text()
    with qtbot.waitSignal(dialog.job_ended, timeout=60_000):
        press(qtbot, "m", Qt.KeyboardModifier.AltModifier)
    assert not dialog.report.preview and dialog.report.new > 0
    press(qtbot, Qt.Key.Key_Escape)
    assert not dialog.isVisible()

    # start a round: Study ▸ Start a new round…, Enter (the box after it: Enter)
    menu(qtbot, window, "s", "n")
    qtbot.waitUntil(lambda: window.round_dialog is not None
                    and window.round_dialog.isActiveWindow())
    with qtbot.waitSignal(window.pane.ready, timeout=60_000):
        press(qtbot, Qt.Key.Key_Return)
    assert open_project(folder).current_round == 3
    assert any(text.startswith("Round 3 is recorded") for text in answered_with_enter)

    # every export: Ctrl+E, Ctrl+R, Ctrl+D, a table's and a chart's own buttons, a snapshot
    back_to(qtbot, window)
    with qtbot.waitSignal(window.pane.exporter.exported, timeout=60_000):
        press(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert (out / "everything" / "report.html").exists()
    back_to(qtbot, window)
    press(qtbot, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert (out / "report.html").exists()
    back_to(qtbot, window)
    press(qtbot, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert (out / "dataset" / "ratings.csv").exists()
    back_to(qtbot, window)
    tabs = window.pane.tabs  # the round's analysis built them anew
    while tabs.tabText(tabs.currentIndex()) != "Panel":
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    for prefix in ("Save chart", "Save the table"):
        button = tab_to(qtbot, lambda w, p=prefix: isinstance(w, QPushButton)
                        and spoken_name(w).startswith(p))
        with qtbot.waitSignal(window.pane.exporter.exported, timeout=10_000) as saved:
            press(qtbot, Qt.Key.Key_Space)
        assert all(path.exists() for path in saved.args[0]), button.text()
        back_to(qtbot, window)
    menu(qtbot, window, "s", "e")
    assert (out / "panel.snapshot").exists()
    assert len([t for t in answered_with_enter if t.startswith("Wrote ")]) == 5


def test_the_charts_without_a_table_show_their_data_from_the_keyboard(
        qtbot, make_lead_window, project_with_panel) -> None:
    folder, _panel = project_with_panel
    window = active(qtbot, make_lead_window(folder), LAPTOP)
    content = window.pane.content
    window.pane.tabs.setFocus()
    distribution = next(chart for chart in content.section("panel").charts
                        if chart.name == "distribution")
    button = tab_to(qtbot, lambda w: spoken_name(w) == (
        "Data of the chart Distribution of item means as a table"))
    press(qtbot, Qt.Key.Key_Space)
    assert button.isChecked()
    table = press(qtbot, Qt.Key.Key_Tab)  # the table, right below its button
    assert isinstance(table, QTableView) and table.accessibleName() == distribution.title
    shown = [table.model().index(row, 1).data() for row in range(table.model().rowCount())]
    assert shown == [str(count) for count in (row[1] for row in distribution.data.rows)]
    assert sum(int(count) for count in shown) == sum(
        window.pane.analysis.results.distribution.values())  # every item the chart counts

    while window.pane.tabs.tabText(window.pane.tabs.currentIndex()) != "Metrics":
        press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    scatters = [chart for chart in content.section("metrics").charts if chart.group]
    chooser = tab_to(qtbot, lambda w: w.accessibleName() == "Metric whose chart is shown")
    tab_to(qtbot, lambda w: spoken_name(w) == "Data of the chart of the Metric shown as a table")
    press(qtbot, Qt.Key.Key_Space)
    table = press(qtbot, Qt.Key.Key_Tab)
    assert isinstance(table, QTableView) and table.accessibleName() == scatters[0].title
    assert table.model().rowCount() == len(scatters[0].data.rows) > 0
    chooser.setFocus()
    press(qtbot, Qt.Key.Key_Down)  # the next metric: its data replaces the table
    qtbot.waitUntil(lambda: window.pane.section_view("metrics").findChild(
        QTableView, f"table_{scatters[1].name}") is not None)
