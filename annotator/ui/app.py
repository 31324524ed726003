"""Composition root of the GUI: builds the application and one of its two windows, the
tagger's (``annotator``, ``annotator open``) or the lab lead's (``annotator lead``).

The lead's window (and with it the analysis and numpy) is imported only when asked for, so
the tagger's window never loads it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from annotator.ui.error_report import report_unexpected_error
from annotator.ui.icon import app_icon
from annotator.ui.main_window import MainWindow
from annotator.userconfig import load_config

if TYPE_CHECKING:
    from annotator.ui.lead_window import LeadWindow


def build_main_window(project: Path | None = None, *, tagger: str | None = None) -> MainWindow:
    """The tagger's window, on the start screen or already on a project (and a tagger)."""
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


def build_lead_window(source: Path | None = None) -> LeadWindow:
    """The lab lead's window: analysing ``source``, or on its start page."""
    from annotator.ui.lead_window import LeadWindow

    window = LeadWindow(load_config(), source)
    window.setWindowIcon(app_icon())
    return window


def run_lead(source: Path | None = None) -> int:
    """``annotator lead [SOURCE]`` (and ``analyze SOURCE --gui``): the event loop of the
    lead's window; returns the process exit code."""
    app = _application()
    window = build_lead_window(source)
    window.show()
    return app.exec()


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Caption Rating Annotator")
    app.setWindowIcon(app_icon())
    sys.excepthook = report_unexpected_error
    return app
