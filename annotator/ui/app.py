"""Composition root of the GUI: builds the application and the main window."""

from __future__ import annotations

import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from annotator.ui.icon import app_icon
from annotator.ui.main_window import MainWindow
from annotator.userconfig import config_dir, load_config


def build_main_window(project: Path | None = None, *, tagger: str | None = None) -> MainWindow:
    """The main window, on the start screen or already on a project (and a tagger)."""
    window = MainWindow(load_config())
    window.setWindowIcon(app_icon())
    if project is not None and window.open_project_folder(project) and tagger:
        window.start_rating(tagger)
    return window


def run_gui(project: Path | None = None, *, tagger: str | None = None) -> int:
    """Start the event loop; returns the process exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Caption Rating Annotator")
    app.setWindowIcon(app_icon())
    sys.excepthook = report_unexpected_error
    window = build_main_window(project, tagger=tagger)
    window.show()
    return app.exec()


def report_unexpected_error(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """A bug must not look like lost work: log the details, tell the tagger what is safe."""
    log = config_dir() / "errors.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as handle:
            handle.write(f"--- {datetime.now(UTC).isoformat()}\n")
            handle.write("".join(traceback.format_exception(kind, error, trace)))
        where = f"The details were written to {log}."
    except OSError:
        where = "The details could not be written to a log file."
    QMessageBox.critical(
        None,
        "Unexpected problem",
        f"Something unexpected went wrong: {error}\n\n"
        f"Every rating you submitted is saved. {where} Please tell your lab lead.",
    )
