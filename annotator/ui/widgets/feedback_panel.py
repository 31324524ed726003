"""The box under the rubric that shows the game's feedback after a rating."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget


class FeedbackPanel(QFrame):
    """Heading and lines of text; the screen decides what they say (session.messages)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("feedbackPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Feedback")
        self._heading = QLabel(self, objectName="feedbackHeading")
        font = self._heading.font()
        font.setBold(True)
        self._heading.setFont(font)
        self._text = QLabel(self, objectName="feedbackText")
        self._text.setAccessibleName("Feedback text")
        self._text.setWordWrap(True)
        self._text.setTextFormat(Qt.TextFormat.PlainText)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self._text.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout = QVBoxLayout(self)
        layout.addWidget(self._heading)
        layout.addWidget(self._text)
        self.hide()

    def show_lines(self, heading: str, lines: list[str]) -> None:
        self._heading.setText(heading)
        self._text.setText("\n".join(lines))
        self._text.setAccessibleDescription(" ".join(lines))
        self.show()

    def text(self) -> str:
        return self._text.text()

    def focus_text(self) -> None:
        """Put keyboard focus on the text, so a screen reader reads it out."""
        self._text.setFocus()
