"""Charts as PNG files: the SVG text drawn by Qt's SVG renderer onto a white image, and
written as PNG by :func:`encode_png`."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from annotator.errors import AnnotatorError
from annotator.files import write_bytes

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def svg_renderer(svg: str) -> QSvgRenderer:
    """A renderer for chart text; ``ValueError`` if it is not an SVG document Qt can draw."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        raise ValueError("not an SVG document Qt can draw")
    return renderer


def png_bytes(svg: str, *, scale: float = 2.0) -> bytes:
    """``svg`` drawn at ``scale`` × its viewBox size (2 by default, sharp on high-density
    screens and in slides) as a PNG file. Safe to call from several threads at once: Qt
    draws on an image in any thread, and neither drawing nor compressing holds Python's
    lock, so "Export everything" draws its charts side by side."""
    renderer = svg_renderer(svg)
    box = renderer.viewBoxF()
    image = QImage(round(box.width() * scale), round(box.height() * scale),
                   QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    return encode_png(image)


def encode_png(image: QImage) -> bytes:
    """``image`` as an 8-bit RGB PNG, every row unfiltered and deflated at level 1.

    A chart is flat colour and anti-aliased edges, which deflate packs well without PNG's
    row filters: Qt's own writer tries every filter on every row and took four times as
    long, most of "Export everything" at VICR scale, for files about as large.
    """
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = rgb.width(), rgb.height(), rgb.bytesPerLine()
    pixels = bytes(rgb.constBits())
    rows = b"".join(b"\x00" + pixels[y * stride : y * stride + 3 * width]
                    for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return _SIGNATURE + b"".join(_chunk(kind, data) for kind, data in (
        (b"IHDR", header), (b"IDAT", zlib.compress(rows, 1)), (b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def render_png(svg: str, path: Path, *, scale: float = 2.0) -> None:
    """Save ``svg`` as a PNG (:func:`png_bytes`), written beside ``path`` and renamed into
    place."""
    data = png_bytes(svg, scale=scale)
    try:
        write_bytes(path, data)
    except OSError as exc:
        raise AnnotatorError(f"The chart image cannot be saved: {exc.strerror or exc}.",
                             file=path) from exc
