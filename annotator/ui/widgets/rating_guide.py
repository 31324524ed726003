"""The Rating Guide: a panel beside the pair with every level's full text and an example,
the level chosen now highlighted (F1 shows or hides it; the choice is remembered). In a
multi-question protocol it follows the question asked: its own scale, Yes and No, its
choices, or how to answer in words."""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout

from annotator.project.answer_model import AnswerKind, Level, Question
from annotator.project.model import Rubric
from annotator.session.answer_texts import answer_options, text_hint, text_label
from annotator.session.messages import scale_note
from annotator.ui.named import named

ABOVE_CHOSEN = 8
"""Pixels left above the chosen level when the guide scrolls to it."""
CHOSEN_TINT = "#fff2b3"
"""Pale yellow behind the chosen level; the "✓ Chosen" line says it without colour."""


def guide_html(rubric: Rubric, chosen: float | None = None,
               question: Question | None = None) -> str:
    """The guide as simple HTML, the answers in the order of their buttons (left to right
    is top to bottom), ``chosen`` highlighted and said; headed by ``question``, the one
    asked now (None: the rubric's one question; the rubric's examples answer its main
    question: said so)."""
    options = answer_options(rubric, question)
    asked = question.text if question is not None else rubric.question
    parts = [f"<h3>{html.escape(asked)}</h3>"]
    if asked != rubric.question and any(option.example for option in options):
        parts.append(f"<p><small>The examples answer the question “"
                     f"{html.escape(rubric.question)}”</small></p>")
    scale = question is None or question.kind is AnswerKind.SCALE
    note = scale_note(rubric.scale_of(question) if question else rubric) if scale else ""
    if note:
        parts.append(f"<p><b>{html.escape(note)}</b></p>")
    if question is not None and question.kind is AnswerKind.TEXT:
        parts.append(f"<p>{html.escape(text_label(question))}. "
                     f"{html.escape(text_hint(question))}</p>")
    parts += [_level_html(option, chosen=option.value == chosen) for option in options]
    if rubric.source:
        parts.append(f"<p><small>From: {html.escape(rubric.source)}.</small></p>")
    return "".join(parts)


def _level_html(level: Level, *, chosen: bool) -> str:
    title = f"{html.escape(level.key)} — {html.escape(level.label)}"
    body = "" if level.text == level.label else f"<p>{html.escape(level.text)}</p>"
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
        self._question: Question | None = None
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
        options = answer_options(self._rubric, self._question)
        option = next((option for option in options if option.value == value), None)
        if option is not None:
            self.text.scrollToAnchor(f"level-{option.key}")
            bar = self.text.verticalScrollBar()  # the highlight's frame in view, not cut
            bar.setValue(bar.value() - ABOVE_CHOSEN)

    def set_question(self, question: Question | None) -> None:
        """Follow the question asked now (a step of a multi-question protocol; None: the
        rubric's one question), keeping the chosen answer."""
        if question != self._question:
            self._question = question
            self.highlight(self._chosen)

    @property
    def chosen(self) -> float | None:
        return self._chosen

    def sizeHint(self) -> QSize:
        return QSize(24 * self.fontMetrics().averageCharWidth() + 120, 400)
