"""The deep image check behind ``annotator validate``: does each image really decode?

Opening a project never decodes images (too slow for 20,000 items); ``validate`` does, so a
lab lead learns about a truncated JPEG before a tagger meets a blank screen. The size is
read from the header before anything is decoded, so an image bomb costs nothing.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

_PILLOW_PIXELS = re.compile(r"\((\d+) pixels\)")


def check_image(path: Path, *, max_pixels: int) -> str | None:
    """What is wrong with the image at ``path``, or None if it decodes.

    The message is a predicate meant to follow the image's name ("… is empty (0 bytes).").

    Not thread-safe: Pillow's decompression-bomb warning is caught with
    :func:`warnings.catch_warnings`, which changes process-wide state.
    """
    try:
        size = path.stat().st_size
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}."
    if size == 0:
        return "is empty (0 bytes)."
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            return _check_open(path, max_pixels=max_pixels)
        except Image.DecompressionBombWarning as exc:
            pixels = _pillow_pixels(exc, max_pixels)
            if pixels > max_pixels:
                return _too_big(pixels, max_pixels, size_text="")
            # Over Pillow's warning limit but allowed by project.toml: check it anyway.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        except Image.DecompressionBombError as exc:
            pixels = _pillow_pixels(exc, max_pixels)
            if pixels > max_pixels:
                return _too_big(pixels, max_pixels, size_text="")
            limit = 2 * (Image.MAX_IMAGE_PIXELS or 0)
            return (
                f"is too large: {pixels / 1e6:.1f} megapixels, more than Pillow (the image "
                f"library) will ever open ({_megapixels(limit)} megapixels). Shrink it."
            )
        try:
            return _check_open(path, max_pixels=max_pixels)
        except Image.DecompressionBombError as exc:  # not expected: the same file grew
            return _too_big(_pillow_pixels(exc, max_pixels), max_pixels, size_text="")


def _pillow_pixels(exc: Exception, default: int) -> int:
    match = _PILLOW_PIXELS.search(str(exc))
    return int(match.group(1)) if match else default + 1


def too_large(size: tuple[int, int], max_pixels: int) -> str | None:
    """Why an image of ``size`` (as its header declares it) is not decoded, or None when it
    is within ``max_pixels`` (``[images] max_megapixels``); a predicate, as
    :func:`check_image` gives."""
    width, height = size
    if width * height <= max_pixels:
        return None
    return _too_big(width * height, max_pixels, size_text=f" ({width} × {height})")


def _check_open(path: Path, *, max_pixels: int) -> str | None:
    try:
        with Image.open(path) as image:
            width, height = image.size
            kind = image.format or "image"
            refused = too_large(image.size, max_pixels)
            if refused is not None:
                return refused
            image.verify()
    except UnidentifiedImageError:
        return _not_an_image(path)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise
    except Exception as exc:  # Pillow's plugins raise many types for damaged files
        return f"is a damaged {_kind(path)} file ({_reason(exc)})."
    try:
        with Image.open(path) as image:
            # A reduced draft decodes JPEGs at 1/8 scale: cheap, yet it reads every byte,
            # so a file cut short is caught (verify() alone does not for JPEG).
            image.draft("RGB", (max(1, width // 8), max(1, height // 8)))
            image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise
    except Exception as exc:  # as above
        return f"is a damaged {kind} file that cannot be decoded ({_reason(exc)})."
    return None


def _too_big(pixels: int, limit: int, *, size_text: str) -> str:
    return (
        f"is too large: {pixels / 1e6:.1f} megapixels{size_text}, more than the limit of "
        f"{_megapixels(limit)} megapixels. Shrink it, or raise [images] max_megapixels in "
        "project.toml if you trust the file."
    )


def _megapixels(pixels: int) -> str:
    mega = pixels / 1e6
    return f"{mega:.0f}" if mega.is_integer() else f"{mega:.1f}"


def _not_an_image(path: Path) -> str:
    with path.open("rb") as handle:
        head = handle.read(512)
    try:
        head.decode("utf-8")
        text = b"\x00" not in head
    except UnicodeDecodeError as exc:
        text = exc.start >= len(head) - 3 and b"\x00" not in head  # a character cut at 512
    if text:
        named = f" renamed to {path.suffix}" if path.suffix else ""
        return f"is not an image: it looks like a text file{named}."
    return "is not an image file Pillow can read (the content is not in an image format)."


def _kind(path: Path) -> str:
    return path.suffix.lstrip(".").upper() or "image"


def _reason(exc: Exception) -> str:
    text = str(exc).strip()
    return text or type(exc).__name__
