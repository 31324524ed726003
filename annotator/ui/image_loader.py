"""Decoding images off the GUI thread, with a cache bounded in bytes for prefetching.

Decodes are asked for a size (the device pixels the image will fill, see
:mod:`annotator.ui.image_decode`), so a frame is painted pixel for pixel. The image on
screen is asked for with :meth:`ImageLoader.request` and jumps ahead of prefetches still
queued; EXIF thumbnails (:meth:`ImageLoader.first_frame`) have a thread of their own, so a
first frame never waits behind a decode.
"""

from __future__ import annotations

import heapq
import itertools
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtGui import QImage

from annotator.ui.image_decode import (
    DEFAULT_MAX_PIXELS,
    ImageDecodeError,
    decode_fitted,
    exif_thumbnail,
)

CACHE_BYTES = 160 * 2**20
"""Decoded frames kept: five frames filling a 4K pane, or dozens at laptop size. A 24-MP
photo decoded whole would take 96 MB; only a zoomed-in view asks for that, and such frames
are held by the view alone (``keep=False``), never cached."""
DECODE_THREADS = 2
URGENT = 1  # QThreadPool priority of the image on screen; prefetches have 0

Box = tuple[int, int]
Key = tuple[str, Box | None]
"""A decode: the file and the box it is fitted to (None: the EXIF thumbnail)."""

_LITTLE = sys.byteorder == "little"
_QT_LAYOUT = {  # Pillow mode → (raw byte order of Qt's native 32-bit formats, QImage format)
    "RGB": ("BGRX" if _LITTLE else "XRGB", QImage.Format.Format_RGB32),
    "RGBA": ("BGRA" if _LITTLE else "ARGB", QImage.Format.Format_ARGB32),
}


@dataclass(frozen=True, eq=False)
class Frame:
    """Decoded pixels of one photo, upright, in the format the raster painter blits."""

    path: str
    image: QImage
    native: tuple[int, int]
    """The photo's own upright size in pixels (what the frame may be a reduction of)."""
    draft: bool = False
    """An embedded EXIF thumbnail, shown only until a decode of the photo arrives."""

    @property
    def size(self) -> tuple[int, int]:
        return self.image.width(), self.image.height()


def to_qimage(image: Image.Image) -> QImage:
    """RGB/RGBA pixels as a QImage the painter draws without converting them again."""
    raw_mode, fmt = _QT_LAYOUT[image.mode]
    width, height = image.size
    data = image.tobytes("raw", raw_mode)
    qimage = QImage(data, width, height, width * 4, fmt).copy()
    if fmt == QImage.Format.Format_ARGB32:
        qimage = qimage.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    return qimage


class _JobSignals(QObject):
    done = Signal(object, object)  # key, Frame or None (no thumbnail in the file)
    failed = Signal(object, str)  # key, why


def _decode(key: Key, signals: _JobSignals, max_pixels: int) -> None:
    """Decode one key on a pool thread; the result arrives on the GUI thread."""
    path, box = key
    try:
        decoded = exif_thumbnail(Path(path)) if box is None else decode_fitted(
            Path(path), box, max_pixels=max_pixels)
    except ImageDecodeError as error:
        signals.failed.emit(key, str(error))
        return
    frame = None if decoded is None else Frame(path, to_qimage(decoded.image),
                                               decoded.native, draft=box is None)
    signals.done.emit(key, frame)


class _DecodeQueue:
    """Decodes waiting for a thread, the most urgent first, which the loader may reorder or
    drop. Held as plain keys: a QRunnable per decode stays alive as long as its pool."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._heap: list[tuple[int, int, Key]] = []
        self._waiting: dict[Key, int] = {}  # key → the number of its heap entry that counts
        self._numbers = itertools.count()

    def put(self, key: Key, priority: int) -> None:
        with self._lock:
            number = next(self._numbers)
            self._waiting[key] = number
            heapq.heappush(self._heap, (-priority, number, key))

    def drop(self, key: Key) -> bool:
        """Forget ``key`` if no thread took it yet."""
        with self._lock:
            return self._waiting.pop(key, None) is not None

    def take(self) -> Key | None:
        with self._lock:
            while self._heap:
                _, number, key = heapq.heappop(self._heap)
                if self._waiting.get(key) == number:
                    del self._waiting[key]
                    return key
            return None


class ImageLoader(QObject):
    """Decodes on a thread pool; keeps recent frames for instant display.

    ``frame_ready(Frame)`` and ``image_failed(path, message)`` arrive on the GUI thread, for
    every decode (views keep those of the photo they show).
    """

    frame_ready = Signal(object)
    image_failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None, *, cache_bytes: int = CACHE_BYTES):
        super().__init__(parent)
        self._cache: OrderedDict[Key, Frame] = OrderedDict()
        self._cache_bytes = cache_bytes
        self._jobs: set[Key] = set()
        """Decodes asked for whose frame has not arrived (waiting or running)."""
        self._queue = _DecodeQueue()
        self._keep: set[Key] = set()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(DECODE_THREADS)
        self._thumbnail_pool = QThreadPool(self)
        self._thumbnail_pool.setMaxThreadCount(1)
        self._signals = _JobSignals(self)
        self._signals.done.connect(self._on_done)
        self._signals.failed.connect(self._on_failed)
        self.max_pixels = DEFAULT_MAX_PIXELS
        """The most pixels an image may declare to be decoded: the project's
        ``[images] max_megapixels`` (its window sets it); larger ones fail unread."""

    def frames(self, path: Path | str) -> list[Frame]:
        """The cached decodes (not thumbnails) of ``path``, the most recently used first."""
        key = str(path)
        return [frame for (name, box), frame in reversed(self._cache.items())
                if name == key and box is not None]

    def cached_bytes(self) -> int:
        return sum(frame.image.sizeInBytes() for frame in self._cache.values())

    def first_frame(self, path: Path) -> None:
        """Read the EXIF thumbnail of ``path``; ``frame_ready`` brings it (nothing if none)."""
        key: Key = (str(path), None)
        if key in self._cache:
            self.frame_ready.emit(self._cache[key])
        elif key not in self._jobs:
            self._jobs.add(key)
            self._keep.add(key)
            max_pixels = self.max_pixels
            self._thumbnail_pool.start(lambda: _decode(key, self._signals, max_pixels))

    def request(self, path: Path, box: Box, *, keep: bool = True) -> None:
        """Decode ``path`` fitted to ``box`` now: the image on screen. Queued decodes of the
        same file at another size are dropped; with ``keep=False`` the frame is not cached
        (a zoomed-in view's, up to the photo's full size)."""
        key: Key = (str(path), box)
        if key in self._cache:
            self._cache.move_to_end(key)
            self.frame_ready.emit(self._cache[key])
            return
        for other in list(self._jobs):
            if other[0] == key[0] and other[1] not in (None, box) and self._queue.drop(other):
                self._jobs.discard(other)
                self._keep.discard(other)
        if key not in self._jobs:
            self._start(key, URGENT, keep=keep)
            return
        if keep:
            self._keep.add(key)
        if self._queue.drop(key):  # still queued behind prefetches: go first
            self._start(key, URGENT, keep=keep)

    def prefetch(self, path: Path, box: Box) -> None:
        """Decode ``path`` fitted to ``box`` when the decoders are free: needed soon."""
        key: Key = (str(path), box)
        if key in self._cache:
            self._cache.move_to_end(key)  # wanted again soon: evict others first
        elif key not in self._jobs:
            self._start(key, 0, keep=True)

    def wait_idle(self, msecs: int = 30000) -> bool:
        """Block until running decodes finish (benchmarks and shutdown)."""
        return self._thumbnail_pool.waitForDone(msecs) and self._pool.waitForDone(msecs)

    def _start(self, key: Key, priority: int, *, keep: bool) -> None:
        self._jobs.add(key)
        if keep:
            self._keep.add(key)
        self._queue.put(key, priority)
        self._pool.start(self._decode_next)

    def _decode_next(self) -> None:
        """One pool thread's turn: the most urgent decode waiting (none if it was dropped)."""
        key = self._queue.take()
        if key is not None:
            _decode(key, self._signals, self.max_pixels)

    def _on_done(self, key: Key, frame: Frame | None) -> None:
        self._jobs.discard(key)
        keep = key in self._keep
        self._keep.discard(key)
        if frame is None:
            return
        if keep:
            self._store(key, frame)
        self.frame_ready.emit(frame)

    def _on_failed(self, key: Key, message: str) -> None:
        self._jobs.discard(key)
        self._keep.discard(key)
        self.image_failed.emit(key[0], message)

    def _store(self, key: Key, frame: Frame) -> None:
        size = frame.image.sizeInBytes()
        if size > self._cache_bytes:
            return
        self._cache[key] = frame
        total = self.cached_bytes()
        while total > self._cache_bytes:
            _, evicted = self._cache.popitem(last=False)
            total -= evicted.image.sizeInBytes()
