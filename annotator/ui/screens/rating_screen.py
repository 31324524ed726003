"""The rating screen: image, caption, rubric buttons, progress, submit and the game.

Keys: the answers' keys choose one (1–5, Y/N…; never in a box for words: :mod:`.answer_box`),
Enter (and Ctrl+Enter) submits, then goes on past feedback and notices (on a focused button
other than a level it presses that button); ``+``/``-``/``0`` zoom the image; F1 (bound by
the main window) opens the Rating Guide. The screen renders what the session returns.

Nothing leaves a tagger stuck on a pair: a submit that fails says whether the rating was
saved and offers to skip the pair (:mod:`annotator.session.recovery`), and a pair whose
image cannot be shown offers only skipping it.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import assert_never

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox, QWidget

from annotator.project.answer_model import Question
from annotator.session.answer_texts import step_hint, step_note
from annotator.session.flow import RatingSession
from annotator.session.messages import (
    FeedbackText,
    NoticeText,
    finished_text,
    keys_hint,
    notice_text,
    opening_texts,
    session_feedback_text,
    session_progress_text,
)
from annotator.session.pair import Feedback, Pair
from annotator.session.recovery import (
    FailedSubmit,
    skip_after_error,
    skip_failed_text,
    submit_guarded,
)
from annotator.ui.dialogs.submit_failed import SubmitFailedBox
from annotator.ui.focus_moves import turn_page
from annotator.ui.image_loader import ImageLoader
from annotator.ui.screens.rating_layout import bind_rating_keys, build_rating_layout
from annotator.ui.widgets.image_view import ImageView
from annotator.ui.widgets.rubric_panel import LevelButton
from annotator.ui.widgets.submit_bar import NEXT_TEXT

PREFETCH_AHEAD = 2
"""Images decoded ahead, so a tagger answering as soon as the dwell allows never waits."""
DWELL_TICK_MS = 100
PHOTO_DESCRIPTION = "The photo under rating"
"""Never its file name, a hint at the content that only screen-reader users would get."""


class ScreenState(Enum):
    """What Enter does now."""

    RATING = "rating"  # submit the chosen level
    UNRATABLE = "unratable"  # the image cannot be shown: only skipping the pair
    FEEDBACK = "feedback"  # go on to the notice or the next pair
    NOTICE = "notice"  # go on to the next pair
    FINISHED = "finished"  # nothing


class RatingScreen(QWidget):
    """Renders what the session returns; every submit goes through ``session.submit``."""

    pair_shown = Signal(str)
    rating_submitted = Signal(str)
    guide_requested = Signal()
    level_marked = Signal(object)
    """The level chosen now (a value), or None: no level chosen for a new pair."""
    question_shown = Signal(object)
    """The question asked now (a step's :class:`Question`; None: the rubric's one question)."""

    def __init__(self, session: RatingSession, loader: ImageLoader, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ratingScreen")
        self._session = session
        self._loader = loader
        self._pair: Pair | None = None
        self._feedback: Feedback | None = None
        self.state = ScreenState.RATING
        self._waiting = False  # the minimum dwell is running for the pair on screen
        self.last_announcement = ""
        self.failure_box: QMessageBox | None = None
        """The question after a submit that failed (saved or not, try again or skip)."""
        self._dwell_timer = QTimer(self, interval=DWELL_TICK_MS)
        self._dwell_timer.timeout.connect(self._update_submit)
        self._build()
        bind_rating_keys(self, session.project.rubric, press=self.press_answer_key,
                         enter=self._enter, submit=self.submit, image=self._ui.image)
        self._ui.image.failed.connect(self._on_image_failed)
        self._pending = opening_texts(session)
        self._next_notice_or_pair()

    # layout -------------------------------------------------------------------

    def _build(self) -> None:
        """The widgets (:mod:`~annotator.ui.screens.rating_layout`), wired to the screen."""
        rubric = self._session.project.rubric
        self._ui = build_rating_layout(self, rubric, self._loader)
        self._ui.guide_button.clicked.connect(self.guide_requested)
        self._ui.rubric.level_chosen.connect(self._on_level_chosen)
        self._ui.answers.changed.connect(self._update_submit)
        self._hint = keys_hint(rubric)
        self._ui.bar.show_status(self._hint)
        self._ui.bar.skip_clicked.connect(self._skip_pair)
        self._ui.bar.submit_clicked.connect(self.submit)
        self._ui.notice.continue_requested.connect(self.submit)
        self.set_body_point_size(self.font().pointSizeF())

    def set_body_point_size(self, size: float) -> None:
        """Follow the app's text size (:meth:`RatingLayout.set_point_sizes`)."""
        self._ui.set_point_sizes(size, self.font())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._present()

    # state --------------------------------------------------------------------

    @property
    def current_pair(self) -> Pair | None:
        return self._pair

    @property
    def image_view(self) -> ImageView:
        return self._ui.image

    def asked(self) -> Question | None:
        """The question of the step on screen (None: the rubric's one question)."""
        return self._ui.answers.question

    def chosen_value(self) -> float | None:
        """The level (or answer) chosen for the pair on screen, if any."""
        return self._ui.rubric.chosen_value()

    def least_rating_width(self) -> int:  # any page shown: may the guide stand beside it?
        return self._ui.rating_page.minimumSizeHint().width()

    def set_guide_shown(self, shown: bool) -> None:
        """Show the Rating Guide button pressed while the guide is beside the screen."""
        self._ui.guide_button.setChecked(shown)

    def _show(self, pair: Pair | None) -> None:
        self._pair = pair
        self._feedback = None
        self._clear_choice()
        self._ui.rubric.setEnabled(True)
        if pair is None:
            self._show_finished()
            return
        self.state = ScreenState.RATING
        self._ui.bar.show_status(self._hint)
        self._ui.progress.setText(session_progress_text(self._session, pair, self._session.score))
        step = pair.step
        question = step.question.text if step else self._session.project.rubric.question
        self._ui.question.setText(question)
        self.question_shown.emit(step.question if step else None)
        self._ui.answers.ask(step.question if step else None, pair.earlier)
        hidden = step is not None and step.stage == "pre"
        self._ui.pair_view.show_words(pair.item.caption, pair.item.context, image_hidden=hidden)
        self._present()  # a screen reader reads the new caption at once
        project = self._session.project
        ahead = [project.image_path(item) for item in self._session.upcoming_items(PREFETCH_AHEAD)]
        if hidden:  # the text-only step: its image is wanted next, with the answer's step
            ahead.insert(0, project.image_path(pair.item))
        else:
            self._ui.image.show_path(project.image_path(pair.item),
                                  description=PHOTO_DESCRIPTION)
        self._ui.image.prefetch(ahead)
        self._update_submit()
        self._dwell_timer.start()
        if step is not None:
            rubric = self._session.project.rubric
            self._say(step_hint(pair, rubric), shown=step_note(pair, rubric))
        self.pair_shown.emit(pair.item.item_id)

    def _update_submit(self) -> None:
        """Keep submit disabled, with a countdown in words, until the dwell is over."""
        if self.state is not ScreenState.RATING:
            self._dwell_timer.stop()
            return
        wait = self._session.seconds_until_submit()
        if wait > 0:
            self._waiting = True
            self._ui.bar.wait(wait)
            return
        self._dwell_timer.stop()
        chosen = self._ui.answers.answer() is not None
        self._ui.bar.ready(chosen, self._ui.answers.submit_text)
        if self._waiting and chosen:  # the wait just ended for a tagger who already chose
            self._say(f"You can submit now: press {self._ui.answers.submit_key}.")
        self._waiting = False

    def _clear_choice(self) -> None:
        """No level chosen: the scale and the Rating Guide say so."""
        self._ui.rubric.clear()
        self.level_marked.emit(None)

    def _show_finished(self) -> None:
        self.state = ScreenState.FINISHED
        self._dwell_timer.stop()
        self._ui.finished.setText(finished_text(self._session))
        self._present()

    def _next_notice_or_pair(self) -> None:
        """The next of the sitting's opening notices, or else the current pair."""
        if self._pending:
            self._show_notice(self._pending.pop(0))
        else:
            self._show(self._session.pair_shown())

    def _show_notice(self, text: NoticeText) -> None:
        self.state = ScreenState.NOTICE
        self._dwell_timer.stop()
        self._clear_choice()  # the Rating Guide marks no level between pairs
        self._ui.notice.show_notice(text)
        self._present()
        self._say(f"{text.title}. {text.body}", shown=f"{text.title}: press Enter to go on.")

    def _present(self) -> None:
        """The state's page, its text focused (read out) in one move: ui/focus_moves.py."""
        ui = self._ui
        match self.state:
            case ScreenState.RATING if (box := ui.answers.focus_target()) is not None:
                page, text = ui.rating_page, box  # a free text: typing goes straight in
            case ScreenState.RATING | ScreenState.UNRATABLE:
                page, text = ui.rating_page, ui.caption
            case ScreenState.NOTICE:
                page, text = ui.notice, ui.notice.focus_target
            case ScreenState.FEEDBACK:
                page, text = ui.rating_page, ui.feedback.focus_target
            case ScreenState.FINISHED:
                page, text = ui.finished_page, ui.finished
            case _:
                assert_never(self.state)
        turn_page(ui.pages, page, text if self.isVisible() else None)
        ui.feedback.setVisible(self.state is ScreenState.FEEDBACK)  # once the focus left it
        if self.state is not ScreenState.UNRATABLE:
            ui.bar.offer_skip(False)
        if self.isVisible() and page is ui.rating_page:
            if self.state is ScreenState.FEEDBACK:
                ui.pair_view.reveal(ui.feedback)  # at large text: below the caption
            else:
                ui.pair_view.show_from_top()  # the label and context above the caption too

    def _on_image_failed(self, message: str) -> None:
        """A pair whose image cannot be shown cannot be rated: only skipping it is offered."""
        if self.state is ScreenState.RATING:
            self.state = ScreenState.UNRATABLE
            self._dwell_timer.stop()
            self._ui.image.show_message(f"{message}\nSkip this pair and tell your lab lead.")
            self._clear_choice()
            self._ui.rubric.setEnabled(False)
            self._ui.bar.ready(False)
            self._ui.bar.offer_skip(True)
            self._say(f"The image cannot be shown: {message} This pair cannot be rated. Press "
                      "Enter to skip it for now; tell your lab lead.",
                      shown="The image cannot be shown: press Enter to skip this pair.")

    # actions ------------------------------------------------------------------

    def choose_level(self, value: float) -> None:
        """Select a level (or answer) for the pair on screen, if its step offers it."""
        if self.state is ScreenState.RATING and self._pair is not None:
            self._ui.rubric.choose(value)

    def press_answer_key(self, key: str) -> None:
        """Choose the answer of ``key``, if the step on screen offers it."""
        if self.state is ScreenState.RATING and self._pair is not None:
            self._ui.answers.press(key)

    def _on_level_chosen(self, value: float) -> None:
        self.level_marked.emit(value)
        level = self._ui.rubric.chosen_level()
        assert level is not None
        wait = self._session.seconds_until_submit()
        then = f"You can submit in {math.ceil(wait)} s." if wait > 0 else "Press Enter to submit."
        chosen = f"Chosen: {level.key} — {level.label}."
        self._say(f"{chosen} {then}", shown=chosen)  # the Submit button says the rest
        self._update_submit()

    def _skip_pair(self) -> None:
        self._session.skip_current()
        self._show(self._session.pair_shown())

    def _enter(self) -> None:
        """Enter on a focused button (the Rating Guide's, Skip, Next…) presses that button;
        anywhere else (the levels, the caption, the image) it submits or goes on."""
        focused = QApplication.focusWidget()
        if isinstance(focused, QAbstractButton) and not isinstance(focused, LevelButton):
            if focused.isEnabled():
                focused.click()
            return
        self.submit()

    def submit(self) -> None:
        """Enter: submit the chosen level, or go on past feedback or a notice (or skip a
        pair whose image cannot be shown)."""
        match self.state:
            case ScreenState.RATING:
                self._submit_rating()
            case ScreenState.UNRATABLE:
                self._skip_pair()
            case ScreenState.FEEDBACK:
                assert self._feedback is not None
                notice = self._feedback.notice
                if notice is not None:
                    self._show_notice(notice_text(notice))
                else:
                    self._show_next()
            case ScreenState.NOTICE:
                self._next_notice_or_pair()
            case ScreenState.FINISHED:
                pass  # the round is over: nothing to go on to
            case _:
                assert_never(self.state)

    def _submit_rating(self) -> None:
        answer = self._ui.answers.answer()
        if answer is None and (why := self._ui.answers.missing()):
            self._say(why)
        if self._pair is None or answer is None or not self._ui.bar.can_submit:
            return  # nothing chosen yet, or the minimum dwell is not over
        value, text = answer
        saved = self._ui.answers.said(value, text)
        feedback = submit_guarded(self._session, value, text)
        if isinstance(feedback, FailedSubmit):
            self._ask_after_failure(feedback)
            return
        self.rating_submitted.emit(feedback.rating.rating_id)
        told = session_feedback_text(self._session, feedback)
        if told is not None:
            self._show_feedback(feedback, told)
        elif feedback.notice is not None:
            self._show_notice(notice_text(feedback.notice))
        else:
            self._show_next(saved=saved)

    def _ask_after_failure(self, failed: FailedSubmit) -> None:
        """Say what happened and whether the rating is safe; offer to try again or skip
        (trying again keeps the pair and the chosen level)."""
        box = SubmitFailedBox(failed, self)
        box.go_on.connect(lambda: self._go_on_after_failure(failed))
        box.finished.connect(lambda: setattr(self, "failure_box", None))  # it deletes itself
        self.failure_box = box
        box.open()

    def _go_on_after_failure(self, failed: FailedSubmit) -> None:
        try:
            session = skip_after_error(self._session, failed)
        except Exception as error:  # even that failed: say so, the pair stays
            QMessageBox.critical(self, "The pair could not be skipped", skip_failed_text(error))
            return
        self._session = session
        self._pending = opening_texts(session)
        self._next_notice_or_pair()
        if self.state is ScreenState.RATING:
            self._say(f"Skipped after an error. {self._ui.progress.text()}.")

    def _show_feedback(self, feedback: Feedback, told: FeedbackText) -> None:
        """The verdict and sentences beside the image, the levels marked on the scale."""
        self._feedback = feedback
        self.state = ScreenState.FEEDBACK
        self._dwell_timer.stop()
        self._ui.feedback.show_feedback(told)
        self._present()  # a screen reader reads the sentences, which have the focus
        self._ui.rubric.show_marks(told.marks, told.distance)  # locks them: focus moved first
        self._ui.bar.ready(True, NEXT_TEXT)
        if self._pair is not None:
            self._ui.progress.setText(session_progress_text(self._session, self._pair,
                                                         feedback.score))
        go_on = "Press Enter for the next pair."
        rest = " ".join(part for part in (told.verdict, told.why) if part)
        self._say(f"Saved. {told.heading}. {rest} {go_on}", shown=f"Saved. {go_on}")

    def _show_next(self, *, saved: str | None = None) -> None:
        self._show(self._session.pair_shown())
        if saved is not None:
            rubric, pair = self._session.project.rubric, self._pair
            answer = f"Saved: {saved}."
            if pair is not None and pair.step is not None:  # the next question's hint
                self._say(f"{answer} {step_hint(pair, rubric)}", shown=step_note(pair, rubric))
            else:
                self._say(f"{answer} {self._ui.progress.text() if pair else 'Round done'}.",
                          shown=answer)  # the progress line above says the rest

    def _say(self, message: str, *, shown: str | None = None) -> None:
        """Have screen readers announce ``message`` and show it (or ``shown``, when the
        full text is already on screen elsewhere) in the status line."""
        self.last_announcement = message
        self._ui.bar.say(message, shown or message)
