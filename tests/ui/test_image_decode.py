"""Photos decode upright to exactly the pixels they fill, never larger than needed; the
embedded EXIF thumbnail is found, stood upright and cropped to the photo's shape."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageFilter

from annotator.ui.image_decode import (
    ImageDecodeError,
    decode_fitted,
    draft_scale,
    exif_thumbnail,
    fit_size,
)
from tests.conftest import write_jpeg
from tests.photo_files import (
    SHARP_BOUND,
    detailed_photo,
    exif_with_thumbnail,
    mean_abs_difference,
)

BOX = (1000, 1000)


@pytest.mark.parametrize(("native", "box", "expected"), [
    ((6000, 4000), (1346, 520), (780, 520)),  # height decides
    ((6000, 4000), (1346, 1000), (1346, 897)),  # width decides
    ((4000, 6000), (800, 800), (533, 800)),
    ((600, 400), (1346, 520), (600, 400)),  # smaller than the box: its own size, no more
    ((5000, 1), (100, 100), (100, 1)),  # never 0 px
])
def test_fit_size_keeps_the_shape_and_never_enlarges(native, box, expected) -> None:
    assert fit_size(native, box) == expected


@pytest.mark.parametrize(("orientation", "expected"), [(1, (60, 40)), (3, (60, 40)),
                                                       (6, (40, 60)), (8, (40, 60))])
def test_exif_orientation_is_honoured(tmp_path: Path, orientation: int, expected) -> None:
    path = write_jpeg(tmp_path / "phone.jpg", size=(60, 40), exif_orientation=orientation)
    decoded = decode_fitted(path, BOX)
    assert decoded.image.size == expected and decoded.native == expected


def test_rotation_puts_the_marked_corner_where_the_camera_meant(tmp_path: Path) -> None:
    raw = Image.new("RGB", (60, 40), (0, 0, 255))
    raw.paste((255, 0, 0), (0, 0, 10, 10))  # red top-left corner as stored
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to display"
    raw.save(tmp_path / "p.png", exif=exif)
    image = decode_fitted(tmp_path / "p.png", BOX).image
    assert image.getpixel((image.width - 3, 2)) == (255, 0, 0)


def test_a_sideways_photo_is_fitted_upright(tmp_path: Path) -> None:
    path = write_jpeg(tmp_path / "phone.jpg", size=(3000, 2000), exif_orientation=6)
    decoded = decode_fitted(path, (700, 700))
    assert decoded.native == (2000, 3000)
    assert decoded.image.size == (467, 700)


@pytest.mark.parametrize(("stored", "target", "scale"), [
    ((6000, 4000), (780, 520), 2),  # 1/4 would be 1500 px: under twice 780
    ((6000, 4000), (700, 400), 4),
    ((6000, 4000), (300, 200), 8),
    ((6000, 4000), (2000, 1333), 2),  # 4K pane: half size, not 24 MP whole
    ((3000, 2000), (780, 520), 1),  # 6 MP: whole is cheap, and sharper than 1/2
    ((3000, 2000), (300, 200), 4),
    ((600, 400), (600, 400), 1),
])
def test_the_dct_scale_leaves_twice_the_target(stored, target, scale) -> None:
    assert draft_scale(stored, target) == scale


def test_a_24_megapixel_jpeg_is_not_decoded_whole(tmp_path: Path) -> None:
    path = write_jpeg(tmp_path / "big.jpg", size=(6000, 4000))
    with Image.open(path) as image:
        image.draft("RGB", (6000 // 2, 4000 // 2))  # what decode_fitted asks for a laptop
        assert image.size == (3000, 2000)
    assert decode_fitted(path, (1346, 520)).image.size == (780, 520)


@pytest.mark.parametrize(("size", "box", "bound"), [
    ((3000, 2000), (1346, 520), SHARP_BOUND),  # 6 MP on a 1366 × 768 laptop: decoded whole
    ((4800, 3200), (1346, 520), SHARP_BOUND),  # 15 MP: at 1/2, twice the pixels it fills
    ((4800, 3200), (2000, 1400), 2 * SHARP_BOUND),  # 4K pane: 1/2 is only 1.2× (speed first)
])
def test_the_decode_matches_a_full_size_reference_resize(tmp_path: Path, size, box,
                                                         bound) -> None:
    """As sharp as a Lanczos resize of the whole photo (mean absolute difference under
    ``bound`` levels of 255), where the reference blurred by one pixel is far off."""
    path = detailed_photo(tmp_path / "detail.jpg", size)
    decoded = decode_fitted(path, box).image
    with Image.open(path) as full:
        reference = full.convert("RGB").resize(decoded.size, Image.Resampling.LANCZOS)
    blurred = reference.filter(ImageFilter.GaussianBlur(1))
    assert mean_abs_difference(decoded, reference) < bound
    assert mean_abs_difference(blurred, reference) > 2 * bound


def test_transparent_png_keeps_its_alpha(tmp_path: Path) -> None:
    Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(tmp_path / "t.png")
    assert decode_fitted(tmp_path / "t.png", BOX).image.mode == "RGBA"


def test_a_palette_png_is_reduced_smoothly_not_by_nearest_pixel(tmp_path: Path) -> None:
    stripes = Image.new("P", (400, 400))
    stripes.putpalette([0, 0, 0, 255, 255, 255])
    stripes.putdata([x % 2 for _y in range(400) for x in range(400)])
    stripes.save(tmp_path / "stripes.png")
    image = decode_fitted(tmp_path / "stripes.png", (100, 100)).image
    assert image.mode == "RGB" and 100 < image.getpixel((50, 50))[0] < 155  # averaged grey


@pytest.mark.parametrize(("damage", "words"), [("delete", "missing"), ("text", "not an image"),
                                               ("truncate", "cannot be shown")])
def test_undecodable_files_raise_a_sentence(tmp_path: Path, damage: str, words: str) -> None:
    path = write_jpeg(tmp_path / "x.jpg", size=(400, 300))
    data = path.read_bytes()
    if damage == "delete":
        path.unlink()
    elif damage == "text":
        path.write_text("hello", encoding="utf-8")
    else:
        path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ImageDecodeError) as caught:
        decode_fitted(path, BOX)
    assert words in str(caught.value) and str(path) in str(caught.value)


def marked_thumbnail(size: tuple[int, int] = (160, 120)) -> Image.Image:
    thumbnail = Image.new("RGB", size, (0, 0, 255))
    thumbnail.paste((255, 0, 0), (0, 0, 24, 24))  # red top-left corner as stored
    return thumbnail


@pytest.mark.parametrize(("orientation", "corner"), [(1, (0, 0)), (3, (-1, -1)), (6, (-1, 0)),
                                                     (8, (0, -1))])
def test_the_thumbnail_stands_as_the_photo_does(tmp_path: Path, orientation: int,
                                                corner: tuple[int, int]) -> None:
    path = write_jpeg(tmp_path / "cam.jpg", size=(800, 600), exif_orientation=orientation,
                      thumbnail=marked_thumbnail())
    found = exif_thumbnail(path)
    assert found is not None
    sideways = orientation in (6, 8)
    assert found.native == ((600, 800) if sideways else (800, 600))
    assert found.image.size == ((120, 160) if sideways else (160, 120))
    width, height = found.image.size
    x = 4 if corner[0] == 0 else width - 5
    y = 4 if corner[1] == 0 else height - 5
    red, _, blue = found.image.getpixel((x, y))
    assert red > 200 and blue < 60


def test_a_letterboxed_thumbnail_is_cropped_to_the_photo_shape(tmp_path: Path) -> None:
    """Cameras put a 3:2 photo into a 160 × 120 thumbnail between black bars."""
    framed = Image.new("RGB", (160, 120))
    framed.paste((255, 255, 255), (0, 7, 160, 113))
    path = write_jpeg(tmp_path / "cam.jpg", size=(1500, 1000), thumbnail=framed)
    found = exif_thumbnail(path)
    assert found is not None and found.image.size == (160, 107)
    assert min(found.image.getpixel((80, 1))) > 200 and min(found.image.getpixel((80, 105))) > 200


def test_no_thumbnail_means_none(tmp_path: Path) -> None:
    assert exif_thumbnail(write_jpeg(tmp_path / "plain.jpg")) is None
    assert exif_thumbnail(write_jpeg(tmp_path / "turned.jpg", exif_orientation=6)) is None
    Image.new("RGB", (8, 8)).save(tmp_path / "p.png")
    assert exif_thumbnail(tmp_path / "p.png") is None
    assert exif_thumbnail(tmp_path / "gone.jpg") is None


def test_a_damaged_thumbnail_means_none_not_an_error(tmp_path: Path) -> None:
    exif = bytearray(exif_with_thumbnail(marked_thumbnail()))
    exif[-40:] = b"\x00" * 40  # the thumbnail's JPEG data cut short
    Image.new("RGB", (300, 200)).save(tmp_path / "cut.jpg", exif=bytes(exif))
    pointing_out = exif_with_thumbnail(marked_thumbnail()).replace(  # offset past the block
        (68).to_bytes(4, "little"), (60_000).to_bytes(4, "little"), 1)
    Image.new("RGB", (300, 200)).save(tmp_path / "out.jpg", exif=pointing_out)
    assert exif_thumbnail(tmp_path / "cut.jpg") is None
    assert exif_thumbnail(tmp_path / "out.jpg") is None
