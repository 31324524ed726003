"""A window's first size: the size it was designed for, or less on a small screen."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

FRAME_ALLOWANCE = QSize(16, 48)
"""Room for the window manager's title bar and borders, which ``resize`` does not count."""


def fit_to_screen(window: QWidget, preferred: QSize) -> None:
    """Resize ``window`` to ``preferred``, shrunk to the screen's free area (a 1366×768
    laptop with a taskbar has about 1366×728), so no button starts off screen."""
    screen = window.screen()
    if screen is None:
        window.resize(preferred)
        return
    room = screen.availableGeometry().size() - FRAME_ALLOWANCE
    window.resize(preferred.boundedTo(room))
