"""A focus indicator on every control of every window: a 3 px ring just outside the
focused widget, dark blue against the light window (about 7:1; WCAG asks 3:1 and 2 px).

Qt's Fusion style marks focus with a faint 1 px light-blue line on buttons, and not at all
on a focusable label or an image. One :class:`QFocusFrame` per window follows the focus:
Qt keeps it over the widget's neighbours, moves it with the widget and clips it to a
scroll area's viewport; a small proxy style gives it its width and draws the ring.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QFocusFrame,
    QProxyStyle,
    QStyle,
    QStyleHintReturn,
    QStyleOption,
    QWidget,
)

RING_WIDTH = 3
RING_COLOUR = QColor("#0b4f9c")
"""The HTML report's focus colour: 7.0:1 against Fusion's window grey #efefef."""


class _RingStyle(QProxyStyle):
    """The app's style, but a focus frame above the widget, RING_WIDTH wide, drawn as a
    solid ring."""

    def styleHint(self, hint: QStyle.StyleHint, option: QStyleOption | None = None,
                  widget: QWidget | None = None,
                  returnData: QStyleHintReturn | None = None) -> int:  # noqa: N803 (Qt's)
        if hint == QStyle.StyleHint.SH_FocusFrame_AboveWidget:
            return 1
        return super().styleHint(hint, option, widget, returnData)

    def pixelMetric(self, metric: QStyle.PixelMetric, option: QStyleOption | None = None,
                    widget: QWidget | None = None) -> int:
        if metric in (QStyle.PixelMetric.PM_FocusFrameHMargin,
                      QStyle.PixelMetric.PM_FocusFrameVMargin):
            return RING_WIDTH
        return super().pixelMetric(metric, option, widget)

    def drawControl(self, element: QStyle.ControlElement, option: QStyleOption,
                    painter: QPainter, widget: QWidget | None = None) -> None:
        if element != QStyle.ControlElement.CE_FocusFrame:
            super().drawControl(element, option, painter, widget)
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        pen = QPen(RING_COLOUR, RING_WIDTH)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = RING_WIDTH / 2
        painter.drawRect(QRectF(option.rect).adjusted(half, half, -half, -half))
        painter.restore()


class _FocusRings(QObject):
    """Gives each window one ring and moves it to the widget that takes the focus."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self._style = _RingStyle()
        app.focusChanged.connect(self._follow)

    def _follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        """Only the window gaining the focus is touched: the one losing it may be half
        destroyed (Qt moves the focus away while deleting a window), and its ring stays on
        its last focused widget, where the focus returns when it is active again."""
        if new is None or new.isWindow():
            return
        ring = _ring_of(new.window()) or self._new_ring(new.window())
        ring.setWidget(new)

    def _new_ring(self, window: QWidget) -> QFocusFrame:
        ring = QFocusFrame(window)
        ring.setObjectName("focusRing")
        ring.setStyle(self._style)
        return ring


def _ring_of(window: QWidget) -> QFocusFrame | None:
    return window.findChild(QFocusFrame, "focusRing")


def show_focus_rings() -> None:
    """Show the ring in every window of the app from now on (once per app)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if app.findChild(_FocusRings) is None:
        _FocusRings(app)
