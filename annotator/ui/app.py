"""Composition root of the GUI: builds the application and the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from annotator.project.folder import open_project
from annotator.session.opening import remember_seat
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.icon import app_icon
from annotator.ui.main_window import MainWindow
from annotator.userconfig import load_config


def build_main_window(project: Path | None = None, *, tagger: str | None = None,
                      seat: str | None = None) -> MainWindow:
    """The main window, on the start screen or already on a project (and a tagger);
    ``seat``: this laptop's seat in the project's plan by laptop, remembered."""
    config = load_config()
    if project is not None and seat is not None:
        remember_seat(config, open_project(project), seat)
    window = MainWindow(config)
    window.setWindowIcon(app_icon())
    if project is not None and window.open_project_folder(project) and tagger:
        window.start_rating(tagger)
    return window


def run_gui(project: Path | None = None, *, tagger: str | None = None,
            seat: str | None = None) -> int:
    """Start the event loop; returns the process exit code."""
    app = _application()
    window = build_main_window(project, tagger=tagger, seat=seat)
    window.show()
    return app.exec()


def run_analysis_pane(source: Path) -> int:
    """``annotator analyze SOURCE --gui``: the analysis pane alone."""
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
