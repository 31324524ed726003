"""A background job dies on the GUI thread, after its report is delivered, whoever drops it.

The thread pool holds the job until the work returns and lets go of it on the pool's own
thread; a job deleted there, while the GUI thread delivered its report, corrupted memory and
crashed a later paint (about one tests/ui run in eight).
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QCoreApplication, QThreadPool

from annotator.ui.background_job import BackgroundJob


def test_a_dropped_job_is_deleted_on_the_gui_thread_after_it_reported(qtbot) -> None:
    release = threading.Event()
    reported: list[object] = []
    deleted_on: list[int] = []
    job = BackgroundJob(lambda _progress: release.wait(30) and "done")
    job.finished.connect(reported.append)
    job.destroyed.connect(lambda: deleted_on.append(threading.get_ident()))
    job.start()
    del job  # as the merge dialog does once the report is in: only the pool holds it now
    gc.collect()
    release.set()
    assert QThreadPool.globalInstance().waitForDone(30_000)
    qtbot.waitUntil(lambda: bool(deleted_on), timeout=10_000)
    assert reported == ["done"]
    assert deleted_on == [threading.get_ident()]  # the GUI thread's, not the pool's


def test_a_job_belongs_to_the_application_until_it_has_reported(qtbot) -> None:
    job = BackgroundJob(lambda _progress: None)
    assert job.parent() is QCoreApplication.instance()
    with qtbot.waitSignal(job.destroyed, timeout=10_000):
        job.start()
