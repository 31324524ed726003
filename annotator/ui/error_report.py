"""What the app does with a bug: log it, and tell the user that their ratings are safe."""

from __future__ import annotations

import traceback
from datetime import UTC, datetime
from types import TracebackType

from PySide6.QtWidgets import QMessageBox

from annotator.userconfig import config_dir


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
