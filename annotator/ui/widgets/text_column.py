"""The column of words beside the image: it scrolls rather than push the scale and Submit
off the screen when the text is very large, and keeps its lines short enough to read."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

READABLE_WIDTH = 860
"""Widest the words get (the image hidden, a wide screen): about 75 characters a line."""
MIN_WIDTH = 300


def text_column(parent: QWidget, parts: Iterable[QWidget]) -> QScrollArea:
    """``parts`` top to bottom in a vertically scrolling, frameless column."""
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
    column.setMinimumWidth(MIN_WIDTH)
    column.setWidget(body)
    return column
