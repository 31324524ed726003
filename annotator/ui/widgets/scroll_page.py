"""Content that scrolls when the window is too small for it, instead of being crushed.

At 200 % text on a screen scaled 2× (a 1366×768 laptop is then 683×384 logical pixels) a
dialog or a notice needs more room than the screen has; Qt then squeezes its controls to
a few pixels. In a :class:`ScrollPage` they keep the height they need and a scroll bar
appears; the page takes the keyboard focus only while it scrolls (the arrow keys and Page
Down move it), so at normal sizes Tab does not stop on it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

SCREEN_SHARE = 0.85
"""The most of the screen a page asks for: the window's frame and buttons need the rest."""


class ScrollPage(QScrollArea):
    """``content``, full size when it fits, scrolling when it does not."""

    def __init__(self, content: QWidget, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter)  # content narrower than the page
        self.setWidget(content)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for bar in (self.verticalScrollBar(), self.horizontalScrollBar()):
            bar.rangeChanged.connect(self._take_focus_if_scrolling)

    def sizeHint(self) -> QSize:
        """The content's own size (and room for a scroll bar), at most most of the screen."""
        bar = self.verticalScrollBar().sizeHint().width()
        content = self.widget()
        if content is None:
            return super().sizeHint()
        wanted = content.sizeHint() + QSize(bar + 2 * self.frameWidth(),
                                                  2 * self.frameWidth())
        return wanted.boundedTo(self.screen().availableGeometry().size() * SCREEN_SHARE)

    def _take_focus_if_scrolling(self) -> None:
        scrolls = (self.verticalScrollBar().maximum() > 0
                   or self.horizontalScrollBar().maximum() > 0)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if scrolls else Qt.FocusPolicy.NoFocus)
