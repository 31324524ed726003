"""Photo files for tests and benchmarks of the image path: EXIF blocks as cameras write
them, photos with fine detail, and the measure of how far two renderings are apart."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import numpy as np
from PIL import Image

SHARP_BOUND = 1.5
"""Mean absolute difference (levels of 255) under which a frame counts as sharp as a
Lanczos resize of the whole photo; the reference blurred by one pixel is 7–9 away."""


def detailed_photo(path: Path, size: tuple[int, int] = (3000, 2000)) -> Path:
    """A JPEG with detail at every scale (a texture a few pixels fine, blotches, hard
    stripes), so softness shows in numbers; pixel-level white noise would not (reduced, it
    is grey)."""
    fine = Image.effect_noise((size[0] // 3, size[1] // 3), 40).resize(
        size, Image.Resampling.BICUBIC)
    coarse = Image.effect_noise((size[0] // 40, size[1] // 40), 60).resize(
        size, Image.Resampling.BICUBIC)
    stripes = Image.linear_gradient("L").resize(size).point(lambda v: 255 if v // 8 % 2 else 0)
    Image.merge("RGB", (fine, coarse, Image.blend(stripes, fine, 0.3))).save(
        path, "JPEG", quality=95)
    return path


def mean_abs_difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size, (a.size, b.size)
    return float(np.abs(np.asarray(a, np.int16) - np.asarray(b, np.int16)).mean())


def exif_with_thumbnail(thumbnail: Image.Image, *, orientation: int = 1) -> bytes:
    """An APP1 EXIF block as cameras write it: IFD0 with the orientation, then IFD1 pointing
    at the thumbnail's JPEG bytes (Pillow reads IFD1 but does not write it)."""
    buffer = io.BytesIO()
    thumbnail.save(buffer, "JPEG", quality=80)
    data = buffer.getvalue()

    def entry(tag: int, kind: int, value: int) -> bytes:  # one value: SHORT (3) or LONG (4)
        packed = struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value)
        return struct.pack("<HHI", tag, kind, 1) + packed

    ifd1_at = 8 + 2 + 12 + 4
    data_at = ifd1_at + 2 + 3 * 12 + 4
    tiff = (b"II*\x00" + struct.pack("<I", 8)
            + struct.pack("<H", 1) + entry(0x0112, 3, orientation) + struct.pack("<I", ifd1_at)
            + struct.pack("<H", 3) + entry(0x0103, 3, 6) + entry(0x0201, 4, data_at)
            + entry(0x0202, 4, len(data)) + struct.pack("<I", 0) + data)
    return b"Exif\x00\x00" + tiff
