"""Helpers to find widgets the way assistive technology does: by accessible name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from annotator.ui.app import build_main_window
from annotator.ui.main_window import MainWindow


def by_name(root: QWidget, accessible_name: str) -> QWidget:
    """The one visible-or-not child whose accessible name is ``accessible_name``."""
    found = [w for w in root.findChildren(QWidget) if w.accessibleName() == accessible_name]
    assert len(found) == 1, f"{len(found)} widgets named {accessible_name!r}"
    return found[0]


@pytest.fixture
def make_main_window(qtbot) -> Callable[..., MainWindow]:
    """A shown, active main window (closed at the end of the test)."""

    def make(project: Path | None = None, *, tagger: str | None = None) -> MainWindow:
        window = build_main_window(project, tagger=tagger)
        qtbot.addWidget(window)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
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
