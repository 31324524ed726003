"""The image view paints a decode of exactly the pixels the photo covers, re-decodes on
resize and zoom while showing the frame it has, and says when a photo is enlarged."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication

from annotator.ui.image_loader import ImageLoader
from annotator.ui.widgets.image_view import ImageView
from tests.conftest import write_jpeg
from tests.photo_files import detailed_photo, mean_abs_difference
from tests.ui.painted import painted_photo, to_pil


@pytest.fixture
def make_view(qtbot):
    def make(width: int = 500, height: int = 400) -> ImageView:
        view = ImageView(ImageLoader())
        qtbot.addWidget(view)
        view.resize(width, height)
        view.show()
        qtbot.waitExposed(view)
        return view

    return make


def test_a_large_photo_is_decoded_to_the_pixels_it_fills_and_painted_as_is(
        qtbot, make_view, tmp_path: Path) -> None:
    view = make_view()
    path = detailed_photo(tmp_path / "big.jpg", (3000, 2000))
    view.show_path(path, description="Image big.jpg")
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    viewport = view.maximumViewportSize()
    assert view.frame().size == (viewport.width(), round(viewport.width() * 2 / 3))
    assert mean_abs_difference(painted_photo(view), to_pil(view.frame().image)) < 0.01
    assert view.notice_text() == "" and view.accessibleDescription() == "Image big.jpg"


def test_a_small_photo_is_enlarged_and_says_so(qtbot, make_view, tmp_path: Path) -> None:
    view = make_view(900, 500)
    path = write_jpeg(tmp_path / "small.jpg", size=(300, 200))
    view.show_path(path, description="Image small.jpg")
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    viewport = view.maximumViewportSize()
    percent = round(100 * min(viewport.width() / 300, viewport.height() / 200))
    assert view.frame().size == (300, 200)  # its own pixels, enlarged only when painted
    notice = view.findChild(object, "imageScaleNotice")
    assert notice.isVisible() and f"Shown at {percent} %" in view.notice_text()
    assert f"Shown at {percent} %" in view.accessibleDescription()
    assert "fine detail is missing" in view.accessibleDescription()


def test_zooming_in_redecodes_sharper_without_a_blank_frame(qtbot, make_view,
                                                           tmp_path: Path) -> None:
    view = make_view()
    path = detailed_photo(tmp_path / "big.jpg", (3000, 2000))
    view.show_path(path, description="Image")
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    fitted = view.frame().size
    view.zoom_by(2.0)
    assert view.has_image() and not view.is_sharp()  # the fitted frame, scaled, meanwhile
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    assert abs(view.frame().size[0] - 2 * fitted[0]) <= 1
    view.zoom_by(4.0)  # past the photo's own pixels: its full size, and the notice
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    assert view.frame().size == (3000, 2000)
    assert "Shown at" in view.notice_text()
    view.fit()
    qtbot.waitUntil(view.is_sharp, timeout=1000)  # the fitted decode is still cached
    assert view.frame().size == fitted and view.notice_text() == ""


def test_a_resize_redecodes_at_the_new_size(qtbot, make_view, tmp_path: Path) -> None:
    view = make_view(400, 300)
    view.show_path(detailed_photo(tmp_path / "big.jpg", (3000, 2000)), description="Image")
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    small = view.frame().size
    view.resize(800, 600)
    assert view.has_image() and not view.is_sharp()
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    assert view.frame().size[0] > 1.8 * small[0]


def test_the_thumbnail_is_a_first_frame_never_a_last(qtbot, make_view, tmp_path: Path) -> None:
    view = make_view()
    loader = view._loader
    path = write_jpeg(tmp_path / "cam.jpg", size=(3000, 2000),
                      thumbnail=Image.new("RGB", (160, 107), (0, 200, 0)))
    seen: list[bool] = []
    loader.frame_ready.connect(lambda frame: seen.append(frame.draft))
    view.show_path(path, description="Image")
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    assert True in seen  # the thumbnail was read
    loader.first_frame(path)  # a thumbnail arriving late (cached: delivered at once)
    assert view.is_sharp() and not view.frame().draft


def test_the_next_photos_are_prefetched_at_this_views_size(qtbot, make_view,
                                                           tmp_path: Path) -> None:
    view = make_view()
    current, upcoming = (write_jpeg(tmp_path / f"{n}.jpg", size=(2000, 1000)) for n in "ab")
    view.show_path(current, description="Image")
    view.prefetch([upcoming])
    qtbot.waitUntil(lambda: bool(view._loader.frames(upcoming)), timeout=5000)
    assert view.is_sharp()  # the photo on screen went first
    view.show_path(upcoming, description="Image")
    assert view.is_sharp()  # at once, no decode


def test_a_smaller_prefetched_frame_is_shown_meanwhile_never_as_the_final_frame(
        qtbot, make_view, tmp_path: Path) -> None:
    view = make_view(400, 300)
    current = write_jpeg(tmp_path / "a.jpg", size=(2000, 1000))
    upcoming = detailed_photo(tmp_path / "b.jpg", (3000, 2000))
    view.show_path(current, description="Image")
    view.prefetch([upcoming])
    qtbot.waitUntil(lambda: bool(view._loader.frames(upcoming)), timeout=5000)
    draft = view._loader.frames(upcoming)[0].size  # decoded for the 400 × 300 view
    view.resize(900, 650)
    view.show_path(upcoming, description="Image")
    assert view.frame().size == draft and not view.is_sharp()  # scaled up, for now only
    qtbot.waitUntil(view.is_sharp, timeout=5000)
    qtbot.waitUntil(lambda: not view._settle.isActive() and not view._loader._jobs)
    # nothing more is asked or on its way; what arrived late did not replace it
    final = view.frame()
    assert final.size[0] > 2 * draft[0] and final.size == view._wanted_size()
    assert mean_abs_difference(painted_photo(view), to_pil(final.image)) < 0.01


def test_an_unreadable_photo_shows_why(qtbot, make_view, tmp_path: Path) -> None:
    view = make_view()
    broken = tmp_path / "broken.jpg"
    broken.write_text("not a photo", encoding="utf-8")
    with qtbot.waitSignal(view.failed, timeout=5000) as failed:
        view.show_path(broken, description="Image")
    assert "not an image" in failed.args[0]
    assert not view.has_image() and "not an image" in view.accessibleDescription()


def test_a_message_in_place_of_the_photo_follows_the_text_size(qtbot, make_view) -> None:
    """Text made larger from the View menu (the application's font) enlarges a message
    already shown, and the next one too."""
    view = make_view()
    view.show_message("Choose an item in the list.")
    normal = view.font().pointSizeF()
    message = view._message_item
    assert message.font().pointSizeF() == pytest.approx(normal)
    font = QApplication.font()
    try:
        font.setPointSizeF(normal * 2)
        QApplication.setFont(font)
        qtbot.waitUntil(lambda: view.font().pointSizeF() == pytest.approx(normal * 2))
        assert message.font().pointSizeF() == pytest.approx(normal * 2)
        assert message.toPlainText() == "Choose an item in the list."
        view.show_message("This photo is hidden.")
        assert message.font().pointSizeF() == pytest.approx(normal * 2)
    finally:
        font.setPointSizeF(normal)
        QApplication.setFont(font)


HIGH_DPI = """
    import sys
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from annotator.ui.image_loader import ImageLoader
    from annotator.ui.widgets.image_view import ImageView
    from tests.photo_files import detailed_photo, mean_abs_difference
    from tests.ui.painted import painted_photo, to_pil

    app = QApplication([])
    view = ImageView(ImageLoader())
    view.resize(400, 300)
    view.show()
    view.show_path(detailed_photo(Path(sys.argv[1]), (3000, 2000)), description="Image")
    while not view.is_sharp():
        app.processEvents()
    logical = view.maximumViewportSize().width()
    painted = mean_abs_difference(painted_photo(view), to_pil(view.frame().image))
    print(view.devicePixelRatioF(), logical, view.frame().size[0], painted)
"""


def test_on_a_high_dpi_screen_the_decode_has_the_device_pixels(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(HIGH_DPI), str(tmp_path / "p.jpg")],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[2],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"})
    assert result.returncode == 0, result.stderr
    ratio, logical, frame_width, painted = result.stdout.split()
    assert float(ratio) == 2.0
    assert int(frame_width) == 2 * int(logical)
    assert float(painted) < 0.01  # painted pixel for pixel at 2×
