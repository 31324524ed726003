"""A window's first size fits the screen's free area (a 1366×768 laptop)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from annotator.ui.screen_fit import FRAME_ALLOWANCE, fit_to_screen


def test_a_large_window_shrinks_to_the_screen_and_a_small_one_keeps_its_size(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    room = window.screen().availableGeometry().size() - FRAME_ALLOWANCE
    fit_to_screen(window, room + QSize(300, 200))
    assert window.size() == room
    fit_to_screen(window, QSize(320, 240))
    assert window.size() == QSize(320, 240)
