"""Images decode off the GUI thread, upright per EXIF, never larger than needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from annotator.ui.image_loader import (
    ImageDecodeError,
    ImageLoader,
    decode_for_display,
    draft_request,
)
from tests.conftest import write_jpeg


@pytest.mark.parametrize(("orientation", "expected"), [(1, (60, 40)), (3, (60, 40)),
                                                       (6, (40, 60)), (8, (40, 60))])
def test_exif_orientation_is_honoured(tmp_path: Path, orientation: int, expected) -> None:
    path = write_jpeg(tmp_path / "phone.jpg", size=(60, 40), exif_orientation=orientation)
    image = decode_for_display(path)
    assert (image.width(), image.height()) == expected


def test_rotation_puts_the_marked_corner_where_the_camera_meant(tmp_path: Path) -> None:
    raw = Image.new("RGB", (60, 40), (0, 0, 255))
    raw.paste((255, 0, 0), (0, 0, 10, 10))  # red top-left corner as stored
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to display"
    raw.save(tmp_path / "p.png", exif=exif)
    image = decode_for_display(tmp_path / "p.png")
    top_right = image.pixelColor(image.width() - 3, 2)
    assert (top_right.red(), top_right.blue()) == (255, 0)


def test_large_images_are_decoded_at_display_size(tmp_path: Path) -> None:
    path = write_jpeg(tmp_path / "big.jpg", size=(6000, 4000))
    image = decode_for_display(path, max_side=1500)
    assert max(image.width(), image.height()) <= 1500
    assert abs(image.width() / image.height() - 1.5) < 0.01


def test_transparent_png_keeps_its_alpha(tmp_path: Path) -> None:
    Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(tmp_path / "t.png")
    assert decode_for_display(tmp_path / "t.png").hasAlphaChannel()


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
        decode_for_display(path)
    assert words in str(caught.value) and str(path) in str(caught.value)


def test_loader_decodes_in_the_background_and_caches(qtbot, tmp_path: Path) -> None:
    loader = ImageLoader(cache_size=2)
    paths = [write_jpeg(tmp_path / f"{i}.jpg", size=(30 + i, 20)) for i in range(3)]
    with qtbot.waitSignal(loader.image_ready, timeout=5000) as ready:
        loader.request(paths[0])
    assert ready.args[0] == str(paths[0]) and ready.args[1].width() == 30
    for path in paths[1:]:
        with qtbot.waitSignal(loader.image_ready, timeout=5000):
            loader.prefetch(path)
    assert loader.cached(paths[0]) is None  # evicted: only the last two are kept
    assert loader.cached(paths[2]).width() == 32


def test_loader_reports_failures(qtbot, tmp_path: Path) -> None:
    loader = ImageLoader()
    with qtbot.waitSignal(loader.image_failed, timeout=5000) as failed:
        loader.request(tmp_path / "gone.jpg")
    assert "missing" in failed.args[1]


@pytest.mark.parametrize(("size", "expected"), [((6000, 4000), (2560, 1707)),
                                                ((4000, 6000), (1707, 2560)),
                                                ((800, 600), (800, 600))])
def test_draft_request_keeps_the_aspect_so_jpeg_scaling_applies(size, expected) -> None:
    assert draft_request(size, max_side=2560) == expected


def test_a_24_megapixel_jpeg_decodes_at_half_size_not_full(tmp_path: Path) -> None:
    path = write_jpeg(tmp_path / "big.jpg", size=(6000, 4000))
    with Image.open(path) as image:
        image.draft("RGB", draft_request(image.size, max_side=2560))
        assert image.size == (3000, 2000)
    decoded = decode_for_display(path, max_side=2560)
    assert (decoded.width(), decoded.height()) == (2560, 1707)
