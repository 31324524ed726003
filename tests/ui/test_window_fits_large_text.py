"""At 200 % text the tagger's window never needs more than its screen (Qt's offscreen
screen here, 800 pixels wide: the rating page and the Rating Guide at 200 % once needed 882):
the pages scroll rather than hold the window larger, and the Rating Guide folds away while
not even the whole screen's width holds it beside the rating page, F1 bringing it back with
its Hide button in the window. ``test_large_text.py`` checks the same on a 1366×768 laptop
scaled 2× (683×384 logical pixels), in a child process given that screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QPushButton, QWidget

from annotator.ui.main_window import MainWindow
from annotator.ui.screen_fit import FRAME_ALLOWANCE
from annotator.ui.screens.rating_screen import ScreenState
from annotator.userconfig import load_config
from tests.ui.screen_fit_probe import copy_sample


def room(window: MainWindow) -> QSize:
    """What the window may take of its screen, its title bar and borders aside."""
    return window.screen().availableGeometry().size() - FRAME_ALLOWANCE


def assert_fits(window: MainWindow, stage: str) -> None:
    least = window.minimumSizeHint().expandedTo(window.minimumSize())
    assert least.width() <= room(window).width() and least.height() <= room(window).height(), (
        stage, least.toTuple(), room(window).toTuple())


def on_window(window: MainWindow, button_name: str) -> bool:
    """The button is shown whole inside the window (once the window's layout is at rest)."""
    button = window.findChild(QPushButton, button_name)
    assert button is not None, button_name
    shown = QRect(button.mapTo(window, button.rect().topLeft()), button.size())
    return button.isVisible() and window.rect().contains(shown)


def test_at_200_percent_text_every_page_and_the_guide_fit_the_screen(
        qtbot, make_main_window, tmp_path: Path) -> None:
    window = make_main_window(copy_sample("vicr-demo", tmp_path), tagger="Ana")
    window.set_text_scale(2.0)
    screen, guide = window.rating_screen, window.rating_guide
    assert screen is not None and screen.state is ScreenState.NOTICE and guide is not None
    qtbot.waitUntil(guide.isHidden, timeout=2000)  # no room for it beside the rating page
    assert load_config().guide_shown  # folded for now, not turned off
    assert_fits(window, "tutorial notice")
    qtbot.waitUntil(lambda: on_window(window, "noticeButton"), timeout=2000)  # Start the…

    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.state is ScreenState.RATING
    assert_fits(window, "rating page")
    assert window.findChild(QWidget, "submitButton").isVisibleTo(window)

    qtbot.keyClick(screen, Qt.Key.Key_F1)
    assert guide.isVisible() and screen.findChild(QPushButton, "guideButton").isChecked()
    assert_fits(window, "rating page and the Rating Guide")
    qtbot.waitUntil(lambda: on_window(window, "hideGuideButton"), timeout=2000)
    qtbot.wait(50)  # a window held too large would have grown by now
    assert window.width() <= room(window).width(), window.size().toTuple()
    window.set_text_scale(1.0)
