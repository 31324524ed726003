"""Composition root of the GUI: builds the application and one of its two windows, the
tagger's (``annotator``, ``annotator open``) or the lab lead's (``annotator lead``).

Each window is imported only when asked for: the tagger's window never loads the lead's
(and with it the analysis and numpy), and the lead's first window does not wait for the
tagger's rating screens.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, qVersion
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMainWindow

from annotator import __version__
from annotator.applog import file_logging
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.icon import app_icon
from annotator.userconfig import load_config

if TYPE_CHECKING:
    from annotator.ui.lead_window import LeadWindow
    from annotator.ui.main_window import MainWindow

_log = logging.getLogger(__name__)


def build_main_window(project: Path | None = None, *, tagger: str | None = None,
                      seat: str | None = None) -> MainWindow:
    """The tagger's window, on the start screen or already on a project (and a tagger);
    ``seat``: this laptop's seat in the project's plan by laptop, remembered."""
    from annotator.project.folder import open_project
    from annotator.project.shortcut import project_folder_of
    from annotator.session.opening import remember_seat
    from annotator.ui.main_window import MainWindow

    config = load_config()
    if project is not None and seat is not None:
        remember_seat(config, open_project(project_folder_of(project)), seat)
    window = MainWindow(config)
    window.setWindowIcon(app_icon())
    if project is not None and window.open_project_folder(project) and tagger:
        window.start_rating(tagger)
    return window


def run_gui(project: Path | None = None, *, tagger: str | None = None,
            seat: str | None = None) -> int:
    """The event loop of the tagger's window; returns the process exit code."""
    app = _application()
    with file_logging():
        _log_start(app)
        window = build_main_window(project, tagger=tagger, seat=seat)
        if sys.platform == "darwin":
            open_files_in(app, window)
        return _show_until_closed(app, window)


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
    with file_logging():
        _log_start(app)
        _log.info("lab lead's window opened on %s", source or "its start page")
        return _show_until_closed(app, build_lead_window(source))


def _log_start(app: QApplication) -> None:
    _log.info("Caption Rating Annotator %s started (Qt %s, '%s' platform)", __version__,
              qVersion(), app.platformName())


def _show_until_closed(app: QApplication, window: QMainWindow) -> int:
    window.show()
    code = app.exec()
    _log.info("closed (exit status %d)", code)
    return code


class _FileOpener(QObject):
    """Opens the project (folder, project.toml or .crproject) macOS hands the app."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self._window = window

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            self._window.open_project_folder(Path(event.file()))
            return True
        return False


def open_files_in(app: QApplication, window: MainWindow) -> None:
    """macOS gives a double-clicked document to the app as a QFileOpenEvent, not in argv
    (at launch too): open it in ``window``, the tagger's. Installed on macOS only, the one
    platform that sends them, so no other platform pays for an application-wide event
    filter."""
    app.installEventFilter(_FileOpener(window))


def _application() -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("Caption Rating Annotator")
    app.setWindowIcon(app_icon())
    sys.excepthook = report_unexpected_error
    return app
