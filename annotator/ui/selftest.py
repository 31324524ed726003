"""The Qt step of ``annotator --self-test``: rate one pair on the real rating screen.

It goes through the same composition root as the app (``build_main_window``), so a frozen
bundle proves its Qt platform plugin, its image decoding and the rating flow together.
Whatever pair the flow shows first is rated with a level of the rubric.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer, qVersion
from PySide6.QtWidgets import QApplication

from annotator.ui.app import build_main_window

WAIT_SECONDS = 20.0


class RatingScreenError(Exception):
    """The rating screen did not come up or did not take the rating."""


@dataclass(frozen=True)
class RatedPair:
    """What the screen reported: the rating to look for in the session file, and timings."""

    rating_id: str
    item_id: str
    value: float
    startup_ms: int
    """From before Qt was imported to the first image on screen."""
    qt_version: str
    platform: str


def rate_first_pair(project_folder: Path, *, tagger: str, value: float,
                    started: float | None = None) -> RatedPair:
    """Open the project as ``tagger``, rate the pair on screen ``value``, close; what was stored.

    ``startup_ms`` counts from ``started`` (a ``time.perf_counter()`` taken before Qt was
    imported) to the first image on screen: the app's start-up cost once Python runs.
    """
    tick = time.perf_counter() if started is None else started
    app = QApplication.instance() or QApplication(["annotator", "--self-test"])
    window = build_main_window(project_folder, tagger=tagger)
    try:
        window.show()
        screen = window.rating_screen
        if screen is None or screen.current_pair is None:
            raise RatingScreenError("the rating screen did not open on a pair")
        pair = screen.current_pair
        _wait_until(screen.image_view.has_image, "the first image to be shown")
        startup_ms = round((time.perf_counter() - tick) * 1000)
        if window.grab().isNull():
            raise RatingScreenError("the window could not be painted")
        submitted: list[str] = []
        screen.rating_submitted.connect(submitted.append)
        screen.choose_level(value)
        screen.submit()
        if len(submitted) != 1:
            raise RatingScreenError(f"submitting level {value:g} stored {len(submitted)} ratings")
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()
    return RatedPair(
        rating_id=submitted[0],
        item_id=pair.item.item_id,
        value=value,
        startup_ms=startup_ms,
        qt_version=qVersion(),
        platform=app.platformName(),
    )


def _wait_until(condition: Callable[[], bool], what: str) -> None:
    """Run the event loop (image decoding finishes on a worker thread) until ``condition``."""
    deadline = time.monotonic() + WAIT_SECONDS
    loop = QEventLoop()
    while not condition():
        if time.monotonic() > deadline:
            raise RatingScreenError(f"timed out after {WAIT_SECONDS:g} s waiting for {what}")
        QTimer.singleShot(10, loop.quit)
        loop.exec()
