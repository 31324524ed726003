"""Where a window opens: where it was last time if a screen still shows that place, else
at the size it was designed for, fitted to the screen it is on (shrunk to a small one,
grown on a large one); and where it was when it closed, remembered per user
(``UserConfig.windows``)."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from annotator.userconfig import UserConfig, WindowPlace, save_config

FRAME_ALLOWANCE = QSize(16, 48)
"""Room for the window manager's title bar and borders, which ``resize`` does not count."""
FRAME = QMargins(8, 40, 8, 8)
"""The same room, side by side: borders left, right and below, the title bar above."""
SCREEN_SHARE = 0.8
"""The least part of the screen's free width and height a window first opens at."""


def fit_to_screen(window: QWidget, preferred: QSize) -> None:
    """Resize ``window`` to ``preferred``, shrunk to the screen's free area (a 1366×768
    laptop with a taskbar has about 1366×728), so no button starts off screen; on a larger
    screen (4K at 100 %) grown to SCREEN_SHARE of it, so the image is not left small."""
    screen = window.screen()
    if screen is None:
        window.resize(preferred)
        return
    room = screen.availableGeometry().size() - FRAME_ALLOWANCE
    window.resize(preferred.expandedTo(room * SCREEN_SHARE).boundedTo(room))


def fit_dialog(dialog: QWidget, preferred: QSize) -> None:
    """Resize ``dialog`` to ``preferred``, shrunk to its screen's free area, never grown:
    at 200 % text on a laptop scaled 2× (683×384 logical pixels) its scroll areas take
    the difference, where a fixed size put its buttons off the screen."""
    screen = dialog.screen()
    room = preferred if screen is None else screen.availableGeometry().size() - FRAME_ALLOWANCE
    dialog.resize(preferred.boundedTo(room))


def place_window(window: QWidget, place: WindowPlace | None, preferred: QSize) -> None:
    """Put ``window`` where ``place`` says, moved and shrunk as little as needed to lie
    wholly on the screen that shows its title bar; without a place, or when no screen
    shows it any more (a monitor unplugged), at ``preferred`` fitted to the screen."""
    screen = None if place is None else QGuiApplication.screenAt(
        QPoint(place.x + place.width // 2, place.y - FRAME.top() // 2))
    if place is None or screen is None:
        fit_to_screen(window, preferred)
        return
    room = screen.availableGeometry().marginsRemoved(FRAME)
    size = QSize(place.width, place.height).boundedTo(room.size())
    x = min(max(place.x, room.left()), room.right() + 1 - size.width())
    y = min(max(place.y, room.top()), room.bottom() + 1 - size.height())
    window.setGeometry(QRect(QPoint(x, y), size))
    if place.maximized:
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def window_place(window: QWidget) -> WindowPlace:
    """Where ``window`` is now (its normal size and place when maximised)."""
    maximized = window.isMaximized()
    rect = window.normalGeometry() if maximized else window.geometry()
    return WindowPlace(rect.x(), rect.y(), max(1, rect.width()), max(1, rect.height()),
                       maximized=maximized)


def remember_place(window: QWidget, config: UserConfig, name: str) -> None:
    """Keep ``window``'s place as ``name``'s for the next time it opens."""
    config.windows[name] = window_place(window)
    save_config(config)
