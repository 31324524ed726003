"""The sample projects' photographs: realistic in size, licensed, and exactly what
``build_scripts/make_sample_images.py`` says they are (crop, size, EXIF, thumbnail)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import ExifTags, Image, ImageOps

from tests.samples import SAMPLE, build_script

SAMPLES = SAMPLE.parent
NAMES = sorted(path.name for path in SAMPLES.iterdir() if (path / "project.toml").is_file())
SCRIPT = build_script("make_sample_images")
BUNDLED_BUDGET = 6_000_000
"""Bytes the bundled sample's photos may take: it ships in every installer."""


def embedded_thumbnail(image: Image.Image) -> Image.Image | None:
    """The JPEG thumbnail of the EXIF block's IFD1, as a viewer reads it for a first frame."""
    ifd1 = image.getexif().get_ifd(ExifTags.IFD.IFD1)
    if not ifd1:
        return None
    tiff = image.info["exif"].removeprefix(b"Exif\0\0")
    start, length = ifd1[ExifTags.Base.JpegIFOffset], ifd1[ExifTags.Base.JpegIFByteCount]
    thumbnail = Image.open(io.BytesIO(tiff[start:start + length]))
    thumbnail.load()
    return thumbnail


@pytest.mark.parametrize("name", NAMES)
def test_each_sample_holds_the_photos_it_shows_and_their_licences(name: str) -> None:
    sample = SAMPLES / name
    files = sorted(path.name for path in (sample / "images").iterdir()
                   if path.name != "licenses.csv")
    assert files == SCRIPT.sample_images(sample) and len(files) >= 6
    assert (sample / "images" / "licenses.csv").read_text(encoding="utf-8") == \
        SCRIPT.licences_csv(files)
    for file in files:
        assert (sample / "images" / file).read_bytes() == \
            (SAMPLE / "images" / file).read_bytes(), f"{name}/{file} differs from vicr-demo's"


def test_every_photo_is_large_licensed_and_as_its_licence_row_says() -> None:
    assert sorted(photo.file for photo in SCRIPT.PHOTOS) == SCRIPT.sample_images(SAMPLE)
    total = 0
    for photo in SCRIPT.PHOTOS:
        path = SAMPLE / "images" / photo.file
        total += path.stat().st_size
        assert photo.licence in SCRIPT.LICENCE_URLS  # CC0, CC BY, CC BY-SA only
        with Image.open(path) as image:
            exif = image.getexif()
            stored = image.size
            upright = ImageOps.exif_transpose(image).size
            thumbnail = embedded_thumbnail(image)
        assert upright == photo.upright and max(upright) >= 1600, photo.file
        assert stored == (upright[::-1] if photo.turned else upright), photo.file
        assert exif[ExifTags.Base.Orientation] == (6 if photo.turned else 1), photo.file
        assert exif[ExifTags.Base.Artist] == photo.author
        assert photo.licence in exif[ExifTags.Base.Copyright]
        assert (thumbnail is not None) == photo.thumbnail, photo.file
        if thumbnail is not None:  # same orientation and shape as the stored pixels
            assert max(thumbnail.size) == SCRIPT.THUMBNAIL_SIDE
            assert abs(thumbnail.width / thumbnail.height - stored[0] / stored[1]) < 0.02
    assert {photo.turned for photo in SCRIPT.PHOTOS} == {True, False}
    assert {photo.thumbnail for photo in SCRIPT.PHOTOS} == {True, False}
    assert total <= BUNDLED_BUDGET, f"the bundled photos take {total:,} bytes"


def test_the_exif_block_reads_back_as_written(tmp_path: Path) -> None:
    """A made-up thumbnail and text through the script's EXIF writer and Pillow's reader."""
    photo = SCRIPT.PHOTOS[0]
    small = io.BytesIO()
    Image.new("RGB", (32, 20), (200, 10, 10)).save(small, "JPEG")
    path = tmp_path / "x.jpg"
    Image.new("RGB", (64, 40), "white").save(
        path, "JPEG", exif=SCRIPT.exif_block(photo, small.getvalue()))
    with Image.open(path) as image:
        exif = image.getexif()
        assert exif[ExifTags.Base.Orientation] == (6 if photo.turned else 1)
        assert exif[ExifTags.Base.Copyright] == photo.copyright
        thumbnail = embedded_thumbnail(image)
    assert thumbnail is not None and thumbnail.size == (32, 20)
    assert thumbnail.getpixel((16, 10))[0] > 150
