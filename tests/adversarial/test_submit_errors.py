"""The rating screen never leaves a tagger stuck (issue 17, item 2 of "What to build"): an
error while saving says whether the rating was saved and offers to skip the pair, which is
recorded as skipped after an error, kept out of every figure and counted.

Nothing in the app raises here on its own any more (that was the point of item 1), so the
failures are injected where real ones came from: scoring before the save, the game's
progress after it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.errors import SessionFileError
from annotator.project.folder import open_project
from annotator.session import flow
from annotator.session.game import GameProgress
from annotator.session.opening import session_file_path
from annotator.store.records import SKIPPED_AFTER_ERROR
from annotator.store.session_file import SessionStore
from annotator.userconfig import load_config
from tests.adversarial.conftest import ratings_in
from tests.ui.conftest import by_description

GAME = {"dwell_seconds": 0, "tutorial": False, "probation": False}


def press(qtbot, screen, key: str) -> None:
    qtbot.keyClick(screen, key)
    qtbot.keyClick(screen, Qt.Key.Key_Return)


def button(box: QMessageBox, text: str):
    (found,) = [b for b in box.buttons() if b.text() == text]
    return found


def stored(folder: Path) -> list[tuple]:
    return ratings_in(session_file_path(open_project(folder), load_config()),
                      "item_id, phase, value, question")


def test_an_error_before_saving_offers_to_skip_and_is_counted(qtbot, make_project_folder,
                                                             make_main_window,
                                                             monkeypatch) -> None:
    # machine priors give every pair a consensus, so every submit scores its points
    folder = make_project_folder(4, flow=GAME,
                                 priors={f"item{i:03d}": [3, 3] for i in range(4)})
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    press(qtbot, screen, "2")  # a first pair rated and acknowledged
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # past the game's feedback
    acknowledged = stored(folder)

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("division by zero")

    working = flow.game_points
    monkeypatch.setattr(flow, "game_points", broken)
    stuck = screen.current_pair
    press(qtbot, screen, "4")
    box = screen.failure_box
    assert box is not None and box.windowTitle() == "Rating not saved"
    assert "Something unexpected went wrong while saving your rating (ZeroDivisionError: " \
           "division by zero)." in box.text()
    assert "This rating was not saved; every rating saved before it is safe." in box.text()
    assert sorted(b.text() for b in box.buttons()) == ["Skip this pair", "Try again"]

    button(box, "Try again").click()  # the pair and the chosen level stay
    qtbot.waitUntil(lambda: screen.failure_box is None)
    assert screen.current_pair == stuck
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: screen.failure_box is not None)
    button(screen.failure_box, "Skip this pair").click()
    qtbot.waitUntil(lambda: screen.failure_box is None)
    assert screen.current_pair.item != stuck.item
    assert by_status(window).startswith("Skipped after an error.")

    monkeypatch.setattr(flow, "game_points", working)  # mended: the rest rates normally
    while screen.current_pair is not None:
        press(qtbot, screen, "5")
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    rows = stored(folder)
    assert rows[:1] == acknowledged
    assert [r for r in rows if r[3]] == [(stuck.item.item_id, "game", -1.0,
                                          SKIPPED_AFTER_ERROR)]
    assert len(rows) == 4 + 1 - 1  # three rated pairs, one skipped after an error
    window.close()

    results = analyse(AnalysisSource(folder), AnalysisOptions(reps=3, bootstrap=10)).results
    assert results.skipped_after_error == 1
    assert results.n_ratings == 3 and results.n_items == 3  # in no figure
    assert results.to_json()["skipped_after_error"] == 1
    reopened = make_main_window(folder, tagger="ana")  # the pair is not offered again
    assert reopened.rating_screen.current_pair is None


def by_status(window) -> str:
    return by_description(window, "Status").text()


def test_an_error_after_saving_says_the_rating_is_safe(qtbot, make_project_folder,
                                                      make_main_window, monkeypatch) -> None:
    folder = make_project_folder(3, flow=GAME)
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    apply, calls = GameProgress.apply, []

    def broken_once(self, rating):
        if not calls:
            calls.append(rating)
            raise RuntimeError("progress lost its place")
        return apply(self, rating)

    monkeypatch.setattr(GameProgress, "apply", broken_once)
    first = screen.current_pair
    press(qtbot, screen, "3")
    box = screen.failure_box
    assert box.windowTitle() == "Rating saved, then a problem"
    assert "Your rating of this pair was saved in the session file: nothing is lost." \
        in box.text()
    assert [b.text() for b in box.buttons()] == ["Go on to the next pair"]
    box.buttons()[0].click()
    qtbot.waitUntil(lambda: screen.failure_box is None)
    assert screen.current_pair.item != first.item
    rows = stored(folder)
    assert rows == [(first.item.item_id, "game", 3.0, "")]  # saved once, no skip recorded


def test_when_even_the_skip_cannot_be_stored_the_pair_stays(qtbot, make_project_folder,
                                                           make_main_window, monkeypatch,
                                                           capture_message_box) -> None:
    """A full disk: the rating is refused, and so is the row recording the skip."""
    folder = make_project_folder(3, flow=GAME)
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen

    def disk_full(self, rating):
        raise SessionFileError("The rating could not be saved (database or disk is full).",
                               file=self.path)

    monkeypatch.setattr(SessionStore, "record_rating", disk_full)
    stuck = screen.current_pair
    press(qtbot, screen, "3")
    box = screen.failure_box
    assert box.windowTitle() == "Rating not saved"
    path = session_file_path(open_project(folder), load_config())
    assert box.text().startswith(
        f"{path}: The rating could not be saved (database or disk is full).")
    texts = capture_message_box()
    button(box, "Skip this pair").click()
    qtbot.waitUntil(lambda: len(texts) == 1)
    assert texts[0].endswith("The pair was not skipped; every rating saved before it is safe. "
                             "Tell your lab lead.")
    assert screen.current_pair == stuck and stored(folder) == []
