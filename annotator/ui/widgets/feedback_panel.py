"""The feedback after a rating: the verdict in large type (icon, signed points, words),
plain sentences, and in the tutorial the experts' explanation set apart so it is read."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from annotator.session.messages import FeedbackText
from annotator.ui.named import named
from annotator.ui.widgets.pair_text import text_label

VERDICT_SCALE, WHY_SCALE = 1.3, 1.1
TINTS = {1: "#e3f1e5", 0: "#ececec", -1: "#fbe9e2"}
"""Light green, grey, light orange behind the verdict; its icon and words carry the meaning,
and its dark text keeps above 12:1 on each."""


class FeedbackPanel(QFrame):
    """Shows one :class:`FeedbackText`; the screen decides when (session.messages decides
    what it says)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("feedbackPanel")
        self.setAccessibleName("Feedback")
        self._heading = named(QLabel(self), "feedbackHeading")
        self._verdict = text_label("feedbackVerdict", "Points", self)
        self._verdict.setMargin(6)
        self._text = text_label("feedbackText", "Feedback text", self)
        self._why = text_label("feedbackWhy", "Why the experts chose their level", self)
        self._why.setMargin(8)
        self._why.setStyleSheet("QLabel { border-left: 4px solid #1b5e20; "
                                "background: #ffffff; color: #1a1a1a; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 8, 4, 4)
        for label in (self._heading, self._verdict, self._text, self._why):
            layout.addWidget(label)
        self.set_point_size(self.font().pointSizeF())
        self.hide()

    def show_feedback(self, feedback: FeedbackText) -> None:
        self._heading.setText(feedback.heading)
        self._verdict.setText(feedback.verdict)
        points = feedback.points or 0
        tint = TINTS[(points > 0) - (points < 0)]
        self._verdict.setStyleSheet(f"QLabel {{ background: {tint}; color: #1a1a1a; }}")
        self._text.setText("\n".join(feedback.lines))
        self._why.setText(feedback.why)
        self._why.setVisible(bool(feedback.why))
        self.show()

    def set_point_size(self, size: float) -> None:
        """Follow the app's text size; the verdict and the explanation stay larger."""
        for label, scale, bold in ((self._heading, 1.0, True), (self._verdict, VERDICT_SCALE, True),
                                   (self._text, 1.0, False), (self._why, WHY_SCALE, False)):
            font = QFont(label.font())
            font.setPointSizeF(size * scale)
            font.setBold(bold)
            label.setFont(font)

    def text(self) -> str:
        """Everything shown, top to bottom."""
        parts = (self._heading.text(), self._verdict.text(), self._text.text(),
                 self._why.text() if self._why.isVisibleTo(self) else "")
        return "\n".join(part for part in parts if part)

    @property
    def focus_target(self) -> QLabel:
        """The text the keyboard focus goes to, so a screen reader reads it all out."""
        return self._text
