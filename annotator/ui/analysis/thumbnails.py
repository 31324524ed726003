"""Small pictures of the items beside their ids in the lead's item tables, and the caption
in a column next to the id, so a lead can tell which photo is behind an id.

A table of 15,646 items must not decode 15,646 photos: a thumbnail is asked for when its
row is painted (the model's decoration of the id cell), decoded off the GUI thread by an
:class:`~annotator.ui.image_loader.ImageLoader` (the project's ``max_megapixels`` limit
holds), and kept in a small LRU cache. Rows scrolled past before their turn are dropped
from the queue, so the pictures on screen come first. A file that is missing or cannot be
read gets a neutral placeholder saying so, never a dialog. The pictures are decoration
only: the id and the caption carry the text for screen readers.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QObject, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QTableView

from annotator.project.model import Project
from annotator.reporting.content import Column, Table
from annotator.ui.image_loader import DECODE_THREADS, Frame, ImageLoader

THUMBNAIL_LINES = 3
"""A thumbnail is this many lines of text high (45–54 px at the usual text size), so it grows
with the text (View ▸ Larger text) and the rows with it, ..."""
THUMBNAIL_MOST = 64
"""... up to this many pixels, or two lines if they are taller: at 200 % text three lines
left five rows of a table on a laptop's screen."""
THUMBNAIL_ASPECT = 4 / 3
"""Each picture is fitted into a box this wide for its height, so the ids line up."""
ROW_MARGIN = 6
KEPT = 600
"""Thumbnails cached: a few screens of rows in every item table."""
WANTED = 64
"""Rows asked for but not decoding yet; older ones (scrolled past) are forgotten."""
REPAINT_MS = 40
"""Thumbnails arriving together are painted together."""
MISSING, UNREADABLE = "image missing", "image unreadable"
CAPTION = Column("caption", "Caption")


class Key(NamedTuple):
    """One cached thumbnail: the image file, its height in logical pixels, the screen's
    device pixel ratio."""

    path: str
    height: int
    ratio: float


class ItemThumbnails(QObject):
    """The items' images and captions of one analysis; ``arrived`` fires (at most every
    REPAINT_MS) when thumbnails asked for are ready to paint."""

    arrived = Signal()

    def __init__(self, project: Project, parent: QObject | None = None):
        super().__init__(parent)
        self._root = project.root
        self._items = {item.item_id: item for item in project.items}
        """By id; a path is made only for a row painted (15,646 Paths took 0.1 s)."""
        self._loader = ImageLoader(self, cache_bytes=0)  # the pictures are cached here
        self._loader.max_pixels = project.max_pixels
        self._loader.frame_ready.connect(self._on_frame)
        self._loader.image_failed.connect(self._on_failed)
        self._kept: OrderedDict[Key, QPixmap] = OrderedDict()
        self._wanted: OrderedDict[Key, None] = OrderedDict()
        self._decoding: dict[str, Key] = {}
        self._repaint = QTimer(self)
        self._repaint.setSingleShot(True)
        self._repaint.setInterval(REPAINT_MS)
        self._repaint.timeout.connect(self.arrived)

    @classmethod
    def of(cls, project: Project | None, parent: QObject | None = None
           ) -> ItemThumbnails | None:
        """None without a project folder: then there are no images to show."""
        return None if project is None else cls(project, parent)

    def picture(self, item_id: str, height: int) -> QPixmap:
        """The thumbnail of ``item_id`` ``height`` pixels high, or a blank one of that size
        while it is decoded (asked for here: the row is being painted)."""
        app = QApplication.instance()
        ratio = app.devicePixelRatio() if isinstance(app, QApplication) else 1.0
        item = self._items.get(item_id)
        if item is None:
            return placeholder(height, ratio, MISSING)
        key = Key(str(self._root / item.image), height, ratio)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        if key not in self._decoding.values():
            self._wanted[key] = None
            self._wanted.move_to_end(key)
            while len(self._wanted) > WANTED:
                self._wanted.popitem(last=False)
            self._next()
        return placeholder(height, ratio, "")

    def caption(self, item_id: str) -> str:
        """The item's caption ('' for an item the project no longer has)."""
        item = self._items.get(item_id)
        return "" if item is None else item.caption

    def kept(self) -> list[str]:
        """The image files whose thumbnails are cached, the least recently painted first."""
        return [key.path for key in self._kept]

    def busy(self) -> bool:
        """Whether thumbnails are still decoding or waiting to."""
        return bool(self._decoding or self._wanted)

    def captioned(self, table: Table) -> Table:
        """``table`` with a caption column (its last) when it has none yet."""
        if any(column.key == CAPTION.key for column in table.columns):
            return table
        item_id = [column.key for column in table.columns].index("item_id")
        return replace(table, columns=(*table.columns, CAPTION),
                       rows=tuple((*row, self.caption(str(row[item_id]))) for row in table.rows))

    def _next(self) -> None:
        """Start the most recently wanted decodes while fewer than the loader's threads
        run (a queue of its own would decode rows long scrolled past)."""
        while self._wanted and len(self._decoding) < DECODE_THREADS:
            key, _ = self._wanted.popitem(last=True)
            if key.path in self._decoding:  # that file at another size: after it
                continue
            self._decoding[key.path] = key
            box = round(key.height * THUMBNAIL_ASPECT * key.ratio), round(key.height * key.ratio)
            self._loader.prefetch(Path(key.path), box)

    def _on_frame(self, frame: Frame) -> None:
        key = self._decoding.pop(frame.path, None)
        if key is not None:
            self._keep(key, _boxed(frame, key))
        self._next()

    def _on_failed(self, path: str, _message: str) -> None:
        key = self._decoding.pop(path, None)
        if key is not None:
            self._keep(key, placeholder(key.height, key.ratio,
                                        UNREADABLE if Path(path).is_file() else MISSING))
        self._next()

    def _keep(self, key: Key, picture: QPixmap) -> None:
        self._kept[key] = picture
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        if not self._repaint.isActive():
            self._repaint.start()


def thumbnail_height(view: QTableView) -> int:
    """The thumbnails' height in ``view`` at its current text size."""
    line = view.fontMetrics().height()
    return max(2 * line, min(round(THUMBNAIL_LINES * line), THUMBNAIL_MOST))


def thumbnail_width(height: int) -> int:
    return round(height * THUMBNAIL_ASPECT)


def _canvas(height: int, ratio: float) -> QPixmap:
    picture = QPixmap(round(thumbnail_width(height) * ratio), round(height * ratio))
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    return picture


def _boxed(frame: Frame, key: Key) -> QPixmap:
    """The decoded picture centred in the thumbnail box (the box keeps the ids aligned).

    The loader's RGB32 frames leave their unused byte 0, which a transparent canvas would
    take as their alpha: converted first, they are opaque."""
    height, ratio = key.height, key.ratio
    picture = _canvas(height, ratio)
    frame_width, frame_height = frame.size
    width, tall = frame_width / ratio, frame_height / ratio
    left, top = (thumbnail_width(height) - width) / 2, (height - tall) / 2
    painter = QPainter(picture)
    opaque = frame.image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)  # an RGB32
    painter.drawImage(QRect(round(left), round(top), round(width), round(tall)), opaque)
    painter.end()
    return picture


_placeholders: dict[tuple[int, float, str, int], QPixmap] = {}


def placeholder(height: int, ratio: float, text: str) -> QPixmap:
    """A neutral grey box, with ``text`` in it (why there is no picture) or blank while the
    picture is decoded; the text in the theme's text colour."""
    ink = QApplication.palette().color(QPalette.ColorRole.Text)
    key = (height, ratio, text, ink.rgba())
    made = _placeholders.get(key)
    if made is not None:
        return made
    picture = _canvas(height, ratio)
    painter = QPainter(picture)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(128, 128, 128, 60))
    box = QRect(0, 0, thumbnail_width(height), height)
    painter.drawRect(box)
    if text:
        font = QFont(painter.font())
        font.setPixelSize(max(6, height // 4))
        while font.pixelSize() > 6 and QFontMetrics(font).horizontalAdvance(
                text.split()[-1]) > box.width() - 4:
            font.setPixelSize(font.pixelSize() - 1)
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), text)
    painter.end()
    _placeholders[key] = picture
    return picture
