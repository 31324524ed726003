"""The rubric as a row of buttons, one per level (and SKIP when offered), with its key
and short label.

The chosen level is marked by a check mark and bold text as well as the pressed look,
so colour is never the only signal.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from annotator.project.model import Level, Rubric

CHECK_MARK = "✓ "


class RubricPanel(QWidget):
    """Buttons for the levels of one rubric; ``level_chosen(value)`` when one is picked."""

    level_chosen = Signal(float)

    def __init__(self, rubric: Rubric, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rubricPanel")
        self.setAccessibleName("Rating scale")
        self._rubric = rubric
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._buttons: dict[float, QPushButton] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for level in rubric.options:
            button = QPushButton(self)
            button.setCheckable(True)
            button.setObjectName(f"level{level.key}")
            button.setAccessibleName(f"Level {level.key}: {level.label}")
            button.setAccessibleDescription(level.text)
            button.setToolTip(level.text)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            button.setMinimumHeight(56)
            button.clicked.connect(lambda _checked=False, value=level.value: self.choose(value))
            self._group.addButton(button)
            self._buttons[float(level.value)] = button
            layout.addWidget(button)
        self._refresh()

    def chosen_value(self) -> float | None:
        for value, button in self._buttons.items():
            if button.isChecked():
                return value
        return None

    def choose(self, value: float) -> None:
        """Select a level (click or key); the same level twice stays selected."""
        self._buttons[float(value)].setChecked(True)
        self._refresh()
        self.level_chosen.emit(float(value))

    def clear(self) -> None:
        self._group.setExclusive(False)
        for button in self._buttons.values():
            button.setChecked(False)
        self._group.setExclusive(True)
        self._refresh()

    def _refresh(self) -> None:
        for level in self._rubric.options:
            button = self._buttons[float(level.value)]
            selected = button.isChecked()
            button.setText(_button_text(level, selected=selected))
            font = button.font()
            font.setBold(selected)
            button.setFont(font)


def _button_text(level: Level, *, selected: bool) -> str:
    mark = CHECK_MARK if selected else ""
    return f"{mark}{level.key}\n{level.label}"
