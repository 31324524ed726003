"""The app's log: a small rotating file the windows write, and ``--verbose`` on stderr.

While a window is open (``annotator``, ``open``, ``analyze --gui``), what the app does —
the project and session file it opened, merges, and every unexpected error with its
traceback — goes to ``annotator.log`` in the platform's log folder (``platformdirs``:
``~/Library/Logs/CaptionRatingAnnotator`` on macOS,
``%LOCALAPPDATA%\\CaptionRatingAnnotator\\Logs`` on Windows,
``~/.local/state/CaptionRatingAnnotator/log`` on Linux). It is rotated at 1 MB with two old
files kept, so it never takes more than 3 MB. ``ANNOTATOR_CONFIG_DIR`` moves it along with
the settings (the tests and the self-test use that). The headless commands print what they
do; ``--verbose`` adds every log record, down to debug, on stderr.

``logging.handlers`` and ``platformdirs`` are imported only when a log is started, so
``annotator --help`` does not pay for them.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from annotator.userconfig import APP_DIR_NAME

LOGGER = "annotator"
LOG_FILE = "annotator.log"
MAX_BYTES = 1_000_000
BACKUPS = 2
"""At most ``(BACKUPS + 1) * MAX_BYTES`` on disk: a few months of a laptop's sittings."""
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_dir() -> Path:
    """The folder of this user's log (Help → Open log folder shows it)."""
    override = os.environ.get("ANNOTATOR_CONFIG_DIR")
    if override:
        return Path(override) / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP_DIR_NAME, appauthor=False))


def active_log_file() -> Path | None:
    """The file the log is being written to, or None when no window log is running."""
    for handler in logging.getLogger(LOGGER).handlers:
        if isinstance(handler, logging.FileHandler):
            return Path(handler.baseFilename)
    return None


@contextmanager
def verbose_logging(verbose: bool) -> Iterator[None]:
    """``--verbose``: every record of the app's loggers, debug included, on stderr."""
    if not verbose or sys.stderr is None:  # a windowed Windows build may have no stderr
        yield
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    with _handler(handler, logging.DEBUG):
        yield


@contextmanager
def file_logging() -> Iterator[Path | None]:
    """Write the app's records (info and up) to the rotating log while the block runs.

    Yields the log file, or None when it cannot be written (a read-only home folder): the
    app works all the same, and the crash report says the details could not be kept.
    """
    from logging.handlers import RotatingFileHandler

    path = log_dir() / LOG_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                      encoding="utf-8")
    except OSError:
        yield None
        return
    handler.setFormatter(logging.Formatter(FORMAT))
    with _handler(handler, logging.INFO):
        yield path


@contextmanager
def crash_logging() -> Iterator[Path | None]:
    """The window's log if one is running, else the log file opened for this record alone."""
    active = active_log_file()
    if active is not None:
        yield active
        return
    with file_logging() as path:
        yield path


@contextmanager
def _handler(handler: logging.Handler, level: int) -> Iterator[None]:
    """Attach ``handler`` to the app's logger for the block, then detach and close it.

    A failure to write a record (a full disk, a log rotated by a second window) must never
    reach the tagger as a traceback on stderr: logging's own errors are dropped.
    """
    logging.raiseExceptions = False
    logger = logging.getLogger(LOGGER)
    handler.setLevel(level)
    logger.addHandler(handler)
    previous = logger.level
    if logger.level == logging.NOTSET or logger.level > level:
        logger.setLevel(level)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)
        handler.close()
