"""Runs slow work (the pane's analysis and exports, merging) off the GUI thread.

The work gets a ``progress`` callable; its words, the result or the failure come back as
signals, delivered on the GUI thread. A bug is not swallowed: it goes to the application's
unexpected-error report, like one on the GUI thread.

The job belongs to the application, not to whoever holds it in Python, and deletes itself
on the GUI thread once its report is delivered: the thread pool drops its reference to the
job on the pool's thread, and a QObject deleted there (with its signals' receivers) while the
GUI thread delivers its report corrupted memory, crashing the app at a random later paint.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QMetaObject, QObject, Qt, QThreadPool, Signal

from annotator.errors import AnnotatorError

CrashInfo = tuple[type[BaseException], BaseException, TracebackType | None]
"""What ``crashed`` carries: ``sys.exc_info()`` of the bug, for the error report."""


class BackgroundJob(QObject):
    progress = Signal(str)
    finished = Signal(object)
    failed = Signal(str)
    crashed = Signal(object)

    def __init__(self, work: Callable[[Callable[[str], None]], Any]):
        super().__init__(QCoreApplication.instance())
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
        # Queued behind the report (whose events are all posted once emit returns), so the
        # job goes on the GUI thread after every receiver has had it.
        QMetaObject.invokeMethod(self, "deleteLater", Qt.ConnectionType.QueuedConnection)
