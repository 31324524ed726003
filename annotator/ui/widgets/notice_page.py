"""A full page that tells the tagger a step of the game began or ended, and why; its words
scroll above the button when they do not fit (200 % text on a small screen)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from annotator.session.messages import NoticeText
from annotator.ui.named import named
from annotator.ui.widgets.scroll_page import ScrollPage

LINE_CHARACTERS = 80
"""Shorter lines read better: the words are at most this wide (and narrower windows wrap)."""


class NoticePage(QWidget):
    """Title, plain explanation and one button (Enter) that goes on."""

    continue_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("noticePage")
        self._title = named(QLabel(self), "noticeTitle")
        self._title.setAccessibleDescription("Notice title")
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._body = named(QLabel(self), "noticeBody")
        self._body.setAccessibleDescription("Notice")
        self._body.setWordWrap(True)
        self._body.setTextFormat(Qt.TextFormat.PlainText)
        self._body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self._body.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._title.setWordWrap(True)
        self._button = named(QPushButton(self), "noticeButton")
        self._button.setMinimumHeight(44)
        self._button.clicked.connect(self.continue_requested)
        self._words = QWidget(self)
        words = QVBoxLayout(self._words)
        words.setContentsMargins(4, 4, 4, 4)  # room for the focus ring
        words.addStretch(1)
        words.addWidget(self._title)
        words.addWidget(self._body)  # no alignment flag: it would break word-wrap height
        words.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 24, 0, 24)
        layout.addWidget(ScrollPage(self._words, "Notice page", self), 1)
        layout.addSpacing(24)
        layout.addWidget(self._button, 0, Qt.AlignmentFlag.AlignHCenter)

    def show_notice(self, notice: NoticeText) -> None:
        self._title.setText(notice.title)
        self._body.setText(notice.body)
        self._button.setText(f"{notice.button} (Enter)")

    def set_point_size(self, size: float) -> None:
        """Title one and a half times the body, both following the app's text size."""
        for label, scale in ((self._title, 1.5), (self._body, 1.0)):
            font = label.font()
            font.setPointSizeF(size * scale)
            font.setBold(label is self._title)
            label.setFont(font)
        characters = QFontMetricsF(self._body.font()).averageCharWidth()
        self._words.setMaximumWidth(round(LINE_CHARACTERS * characters))

    def text(self) -> str:
        return f"{self._title.text()}\n{self._body.text()}"

    @property
    def focus_target(self) -> QLabel:
        """The words the keyboard focus goes to, so a screen reader reads them at once."""
        return self._body
