"""The Rating Guide: a panel beside the pair with every level's full text and an example,
the level chosen now highlighted (F1 shows or hides it; the choice is remembered)."""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout

from annotator.project.answer_model import Level
from annotator.project.model import Rubric
from annotator.session.messages import scale_note
from annotator.ui.named import named

ABOVE_CHOSEN = 8
"""Pixels left above the chosen level when the guide scrolls to it."""
CHOSEN_TINT = "#fff2b3"
"""Pale yellow behind the chosen level; the "✓ Chosen" line says it without colour."""


def guide_html(rubric: Rubric, chosen: float | None = None, question: str = "") -> str:
    """The guide as simple HTML, the levels in the order of their buttons (left to right
    is top to bottom), ``chosen`` highlighted and said; headed by ``question``, the one
    asked now (a multi-question protocol's examples answer its main question: said so)."""
    note = scale_note(rubric)
    question = question or rubric.question
    parts = [f"<h3>{html.escape(question)}</h3>"]
    if question != rubric.question and any(level.example for level in rubric.options):
        parts.append(f"<p><small>The examples answer the question “"
                     f"{html.escape(rubric.question)}”</small></p>")
    if note:
        parts.append(f"<p><b>{html.escape(note)}</b></p>")
    parts += [_level_html(option, chosen=option.value == chosen) for option in rubric.options]
    if rubric.source:
        parts.append(f"<p><small>From: {html.escape(rubric.source)}.</small></p>")
    return "".join(parts)


def _level_html(level: Level, *, chosen: bool) -> str:
    title = f"{html.escape(level.key)} — {html.escape(level.label)}"
    body = f"<p>{html.escape(level.text)}</p>"
    if level.example:
        body += f"<p><i>Example: {html.escape(level.example)}</i></p>"
    anchor = f'<a name="level-{html.escape(level.key)}"></a>'
    if not chosen:
        return f"{anchor}<h4>{title}</h4>{body}"
    return (f'{anchor}<table width="100%" cellpadding="6" border="2" cellspacing="0" '
            f'bgcolor="{CHOSEN_TINT}"><tr><td><h4>✓ Chosen: {title}</h4>{body}</td></tr>'
            "</table>")


class RatingGuidePanel(QFrame):
    """Shown beside the rating screen; ``hide_requested`` when its own button is pressed."""

    hide_requested = Signal()

    def __init__(self, rubric: Rubric, parent: QFrame | None = None):
        super().__init__(parent)
        self.setObjectName("ratingGuide")
        self.setAccessibleName("Rating Guide")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._rubric = rubric
        self._chosen: float | None = None
        self._question = rubric.question
        title = named(QLabel("Rating Guide", self), "ratingGuideTitle")
        font = QFont(title.font())
        font.setBold(True)
        title.setFont(font)
        title.setWordWrap(True)
        hide = named(QPushButton("Hide (F1)", self), "hideGuideButton")
        hide.setAccessibleName("Hide the Rating Guide")
        hide.clicked.connect(self.hide_requested)
        head = QHBoxLayout()
        head.addWidget(title, 1)
        head.addWidget(hide)
        self.text = named(QTextBrowser(self), "ratingGuideText")
        self.text.setAccessibleName("Rating Guide text")
        self.text.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(head)
        layout.addWidget(self.text, 1)
        self.highlight(None)

    def highlight(self, value: float | None) -> None:
        """Mark ``value``'s level as chosen (None: none) and bring it into view."""
        self._chosen = value
        self.text.setHtml(guide_html(self._rubric, value, self._question))
        option = None if value is None else self._rubric.option_for_value(value)
        if option is not None:
            self.text.scrollToAnchor(f"level-{option.key}")
            bar = self.text.verticalScrollBar()  # the highlight's frame in view, not cut
            bar.setValue(bar.value() - ABOVE_CHOSEN)

    def set_question(self, question: str) -> None:
        """Head the guide with the question asked now (a step of a multi-question
        protocol), keeping the chosen level."""
        if question != self._question:
            self._question = question
            self.highlight(self._chosen)

    @property
    def chosen(self) -> float | None:
        return self._chosen

    def sizeHint(self) -> QSize:
        return QSize(24 * self.fontMetrics().averageCharWidth() + 120, 400)
