"""The pair's photo on the rating screen of a 1366 × 768 laptop: as sharp as a reference
resize of the whole photo to the same pixels, and, when the photo is smaller than the pane,
saying that it is shown enlarged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from annotator.ui.main_window import MainWindow
from annotator.ui.widgets.image_view import ImageView
from tests.conftest import write_jpeg
from tests.photo_files import SHARP_BOUND, detailed_photo, mean_abs_difference
from tests.ui.painted import painted_photo

LAPTOP = (1366, 768)
PLAIN = {"dwell_seconds": 0, "feedback": False}


def laptop_window(qtbot, make_main_window, folder: Path) -> tuple[MainWindow, ImageView]:
    """The tagger's window at laptop size, once the first pair's photo is sharp."""
    window = make_main_window(folder, tagger="ana")
    window.resize(*LAPTOP)
    view = window.rating_screen.image_view
    qtbot.waitUntil(view.is_sharp, timeout=10_000)
    return window, view


def with_photo(folder: Path, photo: Path) -> Path:
    """Every item's image replaced by a copy of ``photo``, so the pair shown first has it."""
    for path in (folder / "images").glob("*.jpg"):
        shutil.copyfile(photo, path)
    return folder


@pytest.mark.parametrize("size", [(4800, 3200), (2000, 3000)],
                         ids=["15-MP landscape", "6-MP portrait"])
def test_the_pair_at_1366x768_is_as_sharp_as_a_reference_resize(
        qtbot, make_project_folder, make_main_window, tmp_path: Path,
        size: tuple[int, int]) -> None:
    photo = detailed_photo(tmp_path / "photo.jpg", size)
    folder = with_photo(make_project_folder(n_items=2, flow=PLAIN), photo)
    window, view = laptop_window(qtbot, make_main_window, folder)
    painted = painted_photo(view)
    assert painted.size == view.frame().size and max(painted.size) < max(size)
    with Image.open(photo) as whole:
        reference = whole.convert("RGB").resize(painted.size, Image.Resampling.LANCZOS)
    assert mean_abs_difference(painted, reference) < SHARP_BOUND
    # the bound tells sharp from soft: the reference at half size, enlarged, is far off
    half = (painted.width // 2, painted.height // 2)
    soft = reference.resize(half, Image.Resampling.LANCZOS).resize(
        painted.size, Image.Resampling.BICUBIC)
    assert mean_abs_difference(soft, reference) > 2 * SHARP_BOUND
    assert view.notice_text() == "" and window.width() == LAPTOP[0]


def test_a_photo_smaller_than_the_pane_carries_its_enlargement_notice(
        qtbot, make_project_folder, make_main_window, tmp_path: Path) -> None:
    photo = write_jpeg(tmp_path / "small.jpg", size=(300, 200))
    folder = with_photo(make_project_folder(n_items=2, flow=PLAIN), photo)
    window, view = laptop_window(qtbot, make_main_window, folder)
    assert view.frame().size == (300, 200)  # its own pixels; only the painter enlarges
    percent = round(100 * painted_photo(view).width / 300)
    assert percent > 100
    notice = f"Shown at {percent} %"
    assert view.notice_text().startswith(notice) and "300 × 200 px" in view.notice_text()
    assert notice in view.accessibleDescription() and window.width() == LAPTOP[0]
    assert "fine detail is missing" in view.accessibleDescription()
