"""The layout both windows' start pages share: a large title over a centred column."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from annotator.ui.named import named

TITLE_SCALE = 1.8
COLUMN_WIDTH = 900


def start_page_column(page: QWidget, title: str) -> QVBoxLayout:
    """Give ``page`` a centred column (at most 900 px wide) headed by ``title`` in large
    bold text; the caller adds the rest and ends with a stretch."""
    label = named(QLabel(title, page), "titleLabel")
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * TITLE_SCALE)
    font.setBold(True)
    label.setFont(font)
    column = QWidget(page)
    column.setMaximumWidth(COLUMN_WIDTH)
    layout = QVBoxLayout(column)
    layout.addWidget(label)
    outer = QHBoxLayout(page)
    outer.addStretch(1)
    outer.addWidget(column, 4)
    outer.addStretch(1)
    return layout
