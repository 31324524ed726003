"""Composition root of the GUI: builds the application and the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from annotator.ui.error_report import report_unexpected_error
from annotator.ui.icon import app_icon
from annotator.ui.main_window import MainWindow
from annotator.userconfig import load_config


def build_main_window(project: Path | None = None, *, tagger: str | None = None) -> MainWindow:
    """The main window, on the start screen or already on a project (and a tagger)."""
    window = MainWindow(load_config())
    window.setWindowIcon(app_icon())
    if project is not None and window.open_project_folder(project) and tagger:
        window.start_rating(tagger)
    return window


def run_gui(project: Path | None = None, *, tagger: str | None = None) -> int:
    """Start the event loop; returns the process exit code."""
    app = _application()
    window = build_main_window(project, tagger=tagger)
    window.show()
    return app.exec()


def run_analysis_pane(source: Path) -> int:
    """``annotator analyze SOURCE --gui``: the analysis pane alone."""
    from annotator.ui.analysis.pane import AnalysisPane  # not at start: see main_window

    app = _application()
    pane = AnalysisPane(source)
    pane.show()
    return app.exec()


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Caption Rating Annotator")
    app.setWindowIcon(app_icon())
    sys.excepthook = report_unexpected_error
    return app
