"""The rating screen: image, caption, rubric buttons, progress and submit.

Keys: the rubric's keys (1–5) choose a level, Enter submits, ``+``/``-``/``0`` zoom the
image, F1 opens the Rating Guide (bound by the main window).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QImage,
    QKeySequence,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from annotator.errors import AnnotatorError
from annotator.session.flow import Pair, RatingSession
from annotator.ui.image_loader import ImageLoader
from annotator.ui.widgets.image_view import ZOOM_STEP, ImageView
from annotator.ui.widgets.rubric_panel import RubricPanel

CAPTION_SCALE = 1.6
PREFETCH_AHEAD = 2
"""Images decoded ahead; with the current one this must fit the loader's cache (4)."""


def progress_text(pair: Pair, tagger: str) -> str:
    return f"Pair {pair.position} of {pair.total}, round {pair.round} — rating as {tagger}"


class RatingScreen(QWidget):
    """Renders what the session returns; every submit goes through ``session.submit``."""

    pair_shown = Signal(str)
    rating_submitted = Signal(str)
    guide_requested = Signal()

    def __init__(self, session: RatingSession, loader: ImageLoader, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ratingScreen")
        self._session = session
        self._loader = loader
        self._pair: Pair | None = None
        self.last_announcement = ""
        self._build()
        self._bind_keys()
        loader.image_ready.connect(self._on_image_ready)
        loader.image_failed.connect(self._on_image_failed)
        self._show(session.pair_shown())

    # layout -------------------------------------------------------------------

    def _build(self) -> None:
        rubric = self._session.project.rubric
        self._progress = QLabel(self, objectName="progressLabel")
        self._progress.setAccessibleName("Progress")
        guide_button = QPushButton("Rating Guide (F1)", self, objectName="guideButton")
        guide_button.setAccessibleName("Open the Rating Guide")
        guide_button.clicked.connect(self.guide_requested)
        top = QHBoxLayout()
        top.addWidget(self._progress, 1)
        top.addWidget(guide_button)

        self._image = ImageView(self)
        caption_heading = QLabel("Caption:", self, objectName="captionHeading")
        self._caption = QLabel(self, objectName="captionLabel")
        self._caption.setAccessibleName("Caption")
        self._caption.setWordWrap(True)
        self._caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self._caption.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._caption.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        caption_heading.setBuddy(self._caption)
        question = QLabel(rubric.question, self, objectName="questionLabel")
        question_font = question.font()
        question_font.setBold(True)
        question.setFont(question_font)
        self._rubric = RubricPanel(rubric, self)
        self._rubric.level_chosen.connect(self._on_level_chosen)

        self._status = QLabel(
            "Press a key 1–5 (or click) to choose a level.", self, objectName="statusLabel"
        )
        self._status.setAccessibleName("Status")
        self._skip = QPushButton("Skip this pair for now", self, objectName="skipButton")
        self._skip.setAccessibleName("Skip this pair for now")
        self._skip.clicked.connect(self._skip_pair)
        self._skip.hide()
        self._submit = QPushButton("Submit (Enter)", self, objectName="submitButton")
        self._submit.setAccessibleName("Submit rating")
        self._submit.setMinimumHeight(44)
        self._submit.clicked.connect(self.submit)
        bottom = QHBoxLayout()
        bottom.addWidget(self._status, 1)
        bottom.addWidget(self._skip)
        bottom.addWidget(self._submit)

        rating_page = QWidget(self)
        rating_layout = QVBoxLayout(rating_page)
        rating_layout.addLayout(top)
        rating_layout.addWidget(self._image, 1)
        rating_layout.addWidget(caption_heading)
        rating_layout.addWidget(self._caption)
        rating_layout.addWidget(question)
        rating_layout.addWidget(self._rubric)
        rating_layout.addLayout(bottom)

        self._finished = QLabel(self, objectName="finishedLabel")
        self._finished.setAccessibleName("Round finished")
        self._finished.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._finished.setWordWrap(True)

        self._pages = QStackedWidget(self)
        self._pages.addWidget(rating_page)
        self._pages.addWidget(self._finished)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self._pages)
        self.set_body_point_size(self.font().pointSizeF())

    def _bind_keys(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for level in self._session.project.rubric.levels:
            shortcut = QShortcut(QKeySequence(level.key), self, context=context)
            shortcut.activated.connect(lambda value=level.value: self.choose_level(value))
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            QShortcut(QKeySequence(key), self, context=context).activated.connect(self.submit)
        zooms = {"+": ZOOM_STEP, "=": ZOOM_STEP, "-": 1 / ZOOM_STEP}
        for key, factor in zooms.items():
            shortcut = QShortcut(QKeySequence(key), self, context=context)
            shortcut.activated.connect(lambda factor=factor: self._image.zoom_by(factor))
        QShortcut(QKeySequence("0"), self, context=context).activated.connect(self._image.fit)

    def set_body_point_size(self, size: float) -> None:
        """Follow the app's text size; the caption stays proportionally larger."""
        font = self.font()
        font.setPointSizeF(max(6.0, size * CAPTION_SCALE))
        self._caption.setFont(font)
        finished_font = self._finished.font()
        finished_font.setPointSizeF(font.pointSizeF())
        self._finished.setFont(finished_font)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._caption.setFocus()

    # state --------------------------------------------------------------------

    @property
    def current_pair(self) -> Pair | None:
        return self._pair

    @property
    def image_view(self) -> ImageView:
        return self._image

    def _show(self, pair: Pair | None) -> None:
        self._pair = pair
        self._rubric.clear()
        self._submit.setEnabled(False)
        self._skip.hide()
        if pair is None:
            self._show_finished()
            return
        self._progress.setText(progress_text(pair, self._session.tagger))
        self._caption.setText(pair.item.caption)
        self._caption.setAccessibleDescription(pair.item.caption)
        if self.isVisible():
            self._caption.setFocus()  # a screen reader reads the new caption at once
        path = self._session.project.image_path(pair.item)
        cached = self._loader.cached(path)
        if cached is not None:
            self._set_image(cached)
        else:
            self._image.show_message("Loading image…")
            self._loader.request(path)
        for upcoming in self._session.upcoming_items(PREFETCH_AHEAD):
            self._loader.prefetch(self._session.project.image_path(upcoming))
        self.pair_shown.emit(pair.item.item_id)

    def _show_finished(self) -> None:
        session = self._session
        if session.total == 0:
            text = (
                "This project has no pairs that can be rated. Ask your lab lead to run "
                "'annotator validate' on the project folder."
            )
        else:
            text = (
                f"Round {session.round} is complete: you rated all {session.total} pairs.\n"
                "Thank you! You can close the app; your ratings are saved."
            )
        self._finished.setText(text)
        self._pages.setCurrentWidget(self._finished)

    def _set_image(self, image: QImage) -> None:
        assert self._pair is not None
        self._image.set_image(image, description=f"Image {self._pair.item.image}")

    def _is_current_image(self, key: str) -> bool:
        """Decodes finish in any order; only the pair on screen may take the image."""
        return self._pair is not None and key == str(
            self._session.project.image_path(self._pair.item)
        )

    def _on_image_ready(self, key: str, image: QImage) -> None:
        if self._is_current_image(key):
            self._set_image(image)

    def _on_image_failed(self, key: str, message: str) -> None:
        if self._is_current_image(key):
            self._image.show_message(f"{message}\nSkip this pair and tell your lab lead.")
            self._skip.show()

    # actions ------------------------------------------------------------------

    def choose_level(self, value: float) -> None:
        """Select a level for the pair on screen (what its key does)."""
        if self._pair is not None:
            self._rubric.choose(value)

    def _on_level_chosen(self, value: float) -> None:
        level = self._session.project.rubric.level_for_value(value)
        assert level is not None
        self._say(f"Chosen: {level.key} — {level.label}. Press Enter to submit.")
        self._submit.setEnabled(True)

    def _skip_pair(self) -> None:
        self._session.skip_current()
        self._show(self._session.pair_shown())

    def submit(self) -> None:
        """Store the chosen level (committed) and show the next pair."""
        value = self._rubric.chosen_value()
        if self._pair is None or value is None or not self._submit.isEnabled():
            return
        try:
            feedback = self._session.submit(value)
        except AnnotatorError as error:
            QMessageBox.critical(self, "Rating not saved", str(error))
            return
        self.rating_submitted.emit(feedback.rating.rating_id)
        self._show(self._session.pair_shown())
        upcoming = progress_text(self._pair, self._session.tagger) if self._pair else "Round done"
        self._say(f"Saved: level {value:g}. {upcoming}.")

    def _say(self, message: str) -> None:
        """Show a status line and have screen readers announce it (not only display it)."""
        self._status.setText(message)
        self.last_announcement = message
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self._status, message))
