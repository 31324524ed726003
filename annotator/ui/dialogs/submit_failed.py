"""The question after a submit that failed: what happened, whether the rating is safe
(:class:`~annotator.session.recovery.FailedSubmit` says, looked up in the file), and what
the tagger can do: go on when it was saved, else try again or skip the pair."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from annotator.session.recovery import FailedSubmit


class SubmitFailedBox(QMessageBox):
    """``go_on`` fires when the tagger leaves the pair (its rating saved, or skipped)."""

    go_on = Signal()

    def __init__(self, failed: FailedSubmit, parent: QWidget | None = None):
        super().__init__(QMessageBox.Icon.Warning, failed.title, failed.text(), parent=parent)
        self.setObjectName("submitFailedBox")
        if failed.saved:
            self.addButton("Go on to the next pair", QMessageBox.ButtonRole.AcceptRole)
        else:
            again = self.addButton("Try again", QMessageBox.ButtonRole.RejectRole)
            self.addButton("Skip this pair", QMessageBox.ButtonRole.AcceptRole)
            self.setDefaultButton(again)  # Enter does not throw the pair away
        self.finished.connect(self._decided)

    def _decided(self) -> None:
        clicked = self.clickedButton()
        if clicked is not None and self.buttonRole(clicked) is QMessageBox.ButtonRole.AcceptRole:
            self.go_on.emit()
        self.deleteLater()  # asked once: a new failure asks anew
