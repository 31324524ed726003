"""The rating screen's widgets and where they sit, and its keys; the screen decides what
they show and what the keys do.

Progress on top; the image beside the pair's words and the feedback; below them the
question and its answers (the scale's buttons, or a box for words), then the submit bar.
The image takes what the rest leaves. The notice and "finished" pages share the screen
with the rating page. Widgets are made in the order Tab visits them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QStackedWidget, QVBoxLayout, QWidget

from annotator.project.model import Rubric
from annotator.ui.image_loader import ImageLoader
from annotator.ui.named import named
from annotator.ui.widgets.answer_box import AnswerArea, bind_answer_keys
from annotator.ui.widgets.feedback_panel import FeedbackPanel
from annotator.ui.widgets.image_view import ZOOM_STEP, ImageView
from annotator.ui.widgets.notice_page import NoticePage
from annotator.ui.widgets.pair_text import text_label
from annotator.ui.widgets.pair_view import PairView, caption_point_size
from annotator.ui.widgets.rubric_panel import RubricPanel
from annotator.ui.widgets.scroll_page import PageStack
from annotator.ui.widgets.submit_bar import SubmitBar


@dataclass(frozen=True)
class RatingLayout:
    """Every widget of the rating screen the screen changes."""

    progress: QLabel
    guide_button: QPushButton
    pair_view: PairView
    image: ImageView
    caption: QLabel
    feedback: FeedbackPanel
    question: QLabel
    answers: AnswerArea
    rubric: RubricPanel
    bar: SubmitBar
    notice: NoticePage
    finished: QLabel
    pages: QStackedWidget
    rating_page: QWidget
    finished_page: QWidget

    def set_point_sizes(self, size: float, font: QFont) -> None:
        """Follow the app's text ``size``: the caption (``font``) stays larger up to a point
        (:func:`~annotator.ui.widgets.pair_view.caption_point_size`), and so do the end of
        the round and the notices."""
        font.setPointSizeF(max(6.0, caption_point_size(size)))
        self.pair_view.set_point_size(size, font.pointSizeF())
        finished_font = self.finished.font()
        finished_font.setPointSizeF(font.pointSizeF())
        self.finished.setFont(finished_font)
        self.notice.set_point_size(font.pointSizeF())


def build_rating_layout(screen: QWidget, rubric: Rubric, loader: ImageLoader) -> RatingLayout:
    """The widgets, laid out in ``screen``."""
    progress = named(QLabel(screen), "progressLabel")
    progress.setAccessibleDescription("Progress")
    progress.setWordWrap(True)  # the first-pairs check makes it long
    guide_button = named(QPushButton("Rating Guide (F1)", screen), "guideButton")
    guide_button.setCheckable(True)
    top = QHBoxLayout()
    top.addWidget(progress, 1)
    top.addWidget(guide_button)

    pair_view = PairView(rubric, loader, screen)
    question = text_label("questionLabel", "Question", screen)
    font = QFont(question.font())
    font.setBold(True)
    question.setFont(font)
    answers = AnswerArea(rubric, screen)
    bar = SubmitBar(screen)

    rating_page = QWidget(screen)
    rating_layout = QVBoxLayout(rating_page)
    rating_layout.addLayout(top)
    rating_layout.addWidget(pair_view, 1)
    for part in (question, answers, bar):
        rating_layout.addWidget(part)

    notice = NoticePage(screen)
    finished_page = QWidget(screen)  # its margins leave room for the focus ring
    finished = text_label("finishedLabel", "Round finished", finished_page)  # takes the focus
    finished.setAlignment(Qt.AlignmentFlag.AlignCenter)
    QVBoxLayout(finished_page).addWidget(finished)

    pages = PageStack(screen)  # a notice is not held to the rating page's size
    for page in (rating_page, notice, finished_page):
        pages.addWidget(page)
    outer = QVBoxLayout(screen)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(pages)
    return RatingLayout(progress, guide_button, pair_view, pair_view.image, pair_view.caption,
                        pair_view.feedback, question, answers, answers.levels, bar, notice,
                        finished, pages, rating_page, finished_page)


def bind_rating_keys(screen: QWidget, rubric: Rubric, *, press: Callable[[str], None],
                     enter: Callable[[], None], submit: Callable[[], None],
                     image: ImageView) -> None:
    """The answers' keys and Ctrl+Enter (:func:`~annotator.ui.widgets.answer_box.
    bind_answer_keys`), Enter and the zoom keys (``+``/``-``/``0``), window-wide while
    ``screen`` is shown, so they work wherever the focus is (the Rating Guide beside it
    too); a hidden screen's keys do nothing."""
    context = Qt.ShortcutContext.WindowShortcut
    bind_answer_keys(screen, rubric, press, submit)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        QShortcut(QKeySequence(key), screen, context=context).activated.connect(enter)
    zooms = {"+": ZOOM_STEP, "=": ZOOM_STEP, "-": 1 / ZOOM_STEP}
    for zoom_key, factor in zooms.items():
        shortcut = QShortcut(QKeySequence(zoom_key), screen, context=context)
        shortcut.activated.connect(lambda factor=factor: image.zoom_by(factor))
    QShortcut(QKeySequence("0"), screen, context=context).activated.connect(image.fit)
