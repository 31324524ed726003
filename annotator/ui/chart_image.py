"""Charts as PNG files: the SVG text drawn by Qt's SVG renderer onto a white image."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from annotator.errors import AnnotatorError
from annotator.files import write_bytes


def svg_renderer(svg: str) -> QSvgRenderer:
    """A renderer for chart text; ``ValueError`` if it is not an SVG document Qt can draw."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        raise ValueError("not an SVG document Qt can draw")
    return renderer


def render_png(svg: str, path: Path, *, scale: float = 2.0) -> None:
    """Save ``svg`` as a PNG of ``scale`` × its viewBox size (2 by default, sharp on
    high-density screens and in slides), written beside ``path`` and renamed into place."""
    renderer = svg_renderer(svg)
    box = renderer.viewBoxF()
    image = QImage(round(box.width() * scale), round(box.height() * scale),
                   QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise AnnotatorError("The chart could not be encoded as PNG.", file=path)
    try:
        write_bytes(path, bytes(buffer.data()))
    except OSError as exc:
        raise AnnotatorError(f"The chart image cannot be saved: {exc.strerror or exc}.",
                             file=path) from exc
