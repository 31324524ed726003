"""The Rating Game on screen: tutorial, probation, feedback, notices and the dwell."""

from __future__ import annotations

import re
from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from annotator.project.folder import open_project
from annotator.session.flow import RatingSession
from annotator.session.opening import open_laptop_session
from annotator.session.simulate import simulate
from annotator.store.records import Phase
from annotator.ui.image_loader import ImageLoader
from annotator.ui.screens.rating_screen import RatingScreen, ScreenState
from annotator.ui.widgets.rubric_panel import RubricPanel
from annotator.userconfig import load_config
from tests.session.helpers import FakeClock
from tests.ui.conftest import by_description, by_name, submit_button

ITEMS = 30
PRIORS = {f"item{i:03d}": [3, 3] for i in range(ITEMS)}


def rate(qtbot, screen: RatingScreen, key: str, count: int) -> None:
    """Rate ``count`` pairs by keyboard, reading each feedback, stopping at a notice."""
    for _ in range(count):
        assert screen.state is ScreenState.RATING
        qtbot.keyClick(screen, key)
        qtbot.keyClick(screen, Qt.Key.Key_Return)
        assert screen.state is ScreenState.FEEDBACK
        qtbot.keyClick(screen, Qt.Key.Key_Return)


def go_on(qtbot, screen: RatingScreen, title: str) -> str:
    """Check the notice on screen, then press Enter past it; its text."""
    assert screen.state is ScreenState.NOTICE
    text = (by_description(screen, "Notice title").text() + "\n"
            + by_description(screen, "Notice").text())
    assert by_description(screen, "Notice title").text() == title
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    return text


def test_tutorial_failed_probation_game_check_failed_probation_again(
    qtbot, make_project_folder, make_main_window
) -> None:
    folder = make_project_folder(ITEMS, tutorial=[3] * 10, probation=[3] * 20, priors=PRIORS)
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    progress = by_description(window, "Progress")
    start = go_on(qtbot, screen, "Tutorial")
    assert "You need 10 of 20 points to pass" in start
    assert progress.text() == "Tutorial: pair 1 of 10 · score 0, 10 needed to pass · rating as ana"

    qtbot.keyClick(screen, "1")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    feedback = by_description(window, "Feedback text").text()
    assert "The experts chose 3 — " in feedback and "You chose 1 — " in feedback
    assert "Your tutorial score so far: 0 (10 needed to pass)." in feedback
    points = by_description(window, "Points").text()
    assert points == "○ 0 points: 2 levels from the experts' rating"
    assert re.fullmatch(r"Why the experts chose 3 — .*: The experts chose 3 for tutorial pair "
                        r"\d\.", by_description(window, "Why the experts chose their level").text())
    assert screen.findChild(RubricPanel).mark_text() == "1: ▲ You; 3: ★ Experts; 2 levels apart"
    assert submit_button(window).text() == "Next pair (Enter)"
    qtbot.keyClick(screen, "5")  # level keys do nothing while feedback is shown
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    rate(qtbot, screen, "1", 9)
    failed = go_on(qtbot, screen, "Tutorial not passed")
    assert "You scored 0 of 20 points; 10 are needed" in failed
    assert "20 pairs rated by experts, where you need 25 points" in failed
    assert progress.text().startswith("Probation: pair 1 of 20 · score 0, 25 needed to pass")

    rate(qtbot, screen, "3", 20)
    assert "You scored 40 of 40 points" in go_on(qtbot, screen, "Probation passed")
    assert progress.text() == ("Round 1: pair 1 of 30 · score 0 · first-pairs check: 0 of 20 "
                               "scored pairs so far (16 points needed) · rating as ana")

    qtbot.keyClick(screen, "5")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    game = by_description(window, "Feedback text").text()
    assert game.splitlines() == [
        "The panel's consensus is 3 — Objects right (from 2 earlier ratings, 2 of them from a "
        "machine model until people rate it).",
        "You chose 5 — Full scene + meaning.",
        "Your game score so far: \u22121.",
    ]
    assert by_description(window, "Points").text() == ("✖ \u22121 point: 2 levels from the panel's "
                                                "consensus")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    rate(qtbot, screen, "5", 19)
    back = go_on(qtbot, screen, "Back to probation")
    assert "Your first 20 game pairs with a consensus scored -20 points; 16 are needed" in back
    assert "starts again from 0" in back
    rate(qtbot, screen, "3", 20)
    go_on(qtbot, screen, "Probation passed")
    assert progress.text() == "Round 1: pair 21 of 30 · score 0 · rating as ana"
    window.close()

    store = open_laptop_session(open_project(folder), load_config())
    rows = store.ratings(tagger="ana")
    assert Counter(r.phase for r in rows) == {Phase.TUTORIAL: 10, Phase.PROBATION: 40,
                                              Phase.GAME: 20}
    assert [r.points for r in rows[:10]] == [0] * 10
    game_rows = [r for r in rows if r.phase is Phase.GAME]
    assert {(r.value, r.points, r.consensus, r.consensus_n) for r in game_rows} == {
        (5.0, -1, 3.0, 2)
    }


def test_a_pair_nobody_rated_says_there_is_no_consensus(qtbot, make_project_folder,
                                                        make_main_window) -> None:
    window = make_main_window(make_project_folder(3), tagger="ana")
    screen = window.rating_screen
    qtbot.keyClick(screen, "4")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    text = by_description(window, "Feedback text").text()
    assert ("Too few people have rated this pair before you, so there is nothing to compare "
            "with yet.") in text
    assert by_description(window, "Points").text() == "○ No points: no consensus yet"
    assert screen.last_announcement.startswith("Saved. How the panel rated it.")


def test_submit_waits_for_the_dwell_with_a_countdown_in_words(qtbot, make_project_folder) -> None:
    folder = make_project_folder(3, flow={"dwell_seconds": 3, "tutorial": False})
    project = open_project(folder)
    clock = FakeClock()
    session = RatingSession.open(project, open_laptop_session(project, load_config()), "ana",
                                 clock=clock.wall, monotonic=clock.monotonic)
    loader = ImageLoader()
    screen = RatingScreen(session, loader)
    qtbot.addWidget(screen)
    with qtbot.waitActive(screen):
        screen.show()
        screen.activateWindow()
    submit = submit_button(screen)
    assert isinstance(submit, QPushButton)
    first = screen.current_pair
    assert submit.text() == "Submit in 3 s" and not submit.isEnabled()
    qtbot.keyClick(screen, "4")
    assert "You can submit in 3 s" in screen.last_announcement
    clock.advance(2.5)
    qtbot.waitUntil(lambda: submit.text() == "Submit in 1 s", timeout=2000)
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # ignored: 0.5 s to go
    assert screen.current_pair == first and screen.state is ScreenState.RATING
    assert session.store.ratings() == []
    clock.advance(0.5)
    qtbot.waitUntil(submit.isEnabled, timeout=2000)
    assert submit.text() == "Submit (Enter)"
    assert screen.last_announcement == "You can submit now: press Enter."
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.state is ScreenState.FEEDBACK
    assert [r.ms_on_screen for r in session.store.ratings()] == [3000]
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.current_pair != first and not submit.isEnabled()  # the next pair waits too


def test_a_simulated_panel_in_sessions_feeds_the_consensus(qtbot, make_project_folder,
                                                           make_main_window) -> None:
    folder = make_project_folder(5, flow={"dwell_seconds": 0, "tutorial": False})
    simulate(open_project(folder), taggers=3, seed=2)
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    qtbot.keyClick(screen, "3")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    text = by_description(window, "Feedback text").text()
    assert "(from 3 earlier ratings)" in text
    assert "Simulated tagger" not in text  # never another tagger's name


def test_the_guide_marks_no_level_on_a_notice_between_pairs(
        qtbot, make_project_folder, make_main_window) -> None:
    """The tutorial's last feedback keeps the level the tagger chose marked; the notice
    after it, where nothing is asked, marks none."""
    folder = make_project_folder(n_items=3, flow={"dwell_seconds": 0}, tutorial=[3, 3])
    window = make_main_window(folder, tagger="ana")
    screen, text = window.rating_screen, by_name(window.rating_guide, "Rating Guide text")
    for _ in range(2):
        while screen.state is ScreenState.NOTICE:
            qtbot.keyClick(screen, Qt.Key.Key_Return)
        qtbot.keyClick(screen, "3")
        qtbot.keyClick(screen, Qt.Key.Key_Return)
        assert screen.state is ScreenState.FEEDBACK
        assert "✓ Chosen: 3" in text.toPlainText()  # the answer the feedback is about
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.state is ScreenState.NOTICE
    assert "Chosen" not in text.toPlainText() and window.rating_guide.chosen is None
