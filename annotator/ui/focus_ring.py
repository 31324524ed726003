"""A focus indicator on every control of every window: a 3 px ring just outside the
focused widget, dark blue against the light window (about 7:1; WCAG asks 3:1 and 2 px).

Qt's Fusion style marks focus with a faint 1 px light-blue line on buttons, and not at all
on a focusable label or an image. One :class:`QFocusFrame` per window follows the focus:
Qt keeps it over the widget's neighbours, moves it with the widget and clips it to a
scroll area's viewport; a small proxy style gives it its width and draws the ring. In a
dark system theme the ring is light blue (6:1 and more on dark greys).

Inside a table the current cell gets a 2 px ring of its own (:func:`ring_cells`): white on
a selected row, the ring's blue elsewhere, where Fusion draws a 1.7:1 dotted line.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
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
DARK_THEME_RING_COLOUR = QColor("#8ab4f8")
CELL_RING_WIDTH = 2


def ring_colour(palette: QPalette) -> QColor:
    """The ring's colour on a window of ``palette``: dark blue, light blue in a dark theme."""
    window = palette.color(QPalette.ColorRole.Window)
    return RING_COLOUR if window.lightnessF() >= 0.5 else DARK_THEME_RING_COLOUR


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
        _draw_ring(painter, QRectF(option.rect), ring_colour(option.palette), RING_WIDTH)

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,
                      painter: QPainter, widget: QWidget | None = None) -> None:
        if element != QStyle.PrimitiveElement.PE_FrameFocusRect or not isinstance(
                widget, QAbstractItemView):
            super().drawPrimitive(element, option, painter, widget)
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        colour = (option.palette.color(QPalette.ColorRole.HighlightedText) if selected
                  else ring_colour(option.palette))
        _draw_ring(painter, QRectF(option.rect), colour, CELL_RING_WIDTH)


def _draw_ring(painter: QPainter, rect: QRectF, colour: QColor, width: int) -> None:
    """A solid ring ``width`` wide just inside ``rect``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    pen = QPen(colour, width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = width / 2
    painter.drawRect(rect.adjusted(half, half, -half, -half))
    painter.restore()


class _FocusRings(QObject):
    """Gives each window one ring and moves it to the widget that takes the focus."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.style = _RingStyle()
        app.focusChanged.connect(self._follow)

    def _follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        """Only the window gaining the focus is touched: the one losing it may be half
        destroyed (Qt moves the focus away while deleting a window), and its ring stays on
        its last focused widget, where the focus returns when it is active again. A widget
        Qt already deleted (a file dialog's line edit, whose address a new one reuses) is
        skipped: PySide may hand out its dead wrapper."""
        if new is None or not _alive(new) or new.isWindow():
            return
        ring = _ring_of(new.window()) or self._new_ring(new.window())
        ring.setWidget(new)
        QTimer.singleShot(0, ring, lambda: _place_again(ring, new))

    def _new_ring(self, window: QWidget) -> QFocusFrame:
        ring = QFocusFrame(window)
        ring.setObjectName("focusRing")
        ring.setStyle(self.style)
        return ring


def _place_again(ring: QFocusFrame, focused: QWidget) -> None:
    """Show the ring again once a scroll area has scrolled the focused widget into view.

    Tab gives the focus first and scrolls after; a ring placed outside the scroll area's
    viewport is hidden by Qt and not shown again when the widget comes into view (the ring
    was missing on the tables and buttons low in the lead's tabs).
    """
    if not (_alive(ring) and _alive(focused)):
        return  # the dialog holding them closed before the deferred call
    if QApplication.focusWidget() is focused and not ring.isVisible():
        ring.setWidget(None)  # type: ignore[arg-type]  # PySide6 stub: None detaches (Qt docs)
        ring.setWidget(focused)


def _alive(widget: QWidget) -> bool:
    """Whether Qt still holds ``widget``: PySide raises RuntimeError on a wrapper whose C++
    object was deleted."""
    try:
        widget.objectName()
    except RuntimeError:
        return False
    return True


def _ring_of(window: QWidget) -> QFocusFrame | None:
    return window.findChild(QFocusFrame, "focusRing")


def _rings() -> _FocusRings:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app.findChild(_FocusRings) or _FocusRings(app)


def show_focus_rings() -> None:
    """Show the ring in every window of the app from now on (once per app)."""
    _rings()


def ring_cells(view: QAbstractItemView) -> None:
    """Ring the current cell of ``view`` when it has the focus."""
    view.setStyle(_rings().style)
