"""Helpers to find widgets the way assistive technology does: by accessible name."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QModelIndex,
    QObject,
    QSize,
    Qt,
    QTimer,
    QUrl,
    Slot,
)
from PySide6.QtGui import QAccessible, QDesktopServices
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QTableView,
    QTextEdit,
    QWidget,
)

from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.app import build_lead_window, build_main_window
from annotator.ui.lead_window import LeadWindow
from annotator.ui.main_window import MainWindow


def started(qtbot, window: MainWindow) -> None:
    """Wait for the window's start: the other laptops' files are read off the GUI thread,
    then the rating screen is built (or a refusal shown)."""
    qtbot.waitUntil(lambda: not window.starting)
def spoken_name(widget: QWidget) -> str:
    """The name a screen reader gets for ``widget``: its accessible name, else its text
    (a label's, a button's without the mnemonic '&'), else its buddy label's."""
    interface = QAccessible.queryAccessibleInterface(widget)
    spoken = interface.text(QAccessible.Text.Name) if interface is not None else ""
    return widget.accessibleName() or spoken


def known_as(widget: QWidget) -> str:
    """What a test calls ``widget``: its accessible name; a label (read by its text) by its
    description, "Caption"; else what a screen reader names it; else its object name."""
    described = widget.accessibleDescription() if isinstance(widget, QLabel) else ""
    return (widget.accessibleName() or described or spoken_name(widget)
            or widget.objectName())


def by_name(root: QWidget, accessible_name: str) -> QWidget:
    """The one visible-or-not child a screen reader names ``accessible_name``."""
    found = [w for w in root.findChildren(QWidget) if spoken_name(w) == accessible_name]
    assert len(found) == 1, f"{len(found)} widgets named {accessible_name!r}"
    return found[0]


def submit_button(root: QWidget) -> QAbstractButton:
    """The rating screen's Submit button, whatever it says now (Submit, Submit in 3 s,
    Next pair)."""
    button = root.findChild(QAbstractButton, "submitButton")
    assert button is not None
    return button


def by_description(root: QWidget, description: str) -> QWidget:
    """The one visible-or-not child described as ``description`` (a label read by its
    text, described by what it is: "Progress", "Caption")."""
    found = [w for w in root.findChildren(QWidget) if w.accessibleDescription() == description]
    assert len(found) == 1, f"{len(found)} widgets described as {description!r}"
    return found[0]


def all_text(root: QWidget) -> str:
    """Every text ``root`` and its children hold, shown or not: labels, buttons, fields,
    documents, list and table cells and headers, titles, accessible names and
    descriptions, tooltips, and the texts of their actions."""
    parts: list[str] = []
    for widget in (root, *root.findChildren(QWidget)):
        parts += [widget.windowTitle(), widget.accessibleName(),
                  widget.accessibleDescription(), widget.toolTip(), widget.statusTip()]
        parts += [f"{action.text()} {action.toolTip()}" for action in widget.actions()]
        match widget:
            case QLabel() | QAbstractButton():
                parts.append(widget.text())
            case QLineEdit():
                parts += [widget.text(), widget.placeholderText()]
            case QTextEdit() | QPlainTextEdit():
                parts.append(widget.toPlainText())
            case QComboBox():
                parts += [widget.itemText(i) for i in range(widget.count())]
            case QAbstractItemView() if widget.model() is not None:
                parts += _model_text(widget.model())
        if isinstance(widget, QMessageBox):
            parts += [widget.informativeText(), widget.detailedText()]
    return "\n".join(part for part in parts if part)


def _model_text(model: QAbstractItemModel) -> list[str]:
    rows = model.rowCount(QModelIndex())
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(QModelIndex())
    cells = [str(model.index(r, c).data() or "") for r in range(rows) for c in range(columns)]
    headers = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(columns)]
    return cells + headers


def open_pane(qtbot, source: Path) -> AnalysisPane:
    """An analysis pane over ``source``, shown once its result is."""
    pane = AnalysisPane(source)
    qtbot.addWidget(pane)
    pane.show()
    assert pane.content is None  # the work runs in the background
    with qtbot.waitSignal(pane.ready, timeout=60_000):
        pass
    return pane


def shown(view: QTableView) -> list[list[str]]:
    """The cells a table view shows, row by row."""
    model = view.model()
    return [[model.index(r, c).data() for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def tab_chain(qtbot, window) -> list[str]:
    """What Tab visits from the focus, once round (:func:`known_as`)."""
    first = QApplication.focusWidget()
    names = [known_as(first)]
    for _ in range(60):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        if widget is first:
            return names
        names.append(known_as(widget))
    raise AssertionError(f"Tab never came back: {names}")


@pytest.fixture
def make_main_window(qtbot) -> Callable[..., MainWindow]:
    """A shown, active main window (closed at the end of the test)."""

    def make(project: Path | None = None, *, tagger: str | None = None) -> MainWindow:
        window = build_main_window(project, tagger=tagger)
        qtbot.addWidget(window)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        started(qtbot, window)
        return window

    return make


@pytest.fixture
def make_lead_window(qtbot) -> Callable[..., LeadWindow]:
    """A shown lead's window; with ``source``, once its analysis (or why there is none, as
    for a project nobody rated yet) is on screen."""

    def make(source: Path | None = None) -> LeadWindow:
        window = build_lead_window()
        qtbot.addWidget(window)
        window.show()
        if source is not None:
            failures: list[str] = []
            window.pane.failed.connect(failures.append)
            window.show_source(source)
            qtbot.waitUntil(lambda: window.pane.content is not None or bool(failures),
                            timeout=60_000)
        return window

    return make


@pytest.fixture
def capture_message_box(qtbot) -> Callable[[], list[str]]:
    """Close the next modal message box(es) as soon as they appear, collecting their text."""
    texts: list[str] = []

    def close_boxes() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                texts.append(widget.text())
                widget.done(0)

    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(close_boxes)

    def start() -> list[str]:
        timer.start()
        return texts

    yield start
    timer.stop()


class _UrlCatcher(QObject):
    """Qt's own hook for where a URL goes (QDesktopServices.setUrlHandler)."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[Path] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(Path(url.toLocalFile()))


@pytest.fixture
def opened_folders(qapp) -> list[Path]:
    """The local files and folders the app asks the desktop to show, instead of starting
    the file manager."""
    catcher = _UrlCatcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")
    yield catcher.opened
    QDesktopServices.unsetUrlHandler("file")


LAPTOP = QSize(1366, 768)
LAPTOPS = (LAPTOP, QSize(1280, 720))
"""The laptop screens the tagger's window must fit (screen sizes, the window's frame in)."""
TITLE_BAR = 20
"""What a window manager's title bar takes of a maximised window's height (openbox: 19 px)."""


def in_window(qtbot, window: QWidget, screen: QSize) -> None:
    """``window`` as large as a maximised window on ``screen``, its layout at rest."""
    window.resize(screen - QSize(0, TITLE_BAR))
    qtbot.waitUntil(lambda: window.size() == screen - QSize(0, TITLE_BAR))


def active(qtbot, widget: QWidget, size: QSize | None = None) -> QWidget:
    """``widget`` shown (at ``size``) as the active window, as the audit needs it."""
    if size is not None:
        widget.resize(size)
    widget.show()
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow, timeout=5000)
    return widget


@pytest.fixture(autouse=True)
def _qt_garbage_collected_on_the_gui_thread():
    """After each test, collect its garbage here, on the GUI thread. Python's collector runs
    on whichever thread allocates when a threshold is crossed; left for later, a test's Qt
    objects caught in reference cycles were once destroyed on a background job's thread,
    and Qt aborted the run."""
    yield
    gc.collect()
