"""The child process of test_large_text.py: dialogs and pages at 200 % text on a screen
scaled 2× (QT_SCALE_FACTOR=2, so a 1366×768 laptop is 683×384 logical pixels).

Run as ``python -m tests.ui.large_text_probe OUT_DIR LABEL [TEXT_SCALE]`` with Qt's
offscreen platform given a screen of the laptop's size (``offscreen:configfile=…``). The
app's text size is TEXT_SCALE, 2 (200 %) unless told (the user's settings in
``ANNOTATOR_CONFIG_DIR``). Each stage is saved as
``OUT_DIR/i33-LABEL-STAGE.png``; one JSON line per stage says whether the window needs
more than the screen (Qt's offscreen platform would shrink it below its least size, which a
window manager does not), which controls are crushed
(smaller than they need), outside the screen, or cut off without a scroll bar to reach them,
and which tables' columns are narrower than their text.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTableView,
    QWidget,
)

from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.session.rounds import round_start_warnings
from annotator.ui.app import build_lead_window, build_main_window
from annotator.ui.dialogs.about import AboutDialog
from annotator.ui.dialogs.merge_dialog import MergeDialog
from annotator.ui.dialogs.rounds_dialog import RoundsDialog
from annotator.ui.dialogs.start_round import StartRoundDialog
from annotator.ui.screen_fit import FRAME_ALLOWANCE
from annotator.userconfig import load_config, save_config
from tests.analysis.sessions import T0, rate, session
from tests.ui.screen_fit_probe import copy_sample

ROOT = Path(__file__).resolve().parents[2]
CONTROLS = (QAbstractButton, QLabel, QLineEdit)
NOW = T0 + timedelta(days=1)


def rated_yesterday(scratch: Path) -> Path:
    """The VICR demo without a dwell, with round-1 ratings of a day before ``NOW`` (so
    starting round 2 warns about the washout)."""
    folder = copy_sample("vicr-demo", scratch)
    store = session(folder, "lab-1")
    for item in open_project(folder).items[:3]:
        rate(store, "Ana", item.item_id, 3)
    store.close()
    return folder


def _global(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())


def _scrolls(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    return parent is not None


def _needed_height(widget: QWidget) -> int:
    if isinstance(widget, QLabel) and widget.wordWrap() and widget.text():
        return widget.heightForWidth(widget.width())
    return widget.minimumSizeHint().height()


def _settled(top: QWidget) -> None:
    """Until the window's layout has come to rest: its geometry and size hint the same
    over three turns of the event loop in a row (no fixed wait)."""
    last, same = None, 0
    while same < 3:
        QTest.qWait(10)
        now = (top.geometry(), top.sizeHint())
        same, last = (same + 1, now) if now == last else (0, now)


def cut_columns(top: QWidget) -> list[str]:
    """The columns of the tables shown narrower than their header or their widest cell
    (the table scrolls sideways instead), and the rows lower than their wrapped text."""
    problems = []
    for table in top.findChildren(QTableView):
        if not table.isVisible() or table.model() is None:
            continue
        header, columns = table.horizontalHeader(), table.model().columnCount()
        for column in range(columns):
            wraps = table.wordWrap() and header.stretchLastSection() and column == columns - 1
            needed = max(header.sectionSizeHint(column),
                         0 if wraps else table.sizeHintForColumn(column))
            if header.sectionSize(column) < needed:
                title = table.model().headerData(column, Qt.Orientation.Horizontal)
                problems.append(f"column {title!r} of {table.accessibleName()!r} is "
                                f"{header.sectionSize(column)} px wide, needs {needed}")
        rows = table.verticalHeader()
        problems += [f"row {row} of {table.accessibleName()!r} is {rows.sectionSize(row)} px "
                     f"high, needs {table.sizeHintForRow(row)}"
                     for row in range(table.model().rowCount())
                     if rows.sectionSize(row) < table.sizeHintForRow(row)]
    return problems


def measure(top: QWidget, stage: str, out_dir: Path, label: str) -> dict:
    """Every control of ``top`` shown: as tall as it needs, on the screen, and shown whole
    or inside something that scrolls to it."""
    _settled(top)
    screen = top.screen().availableGeometry()
    problems = []
    least = top.minimumSizeHint().expandedTo(top.minimumSize()) + FRAME_ALLOWANCE
    if least.width() > screen.width() or least.height() > screen.height():
        problems.append(f"the window needs {least.toTuple()} with its frame, more than the "
                        f"screen {screen.size().toTuple()}")  # Qt offscreen shrinks it still
    if not screen.contains(top.frameGeometry()):
        problems.append(f"the window {top.frameGeometry().getRect()} is not inside the "
                        f"screen {screen.getRect()}")
    for widget in top.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or not widget.isVisible() or (
                widget.window() is not top):
            continue
        if isinstance(widget, QLabel) and not widget.text().strip():
            continue
        name = f"{type(widget).__name__} {widget.text()[:40]!r}"
        if widget.height() < _needed_height(widget):
            problems.append(f"{name} is {widget.height()} px high, needs {_needed_height(widget)}")
        shown = widget.visibleRegion().boundingRect()
        if shown.size() != widget.size() and not _scrolls(widget):
            problems.append(f"{name} is cut to {shown.getRect()} of {widget.size().toTuple()}")
        elif not _scrolls(widget) and not screen.contains(_global(widget)):
            problems.append(f"{name} at {_global(widget).getRect()} is off the screen")
    problems += cut_columns(top)
    shot = out_dir / f"i33-{label}-{stage}.png"
    top.grab().save(str(shot))
    return {"stage": stage, "screen": screen.getRect(), "problems": problems, "shot": str(shot)}


def stages(scratch: Path, out_dir: Path, label: str) -> Iterator[dict]:
    folder = rated_yesterday(scratch)
    lead = build_lead_window()
    lead.showMaximized()
    QTest.qWaitForWindowExposed(lead)
    project = open_project(folder)
    dialog = StartRoundDialog(project, round_start_warnings(project, now=NOW),
                              lead)
    dialog.open()
    QTest.qWaitForWindowExposed(dialog)
    yield measure(dialog, "start-round", out_dir, label)
    dialog.reject()
    yield from lead_dialogs(project, lead, out_dir, label)
    lead.close()
    tagger = build_main_window(folder, tagger="Ben")  # a new tagger: the tutorial's notice
    while tagger.starting:  # the other laptops' files are read off the GUI thread
        QTest.qWait(10)
    tagger.showMaximized()
    QTest.qWaitForWindowExposed(tagger)
    yield measure(tagger, "notice", out_dir, label)
    QTest.keyClick(tagger.rating_screen, Qt.Key.Key_Return)  # "Start the tutorial"
    yield measure(tagger, "rating", out_dir, label)
    if tagger.rating_guide is None or tagger.rating_guide.isHidden():  # folded: no room
        QTest.keyClick(tagger.rating_screen, Qt.Key.Key_F1)
    yield measure(tagger, "rating-guide", out_dir, label)
    tagger.close()


def lead_dialogs(project: Project, lead: QWidget, out_dir: Path, label: str) -> Iterator[dict]:
    """The merge dialog after its preview, the rounds dialog and About."""
    merge = MergeDialog(lead, panel=project.root / "panel.sqlite",
                        sources=[project.sessions_dir], project_id=project.project_id)
    merge.open()
    QTest.qWaitForWindowExposed(merge)
    merge.preview()
    while merge.report is None:  # the preview runs off the GUI thread
        QTest.qWait(10)
    yield measure(merge, "merge", out_dir, label)
    merge.reject()
    for stage, dialog in (("rounds", RoundsDialog(project, lead)), ("about", AboutDialog(lead))):
        dialog.open()
        QTest.qWaitForWindowExposed(dialog)
        yield measure(dialog, stage, out_dir, label)
        dialog.reject()


def main(out_dir: Path, label: str, text_scale: float) -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    config = load_config()
    config.text_scale = text_scale
    save_config(config)
    with tempfile.TemporaryDirectory() as scratch:
        for result in stages(Path(scratch), out_dir, label):
            print(json.dumps(result), flush=True)
    del app


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 2.0)
