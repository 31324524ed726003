"""One chart of the analysis pane, drawn from its SVG text at the widget's size.

The chart keeps its aspect ratio and is centred, and grows with the app's text size (View
▸ Larger text) as far as the pane is wide; it takes keyboard focus (Tab reaches it) so
a screen reader announces its title and reads its description, the chart's text alternative.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QSizePolicy, QStyle, QStyleOptionFocusRect, QWidget

from annotator.reporting.content import Chart
from annotator.ui.chart_image import svg_renderer
from annotator.ui.text_scale import text_factor

MIN_SCALE = 0.6
"""Smallest drawing scale: the charts' 12 px text stays about 7 px, still legible."""


class ChartView(QWidget):
    """Shows a :class:`Chart`, or a sentence saying why there is none."""

    def __init__(self, chart: Chart | None = None, parent: QWidget | None = None, *,
                 reason: str = "nothing to show yet"):
        super().__init__(parent)
        self.setObjectName("chartView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._renderer: QSvgRenderer | None = None
        self._message = ""
        self.set_chart(chart, reason=reason)

    @property
    def chart_size(self) -> QSize:
        """The chart's own (viewBox) size; empty when no chart is shown."""
        if self._renderer is None:
            return QSize()
        return self._renderer.viewBoxF().size().toSize()

    def set_chart(self, chart: Chart | None, *, reason: str = "nothing to show yet") -> None:
        """Show ``chart``; ``None`` shows "No chart: ``reason``" instead."""
        if chart is None:
            self._renderer = None
            self._message = f"No chart: {reason}"
            self.setAccessibleName("No chart")
            self.setAccessibleDescription(self._message)
            self.setMinimumSize(0, 0)
        else:
            self._renderer = svg_renderer(chart.svg)
            self._message = ""
            self.setAccessibleName(chart.title)
            self.setAccessibleDescription(chart.description)
            self.setMinimumSize(self.chart_size * MIN_SCALE)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        if self._renderer is None:
            return QSize(320, 80)
        return self.chart_size * text_factor()

    def heightForWidth(self, width: int) -> int:
        """As tall as the chart drawn at ``width`` (or at its own scaled size, if smaller)."""
        size, hint = self.chart_size, self.sizeHint()
        if self._renderer is None or size.width() <= 0:
            return hint.height()
        return round(min(width, hint.width()) * size.height() / size.width())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.updateGeometry()  # larger text, larger chart

    def chart_rect(self) -> QRectF:
        """Where the chart is drawn: as large as fits, aspect kept, centred."""
        box = QRectF(self.contentsRect()).adjusted(2, 2, -2, -2)
        size = self._renderer.viewBoxF().size() if self._renderer else box.size()
        size.scale(box.size(), Qt.AspectRatioMode.KeepAspectRatio)
        target = QRectF(box.topLeft(), size)
        target.moveCenter(box.center())
        return target

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self._renderer is None:
            painter.drawText(self.contentsRect(), Qt.AlignmentFlag.AlignCenter
                             | Qt.TextFlag.TextWordWrap, self._message)
        else:
            self._renderer.render(painter, self.chart_rect())
        if self.hasFocus():
            option = QStyleOptionFocusRect()
            option.initFrom(self)
            self.style().drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option,
                                       painter, self)
        painter.end()
