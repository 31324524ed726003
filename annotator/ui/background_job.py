"""Runs slow work (the pane's analysis and exports, merging) off the GUI thread.

The work gets a ``progress`` callable; its words, the result or the failure come back as
signals, delivered on the GUI thread. A bug is not swallowed: it goes to the application's
unexpected-error report, like one on the GUI thread.

Keep a reference to the job until it reports: the thread pool runs the work but does not
keep the Python object (and so its signals) alive.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from annotator.errors import AnnotatorError

CrashInfo = tuple[type[BaseException], BaseException, TracebackType | None]
"""What ``crashed`` carries: ``sys.exc_info()`` of the bug, for the error report."""


class BackgroundJob(QObject):
    progress = Signal(str)
    finished = Signal(object)
    failed = Signal(str)
    crashed = Signal(object)

    def __init__(self, work: Callable[[Callable[[str], None]], Any],
                 parent: QObject | None = None):
        super().__init__(parent)
        self._work = work

    def start(self) -> None:
        QThreadPool.globalInstance().start(self._run)

    def _run(self) -> None:
        try:
            result = self._work(self.progress.emit)
        except AnnotatorError as error:
            self.failed.emit(str(error))
        except Exception:  # handed to the GUI thread's error report
            self.crashed.emit(sys.exc_info())
        else:
            self.finished.emit(result)
