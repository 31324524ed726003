"""Composition root of the GUI: builds the application and the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from annotator.ui.main_window import MainWindow
from annotator.userconfig import load_config


def build_main_window(project: Path | None = None, *, tagger: str | None = None) -> MainWindow:
    """The main window, on the start screen or already on a project (and a tagger)."""
    window = MainWindow(load_config())
    if project is not None and window.open_project_folder(project) and tagger:
        window.start_rating(tagger)
    return window


def run_gui(project: Path | None = None, *, tagger: str | None = None) -> int:
    """Start the event loop; returns the process exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Caption Rating Annotator")
    window = build_main_window(project, tagger=tagger)
    window.show()
    return app.exec()
