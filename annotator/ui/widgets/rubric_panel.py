"""The rubric as a row of buttons, left to right in the order of their keys (and SKIP
last when offered), each showing its key and short label; after a submit, the marks under
it: the tagger's level, the experts' or the consensus, and the distance between them.

The chosen level is marked by a check mark and bold text as well as the pressed look,
and every mark by an icon and a word, so colour is never the only signal.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QIcon,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QLabel,
    QRadioButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QWidget,
)

from annotator.project.answer_model import Level
from annotator.project.model import Rubric
from annotator.session.messages import CONSENSUS, EXPERTS, YOU, ScaleMark
from annotator.ui.named import named

CHECK_MARK = "✓ "
MARK_ICONS = {YOU: "▲", EXPERTS: "★", CONSENSUS: "★"}
MARK_WORDS = {YOU: "You", EXPERTS: "Experts", CONSENSUS: "Consensus"}
MARK_COLOURS = {YOU: "#0b4f9c", EXPERTS: "#1b5e20", CONSENSUS: "#1b5e20"}
"""Dark blue and dark green, both above 7:1 on the window grey; the icon and word say it."""
MIN_BUTTON_HEIGHT = 56
PADDING = QSize(16, 12)
_WRAP = QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere


class LevelButton(QRadioButton):
    """One level: its key in bold on the first line, its label wrapped below it, so at
    any text size the scale narrows with the window instead of widening it (all buttons
    as tall as the tallest).

    Drawn as a push button, but a radio button of the scale's exclusive group for screen
    readers (one level of several is chosen) and for the arrow keys; locked after a submit
    it is disabled, so no "toggle" of a screen reader moves the choice, and stays legible.
    """

    def __init__(self, level: Level, parent: QWidget | None = None, *, word: str = "Level"):
        super().__init__(parent)
        self.level = level
        self.locked = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setObjectName(f"level{level.key}")
        self.setAccessibleName(f"{word} {level.key}: {level.label}".lstrip())
        self.setAccessibleDescription(level.text)
        self.setToolTip(level.text)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _key_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        return font

    def _key_text(self) -> str:
        return (CHECK_MARK if self.isChecked() else "") + self.level.key

    def heightForWidth(self, width: int) -> int:
        inner = max(1, width - PADDING.width())
        text = QFontMetricsF(self._key_font()).lineSpacing() + wrapped_height(
            self.font(), self.level.label, inner)
        return max(MIN_BUTTON_HEIGHT, math.ceil(text) + PADDING.height())

    def sizeHint(self) -> QSize:
        width = QFontMetricsF(self.font()).horizontalAdvance(self.level.label)
        width = math.ceil(min(width, 14 * QFontMetricsF(self.font()).averageCharWidth()))
        width += PADDING.width()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        width = math.ceil(QFontMetricsF(self._key_font()).horizontalAdvance(
            CHECK_MARK + self.level.key)) + PADDING.width()
        return QSize(width, MIN_BUTTON_HEIGHT)

    def hitButton(self, pos: QPoint) -> bool:
        """The whole button takes the click, not only a radio button's small circle."""
        return self.rect().contains(pos)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""
        option.icon = QIcon()
        if self.locked:  # shown as it was chosen, not greyed out
            option.state |= QStyle.StateFlag.State_Enabled
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        box = QRectF(self.rect()).adjusted(PADDING.width() / 2, PADDING.height() / 2,
                                           -PADDING.width() / 2, -PADDING.height() / 2)
        key_font = self._key_font()
        key_height = QFontMetricsF(key_font).lineSpacing()
        label_height = wrapped_height(self.font(), self.level.label, box.width())
        top = box.top() + max(0.0, (box.height() - key_height - label_height) / 2)
        role = QPalette.ColorRole.ButtonText
        greyed = not (self.isEnabled() or self.locked)
        painter.setPen(self.palette().color(
            QPalette.ColorGroup.Disabled if greyed else QPalette.ColorGroup.Active, role))
        centred = QTextOption(Qt.AlignmentFlag.AlignHCenter)
        centred.setWrapMode(_WRAP)
        painter.setFont(key_font)
        painter.drawText(QRectF(box.left(), top, box.width(), key_height), self._key_text(),
                         centred)
        label_font = QFont(self.font())
        label_font.setBold(self.isChecked())
        painter.setFont(label_font)
        painter.drawText(QRectF(box.left(), top + key_height, box.width(), label_height),
                         self.level.label, centred)


def wrapped_height(font: QFont, text: str, width: float) -> float:
    """Height of ``text`` in ``font`` wrapped to ``width`` (at word boundaries, or
    anywhere when a word is wider than the width)."""
    option = QTextOption()
    option.setWrapMode(_WRAP)
    spacing = QFontMetricsF(font).lineSpacing()
    lines = 0
    for paragraph in text.split("\n"):
        layout = QTextLayout(paragraph, font)
        layout.setTextOption(option)
        layout.beginLayout()
        count = 0
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            count += 1
        layout.endLayout()
        lines += max(1, count)
    return lines * spacing


class DistanceBar(QWidget):
    """A bracket from the middle of one level to the middle of another, saying how many
    levels apart they are; placed over the columns it joins."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("distanceBar")
        self.setAccessibleName("Distance on the scale")
        self._columns = 1
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def show_span(self, columns: int, text: str) -> None:
        self._columns, self._text = columns, text
        self.setAccessibleDescription(text)
        self.updateGeometry()
        self.update()

    def text(self) -> str:
        return self._text

    def sizeHint(self) -> QSize:
        return QSize(40, math.ceil(QFontMetricsF(self.font()).lineSpacing() + 10))

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        column = (self.width() + 6) / self._columns  # the grid's spacing is 6 px
        left, right = column / 2 - 3, self.width() - column / 2 + 3
        y = self.height() - 5
        painter.setPen(QPen(QColor("#3d3d3d"), 2))
        painter.drawLine(round(left), round(y), round(right), round(y))
        for x in (left, right):
            painter.drawLine(round(x), round(y - 6), round(x), round(y))
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(QRectF(0, 0, self.width(), y - 2),
                         Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, self._text)


class RubricPanel(QWidget):
    """Buttons for the options of one rubric; ``level_chosen(value)`` when one is picked.
    After a submit :meth:`show_marks` marks the levels on the scale and locks it.

    A step of a multi-question protocol may ask on other buttons (a question's own scale,
    Yes and No, a choice's answers): :meth:`show_options` puts them in place of the levels.
    """

    level_chosen = Signal(float)

    def __init__(self, rubric: Rubric, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rubricPanel")
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._buttons: dict[float, LevelButton] = {}
        self._marks: dict[float, QLabel] = {}
        self._options: tuple[Level, ...] = ()
        self._marks_reserved = True
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 0)  # room for the focus ring
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        self._grid = grid
        self._bar = DistanceBar(self)
        self._bar.hide()
        self.show_options(rubric.options)
        self._reserve_mark_rows()

    def show_options(self, options: tuple[Level, ...], *, levels: bool = True) -> None:
        """Buttons for ``options``, none chosen (``levels``: a scale's, named "Level 3: …";
        else answers named by their key and label, "Y: Yes"). The same options again keep
        their buttons."""
        if options == self._options:
            return
        for button in self._buttons.values():
            self._group.removeButton(button)
        for widget in (*self._buttons.values(), *self._marks.values()):
            self._grid.removeWidget(widget)
            widget.hide()
            widget.setParent(None)  # gone from the window at once, not at the next event
            widget.deleteLater()
        for column in range(len(self._options)):
            self._grid.setColumnStretch(column, 0)
        self._buttons, self._marks, self._options = {}, {}, options
        self.setAccessibleName("Rating scale" if levels else "Answers")
        for column, level in enumerate(options):
            button = LevelButton(level, self, word="Level" if levels else "")
            button.clicked.connect(lambda _checked=False, value=level.value: self.choose(value))
            self._group.addButton(button)
            self._buttons[float(level.value)] = button
            self._grid.addWidget(button, 0, column)
            mark = named(QLabel(self), f"mark{level.key}")
            mark.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            mark.setWordWrap(True)
            self._marks[float(level.value)] = mark
            self._grid.addWidget(mark, 1, column, 2, 1)  # two marks on one level: bar's row
            self._grid.setColumnStretch(column, 1)
            button.show()  # now, not at the next event (a layout shows a new child later)
            mark.show()
        self._refresh()

    @property
    def options(self) -> tuple[Level, ...]:
        """The answers the buttons offer now, left to right."""
        return self._options

    def chosen_level(self) -> Level | None:
        """The answer chosen now, if any."""
        value = self.chosen_value()
        return None if value is None else self._buttons[value].level

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._reserve_mark_rows()

    def reserve_marks(self, reserved: bool) -> None:
        """Keep room for the marks under the buttons (feedback may follow), or not (a step
        of a multi-question protocol, never followed by feedback: the image gets it)."""
        self._marks_reserved = reserved
        self._reserve_mark_rows()

    def _reserve_mark_rows(self) -> None:
        """Room for one line of marks and the distance at all times, so the image does not
        jump when feedback marks the scale."""
        line = math.ceil(QFontMetricsF(self.font()).lineSpacing())
        reserved = self._marks_reserved
        self._grid.setRowMinimumHeight(1, line if reserved else 0)
        self._grid.setRowMinimumHeight(2, self._bar.sizeHint().height() if reserved else 0)

    def chosen_value(self) -> float | None:
        for value, button in self._buttons.items():
            if button.isChecked():
                return value
        return None

    def choose(self, value: float) -> None:
        """Select a level (click or key); the same level twice stays selected; a value
        none of the buttons offers, nothing."""
        if float(value) not in self._buttons:
            return
        self._buttons[float(value)].setChecked(True)
        self._refresh()
        self.level_chosen.emit(float(value))

    def clear(self) -> None:
        """No level chosen, no marks, the buttons usable again (a new pair)."""
        self._group.setExclusive(False)
        for button in self._buttons.values():
            button.setChecked(False)
        self._group.setExclusive(True)
        self.show_marks(())
        self._refresh()

    def show_marks(self, marks: tuple[ScaleMark, ...], distance: str = "") -> None:
        """Mark each level of ``marks`` under its button and join two marked levels with
        ``distance``; with marks the scale is locked (it shows, it no longer asks)."""
        by_value: dict[float, list[str]] = {}
        for mark in marks:
            by_value.setdefault(float(mark.value), []).append(mark.who)
        for value, label in self._marks.items():
            whose = by_value.get(value, [])
            label.setText("\n".join(f"{MARK_ICONS[who]} {MARK_WORDS[who]}" for who in whose))
            colour = MARK_COLOURS[whose[-1]] if whose else "#1a1a1a"
            label.setStyleSheet(f"color: {colour}; font-weight: bold;")
            label.setAccessibleDescription(", ".join(MARK_WORDS[who] for who in whose))
        self._place_bar(list(by_value), distance)
        for button in self._buttons.values():
            button.locked = bool(marks)
            button.setEnabled(not marks)

    def _place_bar(self, values: list[float], distance: str) -> None:
        self._grid.removeWidget(self._bar)
        if len(values) != 2:
            self._bar.hide()
            return
        columns = sorted(list(self._buttons).index(value) for value in values)
        span = columns[1] - columns[0] + 1
        self._grid.addWidget(self._bar, 2, columns[0], 1, span)
        self._bar.show_span(span, distance)
        self._bar.show()
        self._bar.raise_()

    def mark_text(self) -> str:
        """The marks as shown, left to right, and the distance (for tests and the guide)."""
        marks = [f"{button.level.key}: {self._marks[value].text()}"
                 for value, button in self._buttons.items() if self._marks[value].text()]
        return "; ".join(marks + ([self._bar.text()] if self._bar.isVisible() else []))

    def _refresh(self) -> None:
        for button in self._buttons.values():
            selected = button.isChecked()
            button.setText(_button_text(button.level, selected=selected))
            font = button.font()
            font.setBold(selected)
            button.setFont(font)


def _button_text(level: Level, *, selected: bool) -> str:
    mark = CHECK_MARK if selected else ""
    return f"{mark}{level.key}\n{level.label}"
