"""A full page that tells the tagger a step of the game began or ended, and why."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from annotator.session.messages import NoticeText


class NoticePage(QWidget):
    """Title, plain explanation and one button (Enter) that goes on."""

    continue_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("noticePage")
        self._title = QLabel(self, objectName="noticeTitle")
        self._title.setAccessibleDescription("Notice title")
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._body = QLabel(self, objectName="noticeBody")
        self._body.setAccessibleDescription("Notice")
        self._body.setWordWrap(True)
        self._body.setTextFormat(Qt.TextFormat.PlainText)
        self._body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self._body.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._button = QPushButton(self, objectName="noticeButton")
        self._button.setMinimumHeight(44)
        self._button.clicked.connect(self.continue_requested)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(120, 24, 120, 24)  # shorter lines read better
        layout.addStretch(1)
        layout.addWidget(self._title)
        layout.addWidget(self._body)  # no alignment flag: it would break word-wrap height
        layout.addSpacing(24)
        layout.addWidget(self._button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)

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

    def text(self) -> str:
        return f"{self._title.text()}\n{self._body.text()}"

    def focus_body(self) -> None:
        self._body.setFocus()
