"""What the image view put on screen, as Pillow pixels, for comparing with a reference."""

from __future__ import annotations

from PIL import Image
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from annotator.ui.widgets.image_view import ImageView


def to_pil(image: QImage) -> Image.Image:
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    return Image.frombuffer("RGB", (rgb.width(), rgb.height()), bytes(rgb.constBits()), "raw",
                            "RGB", rgb.bytesPerLine(), 1)


def painted_photo(view: ImageView) -> Image.Image:
    """The photo's pixels as painted on screen (device pixels), cut from a grab."""
    frame = view.frame()
    assert frame is not None
    ratio = view.devicePixelRatioF()
    rect = view.viewportTransform().mapRect(QRectF(0, 0, *frame.native))
    left, top = round(rect.left() * ratio), round(rect.top() * ratio)
    shot = to_pil(view.viewport().grab().toImage())
    return shot.crop((left, top, left + round(rect.width() * ratio),
                      top + round(rect.height() * ratio)))
