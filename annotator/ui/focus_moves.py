"""The keyboard focus moved straight to where the user goes on, when what held it hides.

Qt hands the focus of a widget being hidden to the next widget of the focus chain at once
(on the rating screen: the Rating Guide's buttons beside it), and a screen reader announces
that widget before the app moves the focus on. Showing what comes first, focusing it, and
hiding what went last moves the focus once.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStackedWidget, QWidget


def turn_page(pages: QStackedWidget, page: QWidget, focus: QWidget | None) -> None:
    """``page`` of ``pages`` current, ``focus`` (a widget on it) focused straight from where
    the focus was; ``focus`` None: the focus is left alone (nothing is on screen yet)."""
    if focus is not None:
        current = pages.currentWidget()
        if current is not None and current is not page:  # over it, in its place, laid out
            page.setGeometry(current.geometry())
            page.setVisible(True)
        focus.setFocus(Qt.FocusReason.OtherFocusReason)
    pages.setCurrentWidget(page)

