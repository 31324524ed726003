"""A project planned by laptop: the laptop takes its seat once, and its taggers rate that
seat's share; the start screen never lists a plan's names, it only says whether the
typed one is planned."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.ui.screens.start_screen import IN_PLAN_NOTE, NOT_IN_PLAN_NOTE
from annotator.userconfig import load_config
from tests.ui.conftest import by_name, started


def planned(make_project_folder, *who: str):
    folder = make_project_folder(8)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--seed", "1", *who]) == 0
    return folder


def test_the_first_opening_asks_which_laptop_and_remembers_it(make_project_folder,
                                                              make_main_window, qtbot) -> None:
    folder = planned(make_project_folder, "--laptops", "4")
    window = make_main_window(folder)
    dialog = window.seat_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowModality() == Qt.WindowModality.WindowModal
    seats = by_name(dialog, "This laptop's label")
    assert isinstance(seats, QComboBox)
    assert [seats.itemText(i) for i in range(seats.count())] == [
        "laptop-01", "laptop-02", "laptop-03", "laptop-04"]
    assert seats.hasFocus() or dialog.focusWidget() is seats
    qtbot.keyClick(seats, Qt.Key.Key_Down)
    qtbot.keyClick(seats, Qt.Key.Key_Down)  # laptop-03, by keyboard
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    project = open_project(folder)
    assert load_config().plan_seats == {project.project_id: "laptop-03"}
    window.start_rating("Ana")
    started(qtbot, window)
    expected = project.plan.items_of("laptop-03", seed=0)
    assert set(window.rating_screen._session.order) == expected
    window.close()  # one window per session file: let go of it first
    again = make_main_window(folder)
    assert again.seat_dialog is None


def test_annotator_open_seat_takes_the_seat_without_asking(make_project_folder,
                                                           qtbot) -> None:
    from annotator.ui.app import build_main_window

    folder = planned(make_project_folder, "--laptops", "3")
    window = build_main_window(folder, seat="LAPTOP-02")
    qtbot.addWidget(window)
    assert window.seat_dialog is None
    assert load_config().plan_seats[open_project(folder).project_id] == "laptop-02"


def test_a_seat_the_plan_does_not_have_is_refused(make_project_folder, capsys) -> None:
    folder = planned(make_project_folder, "--laptops", "3")
    assert main(["open", str(folder), "--seat", "laptop-07"]) == 2
    assert "laptop-07 is not a seat of this project's plan" in capsys.readouterr().err


def test_the_start_screen_lists_no_planned_name_but_says_whether_a_typed_one_is_planned(
        make_project_folder, make_main_window, qtbot) -> None:
    folder = planned(make_project_folder, "--taggers", "Ben,ana,Chen")
    window = make_main_window(folder)
    assert window.seat_dialog is None
    screen = window.start_screen
    assert not screen.findChildren(QComboBox)  # no list of names to pick from
    shown = " ".join(label.text() for label in screen.findChildren(QLabel) if label.isVisible())
    assert not {"Ben", "ana", "Chen"} & set(shown.replace(",", " ").split())
    name, note = by_name(screen, "Your name"), screen.findChild(QLabel, "planNote")
    qtbot.keyClicks(name, "  ANA ")  # another case and spacing: still her share
    assert note.isVisible() and note.text() == IN_PLAN_NOTE
    assert IN_PLAN_NOTE in name.accessibleDescription()
    name.clear()
    qtbot.keyClicks(name, "Zoe")
    assert note.text() == NOT_IN_PLAN_NOTE and note.isVisible()
