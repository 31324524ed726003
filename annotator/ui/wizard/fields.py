"""The wizard's and the settings dialog's building blocks: a labelled field whose accessible
name is its label, a path with its Choose button, a label of findings, a scrolling page."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from annotator.ui.named import named

REFUSED_STYLE = "QLabel { color: #a4000f; }"
NOTE_STYLE = "QLabel { color: #5c4400; }"


def plain(text: str) -> str:
    """A visible label as an accessible name: no mnemonic ``&``, colon or ellipsis."""
    return text.replace("&", "").strip("<> ").rstrip(":…").strip()


def labelled(text: str, field: QWidget, parent: QWidget) -> QLabel:
    """The label of ``field`` (its buddy, so Alt+letter reaches it); ``field`` is named after
    the label, as a screen reader says it."""
    label = QLabel(text, parent)
    label.setBuddy(field)
    field.setAccessibleName(plain(text))
    return label


class PathField(QWidget):
    """A path typed or chosen with a button; ``changed`` whenever it changes."""

    changed = Signal()

    def __init__(self, name: str, button_text: str, *, folder: bool, filter_text: str = "",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self._folder, self._filter = folder, filter_text
        self.edit = named(QLineEdit(self), f"{name}Edit")
        self.edit.setPlaceholderText("none chosen")
        self.edit.textChanged.connect(self.changed)
        self.button = named(QPushButton(button_text, self), f"{name}Button")
        self.button.setAccessibleName(plain(button_text))
        self.button.setAutoDefault(False)
        self.button.clicked.connect(self._choose)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.button)

    def path(self) -> Path | None:
        text = self.edit.text().strip()
        return Path(text).expanduser() if text else None

    def set_path(self, path: Path | None) -> None:
        self.edit.setText("" if path is None else str(path))

    def _choose(self) -> None:
        title = plain(self.button.text())
        start = str(self.path() or "")
        if self._folder:
            chosen = QFileDialog.getExistingDirectory(self, title, start)
        else:
            chosen, _ = QFileDialog.getOpenFileName(self, title, start, self._filter)
        if chosen:
            self.edit.setText(chosen)


class FindingsLabel(QLabel):
    """What ``validate`` would say of one field, beside it: refusals in red, notes in
    brown, nothing when all is well. Reached by Tab and selectable, so a screen reader
    reads it and a message can be copied."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # read with Tab, like the fields
        self.hide()

    def show_findings(self, messages: tuple[str, ...], *, refused: bool) -> None:
        self.setText("\n".join(f"• {message}" for message in messages))
        self.setStyleSheet(REFUSED_STYLE if refused else NOTE_STYLE)
        self.setVisible(bool(messages))


def scrolling(content: QWidget, parent: QWidget) -> QScrollArea:
    """``content`` in a frameless vertical scroll area: at large text a page scrolls
    instead of crushing its fields."""
    area = QScrollArea(parent)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the fields; it scrolls to them
    area.setWidget(content)
    return area


def page_layout(page: QWidget, content: QWidget) -> None:
    """A wizard page holding ``content`` scrolled."""
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(scrolling(content, page))
