"""Images decode off the GUI thread to the size asked for; the cache is bounded in bytes."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from PySide6.QtGui import QImage

from annotator.ui.image_loader import Frame, ImageLoader, to_qimage
from tests.conftest import write_jpeg


def test_frames_are_qt_native_32_bit_with_the_right_colours() -> None:
    rgb = to_qimage(Image.new("RGB", (3, 2), (200, 80, 40)))
    assert rgb.format() == QImage.Format.Format_RGB32
    assert rgb.pixelColor(2, 1).getRgb() == (200, 80, 40, 255)
    rgba = to_qimage(Image.new("RGBA", (3, 2), (200, 80, 40, 128)))
    assert rgba.format() == QImage.Format.Format_ARGB32_Premultiplied
    red, _green, blue, alpha = rgba.pixelColor(0, 0).getRgb()
    assert alpha == 128 and abs(red - 200) <= 2 and abs(blue - 40) <= 2


def test_a_request_decodes_in_the_background_to_the_box_and_caches(qtbot,
                                                                    tmp_path: Path) -> None:
    loader = ImageLoader()
    path = write_jpeg(tmp_path / "a.jpg", size=(1200, 800))
    with qtbot.waitSignal(loader.frame_ready, timeout=5000) as ready:
        loader.request(path, (300, 300))
    frame: Frame = ready.args[0]
    assert (frame.path, frame.size, frame.native, frame.draft) == (str(path), (300, 200),
                                                                   (1200, 800), False)
    assert loader.frames(path) == [frame]
    with qtbot.waitSignal(loader.frame_ready, timeout=100) as again:  # cached: at once
        loader.request(path, (300, 300))
    assert again.args[0] is frame


def test_the_cache_is_bounded_in_bytes(qtbot, tmp_path: Path) -> None:
    one_frame = 400 * 300 * 4
    loader = ImageLoader(cache_bytes=2 * one_frame)
    paths = [write_jpeg(tmp_path / f"{i}.jpg", size=(800, 600)) for i in range(3)]
    for path in paths:
        with qtbot.waitSignal(loader.frame_ready, timeout=5000):
            loader.prefetch(path, (400, 300))
    assert loader.frames(paths[0]) == []  # evicted: only the last two fit
    assert [f.size for f in loader.frames(paths[2])] == [(400, 300)]
    assert loader.cached_bytes() == 2 * one_frame


def test_a_zoomed_in_decode_is_delivered_but_not_cached(qtbot, tmp_path: Path) -> None:
    loader = ImageLoader()
    path = write_jpeg(tmp_path / "big.jpg", size=(2000, 1500))
    with qtbot.waitSignal(loader.frame_ready, timeout=5000) as ready:
        loader.request(path, (2000, 1500), keep=False)
    assert ready.args[0].size == (2000, 1500)
    assert loader.frames(path) == [] and loader.cached_bytes() == 0


def test_a_request_for_a_queued_prefetch_still_arrives_once(qtbot, tmp_path: Path) -> None:
    """The image on screen takes a prefetch out of the queue and puts it first."""
    loader = ImageLoader()
    paths = [write_jpeg(tmp_path / f"{i}.jpg", size=(3000, 2000)) for i in range(5)]
    arrived: list[str] = []
    loader.frame_ready.connect(lambda frame: arrived.append(frame.path))
    for path in paths:
        loader.prefetch(path, (600, 600))
    loader.request(paths[-1], (600, 600))
    qtbot.waitUntil(lambda: len(arrived) == 5, timeout=10_000)
    assert sorted(arrived) == sorted(str(path) for path in paths)


def test_the_first_frame_is_the_exif_thumbnail(qtbot, tmp_path: Path) -> None:
    loader = ImageLoader()
    path = write_jpeg(tmp_path / "cam.jpg", size=(1500, 1000),
                      thumbnail=Image.new("RGB", (160, 107), (0, 200, 0)))
    with qtbot.waitSignal(loader.frame_ready, timeout=5000) as ready:
        loader.first_frame(path)
    frame = ready.args[0]
    assert frame.draft and frame.size == (160, 107) and frame.native == (1500, 1000)
    assert loader.frames(path) == []  # thumbnails are not decodes of the photo


def test_no_thumbnail_no_first_frame_and_failures_are_reported(qtbot, tmp_path: Path) -> None:
    loader = ImageLoader()
    arrived: list[Frame] = []
    loader.frame_ready.connect(arrived.append)
    loader.first_frame(write_jpeg(tmp_path / "plain.jpg"))
    loader.first_frame(tmp_path / "gone.jpg")
    with qtbot.waitSignal(loader.image_failed, timeout=5000) as failed:
        loader.request(tmp_path / "gone.jpg", (100, 100))
    assert failed.args[0] == str(tmp_path / "gone.jpg") and "missing" in failed.args[1]
    qtbot.waitUntil(lambda: not loader._jobs)  # every decode has reported
    assert arrived == []


def test_a_prefetch_of_a_cached_frame_keeps_it_from_eviction(qtbot, tmp_path: Path) -> None:
    """A photo shown again soon is prefetched while cached: it must move to the fresh end
    of the cache, or the frames decoded after it evict it and it is decoded again."""
    one_frame = 400 * 300 * 4
    loader = ImageLoader(cache_bytes=2 * one_frame)
    paths = [write_jpeg(tmp_path / f"{i}.jpg", size=(800, 600)) for i in range(3)]
    decoded: list[str] = []
    loader.frame_ready.connect(lambda frame: decoded.append(frame.path))
    for path in paths[:2]:
        with qtbot.waitSignal(loader.frame_ready, timeout=5000):
            loader.prefetch(path, (400, 300))
    loader.prefetch(paths[0], (400, 300))  # cached: no decode, but now the most recent
    with qtbot.waitSignal(loader.frame_ready, timeout=5000):
        loader.prefetch(paths[2], (400, 300))
    assert decoded == [str(paths[0]), str(paths[1]), str(paths[2])]
    assert [f.size for f in loader.frames(paths[0])] == [(400, 300)]
    assert loader.frames(paths[1]) == []


def test_finished_decode_jobs_are_freed(qtbot, tmp_path: Path) -> None:
    """A decode job lives until its frame arrives, not for the rest of the session."""
    import gc

    from PySide6.QtCore import QRunnable

    def live_jobs() -> int:
        gc.collect()
        return sum(isinstance(thing, QRunnable) for thing in gc.get_objects())

    before = live_jobs()
    loader = ImageLoader()
    paths = [write_jpeg(tmp_path / f"{i}.jpg", size=(200, 150)) for i in range(20)]
    for path in paths:
        with qtbot.waitSignal(loader.frame_ready, timeout=5000):
            loader.request(path, (100, 100))
    assert loader.wait_idle()
    qtbot.wait(50)
    assert live_jobs() - before == 0
