"""Composition root of the GUI: builds the application and the main window."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, qVersion
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from annotator import __version__
from annotator.applog import file_logging
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.icon import app_icon
from annotator.ui.main_window import MainWindow
from annotator.userconfig import load_config

_log = logging.getLogger(__name__)


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
    with file_logging():
        _log.info("Caption Rating Annotator %s started (Qt %s, '%s' platform)", __version__,
                  qVersion(), app.platformName())
        window = build_main_window(project, tagger=tagger)
        if sys.platform == "darwin":
            open_files_in(app, window)
        window.show()
        code = app.exec()
        _log.info("closed (exit status %d)", code)
        return code


def run_analysis_pane(source: Path) -> int:
    """``annotator analyze SOURCE --gui``: the analysis pane alone."""
    from annotator.ui.analysis.pane import AnalysisPane  # not at start: see main_window

    app = _application()
    with file_logging():
        _log.info("analysis pane of %s opened (Caption Rating Annotator %s)", source,
                  __version__)
        pane = AnalysisPane(source)
        pane.show()
        return app.exec()


class _FileOpener(QObject):
    """Opens the project (folder, project.toml or .crproject) macOS hands the app."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            self._window.open_project_folder(Path(event.file()))
            return True
        return False


def open_files_in(app: QApplication, window: MainWindow) -> None:
    """macOS gives a double-clicked document to the app as a QFileOpenEvent, not in argv
    (at launch too): open it in ``window``. Installed on macOS only, the one platform that
    sends them, so no other platform pays for an application-wide event filter."""
    app.installEventFilter(_FileOpener(window))


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Caption Rating Annotator")
    app.setWindowIcon(app_icon())
    sys.excepthook = report_unexpected_error
    return app
