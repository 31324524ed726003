"""The words of the pair on screen: its context first (when the rubric shows it), then
the caption.

Every part is a focusable label read by its text, with what it is ("Caption") as its
description, so the text-only step of a multi-question protocol (the image hidden) can be
read and answered with a screen reader alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from annotator.project.model import Rubric
from annotator.ui.named import named


def field_title(column: str) -> str:
    """A context column as people read it: ``page_title`` → "Page title"."""
    return column.replace("_", " ").strip().capitalize() or column


class PairText(QWidget):
    def __init__(self, rubric: Rubric, parent: QWidget | None = None):
        super().__init__(parent)
        self._rubric = rubric
        self.context = named(QFrame(self), "contextPanel")
        self.context.setFrameShape(QFrame.Shape.StyledPanel)
        self.context.setAccessibleName("Context of the pair")
        self._context_form = QFormLayout(self.context)
        self._context_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.context.hide()
        heading = named(QLabel(f"{rubric.text_label}:", self), "captionHeading")
        self.caption = text_label("captionLabel", rubric.text_label, self)
        self.caption.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        heading.setBuddy(self.caption)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)  # room for the focus ring
        layout.addWidget(self.context)
        layout.addSpacing(4)
        layout.addWidget(heading)
        layout.addWidget(self.caption)

    def show_text(self, caption: str, context: Mapping[str, str]) -> None:
        """The pair's words: the context to read first, then the caption."""
        self.caption.setText(caption)
        while self._context_form.rowCount():
            self._context_form.removeRow(0)
        shown = {k: v for k, v in context.items() if v.strip()} if self._rubric.show_context \
            else {}
        for column, value in shown.items():
            title = field_title(column)
            label = text_label(f"context_{column}", title, self.context)
            label.setText(value)
            name = QLabel(f"{title}:", self.context)
            font = QFont(name.font())
            font.setBold(True)
            name.setFont(font)
            name.setBuddy(label)
            self._context_form.addRow(name, label)
        self.context.setVisible(bool(shown))

    def set_caption_point_size(self, size: float) -> None:
        font = QFont(self.caption.font())
        font.setPointSizeF(size)
        self.caption.setFont(font)


def text_label(name: str, role: str, parent: QWidget) -> QLabel:
    """A wrapped, plain-text label that keyboard and screen-reader users can reach: its
    text is what a screen reader reads (its name), ``role`` ("Caption") its description."""
    label = named(QLabel(parent), name)
    label.setAccessibleDescription(role)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
    label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return label
