"""Decoding a photo to the pixels it will fill on screen (Pillow only; no Qt, no threads).

A 24-MP JPEG is not decoded whole for display: JPEG DCT scaling (``Image.draft``) decodes
it straight to a 1/2, 1/4 or 1/8 scale, and a Lanczos resize takes that to exactly the
target, so nothing is enlarged and Qt paints the result pixel for pixel. The DCT scale is
chosen with twice the target's pixels where one exists (:func:`draft_scale`): a DCT-scaled
image is a little soft, and reducing it by less than 2× keeps that softness (measured
against a Lanczos resize of the whole photo: 3.3 levels of 255 apart at 1.1×, under 1 at 2×).
The EXIF orientation is applied last (to the small image), so a phone photo stands the way
it was taken.

The embedded EXIF thumbnail that most cameras write (about 160 × 120 px) can be shown while
the sharp decode runs: reading it takes a few milliseconds where even a 1/8-scale decode of
a 24-MP JPEG takes ~80 ms, because the whole file must still be entropy-decoded.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PIL import ExifTags, Image, UnidentifiedImageError

from annotator.project.images import too_large
from annotator.project.manifest import DEFAULT_MAX_MEGAPIXELS

ORIENTATION_TAG = 0x0112
THUMBNAIL_OFFSET_TAG = 0x0201  # JPEGInterchangeFormat, in IFD1
THUMBNAIL_LENGTH_TAG = 0x0202  # JPEGInterchangeFormatLength
DRAFT_HEADROOM = 2
"""The DCT scale keeps this many times the target's pixels per side (see the module text)."""
FULL_DECODE_MAX_PIXELS = 12_000_000
"""Larger photos are never decoded whole for headroom alone, only half size (a 24-MP JPEG
takes ~250 ms whole on a 2-core laptop, over the first pair's budget with the rest)."""
DCT_SCALES = (8, 4, 2, 1)
DEFAULT_MAX_PIXELS = int(DEFAULT_MAX_MEGAPIXELS * 1_000_000)
"""The most pixels an image may declare to be decoded, unless its project says otherwise."""
THUMBNAIL_MAX_PIXELS = 1_000_000
"""An EXIF thumbnail declaring more is not one (cameras write about 160 × 120): never
decoded."""
ASPECT_TOLERANCE = 0.02
"""A thumbnail whose shape differs more than this from the photo's carries bars (cameras
letterbox a 3:2 photo into a 4:3 thumbnail): it is cropped to the photo's shape."""

_TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
"""What EXIF orientation N asks to be done to the stored pixels (as ImageOps.exif_transpose)."""
_SIDEWAYS = {5, 6, 7, 8}


class ImageDecodeError(Exception):
    """An image that cannot be shown, with a sentence saying why."""


@dataclass(frozen=True)
class Decoded:
    """Upright pixels (RGB or RGBA) and the upright size of the photo they were made from."""

    image: Image.Image
    native: tuple[int, int]


def fit_size(native: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """The largest size with ``native``'s shape inside ``box``, never larger than ``native``
    (a photo smaller than the pane is decoded at its own size and enlarged on screen)."""
    width, height = native
    scale = min(1.0, box[0] / width, box[1] / height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def draft_scale(stored: tuple[int, int], target: tuple[int, int]) -> int:
    """The DCT scale divisor (8, 4, 2 or 1) to decode a ``stored``-size JPEG at for
    ``target``: the coarsest with :data:`DRAFT_HEADROOM` times the target, except that a
    photo above :data:`FULL_DECODE_MAX_PIXELS` is decoded at half size if that covers it."""
    def covers(scale: int, factor: float) -> bool:
        return all(side // scale >= factor * want for side, want in zip(stored, target,
                                                                         strict=True))

    scale = next(scale for scale in DCT_SCALES if scale == 1 or covers(scale, DRAFT_HEADROOM))
    large = stored[0] * stored[1] > FULL_DECODE_MAX_PIXELS
    return 2 if scale == 1 and large and covers(2, 1) else scale


def decode_fitted(path: Path, box: tuple[int, int], *,
                  max_pixels: int = DEFAULT_MAX_PIXELS) -> Decoded:
    """Decode ``path`` upright at :func:`fit_size` of ``box`` (device pixels); an image
    whose header declares more than ``max_pixels`` is refused before any of it is decoded
    (a few kilobytes of PNG can declare 169 megapixels)."""
    try:
        with Image.open(path) as image:
            refused = too_large(image.size, max_pixels)
            if refused is not None:
                raise ImageDecodeError(f"{path} {refused}")
            orientation = _orientation(image)
            native = _upright(image.size, orientation)
            target = fit_size(native, box)
            stored = _upright(target, orientation)  # the same swap turns it back
            scale = draft_scale(image.size, stored)
            image.draft("RGB", (image.width // scale, image.height // scale))  # JPEG only
            pixels = image.convert("RGBA" if _has_alpha(image) else "RGB")
            if pixels.size != stored:
                pixels = pixels.resize(stored, Image.Resampling.LANCZOS, reducing_gap=3.0)
            return Decoded(_transposed(pixels, orientation), native)
    except FileNotFoundError as error:
        raise ImageDecodeError(f"The image file {path} is missing.") from error
    except UnidentifiedImageError as error:
        raise ImageDecodeError(f"{path} is not an image this app can read.") from error
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as error:
        raise ImageDecodeError(f"{path} cannot be shown: {error}") from error


def exif_thumbnail(path: Path) -> Decoded | None:
    """The JPEG's embedded EXIF thumbnail, upright and in the photo's shape; None when there
    is none or it cannot be read (a damaged preview never stops the photo: the sharp decode
    follows and reports what is wrong with the file)."""
    try:
        with Image.open(path) as image:
            if image.format != "JPEG":
                return None
            exif = image.getexif()
            orientation = _orientation(image)
            stored_size = image.size
            data = _thumbnail_bytes(image.info.get("exif", b""),
                                    exif.get_ifd(ExifTags.IFD.IFD1))
        if data is None:
            return None
        with Image.open(io.BytesIO(data)) as thumbnail:
            if thumbnail.format != "JPEG" or (
                    thumbnail.width * thumbnail.height > THUMBNAIL_MAX_PIXELS):
                return None
            pixels = _cropped_to_shape(thumbnail.convert("RGB"), stored_size)
    except (OSError, ValueError, SyntaxError, KeyError, TypeError, struct.error,
            Image.DecompressionBombError):
        return None
    return Decoded(_transposed(pixels, orientation), _upright(stored_size, orientation))


def _thumbnail_bytes(raw_exif: bytes, ifd1: Mapping[int, object]) -> bytes | None:
    """The thumbnail's JPEG bytes: IFD1 gives its offset from the TIFF header inside APP1."""
    offset, length = ifd1.get(THUMBNAIL_OFFSET_TAG), ifd1.get(THUMBNAIL_LENGTH_TAG)
    if not isinstance(offset, int) or not isinstance(length, int) or offset <= 0 or length <= 0:
        return None
    tiff = raw_exif[6:] if raw_exif.startswith(b"Exif\x00\x00") else raw_exif
    data = tiff[offset:offset + length]
    return data if len(data) == length and data.startswith(b"\xff\xd8") else None


def _cropped_to_shape(thumbnail: Image.Image, stored_size: tuple[int, int]) -> Image.Image:
    width, height = thumbnail.size
    aspect = stored_size[0] / stored_size[1]
    if abs(width / height - aspect) <= ASPECT_TOLERANCE * aspect:
        return thumbnail
    if width / height > aspect:  # bars left and right
        keep = max(1, round(height * aspect))
        left = (width - keep) // 2
        return thumbnail.crop((left, 0, left + keep, height))
    keep = max(1, round(width / aspect))
    top = (height - keep) // 2
    return thumbnail.crop((0, top, width, top + keep))


def _orientation(image: Image.Image) -> int:
    """The EXIF orientation, 1 (as stored) when absent, unknown or unreadable."""
    try:
        value = image.getexif().get(ORIENTATION_TAG, 1)
    except (OSError, ValueError, SyntaxError, KeyError, TypeError, struct.error):
        return 1
    return value if value in _TRANSPOSE else 1


def _upright(size: tuple[int, int], orientation: int) -> tuple[int, int]:
    return (size[1], size[0]) if orientation in _SIDEWAYS else size


def _transposed(image: Image.Image, orientation: int) -> Image.Image:
    method = _TRANSPOSE.get(orientation)
    return image if method is None else image.transpose(method)


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
