"""A lab study's own questions answered on the real screen with the keyboard alone: a
yes/no flag (Y, N), a note in words asked only after "yes", a choice by its keys, a 7-point
overall; the box for words takes every key it is given, and the rows stored keep each
answer's type."""

from __future__ import annotations

import csv
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPlainTextEdit, QRadioButton, QWidget

from annotator.project.answer_model import AnswerKind
from annotator.ui.screens.rating_screen import RatingScreen
from tests.study_rubric import study_rubric_text, use_study_rubric
from tests.ui.conftest import by_description, submit_button

NOTE = "3 legs, not 4"


def press(qtbot, key: str | Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed as a tagger does: on whatever has the focus."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def type_text(qtbot, text: str) -> None:
    """``text`` typed key by key on whatever has the focus ("\\n": Enter)."""
    for line_number, line in enumerate(text.split("\n")):
        if line_number:
            press(qtbot, Qt.Key.Key_Return)
        for character in line:
            press(qtbot, character)


def asked(screen: RatingScreen) -> str:
    pair = screen.current_pair
    assert pair is not None and pair.step is not None
    return pair.step.question.question_id


def open_study(make_project_folder, make_main_window, text: str | None = None):
    """The study's project (its rubric ``text``), the tagger's window on its first pair,
    its rating screen, and that pair's item."""
    folder = use_study_rubric(make_project_folder(2), text)
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    return folder, window, screen, screen.current_pair.item.item_id


def steps_of(screen: RatingScreen, item: str) -> Iterator[str]:
    """The question asked, step after step, while ``item`` is on screen."""
    while screen.current_pair is not None and screen.current_pair.item.item_id == item:
        yield asked(screen)


def note_box(window) -> QPlainTextEdit:
    box = window.findChild(QPlainTextEdit, "noteBox")
    assert box is not None
    return box


def answer_names(window) -> list[str]:
    """The answers' buttons shown now, left to right, by the names a screen reader hears."""
    buttons = [b for b in window.findChildren(QRadioButton) if b.isVisible()]
    return [b.accessibleName() for b in sorted(buttons, key=lambda b: b.x())]


def stored(folder: Path) -> dict[tuple[str, str, str], tuple[str, float, str]]:
    """The session file's answers: (item, question, stage) → (type, value, text)."""
    (path,) = (folder / "sessions").glob("*.sqlite")
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT item_id, question, stage, answer, value, answer_text "
                          "FROM ratings").fetchall()
    return {(item, question, stage): (answer, value, text)
            for item, question, stage, answer, value, text in rows}


def write_the_note(qtbot, window) -> None:
    """The note's step: the focus in its box, every key typed there and none answering,
    Ctrl+Enter goes on."""
    screen = window.rating_screen
    box = note_box(window)
    assert QApplication.focusWidget() is box  # typing goes straight in
    assert not answer_names(window)  # no buttons while words are asked
    label = window.findChild(QLabel, "noteLabel")
    assert label.buddy() is box and "optional" in label.text()
    assert box.accessibleName() == label.text()
    qtbot.waitUntil(screen.image_view.has_image)
    screen.image_view.zoom_by(2.0)
    type_text(qtbot, f"{NOTE}\n0 tails")  # digits, "0" (fit), Enter: all typed
    assert box.toPlainText() == f"{NOTE}\n0 tails"
    assert asked(screen) == "wrong_note" and screen.chosen_value() is None
    assert screen.image_view.zoom == 2.0
    assert window.findChild(QLabel, "noteCount").text() == "21 of 200 characters"
    assert submit_button(window).text() == "Next (Ctrl+Enter)"
    press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def test_a_whole_pair_of_the_study_from_the_keyboard(qtbot, make_project_folder,
                                                     make_main_window) -> None:
    folder, window, screen, item = open_study(make_project_folder, make_main_window)
    seen = []
    for question in steps_of(screen, item):
        stage = screen.current_pair.step.stage
        seen.append(f"{question}:{stage}")
        status = by_description(window, "Status").text()
        match question, stage:
            case "overall", "pre":
                assert "Press a key 1–7" in status
                assert answer_names(window)[-1] == "Level 7: Very good"
                press(qtbot, "3")
                press(qtbot, Qt.Key.Key_Return)
            case "wrong_info", _:
                assert answer_names(window) == ["Y: Yes", "N: No"]
                assert "Press Y or N" in status and "1–" not in status
                press(qtbot, "7")  # a level's key: no answer of this question
                assert screen.chosen_value() is None
                press(qtbot, "y")
                assert screen.chosen_value() == 1.0
                press(qtbot, Qt.Key.Key_Return)
            case "wrong_note", _:
                write_the_note(qtbot, window)
            case "audience", _:
                assert answer_names(window) == ["e: Everyone", "b: Blind readers",
                                                "s: Sighted readers"]
                assert "Press e, b or s" in status
                press(qtbot, "b")
                press(qtbot, Qt.Key.Key_Return)
            case "overall", "post":
                assert screen.chosen_value() == 3.0  # the answer before the image
                press(qtbot, "6")
                press(qtbot, Qt.Key.Key_Return)
            case _:
                raise AssertionError(f"not asked in this study: {question}:{stage}")
    assert seen[0] == "overall:pre" and seen[-1] == "overall:post" and len(seen) == 5
    assert seen.index("wrong_note:post") == seen.index("wrong_info:post") + 1
    answers = stored(folder)
    assert answers == {
        (item, "overall", "pre"): ("scale", 3.0, ""),
        (item, "wrong_info", "post"): ("flag", 1.0, ""),
        (item, "wrong_note", "post"): ("text", 0.0, f"{NOTE}\n0 tails"),
        (item, "audience", "post"): ("choice", 1.0, "blind"),
        (item, "overall", "post"): ("scale", 6.0, ""),
    }


def answer_until(qtbot, screen: RatingScreen, wanted: str, keys: dict[str, str]) -> None:
    """Answer the steps before ``wanted`` with ``keys`` (question id → key)."""
    for _ in range(10):
        if asked(screen) == wanted:
            return
        press(qtbot, keys[asked(screen)])
        press(qtbot, Qt.Key.Key_Return)
    raise AssertionError(f"{wanted} never asked")


def no_by_the_arrow_keys(qtbot, window) -> None:
    """Yes by its key, then Tab to the answers (one stop, on the chosen one) and → to No,
    as on a scale; the Rating Guide marks each."""
    press(qtbot, "y")
    assert "✓ Chosen: Y — Yes" in window.rating_guide.text.toPlainText()
    for _ in range(20):
        if QApplication.focusWidget().accessibleName() == "Y: Yes":
            break
        press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Right)
    assert QApplication.focusWidget().accessibleName() == "N: No"
    assert window.rating_screen.chosen_value() == 0.0
    guide = window.rating_guide.text.toPlainText()
    assert "✓ Chosen: N — No" in guide and "Chosen: Y" not in guide


def test_after_no_the_note_is_never_shown(qtbot, make_project_folder,
                                          make_main_window) -> None:
    folder, window, screen, item = open_study(make_project_folder, make_main_window)
    window.toggle_rating_guide()  # F1
    keys = {"overall": "4", "audience": "e"}
    for question in steps_of(screen, item):
        assert question != "wrong_note" and not note_box(window).isVisible()
        if question == "wrong_info":
            no_by_the_arrow_keys(qtbot, window)
        else:
            press(qtbot, keys[question])
        press(qtbot, Qt.Key.Key_Return)
    answers = stored(folder)
    assert answers[item, "wrong_info", "post"] == ("flag", 0.0, "")
    assert {key[1] for key in answers} == {"overall", "wrong_info", "audience"}


def test_a_required_text_cannot_be_left_empty(qtbot, make_project_folder,
                                              make_main_window) -> None:
    text = study_rubric_text().replace("required = false", "required = true")
    folder, window, screen, _ = open_study(make_project_folder, make_main_window, text)
    answer_until(qtbot, screen, "wrong_note", {"overall": "4", "wrong_info": "y",
                                                "audience": "s"})
    label = window.findChild(QLabel, "noteLabel").text()
    assert "required" in label and "optional" not in label
    assert not submit_button(window).isEnabled()
    type_text(qtbot, "  \n ")  # blank is not an answer
    press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert asked(screen) == "wrong_note"
    assert "needs an answer in words" in by_description(window, "Status").text()
    assert not submit_button(window).isEnabled()
    assert "wrong_note" not in {key[1] for key in stored(folder)}
    type_text(qtbot, "x")
    assert submit_button(window).isEnabled()
    press(qtbot, Qt.Key.Key_Enter, Qt.KeyboardModifier.ControlModifier)  # the keypad's
    assert asked(screen) != "wrong_note"
    (note,) = [v for k, v in stored(folder).items() if k[1] == "wrong_note"]
    assert note == ("text", 0.0, "x")  # the blanks around it dropped


def test_the_limit_holds_while_typing_and_pasting(qtbot, make_project_folder,
                                                  make_main_window) -> None:
    folder, window, screen, _ = open_study(make_project_folder, make_main_window,
                                           study_rubric_text(note_length=10))
    answer_until(qtbot, screen, "wrong_note", {"overall": "4", "wrong_info": "y",
                                                "audience": "s"})
    box = note_box(window)
    type_text(qtbot, "0123456789ABC")
    assert box.toPlainText() == "0123456789"
    assert window.findChild(QLabel, "noteCount").text() == "10 of 10 characters: the limit"
    press(qtbot, Qt.Key.Key_Home)
    type_text(qtbot, "Z")  # in the middle: still nothing past the limit
    assert box.toPlainText() == "0123456789"
    box.selectAll()
    QApplication.clipboard().setText("ab😀" + "c" * 50)
    press(qtbot, "v", Qt.KeyboardModifier.ControlModifier)  # a paste is cut at the limit
    assert box.toPlainText() == "ab😀ccccccc"
    press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    (note,) = [v for k, v in stored(folder).items() if k[1] == "wrong_note"]
    assert note == ("text", 0.0, "ab😀ccccccc")


def test_the_answers_before_the_image_are_given_again_after_it(qtbot, make_project_folder,
                                                               make_main_window) -> None:
    text = study_rubric_text().replace('stages = ["post"]\n', "")  # all asked twice
    folder, window, screen, item = open_study(make_project_folder, make_main_window, text)
    before = {"overall": "2", "wrong_info": "y", "audience": "s"}
    for _ in range(4):  # the four questions before the image
        assert screen.current_pair.step.stage == "pre"
        if asked(screen) == "wrong_note":
            type_text(qtbot, "it is 2 dogs")
            press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        else:
            press(qtbot, before[asked(screen)])
            press(qtbot, Qt.Key.Key_Return)
    for question in steps_of(screen, item):
        status = by_description(window, "Status").text()
        if question == "wrong_note":
            assert note_box(window).toPlainText() == "it is 2 dogs"
            assert "Before seeing the image you wrote" in status
            press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        else:
            assert screen.chosen_value() is not None, question
            assert "it is chosen again" in status
            press(qtbot, Qt.Key.Key_Return)
    answers = stored(folder)
    for (_, question, stage), answer in answers.items():
        if stage == "pre":
            assert answers[item, question, "post"] == answer
    assert answers[item, "audience", "post"] == (AnswerKind.CHOICE.value, 2.0, "sighted")
    assert len(answers) == 8


def test_a_question_with_its_own_scale_best_first(qtbot, make_project_folder,
                                                  make_main_window) -> None:
    own = ('\n[[questions]]\nid = "helpful"\ntext = "How helpful is it?"\norder = "best-first"\n'
           'stages = ["post"]\n'
           + "".join(f'\n[[questions.levels]]\nvalue = {v}\nkey = "{k}"\nlabel = "L{v}"\n'
                     f'text = "Level {v}."\n' for k, v in ((1, 3), (2, 2), (3, 1))))
    text = study_rubric_text().replace('\n[[questions]]\nid = "overall"',
                                       own + '\n[[questions]]\nid = "overall"')
    folder, window, screen, _ = open_study(make_project_folder, make_main_window, text)
    window.toggle_rating_guide()  # F1
    keys = {"overall": "4", "wrong_info": "n", "audience": "s"}
    answer_until(qtbot, screen, "helpful", keys)
    assert answer_names(window) == ["Level 1: L3", "Level 2: L2", "Level 3: L1"]
    note = window.findChild(QLabel, "scaleNote")
    assert note.isVisible() and note.text() == "Best answer first: 1 is the best, 3 the worst."
    guide = window.rating_guide.text.toPlainText()
    assert guide.startswith("How helpful is it?") and "Best answer first" in guide
    assert "1 — L3" in guide and "Very good" not in guide
    press(qtbot, "1")
    assert "✓ Chosen: 1 — L3" in window.rating_guide.text.toPlainText()
    press(qtbot, Qt.Key.Key_Return)
    answer_until(qtbot, screen, "overall", keys)  # with the image, asked last
    assert answer_names(window)[0] == "Level 1: Very poor" and not note.isVisible()
    (helpful,) = [v for k, v in stored(folder).items() if k[1] == "helpful"]
    assert helpful == ("scale", 3.0, "")


def test_a_step_gives_the_room_of_the_feedback_marks_to_the_image(
        qtbot, make_project_folder, make_main_window) -> None:
    """Feedback never follows a step of a multi-question protocol: no empty rows are kept
    under its buttons for marks (a one-question project keeps them, so nothing jumps)."""
    marks_row = []
    for folder in (use_study_rubric(make_project_folder(2)), make_project_folder(2)):
        window = make_main_window(folder, tagger="ana")
        grid = window.findChild(QWidget, "rubricPanel").layout()
        marks_row.append(grid.rowMinimumHeight(1) + grid.rowMinimumHeight(2))
        window.close()
    assert marks_row[0] == 0 and marks_row[1] > 0


def test_the_study_through_validate_the_window_merge_analyze_and_export(
        qtbot, make_project_folder, make_main_window, tmp_path: Path, capsys) -> None:
    """The issue's whole path for a lab's own rubric: validated, rated from the keyboard in
    the tagger's window, merged, analysed and exported, each answer with its type."""
    from annotator.cli import main

    folder, window, screen, _ = open_study(make_project_folder, make_main_window)
    assert main(["validate", str(folder)]) == 0
    flags = iter("yn")
    while screen.current_pair is not None:
        for question in steps_of(screen, screen.current_pair.item.item_id):
            match question:
                case "overall":
                    press(qtbot, "6")
                case "wrong_info":
                    press(qtbot, next(flags))
                case "audience":
                    press(qtbot, "s")
                case "wrong_note":
                    type_text(qtbot, NOTE)
                    press(qtbot, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
                    continue
            press(qtbot, Qt.Key.Key_Return)
    window.close()
    panel = folder / "panel.sqlite"
    assert main(["merge", str(panel), str(folder / "sessions")]) == 0
    capsys.readouterr()
    assert main(["analyze", str(panel), "--json", "-", "--reps", "5",
                 "--bootstrap", "20"]) in (0, 1)
    figures = json.loads(capsys.readouterr().out)
    flag = figures["flags"]["wrong_info"]["post"]
    assert (flag["n_answers"], flag["items_with_yes"], flag["share_yes"]) == (2, 1, 0.5)
    assert main(["export", str(panel), "--out", str(tmp_path / "data")]) == 0
    with (tmp_path / "data" / "ratings.csv").open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["text"] for row in rows if row["answer"] == "text"] == [NOTE]
    assert sorted(row["flag"] for row in rows if row["answer"] == "flag") == ["0", "1"]
    assert {row["choice"] for row in rows if row["answer"] == "choice"} == {"sighted"}
    assert {row["rating"] for row in rows if row["answer"] == "scale"} == {"6"}
