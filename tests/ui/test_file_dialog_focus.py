"""Qt's own file dialog with the focus ring on: typing a folder that does not exist and
confirming Qt's "Directory not found" must not leave the ring on a deleted line edit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox, QWidget

from annotator.ui.focus_ring import show_focus_rings


def _confirm_message_boxes(seen: list[str]) -> None:
    """Press OK on Qt's "Directory not found" box as soon as it is up."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMessageBox) and widget.isVisible():
            seen.append(widget.text())
            widget.accept()


def test_a_missing_folder_typed_into_the_file_dialog_is_refused_without_an_error(
        qtbot, tmp_path: Path) -> None:
    show_focus_rings()
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    seen: list[str] = []
    boxes = QTimer(window)
    boxes.timeout.connect(lambda: _confirm_message_boxes(seen))
    boxes.start(20)
    missing = tmp_path / "no such folder"

    def type_and_leave() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, QFileDialog) and w.isVisible())
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        edit.setFocus()
        qtbot.keyClicks(edit, str(missing))
        qtbot.keyClick(edit, Qt.Key.Key_Return)  # "Directory not found": OK by the timer
        qtbot.waitUntil(lambda: bool(seen), timeout=5000)
        qtbot.wait(50)
        dialog.reject()

    for _attempt in range(3):  # the lead tries again: a new dialog, new line edits
        QTimer.singleShot(100, type_and_leave)
        folder = QFileDialog.getExistingDirectory(
            window, "Open project folder", str(tmp_path),
            QFileDialog.Option.DontUseNativeDialog | QFileDialog.Option.ShowDirsOnly)
        qtbot.wait(100)  # the ring's deferred placement runs after the dialog is gone
        assert folder == ""
    assert len(seen) == 3 and all("not found" in text.lower() for text in seen), seen
