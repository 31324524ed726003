"""The rating screen's widgets and where they sit, and its keys; the screen decides what
they show and what the keys do.

Progress on top; the image beside the pair's words and the feedback; below them the
question and the scale, then the submit bar. The image takes what the rest leaves. The
notice and "finished" pages share the screen with the rating page. Widgets are made in
the order Tab visits them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QStackedWidget, QVBoxLayout, QWidget

from annotator.project.model import Rubric
from annotator.session.messages import scale_note
from annotator.ui.image_loader import ImageLoader
from annotator.ui.named import named
from annotator.ui.widgets.feedback_panel import FeedbackPanel
from annotator.ui.widgets.image_view import ZOOM_STEP, ImageView
from annotator.ui.widgets.notice_page import NoticePage
from annotator.ui.widgets.pair_text import text_label
from annotator.ui.widgets.pair_view import PairView
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
    rubric: RubricPanel
    bar: SubmitBar
    notice: NoticePage
    finished: QLabel
    pages: QStackedWidget
    rating_page: QWidget
    finished_page: QWidget


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
    note = named(QLabel(scale_note(rubric), screen), "scaleNote")
    note.setAccessibleDescription("Order of the answers")
    note.setVisible(bool(scale_note(rubric)))
    rubric_panel = RubricPanel(rubric, screen)
    bar = SubmitBar(screen)

    rating_page = QWidget(screen)
    rating_layout = QVBoxLayout(rating_page)
    rating_layout.addLayout(top)
    rating_layout.addWidget(pair_view, 1)
    for part in (question, note, rubric_panel, bar):
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
                        pair_view.feedback, question, rubric_panel, bar, notice, finished,
                        pages, rating_page, finished_page)


def bind_rating_keys(screen: QWidget, rubric: Rubric, *, choose: Callable[[float], None],
                     enter: Callable[[], None], image: ImageView) -> None:
    """The levels' keys, Enter and the zoom keys (``+``/``-``/``0``), window-wide while
    ``screen`` is shown, so they work wherever the focus is (the Rating Guide beside it
    too); a hidden screen's keys do nothing."""
    context = Qt.ShortcutContext.WindowShortcut
    for level in rubric.options:
        shortcut = QShortcut(QKeySequence(level.key), screen, context=context)
        shortcut.activated.connect(lambda value=level.value: choose(value))
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        QShortcut(QKeySequence(key), screen, context=context).activated.connect(enter)
    zooms = {"+": ZOOM_STEP, "=": ZOOM_STEP, "-": 1 / ZOOM_STEP}
    for zoom_key, factor in zooms.items():
        shortcut = QShortcut(QKeySequence(zoom_key), screen, context=context)
        shortcut.activated.connect(lambda factor=factor: image.zoom_by(factor))
    QShortcut(QKeySequence("0"), screen, context=context).activated.connect(image.fit)
