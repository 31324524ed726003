"""The pair's image: scaled to fit with its aspect kept, zoomable and pannable.

The screen binds ``+``/``-``/``0`` to :meth:`zoom_by` and :meth:`fit`; arrow keys pan when
the view has focus (Tab reaches it). Mouse: Ctrl+wheel zooms, dragging pans.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene, QGraphicsView, QWidget

NEUTRAL_GREY = "#808080"
"""Mid grey behind the photo: neither glare nor a colour cast on how it looks."""
ZOOM_STEP = 1.25
MAX_ZOOM = 8.0


class ImageView(QGraphicsView):
    """Shows one image; ``fit`` mode follows the widget size until the user zooms."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("imageView")
        self.setAccessibleName("Image")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setBackgroundBrush(QColor(NEUTRAL_GREY))
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self._pixmap_item = QGraphicsPixmapItem()
        self._pixmap_item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._scene.addItem(self._pixmap_item)
        self._message_item = self._scene.addText("")
        self._zoom = 1.0
        self._fit = True

    @property
    def zoom(self) -> float:
        """Magnification relative to the fitted size (1.0 = fits the view)."""
        return self._zoom

    def has_image(self) -> bool:
        return not self._pixmap_item.pixmap().isNull()

    def set_image(self, image: QImage, *, description: str) -> None:
        self._message_item.setPlainText("")
        self._pixmap_item.setPixmap(QPixmap.fromImage(image))
        self._pixmap_item.setVisible(True)
        self._scene.setSceneRect(self._pixmap_item.boundingRect())
        self.setAccessibleDescription(description)
        self.fit()

    def show_message(self, text: str) -> None:
        """Replace the image by a sentence (loading, or why it cannot be shown)."""
        self._pixmap_item.setPixmap(QPixmap())
        self._pixmap_item.setVisible(False)
        self._message_item.setPlainText(text)
        self._message_item.setTextWidth(max(200, self.viewport().width() - 40))
        self._scene.setSceneRect(self._message_item.boundingRect())
        self.setAccessibleDescription(text)
        self.resetTransform()

    def fit(self) -> None:
        self._fit = True
        self._zoom = 1.0
        if self.has_image():
            self.fitInView(self._pixmap_item, Qt.AspectRatioMode.KeepAspectRatio)

    def zoom_by(self, factor: float) -> None:
        if not self.has_image():
            return
        new_zoom = min(MAX_ZOOM, max(1.0, self._zoom * factor))
        if new_zoom == 1.0:
            self.fit()
            return
        self.scale(new_zoom / self._zoom, new_zoom / self._zoom)
        self._zoom = new_zoom
        self._fit = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fit:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP)
            event.accept()
        else:
            super().wheelEvent(event)
