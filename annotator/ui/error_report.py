"""What the app does with a bug: log it, and tell the user that their ratings are safe;
and Help → Open log folder, where those details are kept."""

from __future__ import annotations

import logging
from types import TracebackType

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from annotator.applog import LOGGER, crash_logging, log_dir


def report_unexpected_error(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """A bug must not look like lost work: log the details, tell the tagger what is safe."""
    with crash_logging() as log:
        logging.getLogger(LOGGER).critical("Unexpected error", exc_info=(kind, error, trace))
    where = ("The details could not be written to a log file." if log is None else
             f"The details were written to {log} (Help → Open log folder).")
    QMessageBox.critical(
        None,
        "Unexpected problem",
        f"Something unexpected went wrong: {error}\n\n"
        f"Every rating you submitted is saved. {where} Please tell your lab lead.",
    )


def open_log_folder(parent: QWidget) -> None:
    """Show the log folder in the file manager (made first: the log may not exist yet)."""
    folder = log_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        QMessageBox.warning(parent, "Log folder", f"The log folder {folder} cannot be "
                                                  f"made: {error.strerror or error}.")
        return
    if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
        QMessageBox.information(parent, "Log folder", f"The log is kept in {folder}.")
