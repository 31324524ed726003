"""The window commands' harness: run the real entry point and its event loop, close the
window once it is ready, as a person would."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import pytest
from PySide6.QtCore import QTimer  # noqa: TID251 (these commands' job is a Qt window)
from PySide6.QtWidgets import QApplication, QWidget  # noqa: TID251

from annotator.cli import main

GIVE_UP = 99
"""The exit code of the safety timer: a window that never became ready fails the test."""


@pytest.fixture
def run_window(qapp, monkeypatch) -> Callable[..., tuple[int, str]]:
    """``run_window(argv, ready)``: run the command; once a shown top-level window passes
    ``ready``, close it as a person would. Returns the exit code and that window's title."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # the app installs its own

    def run(argv: Sequence[str], ready: Callable[[QWidget], bool]) -> tuple[int, str]:
        seen: list[str] = []

        def close_when_ready() -> None:
            for window in QApplication.topLevelWidgets():
                if not seen and window.isVisible() and ready(window):
                    seen.append(window.windowTitle())
                    window.close()

        poll, give_up = QTimer(), QTimer()
        poll.timeout.connect(close_when_ready)
        give_up.setSingleShot(True)
        give_up.timeout.connect(lambda: QApplication.exit(GIVE_UP))
        poll.start(20)
        give_up.start(60_000)
        try:
            code = main(list(argv))
        finally:
            poll.stop()
            give_up.stop()
        assert seen, "no window became ready"
        return code, seen[0]

    return run
