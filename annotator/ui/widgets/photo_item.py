"""The photo inside the image view, and how near a decoded frame is to the size wanted."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from annotator.ui.image_loader import Frame


def size_distance(size: tuple[int, int], wanted: tuple[int, int]) -> int:
    """How many pixels a frame is off the size wanted, on its worse side."""
    return max(abs(size[0] - wanted[0]), abs(size[1] - wanted[1]))


def sizes_match(size: tuple[int, int], wanted: tuple[int, int]) -> bool:
    """Sizes equal but for rounding (the painter blits such a frame pixel for pixel)."""
    return size_distance(size, wanted) <= 1


class PhotoItem(QGraphicsItem):
    """The photo in its own pixel coordinates, painted from whatever frame is at hand: one
    of the size it covers on screen is copied pixel for pixel, any other scaled smoothly."""

    def __init__(self) -> None:
        super().__init__()
        self.frame: Frame | None = None

    @property
    def native(self) -> tuple[int, int] | None:
        return None if self.frame is None else self.frame.native

    def boundingRect(self) -> QRectF:
        native = self.native
        return QRectF() if native is None else QRectF(0, 0, native[0], native[1])

    def set_frame(self, frame: Frame | None) -> None:
        if (frame and frame.native) != self.native:
            self.prepareGeometryChange()
        self.frame = frame
        self.update()

    def paint(self, painter: QPainter, _option: QStyleOptionGraphicsItem,
              _widget: QWidget | None = None) -> None:
        if self.frame is None:
            return
        image = self.frame.image
        # deviceTransform maps to device pixels wherever the scale for high DPI lives (the
        # paint device's own, or a world transform when the view is grabbed or printed)
        on_device = painter.deviceTransform().mapRect(self.boundingRect())
        left, top = round(on_device.left()), round(on_device.top())
        width, height = round(on_device.width()), round(on_device.height())
        if sizes_match((width, height), (image.width(), image.height())):
            width, height = image.width(), image.height()  # a blit, not a 1 px stretch
        painter.save()
        painter.resetTransform()
        to_logical, _ = painter.deviceTransform().inverted()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(to_logical.mapRect(QRectF(left, top, width, height)),
                          image, QRectF(image.rect()))
        painter.restore()
