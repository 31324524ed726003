"""Content that scrolls when the window is too small for it, instead of being crushed.

At 200 % text on a screen scaled 2× (a 1366×768 laptop is then 683×384 logical pixels) a
dialog or a notice needs more room than the screen has; Qt then squeezes its controls to
a few pixels. In a :class:`ScrollPage` they keep the height they need and a scroll bar
appears; the page takes the keyboard focus only while it scrolls (the arrow keys and Page
Down move it), so at normal sizes Tab does not stop on it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QWidget

SCREEN_SHARE = 0.85
"""The most of the screen a page asks for: the window's frame and buttons need the rest."""


class ScrollPage(QScrollArea):
    """``content``, full size when it fits, scrolling when it does not. Given ``room``
    (the most its window can give it now), the page asks for the least size its content
    needs up to that room, so the window grows to show the content whole while the screen
    holds it, and scrolls beyond."""

    def __init__(self, content: QWidget, name: str, parent: QWidget | None = None, *,
                 room: Callable[[], QSize] | None = None):
        super().__init__(parent)
        self._room = room
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

    def minimumSizeHint(self) -> QSize:
        least = super().minimumSizeHint()
        content = self.widget()
        if self._room is None or content is None:
            return least
        return content.minimumSizeHint().boundedTo(self._room()).expandedTo(least)

    def event(self, event: QEvent) -> bool:
        """The content's least size changed (its layout asks again): so may the page's."""
        if event.type() == QEvent.Type.LayoutRequest and self._room is not None:
            self.updateGeometry()
        return super().event(event)

    def _take_focus_if_scrolling(self) -> None:
        scrolls = (self.verticalScrollBar().maximum() > 0
                   or self.horizontalScrollBar().maximum() > 0)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if scrolls else Qt.FocusPolicy.NoFocus)


class PageStack(QStackedWidget):
    """Pages of which only the one shown sets the least size. A plain stack asks for the
    most any page needs: at 200 % text on a screen scaled 2× the rating page's least height
    (about 520 px) held a notice page, whose words scroll, and so the window, taller than
    the screen (384 px)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.currentChanged.connect(self.updateGeometry)

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        if page is None:
            return super().minimumSizeHint()
        return page.minimumSizeHint().expandedTo(page.minimumSize())

    def hasHeightForWidth(self) -> bool:
        """No: in a :class:`ScrollPage` the stack would be given the height its wrapped words
        would like at its width, and scroll for nothing; it takes the room it is given,
        down to its least size, and the parts of its pages that scroll take the rest."""
        return False
