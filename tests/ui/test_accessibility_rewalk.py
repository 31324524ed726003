"""The audit of :mod:`tests.ui.accessibility_audit` on what the first walk left out: the
tagger's window before a project is open, a pair whose photo cannot be shown (only Skip
offered), the end of the round, Help ▸ Keyboard shortcuts in both windows, the lead's window
on a project nobody rated yet, and the merge dialog before its preview."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tests.ui.accessibility_audit import audit
from tests.ui.conftest import LAPTOP, active

PLAIN = {"dwell_seconds": 0, "tutorial": False, "probation": False}


def assert_passes(qtbot, window: QWidget, where: str) -> None:
    problems = audit(qtbot, window)
    assert not problems, f"{where}:\n" + "\n".join(problems)


def test_the_taggers_window_without_a_project(qtbot, make_main_window) -> None:
    window = active(qtbot, make_main_window(), LAPTOP)
    assert window.rating_screen is None
    assert_passes(qtbot, window, "no project open")


def test_a_pair_whose_photo_cannot_be_shown(qtbot, make_project_folder,
                                            make_main_window) -> None:
    folder = make_project_folder(n_items=1, flow=PLAIN)
    (folder / "images" / "photo000.jpg").write_text("not a photo", encoding="utf-8")
    window = active(qtbot, make_main_window(folder, tagger="ana"), LAPTOP)
    qtbot.waitUntil(lambda: window.rating_screen.state.value == "unratable", timeout=10_000)
    assert_passes(qtbot, window, "unratable pair")


def test_the_end_of_the_round(qtbot, make_project_folder, make_main_window) -> None:
    folder = make_project_folder(n_items=1, flow={**PLAIN, "feedback": False})
    window = active(qtbot, make_main_window(folder, tagger="ana"), LAPTOP)
    screen = window.rating_screen
    qtbot.keyClick(screen, "2")
    qtbot.keyClick(QApplication.focusWidget(), "\r")
    qtbot.waitUntil(lambda: screen.state.value == "finished", timeout=5000)
    assert_passes(qtbot, window, "round finished")


def audit_shortcuts(qtbot, window: QWidget) -> list[str]:
    """The audit of Help ▸ Keyboard shortcuts (a modal message box), run while it is open."""
    found: list[str] = []

    def audit_and_close() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, audit_and_close)
            return
        qtbot.waitUntil(box.isActiveWindow, timeout=5000)
        found.extend(audit(qtbot, box) or ["(none)"])
        box.accept()

    QTimer.singleShot(0, audit_and_close)
    window.show_shortcuts()
    assert found, "the box never opened"
    return [problem for problem in found if problem != "(none)"]


def test_keyboard_shortcuts_in_both_windows(qtbot, make_project_folder, make_main_window,
                                            make_lead_window) -> None:
    tagger = active(qtbot, make_main_window(make_project_folder(n_items=1, flow=PLAIN),
                                            tagger="ana"), LAPTOP)
    problems = audit_shortcuts(qtbot, tagger)
    assert not problems, "tagger's keyboard shortcuts:\n" + "\n".join(problems)
    tagger.close()
    lead = active(qtbot, make_lead_window(), LAPTOP)
    problems = audit_shortcuts(qtbot, lead)
    assert not problems, "lead's keyboard shortcuts:\n" + "\n".join(problems)


def test_a_project_nobody_rated_and_the_merge_dialog_before_its_preview(qtbot, make_project_folder,
                                             make_lead_window) -> None:
    window = active(qtbot, make_lead_window(make_project_folder(n_items=2)), LAPTOP)
    assert_passes(qtbot, window, "a project nobody rated yet")
    window.merge_session_files()
    assert window.merge_dialog is not None
    assert_passes(qtbot, active(qtbot, window.merge_dialog), "merge, before Preview")
    window.merge_dialog.close()
