"""The tagger's keys do what the focused control says: Enter on a button presses that
button and submits only from the rating controls; after a submit the locked levels are
disabled radio buttons, so a screen reader's "toggle" cannot move the choice; the feedback
is read once (its sentences by the focus, the rest announced)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QApplication, QPushButton

from tests.ui.conftest import by_description

PLAIN = {"dwell_seconds": 0, "feedback": False}
FEEDBACK = {"dwell_seconds": 0, "tutorial": False, "probation": False}


def test_enter_on_a_focused_button_presses_it_and_submits_only_from_the_rating_controls(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    first = screen.current_pair
    qtbot.keyClick(screen, "3")
    guide_shown = window.rating_guide is not None and window.rating_guide.isVisible()
    guide_button = screen.findChild(QPushButton, "guideButton")
    guide_button.setFocus()
    qtbot.keyClick(guide_button, Qt.Key.Key_Return)
    assert screen.current_pair == first, "Enter on the Rating Guide button submitted"
    assert window.rating_guide.isVisible() != guide_shown  # it pressed the button instead
    assert screen.chosen_value() == 3.0
    caption = by_description(window, "Caption")
    caption.setFocus()
    qtbot.keyClick(caption, Qt.Key.Key_Return)  # the pair's text is a rating control
    assert screen.current_pair != first


def test_after_a_submit_the_levels_are_disabled_radio_buttons(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=FEEDBACK), tagger="ana")
    screen = window.rating_screen
    level, other = (screen.findChild(QAbstractButton, name) for name in ("level2", "level3"))
    assert QAccessible.queryAccessibleInterface(level).role() == QAccessible.Role.RadioButton
    qtbot.keyClick(screen, "2")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.state.value == "feedback"
    state = QAccessible.queryAccessibleInterface(level).state()
    assert state.disabled and state.checked  # shown as chosen, not offered any more
    actions = QAccessible.queryAccessibleInterface(other).actionInterface()
    for action in actions.actionNames():  # what a screen reader's "toggle" or "press" does
        actions.doAction(action)
    assert level.isChecked() and not other.isChecked()
    assert screen.chosen_value() == 2.0


def test_the_feedback_is_read_once(qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=FEEDBACK), tagger="ana")
    screen = window.rating_screen
    qtbot.keyClick(screen, "2")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    sentences = by_description(window, "Feedback text")
    assert QApplication.focusWidget() is sentences and sentences.text()  # read by the focus
    for line in sentences.text().splitlines():
        assert line not in screen.last_announcement  # ...not announced a second time
    assert by_description(window, "Points").text() in screen.last_announcement
