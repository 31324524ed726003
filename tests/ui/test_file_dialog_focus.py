"""Qt's own file dialog with the focus ring on: typing a folder that does not exist,
Enter, and OK on Qt's "Directory not found" must not end in "Unexpected problem … Internal
C++ object (QLineEdit) already deleted" (issue 32, logged CRITICAL by the focus ring).

The app's own handler of unexpected errors is installed, as ``annotator`` runs it: any
exception in the ring's slots is logged CRITICAL and shown in an "Unexpected problem" box,
which these tests would see.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox, QWidget

from annotator.applog import LOGGER
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.focus_ring import _alive, _rings, show_focus_rings


@pytest.fixture
def app_error_handling(monkeypatch, caplog) -> list[logging.LogRecord]:
    """The app's handler of unexpected errors (as ``_application`` installs it); the
    CRITICAL records it logs."""
    monkeypatch.setattr(sys, "excepthook", report_unexpected_error)
    caplog.set_level(logging.CRITICAL, logger=LOGGER)
    return caplog.records


def _confirm_message_boxes(seen: list[str]) -> None:
    """Press OK (Enter on its focused button) on each message box as soon as it is up."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMessageBox) and widget.isVisible():
            seen.append(widget.text())
            widget.accept()


def _type_a_missing_folder(qtbot, missing: Path, seen: list[str],
                           line_edits: list[QLineEdit]) -> None:
    """In the file dialog on screen: the missing folder typed, Enter, wait for OK."""
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if isinstance(w, QFileDialog) and w.isVisible())
    edit = dialog.findChild(QLineEdit, "fileNameEdit")
    line_edits.append(edit)
    edit.setFocus()
    qtbot.keyClicks(edit, str(missing))
    before = len(seen)
    qtbot.keyClick(edit, Qt.Key.Key_Return)  # "Directory not found": OK by the timer
    qtbot.waitUntil(lambda: len(seen) > before, timeout=5000)
    qtbot.wait(50)
    dialog.reject()


def test_a_missing_folder_typed_into_the_file_dialog_is_refused_without_an_error(
        qtbot, tmp_path: Path, app_error_handling) -> None:
    show_focus_rings()
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    seen: list[str] = []
    boxes = QTimer(window)
    boxes.timeout.connect(lambda: _confirm_message_boxes(seen))
    boxes.start(20)
    line_edits: list[QLineEdit] = []

    for attempt in range(3):  # the lead tries again: a new dialog, new line edits
        QTimer.singleShot(100, lambda: _type_a_missing_folder(
            qtbot, tmp_path / "no such folder", seen, line_edits))
        folder = QFileDialog.getExistingDirectory(
            window, "Open project folder", str(tmp_path),
            QFileDialog.Option.DontUseNativeDialog | QFileDialog.Option.ShowDirsOnly)
        qtbot.wait(100)  # the ring's deferred placement runs after the dialog is gone
        assert folder == ""
        if attempt == 0:
            # What PySide hands the ring's follower when the next dialog's line edit takes
            # the address of this one, gone with its dialog: the old, dead wrapper. (Emitted
            # through Qt, the dangling pointer would reach Qt's own receivers too.)
            assert not _alive(line_edits[0])
            _rings()._follow(window, line_edits[0])
    assert len(seen) == 3 and all("not found" in text.lower() for text in seen), seen
    assert not [record.getMessage() for record in app_error_handling]
