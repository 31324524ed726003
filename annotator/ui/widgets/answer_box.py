"""Where a tagger answers the step on screen, by its question's type: the buttons of a
scale (the rubric's levels or the question's own, with "best first" said above them when
so), of a yes/no flag (Y, N) or of a choice (its keys), or a box for a free text.

The box never takes the rating keys from the buttons, nor the buttons from the box: while
it has the focus, digits and letters are typed into it (Qt gives a text box printable keys
before any window shortcut) and plain Enter starts a new line; Ctrl+Enter goes on, Tab
and Shift+Tab leave it. On every other step the box is hidden and the keys choose.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSizePolicy, QVBoxLayout, QWidget

from annotator.project.answer_model import AnswerKind, Question
from annotator.project.model import Rubric
from annotator.session.answer_texts import (
    TEXT_MISSING,
    answer_keys,
    answer_options,
    answer_said,
    count_text,
    option_for_key,
    text_hint,
    text_label,
)
from annotator.session.messages import scale_note
from annotator.session.steps import Answer
from annotator.ui.named import named
from annotator.ui.widgets.rubric_panel import RubricPanel
from annotator.ui.widgets.submit_bar import SUBMIT_TEXT, SUBMIT_TEXT_TEXT

SHOWN_LINES = 4
"""Lines of text the box shows before it scrolls (at least two at any text size)."""
_NEW_LINE_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class NoteEdit(QPlainTextEdit):
    """A plain-text box that keeps plain Enter for a new line (the rating screen's Enter
    submits everywhere else) and leaves Ctrl+Enter to the screen; Tab leaves it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if event.key() in _NEW_LINE_KEYS and plain == Qt.KeyboardModifier.NoModifier:
                event.accept()  # a new line here, not the window's Enter
                return True
        return super().event(event)

    def _lines_high(self, lines: int) -> int:
        margins = self.contentsMargins()
        document = round(2 * self.document().documentMargin())
        return (lines * self.fontMetrics().lineSpacing() + document + margins.top()
                + margins.bottom())

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._lines_high(SHOWN_LINES))

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self._lines_high(2))


class NoteBox(QWidget):
    """A labelled box for a free text, with the characters typed and the limit under it;
    the limit holds while typing (a paste is cut at it). ``changed`` when the text does."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._limit = 1
        self.label = named(QLabel(self), "noteLabel")
        self.label.setWordWrap(True)
        self.edit = named(NoteEdit(self), "noteBox")
        self.label.setBuddy(self.edit)
        self.count = named(QLabel(self), "noteCount")
        self.count.setAccessibleDescription("Characters typed")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 0)  # room for the focus ring
        for part in (self.label, self.edit, self.count):
            layout.addWidget(part)
        self.edit.textChanged.connect(self._on_text_changed)

    def ask(self, question: Question, text: str = "") -> None:
        """Ask ``question`` in the box, filled with ``text`` (an earlier answer)."""
        self._limit = question.max_length
        label = text_label(question)
        self.label.setText(label)
        self.edit.setAccessibleName(label)
        self.edit.setAccessibleDescription(f"{question.text} {text_hint(question)}")
        self.edit.setPlainText(text[:self._limit])
        self.edit.moveCursor(QTextCursor.MoveOperation.End)
        self._count()

    def text(self) -> str:
        """The answer as typed, without the blank lines and spaces around it."""
        return self.edit.toPlainText().strip()

    def _on_text_changed(self) -> None:
        text = self.edit.toPlainText()
        if len(text) > self._limit:
            self._cut(text)
        self._count()
        self.changed.emit()

    def _cut(self, text: str) -> None:
        """Take back what went past the limit just before the cursor (what was typed or
        pasted last); Qt counts positions in UTF-16 units, the limit in characters."""
        cursor = self.edit.textCursor()
        at = cursor.position()
        units = text.encode("utf-16-le")
        before, after = units[:2 * at].decode("utf-16-le"), units[2 * at:].decode("utf-16-le")
        kept = before[:max(0, self._limit - len(after))]
        cursor.setPosition(len(kept.encode("utf-16-le")) // 2)
        cursor.setPosition(at, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()  # changes the text again: counted by that call
        self.edit.setTextCursor(cursor)

    def _count(self) -> None:
        self.count.setText(count_text(len(self.edit.toPlainText()), self._limit))


class AnswerArea(QWidget):
    """The answers of the step on screen: the buttons (:class:`RubricPanel`, with the
    scale's "best first" note above them) or the free text's :class:`NoteBox`.
    ``changed`` when the text in the box does."""

    changed = Signal()

    def __init__(self, rubric: Rubric, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("answerArea")
        self._rubric = rubric
        self._question: Question | None = None
        self.scale_note = named(QLabel(self), "scaleNote")
        self.scale_note.setAccessibleDescription("Order of the answers")
        self.levels = RubricPanel(rubric, self)
        self.note = NoteBox(self)
        self.note.changed.connect(self.changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for part in (self.scale_note, self.levels, self.note):
            layout.addWidget(part)
        self.ask(None)

    @property
    def question(self) -> Question | None:
        """The question asked now (None: the rubric's one question)."""
        return self._question

    @property
    def kind(self) -> AnswerKind:
        """The type of the answer asked now."""
        return AnswerKind.SCALE if self._question is None else self._question.kind

    @property
    def submit_key(self) -> str:
        """The key that submits the answer: Ctrl+Enter in a free text's box (Enter there is a
        new line), else Enter."""
        return "Ctrl+Enter" if self.kind is AnswerKind.TEXT else "Enter"

    @property
    def submit_text(self) -> str:
        return SUBMIT_TEXT_TEXT if self.kind is AnswerKind.TEXT else SUBMIT_TEXT

    def ask(self, question: Question | None, earlier: Answer | None = None) -> None:
        """Offer the answers of ``question`` (None: the rubric's one question), none chosen
        and the box empty, or ``earlier`` (the answer before the image) given again."""
        self._question = question
        typed = question is not None and question.kind is AnswerKind.TEXT
        scale = self.kind is AnswerKind.SCALE
        self.levels.show_options(answer_options(self._rubric, question), levels=scale)
        self.levels.reserve_marks(question is None)  # a step is never followed by feedback
        self.levels.clear()
        note = scale_note(self._rubric.scale_of(question) if question else self._rubric)
        self.scale_note.setText(note)
        self.scale_note.setVisible(bool(note) and scale)
        self.levels.setVisible(not typed)
        self.note.setVisible(typed)
        if question is not None and typed:
            self.note.ask(question, earlier.text if earlier else "")
        elif earlier is not None:
            self.levels.choose(earlier.value)

    def press(self, key: str) -> None:
        """What an answer's key does: choose that answer, if the step offers it."""
        option = option_for_key(self.levels.options, key)
        if self.kind is not AnswerKind.TEXT and option is not None:
            self.levels.choose(option.value)

    def answer(self) -> tuple[float, str] | None:
        """What to submit (``session.submit``'s value and text), or None: nothing chosen,
        or a required text left empty."""
        if self.kind is AnswerKind.TEXT:
            assert self._question is not None
            text = self.note.text()
            return None if self._question.required and not text else (0.0, text)
        value = self.levels.chosen_value()
        return None if value is None else (value, "")

    def missing(self) -> str:
        """Why :meth:`answer` is None, when pressing Enter deserves a word ("" otherwise:
        nothing is chosen, which the buttons show)."""
        return TEXT_MISSING if self.kind is AnswerKind.TEXT and self.answer() is None else ""

    def said(self, value: float, text: str) -> str:
        """The answer ``value``, ``text`` of the step as the tagger is told it."""
        return answer_said(self.levels.options, value, text)

    def focus_target(self) -> QWidget | None:
        """Where the focus goes when the step appears: the box of a free text (None: the
        pair's words, as for the buttons)."""
        return self.note.edit if self.kind is AnswerKind.TEXT else None


def bind_answer_keys(screen: QWidget, rubric: Rubric, press: Callable[[str], None],
                     submit: Callable[[], None]) -> None:
    """Every answer key of ``rubric`` (each once: Y and y are one key) to ``press``, and
    Ctrl+Enter to ``submit``, window-wide while ``screen`` is shown; a text box with the
    focus takes the printable keys first (:class:`NoteEdit`)."""
    context = Qt.ShortcutContext.WindowShortcut
    for answer_key in answer_keys(rubric):
        shortcut = QShortcut(QKeySequence(answer_key), screen, context=context)
        shortcut.activated.connect(lambda key=answer_key: press(key))
    for enter in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        shortcut = QShortcut(QKeySequence(Qt.Modifier.CTRL | enter), screen, context=context)
        shortcut.activated.connect(submit)
