"""Decoding images off the GUI thread, with a small cache for prefetching the next pair.

Large photos (24 MP and more) are never decoded at full size: JPEG DCT scaling
(``Image.draft``) decodes straight to about the display size, then the EXIF orientation
is applied so a phone photo stands the way it was taken.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError
from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage

DISPLAY_MAX_SIDE = 2560
"""Longest side kept after decoding: sharp on a 4K laptop screen, zoom still useful."""


class ImageDecodeError(Exception):
    """An image that cannot be shown, with a sentence saying why."""


def decode_for_display(path: Path, *, max_side: int = DISPLAY_MAX_SIDE) -> QImage:
    """Decode ``path`` to a QImage no larger than ``max_side``, upright per EXIF."""
    try:
        with Image.open(path) as image:
            image.draft("RGB", draft_request(image.size, max_side=max_side))
            image = ImageOps.exif_transpose(image)
            if max(image.size) > max_side:
                image.thumbnail((max_side, max_side), Image.Resampling.BILINEAR)
            image = image.convert("RGBA" if _has_alpha(image) else "RGB")
            return _to_qimage(image)
    except FileNotFoundError as error:
        raise ImageDecodeError(f"The image file {path} is missing.") from error
    except UnidentifiedImageError as error:
        raise ImageDecodeError(f"{path} is not an image this app can read.") from error
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise ImageDecodeError(f"{path} cannot be shown: {error}") from error


def draft_request(size: tuple[int, int], *, max_side: int) -> tuple[int, int]:
    """The size to ask ``Image.draft`` for: the display size with the image's own aspect.

    Pillow picks the smallest JPEG scale that covers the request in *both* directions, so
    asking for a square would make a 6000×4000 photo decode at full size instead of half.
    """
    width, height = size
    scale = min(1.0, max_side / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info


def _to_qimage(image: Image.Image) -> QImage:
    width, height = image.size
    if image.mode == "RGBA":
        fmt, channels = QImage.Format.Format_RGBA8888, 4
    else:
        fmt, channels = QImage.Format.Format_RGB888, 3
    data = image.tobytes()
    return QImage(data, width, height, width * channels, fmt).copy()


class _DecodeJob(QRunnable):
    def __init__(self, path: Path, loader: ImageLoader):
        super().__init__()
        self._path = path
        self._signals = loader._job_signals

    def run(self) -> None:
        try:
            image = decode_for_display(self._path)
        except ImageDecodeError as error:
            self._signals.failed.emit(str(self._path), str(error))
        else:
            self._signals.decoded.emit(str(self._path), image)


class _JobSignals(QObject):
    decoded = Signal(str, QImage)
    failed = Signal(str, str)


class ImageLoader(QObject):
    """Decodes requested images on a thread pool; keeps the last few for instant display.

    ``image_ready(path, image)`` and ``image_failed(path, message)`` arrive on the GUI thread.
    """

    image_ready = Signal(str, QImage)
    image_failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None, *, cache_size: int = 4):
        super().__init__(parent)
        self._cache: OrderedDict[str, QImage] = OrderedDict()
        self._cache_size = cache_size
        self._pending: set[str] = set()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._job_signals = _JobSignals(self)
        self._job_signals.decoded.connect(self._on_decoded)
        self._job_signals.failed.connect(self._on_failed)

    def cached(self, path: Path) -> QImage | None:
        return self._cache.get(str(path))

    def request(self, path: Path) -> None:
        """Decode ``path`` unless it is cached or already on its way."""
        key = str(path)
        if key in self._cache:
            self._cache.move_to_end(key)
            self.image_ready.emit(key, self._cache[key])
            return
        if key not in self._pending:
            self._pending.add(key)
            self._pool.start(_DecodeJob(path, self))

    def prefetch(self, path: Path) -> None:
        """Like :meth:`request`, for an image that will be needed soon."""
        if str(path) not in self._cache:
            self.request(path)

    def wait_idle(self, msecs: int = 30000) -> bool:
        """Block until running decodes finish (benchmarks and shutdown)."""
        return self._pool.waitForDone(msecs)

    def _on_decoded(self, key: str, image: QImage) -> None:
        self._pending.discard(key)
        self._cache[key] = image
        self._cache.move_to_end(key)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        self.image_ready.emit(key, image)

    def _on_failed(self, key: str, message: str) -> None:
        self._pending.discard(key)
        self.image_failed.emit(key, message)
