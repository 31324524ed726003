"""The line under the scale: what is happening in words, Skip when offered, and Submit.

Submit stays disabled, counting down in words, while the minimum time on a pair runs, so
a tagger sees why Enter does nothing yet; after feedback the same button goes on. What the
status line shows is also announced to screen readers.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from annotator.ui.named import named

SUBMIT_TEXT = "Submit (Enter)"
NEXT_TEXT = "Next pair (Enter)"
SUBMIT_TEXT_TEXT = "Next (Ctrl+Enter)"
"""Submit while a free text is asked: in its box Enter starts a new line."""


class SubmitBar(QWidget):
    """Status, Skip and Submit in one row."""

    submit_clicked = Signal()
    skip_clicked = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._status = named(QLabel(self), "statusLabel")
        self._status.setAccessibleDescription("Status")
        self._status.setWordWrap(True)
        self._skip = named(QPushButton("Skip this pair for now", self), "skipButton")
        self._skip.clicked.connect(self.skip_clicked)
        self._skip.hide()
        self._submit = named(QPushButton(SUBMIT_TEXT, self), "submitButton")
        self._submit.setMinimumHeight(44)
        self._submit.clicked.connect(self.submit_clicked)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self._status, 1)
        row.addWidget(self._skip)
        row.addWidget(self._submit)

    def say(self, message: str, shown: str) -> None:
        """Show ``shown`` in the status line and have screen readers announce ``message``."""
        self._status.setText(shown)
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self._status, message))

    def show_status(self, text: str) -> None:
        """Show ``text`` without announcing it (a hint a new pair starts with)."""
        self._status.setText(text)

    def wait(self, seconds: float) -> None:
        """Submit disabled, saying how many whole seconds are left."""
        self._submit.setEnabled(False)
        self._submit.setText(f"Submit in {math.ceil(seconds)} s")
        self._submit.setAccessibleDescription("Submitting is possible after a short wait.")

    def ready(self, enabled: bool, text: str = SUBMIT_TEXT) -> None:
        """The wait is over: Submit (or, after feedback, Next) enabled when ``enabled``."""
        self._submit.setText(text)
        self._submit.setAccessibleDescription("")
        self._submit.setEnabled(enabled)

    def offer_skip(self, offered: bool) -> None:
        """Show Skip (and give it the focus) or hide it."""
        self._skip.setVisible(offered)
        if offered:
            self._skip.setFocus()

    @property
    def can_submit(self) -> bool:
        return self._submit.isEnabled()
