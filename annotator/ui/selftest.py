"""The Qt steps of ``annotator --self-test``: rate one pair in the tagger's window, and open
the lab lead's window on the result and export its analysis (charts drawn to PNG by QtSvg).

It goes through the same composition root as the app (``build_main_window``,
``build_lead_window``), so a frozen bundle proves its Qt platform plugin, its image
decoding, the rating flow and the lead's window together.
Whatever pair the flow shows first (a tutorial pair for a new tagger) is rated with a level
of the rubric, after the minimum dwell, exactly as a tagger would.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer, qVersion
from PySide6.QtWidgets import QApplication, QMenu, QStackedWidget

from annotator.reporting.exports import export_content
from annotator.ui.actions import LEAD_ACTIONS
from annotator.ui.app import build_lead_window, build_main_window
from annotator.ui.chart_image import png_bytes
from annotator.ui.screens.rating_screen import RatingScreen, ScreenState

WAIT_SECONDS = 20.0
"""Longest wait for an image or for the minimum dwell (3 s by default) to pass."""
MAX_NOTICES = 3


class WindowCheckError(Exception):
    """A window did not come up or did not do its part (take the rating, show the analysis)."""


@dataclass(frozen=True)
class RatedPair:
    """What the screen reported: the rating to look for in the session file, and timings."""

    rating_id: str
    item_id: str
    phase: str
    notices: int
    """Opening notices gone past with Enter before the first pair."""
    value: float
    startup_ms: int
    """From before Qt was imported to the first image on screen."""
    qt_version: str
    platform: str


def rate_first_pair(project_folder: Path, *, tagger: str, value: float,
                    started: float | None = None) -> RatedPair:
    """Open the project as ``tagger`` and do what a tagger does with Enter: go past any
    opening notice (e.g. the tutorial's), choose ``value`` for the pair on screen, submit
    once the minimum dwell is over; then close. Returns what the screen reported.

    ``startup_ms`` counts from ``started`` (a ``time.perf_counter()`` taken before Qt was
    imported) to the first image on screen: the app's start-up cost once Python runs.
    """
    tick = time.perf_counter() if started is None else started
    existing = QApplication.instance()
    app = (existing if isinstance(existing, QApplication)
           else QApplication(["annotator", "--self-test"]))
    window = build_main_window(project_folder, tagger=tagger)
    submitted: list[str] = []
    try:
        window.show()
        _wait_until(lambda: not window.starting, "the other laptops' ratings to be read")
        screen = window.rating_screen
        if screen is None:
            raise WindowCheckError("the rating screen did not open")
        notices = _go_past_notices(screen)
        pair = screen.current_pair
        if screen.state is not ScreenState.RATING or pair is None:
            raise WindowCheckError(f"the screen shows no pair to rate ({screen.state.value})")
        _wait_until(screen.image_view.has_image, "the first image to be shown")
        startup_ms = round((time.perf_counter() - tick) * 1000)
        if window.grab().isNull():
            raise WindowCheckError("the window could not be painted")
        screen.rating_submitted.connect(submitted.append)
        screen.choose_level(value)

        def submitted_once_allowed() -> bool:
            screen.submit()  # does nothing until the minimum dwell is over
            return bool(submitted)

        _wait_until(submitted_once_allowed, "the rating to be accepted after the dwell")
        if len(submitted) != 1:
            raise WindowCheckError(f"submitting level {value:g} stored {len(submitted)} ratings")
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()
    return RatedPair(
        rating_id=submitted[0],
        item_id=pair.item.item_id,
        phase=pair.phase.value,
        notices=notices,
        value=value,
        startup_ms=startup_ms,
        qt_version=qVersion(),
        platform=app.platformName(),
    )


def _go_past_notices(screen: RatingScreen) -> int:
    """Press Enter (``submit``) on notices until a pair is on screen; how many there were."""
    for count in range(MAX_NOTICES + 1):
        if screen.state is not ScreenState.NOTICE:
            return count
        screen.submit()
    raise WindowCheckError(f"more than {MAX_NOTICES} notices before the first pair")


def _wait_until(condition: Callable[[], bool], what: str) -> None:
    """Run the event loop (image decoding finishes on a worker thread) until ``condition``."""
    deadline = time.monotonic() + WAIT_SECONDS
    loop = QEventLoop()
    while not condition():
        if time.monotonic() > deadline:
            raise WindowCheckError(f"timed out after {WAIT_SECONDS:g} s waiting for {what}")
        QTimer.singleShot(10, loop.quit)
        loop.exec()


def analyse_in_lead_window(source: Path, export_to: Path) -> str:
    """Open the lead's window on ``source``: its main view must be the analysis pane, its
    menus every lead action; wait for the tabs, export every table, chart (SVG and PNG) and
    the HTML report to ``export_to``. What it did, in words."""
    window = build_lead_window(source)
    window.show()
    pane = window.pane
    failures: list[str] = []
    pane.failed.connect(failures.append)
    try:
        central = window.centralWidget()
        if not isinstance(central, QStackedWidget) or central.currentWidget() is not pane:
            raise WindowCheckError("the lead's window does not show the analysis pane")
        in_menus = {action.objectName() for top in window.menuBar().actions()
                    if isinstance(menu := top.menu(), QMenu) for action in menu.actions()}
        wanted = {spec.name for spec in LEAD_ACTIONS} | {
            action.objectName() for action in (*pane.export_actions, pane.exclude_action)}
        if wanted - in_menus:
            raise WindowCheckError(f"the lead's menus lack {sorted(wanted - in_menus)}")
        _wait_until(lambda: pane.content is not None or bool(failures), "the analysis pane")
        if failures:
            raise WindowCheckError(f"the analysis pane failed: {failures[0]}")
        assert pane.content is not None, "the wait ends on the content or a failure"
        written = export_content(pane.content, export_to, generated_at="self-test",
                                 png=png_bytes)
        pngs = [path for path in written if path.suffix == ".png"]
        if not pngs or min(path.stat().st_size for path in pngs) < 1000:
            raise WindowCheckError("the charts were not drawn to PNG")
        return (f"analysis pane with {pane.tabs.count()} tabs and {len(wanted)} lead actions; "
                f"exported {len(written)} files ({len(pngs)} charts drawn to PNG)")
    finally:
        window.close()
        window.deleteLater()
