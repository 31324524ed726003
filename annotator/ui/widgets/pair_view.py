"""The pair as the tagger sees it: the image beside a column of words (the context first,
then the caption, and the feedback after a submit).

The image takes what the words leave, never less than MIN_IMAGE; larger text gives the
words a larger share, and so does a small screen where a long caption and its feedback
would otherwise scroll (up to half the width). The column scrolls rather than push the scale
and Submit off the screen at very large text, and keeps its lines short enough to read.
While a step of a multi-question protocol is answered from the text alone, the words take
the whole width under a compact note that the image is hidden. Each new pair's words are
shown from the column's top (the caption's label in view), whatever the last feedback
scrolled to.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QPoint, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from annotator.project.model import Rubric
from annotator.ui.image_loader import ImageLoader
from annotator.ui.named import named
from annotator.ui.text_scale import base_point_size, text_factor
from annotator.ui.widgets.feedback_panel import FeedbackPanel
from annotator.ui.widgets.image_view import ImageView
from annotator.ui.widgets.pair_text import PairText

TEXT_ONLY = ("Image hidden for now: answer from the text and its context. You see it for "
             "the same questions afterwards.")
IMAGE_SHARE = 7
"""Tenths of the width beside the words the image takes at normal text size (half at 170 %
and above, where the words need the room)."""
MIN_IMAGE = QSize(320, 240)
"""The image never shrinks below this, whatever the text size: a pair must stay judgeable."""
READABLE_WIDTH = 860
"""Widest the words get (the image hidden, a wide screen): about 75 characters a line."""
MIN_WORDS_WIDTH = 300
CAPTION_SCALE = 1.6
"""The caption's size beside the other text: larger, the thing being judged."""
CAPTION_MOST = 2.2
"""The caption's largest size from :data:`CAPTION_SCALE`, in the platform's text sizes.
Larger text grows it only with the rest: at 200 % it is a tenth larger than the other text,
so that a long caption still fits under its label beside the photo on a laptop (at 3.2
times the platform's size it scrolled, its label out of view)."""


def caption_point_size(size: float) -> float:
    """The caption's point size when the rest of the text has ``size``."""
    return max(size, min(size * CAPTION_SCALE, base_point_size() * CAPTION_MOST))


class PairView(QWidget):
    """``image``, ``caption`` and ``feedback`` are the parts the rating screen drives."""

    def __init__(self, rubric: Rubric, loader: ImageLoader, parent: QWidget | None = None):
        super().__init__(parent)
        self.image = ImageView(loader, self)
        self.image.setMinimumSize(MIN_IMAGE)
        self._text = PairText(rubric, self)
        self.caption = self._text.caption
        self.feedback = FeedbackPanel(self)
        self._hidden_note = named(QLabel(TEXT_ONLY, self), "imageHiddenNote")
        self._hidden_note.setAccessibleDescription("Image hidden")
        self._hidden_note.setWordWrap(True)
        self._hidden_note.setStyleSheet("QLabel { border: 1px solid #6b6b6b; padding: 4px; }")
        self._hidden_note.hide()
        self._column, self._column_body = _column(
            self, (self._hidden_note, self._text, self.feedback))
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.image, IMAGE_SHARE)
        self._layout.addWidget(self._column, 10 - IMAGE_SHARE)
        self._base_words = 10 - IMAGE_SHARE

    def show_words(self, caption: str, context: Mapping[str, str], *, image_hidden: bool
                   ) -> None:
        """A new pair's words; ``image_hidden``: a step answered from the text alone."""
        self._text.show_text(caption, context)
        self.image.setVisible(not image_hidden)
        self._hidden_note.setVisible(image_hidden)
        if image_hidden:
            self.image.show_message(TEXT_ONLY)
        self._fit_words()

    def set_point_size(self, size: float, caption_size: float) -> None:
        """Follow the app's text size: the words' share of the width grows with it."""
        self._text.set_caption_point_size(caption_size)
        self.feedback.set_point_size(size)
        self._base_words = min(5, round((10 - IMAGE_SHARE) * text_factor()))
        self._fit_words()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_words()

    def _fit_words(self) -> None:
        """The words' tenths of the width: the text size's share, or more (up to half) while
        the column would scroll at that share, so that on a small screen the caption and its
        feedback stay in view beside a smaller image."""
        words, body = self._base_words, self._column_body
        room, width = self._column.height(), self.width() - self._layout.spacing()
        while words < 5 and body.heightForWidth(
                min(READABLE_WIDTH, width * words // 10)) > room:
            words += 1
        if width - width * words // 10 < MIN_IMAGE.width():
            words = self._base_words
        self._layout.setStretch(0, 10 - words)
        self._layout.setStretch(1, words)

    def reveal(self, part: QWidget) -> None:
        """Widen the words if they need it, then scroll the column to ``part`` once it has
        laid it out."""
        self._fit_words()
        QTimer.singleShot(0, self, lambda: self._scroll_to(part))

    def show_from_top(self) -> None:
        """The column scrolled to its top once it has laid out a new pair's words: the
        caption's label, and the context before it, in view (a scroll position kept from
        the last pair's feedback, or one at the caption's first line, hid them)."""
        self._fit_words()
        QTimer.singleShot(0, self, lambda: self._column.verticalScrollBar().setValue(0))

    def _scroll_to(self, part: QWidget) -> None:
        """``part`` in view; its top first when it is taller than the column (a long
        caption at very large text is read from its start)."""
        top = part.mapTo(self._column_body, QPoint(0, 0)).y()
        bar, room = self._column.verticalScrollBar(), self._column.viewport().height()
        if part.height() > room or top < bar.value():
            bar.setValue(top)
        elif top + part.height() > bar.value() + room:
            bar.setValue(top + part.height() - room)


def _column(parent: QWidget, parts: tuple[QWidget, ...]) -> tuple[QScrollArea, QWidget]:
    """``parts`` top to bottom in a vertically scrolling, frameless column; the column and
    the widget it scrolls."""
    body = QWidget()
    body.setObjectName("textColumnBody")
    body.setMaximumWidth(READABLE_WIDTH)
    layout = QVBoxLayout(body)
    layout.setContentsMargins(4, 0, 4, 4)  # room for the focus ring
    for part in parts:
        layout.addWidget(part)
    layout.addStretch(1)
    column = QScrollArea(parent)
    column.setObjectName("textColumn")
    column.setWidgetResizable(True)
    column.setFrameShape(QFrame.Shape.NoFrame)
    column.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    column.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
    column.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    column.setMinimumWidth(MIN_WORDS_WIDTH)
    column.setWidget(body)
    return column, body
