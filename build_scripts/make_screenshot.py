"""Write docs/images/rating-screen.png: the real rating screen on the sample project.

Run: ``QT_QPA_PLATFORM=offscreen python build_scripts/make_screenshot.py``. On a temporary
copy of ``sample_projects/vicr-demo`` a new tagger goes past the tutorial's opening page and
rates the first tutorial pair one level off the experts' rating, as a person would with the
keyboard; the window is grabbed with the experts' feedback on screen. The user's settings
are left alone (a scratch settings folder).
"""

from __future__ import annotations

import csv
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_projects" / "vicr-demo"
TARGET = ROOT / "docs" / "images" / "rating-screen.png"
SIZE = (1120, 760)
COLOURS = 128
"""The PNG is stored with a palette: a full-colour grab of the photographs is ~1 MB."""


def main() -> None:
    scratch = Path(tempfile.mkdtemp(prefix="annotator-screenshot-"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["ANNOTATOR_CONFIG_DIR"] = str(scratch / "config")
    try:
        folder = scratch / "vicr-demo"
        shutil.copytree(SAMPLE, folder)
        _grab(folder, scratch / "grab.png")
        _store_small(scratch / "grab.png", TARGET)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{TARGET} ({TARGET.stat().st_size // 1024} KB)")


def _grab(folder: Path, path: Path) -> None:
    """A new tagger rates the first tutorial pair one level off the experts' rating, so
    the picture shows the experts' feedback, explanation and points."""
    from PySide6.QtCore import QEventLoop, QTimer  # noqa: TID251 (a build script, not the app)
    from PySide6.QtWidgets import QApplication  # noqa: TID251

    from annotator.store.records import Phase
    from annotator.ui.app import build_main_window
    from annotator.ui.screens.rating_screen import ScreenState

    with (folder / "gold.csv").open(encoding="utf-8") as gold_file:
        gold = {row["item_id"]: float(row["rating"]) for row in csv.DictReader(gold_file)}
    app = QApplication.instance() or QApplication(["annotator"])
    window = build_main_window(folder, tagger="Ana")
    window.resize(*SIZE)
    window.show()
    screen = window.rating_screen
    assert screen is not None, "the rating screen did not open"

    def wait_until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        loop = QEventLoop()
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit("timed out waiting for the rating screen")
            QTimer.singleShot(20, loop.quit)
            loop.exec()

    def accepted() -> bool:
        screen.submit()  # nothing happens until the minimum dwell is over
        return screen.state is ScreenState.FEEDBACK

    while screen.state is ScreenState.NOTICE:
        screen.submit()  # the tutorial's opening page, passed with Enter
    pair = screen.current_pair
    assert pair is not None and pair.phase is Phase.TUTORIAL, "no tutorial pair on screen"
    wait_until(screen.image_view.has_image)
    expert = gold[pair.item.item_id]
    screen.choose_level(expert - 1 if expert > 1 else expert + 1)
    wait_until(accepted)
    app.processEvents()
    window.grab().save(str(path))
    window.close()


def _store_small(grab: Path, target: Path) -> None:
    from PIL import Image

    target.parent.mkdir(parents=True, exist_ok=True)
    with Image.open(grab) as image:
        image.convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE).save(
            target, optimize=True)


if __name__ == "__main__":
    sys.exit(main())
