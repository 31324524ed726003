"""A tagger rates with the keyboard only, closes the app and continues where they stopped.

These are about the rating screen itself, so their projects are blind (no game feedback)
and have no minimum dwell; tests/ui/test_game_screen.py covers the game.
"""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from annotator.ui.screens.rating_screen import RatingScreen
from tests.ui.conftest import (
    by_description,
    by_name,
    spoken_name,
    started,
    submit_button,
    tab_chain,
)

PLAIN = {"dwell_seconds": 0, "feedback": False}


def rate_with_keys(qtbot, screen: RatingScreen, key: str) -> None:
    before = screen.current_pair
    qtbot.keyClick(screen, key)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.current_pair != before


def test_keyboard_only_rating_then_resume_at_pair_six(qtbot, make_project_folder,
                                                      make_main_window) -> None:
    folder = make_project_folder(n_items=12, flow=PLAIN)
    window = make_main_window(folder)
    name_box = by_name(window, "Your name")
    qtbot.keyClicks(name_box, "Ana Tagger")
    qtbot.keyClick(name_box, Qt.Key.Key_Return)
    started(qtbot, window)
    screen = window.rating_screen
    assert screen is not None and screen.isVisible() and not window.start_screen.isVisible()
    progress = by_description(window, "Progress")
    assert isinstance(progress, QLabel)
    assert progress.text() == "Round 1: pair 1 of 12 · rating as Ana Tagger"
    rated = []
    for key in "31524":
        rated.append(screen.current_pair.item.item_id)
        rate_with_keys(qtbot, screen, key)
    assert progress.text() == "Round 1: pair 6 of 12 · rating as Ana Tagger"
    sixth = screen.current_pair.item.item_id
    window.close()

    files = list((folder / "sessions").glob("*.sqlite"))
    rows = sqlite3.connect(files[0]).execute(
        "SELECT item_id, value, tagger FROM ratings ORDER BY submitted_at"
    ).fetchall()
    assert rows == [(item, float(k), "Ana Tagger") for item, k in zip(rated, "31524", strict=True)]

    reopened = make_main_window(folder, tagger="Ana Tagger")
    progress = by_description(reopened, "Progress").text()
    assert progress == "Round 1: pair 6 of 12 · rating as Ana Tagger"
    assert reopened.rating_screen.current_pair.item.item_id == sixth


def test_enter_without_a_chosen_level_does_nothing(qtbot, make_project_folder,
                                                   make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    first = screen.current_pair
    submit = submit_button(window)
    assert isinstance(submit, QPushButton) and not submit.isEnabled()
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.current_pair == first
    qtbot.keyClick(screen, "9")  # not a key of the rubric
    assert not submit.isEnabled()


def test_clicking_a_level_and_submit_works_too(qtbot, make_project_folder,
                                               make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    level = by_name(window, "Level 4: Objects + space")
    qtbot.mouseClick(level, Qt.MouseButton.LeftButton)
    assert level.text().startswith("✓")
    assert level.font().bold()
    assert "Chosen: 4" in by_description(window, "Status").text()
    qtbot.mouseClick(submit_button(window), Qt.MouseButton.LeftButton)
    assert by_description(window, "Progress").text() == "Round 1: pair 2 of 3 · rating as ana"


def test_the_last_pair_leads_to_a_finished_page(qtbot, make_project_folder,
                                                make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=2, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    rate_with_keys(qtbot, screen, "2")
    rate_with_keys(qtbot, screen, "5")
    finished = by_description(window, "Round finished")
    assert finished.isVisible()
    assert "all 2 pairs" in finished.text()


def test_the_image_is_loaded_and_zooms_with_keys(qtbot, make_project_folder,
                                                 make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    view = by_name(window, "Image")
    qtbot.waitUntil(view.has_image, timeout=5000)
    screen = window.rating_screen
    qtbot.keyClick(screen, "+")
    qtbot.keyClick(screen, "+")
    assert view.zoom > 1.5
    qtbot.keyClick(screen, "0")
    assert view.zoom == 1.0


def test_each_new_pair_puts_focus_on_its_caption(qtbot, make_project_folder,
                                                 make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    caption = by_description(window, "Caption")
    assert QApplication.focusWidget() is caption
    qtbot.keyClick(window.rating_screen, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not caption
    rate_with_keys(qtbot, window.rating_screen, "4")
    assert QApplication.focusWidget() is caption
    assert caption.text() == window.rating_screen.current_pair.item.caption


def test_a_project_without_valid_pairs_says_so(qtbot, make_project_folder,
                                               make_main_window) -> None:
    folder = make_project_folder(n_items=2, flow=PLAIN)
    for image in (folder / "images").glob("*.jpg"):
        image.unlink()
    window = make_main_window(folder, tagger="ana")
    finished = by_description(window, "Round finished")
    assert finished.isVisible()
    assert "no pairs that can be rated" in finished.text()


def test_choices_and_saves_are_announced_for_screen_readers(qtbot, make_project_folder,
                                                            make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    qtbot.keyClick(screen, "2")
    assert screen.last_announcement.startswith("Chosen: 2 — Partly right")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last_announcement == (
        "Saved: 2 — Partly right. Round 1: pair 2 of 3 · rating as ana."
    )
    assert by_description(window, "Status").text() == "Saved: 2 — Partly right."
    assert by_description(window, "Progress").text() == "Round 1: pair 2 of 3 · rating as ana"


def test_tab_reaches_every_control_of_the_rating_screen_and_the_guide(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    qtbot.keyClick(window.rating_screen, "2")
    chain = tab_chain(qtbot, window)
    levels = [f"Level {level.key}: {level.label}"
              for level in window.rating_screen._session.project.rubric.levels]
    assert set(chain) >= {"Caption", "Question", "Image", "Submit (Enter)", "Rating Guide (F1)",
                          "Rating Guide text", "Hide the Rating Guide"}
    on_scale = [name for name in chain if name in levels]
    assert len(on_scale) == 1  # one stop for the scale (a button group), then the arrows:
    while QApplication.focusWidget().accessibleName() != on_scale[0]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Home)
    visited = [QApplication.focusWidget().accessibleName()]
    for _ in levels[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
        visited.append(QApplication.focusWidget().accessibleName())
    assert visited == levels  # every level, left to right


def test_tab_reaches_the_feedback_and_next_pair(qtbot, make_project_folder,
                                                make_main_window) -> None:
    folder = make_project_folder(n_items=3, flow={"dwell_seconds": 0, "tutorial": False,
                                                  "probation": False})
    window = make_main_window(folder, tagger="ana")
    qtbot.keyClick(window.rating_screen, "2")
    qtbot.keyClick(window.rating_screen, Qt.Key.Key_Return)
    chain = tab_chain(qtbot, window)
    assert {"Caption", "Feedback text", "Points", "Next pair (Enter)"} <= set(chain)
    assert submit_button(window).text() == "Next pair (Enter)"
    assert not any(name.startswith("Level ") for name in chain)  # the scale is locked


READ_BY_TEXT = ("Progress", "Caption", "Question", "Status")
"""Labels of the rating screen: a screen reader reads their text; what they are is their
description (a name such as "Progress" read instead of "Probation: pair 1 of 20…" hid it)."""


def test_labels_are_read_by_their_text_and_buttons_by_their_words(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    pair = screen.current_pair
    for role in READ_BY_TEXT:
        label = by_description(screen, role)
        assert spoken_name(label) == label.text() and label.accessibleName() == ""
    assert by_description(screen, "Caption").text() == pair.item.caption
    assert by_description(screen, "Question").text() == screen._session.project.rubric.question
    for level in screen._session.project.rubric.options:
        button = by_name(screen, f"Level {level.key}: {level.label}")
        assert button.accessibleDescription() == level.text and button.toolTip() == level.text
        interface = QAccessible.queryAccessibleInterface(button)
        assert interface.role() == QAccessible.Role.RadioButton  # one level of several
    for button in (submit_button(screen), screen.findChild(QPushButton, "guideButton")):
        assert spoken_name(button) == button.text()  # "Submit (Enter)", not another name


def test_enter_submits_after_a_dialog_closes_and_with_the_focus_in_the_guide(
        qtbot, make_project_folder, make_main_window, capture_message_box) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    first = screen.current_pair
    qtbot.keyClick(screen, "3")
    texts = capture_message_box()
    window.actions_by_name["keyboardShortcuts"].trigger()  # a dialog, closed again
    assert texts and "F1" in texts[0]
    window.activateWindow()  # what the window manager does once a dialog is gone
    qtbot.waitUntil(lambda: window.isActiveWindow())
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert screen.current_pair != first
    by_name(window.rating_guide, "Rating Guide text").setFocus()  # reading the guide
    qtbot.keyClick(QApplication.focusWidget(), "4")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert screen.current_pair not in (first, None) and len(screen._session.store.ratings()) == 2
