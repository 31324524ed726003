"""The Qt binding must not leak references to None/True/False (it did in PySide6 6.12.0).

On Python 3.11 such a leak crashes the app after a few hundred pairs; the calls below are
the ones the app repeats per pair: a QRunnable's run() and a signal delivered to a slot.
"""

from __future__ import annotations

import gc
import sys

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

CALLS = 1500


class _Emitter(QObject):
    fired = Signal(str)


class _Job(QRunnable):
    def __init__(self, emitter: _Emitter):
        super().__init__()
        self._emitter = emitter

    def run(self) -> None:
        self._emitter.fired.emit("decoded")


def test_runnables_and_slots_keep_singleton_refcounts(qtbot) -> None:
    emitter = _Emitter()
    received: list[str] = []
    emitter.fired.connect(received.append)
    # Garbage left by earlier tests must not be freed inside the measurement: a collection
    # drops references to None/True/False and would look like a leak.
    gc.collect()
    gc.disable()
    try:
        before = (sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False))
        pool = QThreadPool()
        for _ in range(CALLS):
            pool.start(_Job(emitter))
        assert pool.waitForDone(30000)
        qtbot.waitUntil(lambda: len(received) == CALLS, timeout=10000)
        after = (sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False))
    finally:
        gc.enable()
    drift = [b - a for b, a in zip(before, after, strict=True)]
    assert max(drift) < CALLS // 10, f"references lost per call: {drift}"
