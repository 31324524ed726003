"""Both windows, on each of their screens and tabs, and every dialog pass the audit of
:mod:`tests.ui.accessibility_audit` (names, focus traps, focus rings, contrast), offscreen,
in a light and a dark system theme; and the audit finds each kind of problem it looks for.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from annotator.cli import main
from annotator.session.recovery import FailedSubmit
from annotator.ui.contrast import readable_palette
from annotator.ui.dialogs.about import AboutDialog
from annotator.ui.dialogs.submit_failed import SubmitFailedBox
from annotator.ui.widgets.keyboard_table import explain_columns
from tests.conftest import write_jpeg
from tests.study_rubric import use_study_rubric
from tests.ui.accessibility_audit import (
    audit,
    drawn_contrast,
    palette_problems,
    ring_pixels,
    spoken_name,
)
from tests.ui.conftest import LAPTOP, active, by_name

PLAIN = {"dwell_seconds": 0, "feedback": False}
def assert_passes(qtbot, window: QWidget, where: str) -> None:
    problems = audit(qtbot, window)
    assert not problems, f"{where}:\n" + "\n".join(problems)


# --- the audit itself ---------------------------------------------------------------------

def test_the_audit_finds_each_kind_of_problem(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    hidden = QLabel("Probation: pair 1 of 20", window)
    hidden.setAccessibleName("Progress")  # the text is never heard
    nameless = QLineEdit(window)  # no label, no name
    trap = QTableWidget(5, 4, window)  # Tab moves from cell to cell
    trap.setAccessibleName("Ratings")
    trap.setCurrentCell(0, 0)
    renamed = QPushButton("Next pair (Enter)", window)
    renamed.setAccessibleName("Submit rating")
    valued = QComboBox(window)  # Qt's: named "likert-5", whatever its accessible name
    valued.addItems(["likert-5", "binary"])
    valued.setAccessibleName("Rubric")
    note_label = QLabel("Your answer in words (optional)", window)
    note = QPlainTextEdit(window)  # Tab types a tab: no way out by keyboard
    note.setAccessibleName("Comment")
    note_label.setBuddy(note)
    for widget in (hidden, nameless, trap, renamed, valued, note_label, note):
        layout.addWidget(widget)
    active(qtbot, window, QSize(500, 400))
    problems = "\n".join(audit(qtbot, window))
    assert "a label named 'Progress' instead of its text" in problems
    assert "QLineEdit" in problems and "an interactive widget without a name" in problems
    assert "QTableWidget 'Ratings': a focus trap, Tab pressed 4 times" in problems
    assert "leaves out the visible words ['next', 'pair']" in problems
    assert "QComboBox 'likert-5'" in problems and "named by its current text" in problems
    assert "QPlainTextEdit 'Comment': a focus trap, Tab pressed 4 times" in problems
    assert ("QPlainTextEdit 'Comment': its name leaves out the words ['answer', 'in', "
            "'optional', 'words', 'your'] of its label") in problems


def test_the_ring_is_measured_by_its_contrast_with_what_was_there(qapp) -> None:
    blank = QImage(40, 30, QImage.Format.Format_RGB32)
    blank.fill(QColor("#efefef"))
    everywhere = np.ones((30, 40), bool)
    for colour, contrast_enough in (("#0b4f9c", True), ("#a0c4e8", False)):  # 7:1, 1.6:1
        ringed = QImage(blank)
        painter = QPainter(ringed)
        painter.setPen(QPen(QColor(colour), 2))
        painter.drawRect(QRect(5, 5, 29, 19))  # a 2 px line around a 30 × 20 control
        painter.end()
        changed = ring_pixels(blank, ringed, everywhere)
        assert (changed >= 2 * (30 + 20) * 2 - 16) is contrast_enough, (colour, changed)
    assert ring_pixels(blank, blank, everywhere) == 0


def test_text_contrast_is_measured_on_the_drawn_letters(qtbot) -> None:
    field = QLineEdit()
    qtbot.addWidget(field)
    field.setPlaceholderText("Type your name as you always do")
    field.resize(300, 30)
    for colour, ratio in (("#999999", 2.85), ("#595959", 7.0)):  # grey on white
        palette = field.palette()
        palette.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
        palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(colour))
        field.setPalette(palette)
        assert drawn_contrast(field.grab().toImage()) == pytest.approx(ratio, abs=0.05)


def test_fusions_own_palette_fails_and_the_apps_passes_in_light_and_dark(qapp) -> None:
    light = QApplication.style().standardPalette()
    problems = list(palette_problems(light))
    assert any(p.startswith("HighlightedText on Highlight") for p in problems), problems
    assert any(p.startswith("PlaceholderText on Base") for p in problems), problems
    assert not list(palette_problems(readable_palette(light)))
    assert not list(palette_problems(readable_palette(dark_palette())))


def dark_palette() -> QPalette:
    """A dark system theme as desktops ship it, with their usual blue highlight."""
    palette = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#2d2d2d"),
                         (QPalette.ColorRole.WindowText, "#ffffff"),
                         (QPalette.ColorRole.Base, "#1e1e1e"),
                         (QPalette.ColorRole.AlternateBase, "#262626"),
                         (QPalette.ColorRole.Text, "#ffffff"),
                         (QPalette.ColorRole.Button, "#353535"),
                         (QPalette.ColorRole.ButtonText, "#ffffff"),
                         (QPalette.ColorRole.Highlight, "#3584e4"),
                         (QPalette.ColorRole.HighlightedText, "#ffffff"),
                         (QPalette.ColorRole.ToolTipBase, "#353535"),
                         (QPalette.ColorRole.ToolTipText, "#ffffff")):
        palette.setColor(role, QColor(colour))
    placeholder = QColor("#ffffff")
    placeholder.setAlphaF(0.5)
    palette.setColor(QPalette.ColorRole.PlaceholderText, placeholder)
    return palette


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp):
    """The system's palette, light or dark, as the app finds it when a window opens."""
    before = qapp.palette()
    system = qapp.style().standardPalette() if request.param == "light" else dark_palette()
    qapp.setPalette(system)
    yield request.param
    qapp.setPalette(before)


# --- the tagger's window --------------------------------------------------------------------

def test_the_taggers_start_screen(qtbot, theme, make_project_folder, make_main_window) -> None:
    window = active(qtbot, make_main_window(make_project_folder(n_items=3, flow=PLAIN)), LAPTOP)
    assert_passes(qtbot, window, f"start screen ({theme})")


def test_the_taggers_notice_page(qtbot, theme, make_project_folder, make_main_window) -> None:
    folder = make_project_folder(n_items=3, tutorial=[3, 3])
    window = active(qtbot, make_main_window(folder, tagger="ana"), LAPTOP)
    assert window.rating_screen.state.value == "notice"
    assert_passes(qtbot, window, f"notice ({theme})")


def test_the_rating_screen_and_its_feedback(qtbot, theme, make_project_folder,
                                            make_main_window) -> None:
    folder = make_project_folder(n_items=3, flow={"dwell_seconds": 0, "tutorial": False,
                                                  "probation": False})
    window = active(qtbot, make_main_window(folder, tagger="ana"), LAPTOP)
    assert_passes(qtbot, window, f"rating ({theme})")
    screen = window.rating_screen
    qtbot.keyClick(screen, "2")
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.state.value == "feedback"
    assert_passes(qtbot, window, f"feedback ({theme})")


def test_the_answers_of_a_studys_own_questions(qtbot, make_project_folder,
                                              make_main_window) -> None:
    """Yes and No, a choice's buttons, the box for words with its label and count."""
    window = active(qtbot, make_main_window(use_study_rubric(make_project_folder(2)),
                                            tagger="ana"), LAPTOP)
    screen = window.rating_screen
    keys = {"overall": "4", "wrong_info": "y", "audience": "e"}
    audited = []
    for _ in range(5):
        question = screen.current_pair.step.question.question_id
        if question != "overall":
            assert_passes(qtbot, window, question)
            audited.append(question)
        if question == "wrong_note":
            box = window.findChild(QPlainTextEdit, "noteBox")
            box.setFocus()
            qtbot.keyClicks(box, "3 legs")
            qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        else:
            qtbot.keyClick(screen, keys[question])
            qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert sorted(audited) == ["audience", "wrong_info", "wrong_note"]


# --- the lead's window ------------------------------------------------------------------------

@pytest.fixture
def simulated_copy(simulated_project: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "vicr-demo"
    shutil.copytree(simulated_project, folder)
    return folder


def test_the_leads_start_page_and_every_tab(qtbot, theme, simulated_copy: Path,
                                            make_lead_window) -> None:
    start = active(qtbot, make_lead_window(), LAPTOP)
    assert_passes(qtbot, start, f"lead's start page ({theme})")
    start.close()
    window = active(qtbot, make_lead_window(simulated_copy), LAPTOP)
    tabs = window.pane.tabs
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        if tabs.tabText(index) == "Items":
            window.pane.section_view("items").show_item(0)
        for button in tabs.currentWidget().findChildren(QPushButton):
            if button.isCheckable() and button.text() == "Data as a table":
                button.setChecked(True)  # the charts' data tables are audited too
        assert_passes(qtbot, window, f"{tabs.tabText(index)} tab ({theme})")
        if tabs.tabText(index) == "Paper tables":  # and another paper's, laid out later
            paper_tables = window.pane.section_view("paper_tables")
            with qtbot.waitSignal(paper_tables.shown, timeout=60_000):
                paper_tables.chooser.setCurrentIndex(1)
            assert_passes(qtbot, window, f"Paper tables tab, {paper_tables.paper} ({theme})")
    assert tabs.tabText(tabs.count() - 1) == "Paper tables"


# --- dialogs ----------------------------------------------------------------------------------

def test_the_leads_dialogs(qtbot, simulated_copy: Path, make_lead_window, tmp_path) -> None:
    window = active(qtbot, make_lead_window(simulated_copy), LAPTOP)
    window.list_rounds()
    assert_passes(qtbot, active(qtbot, window.rounds_dialog), "rounds")
    window.rounds_dialog.close()
    window.start_new_round()
    assert_passes(qtbot, active(qtbot, window.round_dialog), "start a round")
    window.round_dialog.reject()
    window.merge_session_files()
    merge = active(qtbot, window.merge_dialog)
    with qtbot.waitSignal(merge.job_ended, timeout=60_000):
        merge.preview()
    assert merge.table.rowCount() > 0
    assert_passes(qtbot, merge, "merge, after Preview")
    merge.close()
    window.activateWindow()
    table = window.pane.section_view("taggers").findChild(QWidget, "table_taggers")
    box = explain_columns(table)
    assert_passes(qtbot, active(qtbot, box), "What do these columns mean?")
    box.close()
    about = AboutDialog(window)
    assert_passes(qtbot, active(qtbot, about), "About")
    about.close()


def test_the_taggers_dialogs(qtbot, make_project_folder, make_main_window) -> None:
    folder = make_project_folder(8)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--seed", "1",
                 "--laptops", "4"]) == 0
    window = active(qtbot, make_main_window(folder), LAPTOP)
    assert window.seat_dialog is not None
    assert_passes(qtbot, active(qtbot, window.seat_dialog), "Which laptop is this?")
    window.seat_dialog.reject()
    for saved in (True, False):
        box = SubmitFailedBox(FailedSubmit(OSError("disk full"), None, saved), window)
        box.open()
        assert_passes(qtbot, active(qtbot, box), f"submit failed (saved: {saved})")
        box.close()


def test_the_new_project_wizard_and_the_settings_dialog(qtbot, simulated_copy: Path,
                                                         make_lead_window, tmp_path) -> None:
    photos = tmp_path / "photos"
    for name in ("cat.jpg", "dog.jpg"):
        write_jpeg(photos / name)
    captions = tmp_path / "captions.csv"
    captions.write_text("image,caption\ncat.jpg,A cat on a mat.\ndog.jpg,A dog.\n",
                        encoding="utf-8")
    window = active(qtbot, make_lead_window(simulated_copy), LAPTOP)
    window.new_project()
    wizard = active(qtbot, window.new_project_wizard)
    for name, text in (("New project folder", tmp_path / "made"), ("Images folder", photos),
                       ("Captions file", captions)):
        by_name(wizard, name).setText(str(text))
    qtbot.waitUntil(lambda: wizard.currentPage().isComplete(), timeout=5000)
    pages = 0
    while True:
        assert_passes(qtbot, wizard, f"New project, page {pages + 1}")
        pages += 1
        if wizard.currentPage().isFinalPage():
            break
        wizard.next()
    assert pages == 4  # images and captions, gold, priors, licence and citation
    for box in wizard.findChildren(QComboBox):  # shown on a page or not
        assert spoken_name(box) not in ("", box.currentText()), box.objectName()
    wizard.reject()
    window.activateWindow()
    window.edit_project_settings()
    assert_passes(qtbot, active(qtbot, window.settings_dialog), "Project settings")
