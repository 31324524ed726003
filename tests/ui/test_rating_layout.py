"""The rating screen's layout on a laptop at 200 % text: the caption in view under its
label beside a photo of at least 320 × 240, each new pair's words shown from their top
after a submit, and the photo the same size pair after pair (no shrinking a step at each
submit)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from annotator.ui.main_window import MainWindow
from annotator.ui.screens.rating_screen import RatingScreen, ScreenState
from annotator.ui.widgets.pair_view import MIN_IMAGE
from tests.conftest import write_jpeg
from tests.ui.conftest import LAPTOPS, by_description, in_window
from tests.ui.screen_fit_probe import copy_sample

GAME = {"dwell_seconds": 0}
PLAIN = {"dwell_seconds": 0, "feedback": False}


def rated_pairs(qtbot, screen: RatingScreen, count: int) -> Iterator[int]:
    """Yield on each of the next ``count`` pairs (the layout at rest), then rate it with
    the middle level and go on past its feedback and any notice."""
    for number in range(count):
        while screen.state in (ScreenState.NOTICE, ScreenState.FEEDBACK):
            qtbot.keyClick(screen, Qt.Key.Key_Return)
        assert screen.state is ScreenState.RATING, screen.state
        qtbot.wait(50)  # the column scrolls to the new words once they are laid out
        yield number
        qtbot.keyClick(screen, "3")
        qtbot.keyClick(screen, Qt.Key.Key_Return)


def words_column(screen: RatingScreen) -> tuple[QScrollArea, QLabel]:
    """The scrolling column of the pair's words, and the caption's label in it."""
    column = screen.findChild(QScrollArea, "textColumn")
    label = screen.findChild(QLabel, "captionHeading")
    assert column is not None and label is not None
    return column, label


def shown_in(column: QScrollArea, part: QWidget) -> bool:
    """``part`` lies whole inside what ``column`` shows now."""
    viewport = column.viewport()
    top_left = part.mapTo(viewport, QPoint(0, 0))
    return viewport.rect().contains(QRect(top_left, part.size()))


@pytest.mark.parametrize("laptop", LAPTOPS, ids=lambda size: f"{size.width()}x{size.height()}")
def test_at_200_percent_text_the_caption_and_its_label_are_in_view_beside_a_large_photo(
        qtbot, make_main_window, tmp_path: Path, laptop: QSize) -> None:
    """Every caption of the VICR demo's 44 pairs (up to 222 characters), the Rating Guide
    beside them (no gold pairs: the round's own pairs come at once)."""
    folder = copy_sample("vicr-demo", tmp_path)
    (folder / "gold.csv").unlink()
    window = make_main_window(folder, tagger="Ana")
    in_window(qtbot, window, laptop)
    window.set_text_scale(2.0)
    assert window.rating_guide is not None and window.rating_guide.isVisible()
    screen = window.rating_screen
    column, label = words_column(screen)
    caption = by_description(screen, "Caption")
    longest = 0
    for _ in rated_pairs(qtbot, screen, 44):
        words = screen.current_pair.item.caption
        longest = max(longest, len(words))
        assert shown_in(column, label), f"{words!r}: the label scrolled off"
        assert shown_in(column, caption), f"{words!r}: cut"
        image = screen.image_view.size()
        assert image.width() >= MIN_IMAGE.width() and image.height() >= MIN_IMAGE.height()
    assert longest == 222
    window.set_text_scale(1.0)


def test_after_a_submit_the_next_caption_is_shown_from_its_label(
        qtbot, make_main_window, tmp_path: Path) -> None:
    """A window so small that the words scroll: each feedback scrolls the column down to
    itself, and each next pair's words are shown from their top, the caption's label in
    view."""
    window = make_main_window(copy_sample("vicr-demo", tmp_path), tagger="Ana")
    in_window(qtbot, window, QSize(1024, 600))
    window.set_text_scale(2.0)
    screen = window.rating_screen
    column, label = words_column(screen)
    bar = column.verticalScrollBar()
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # past the tutorial's notice
    scrolled_down = 0
    for number in range(6):
        assert screen.state is ScreenState.RATING
        qtbot.wait(50)
        assert bar.value() == 0, f"pair {number + 1} shown scrolled to {bar.value()}"
        assert shown_in(column, label)
        qtbot.keyClick(screen, "3")
        qtbot.keyClick(screen, Qt.Key.Key_Return)
        assert screen.state is ScreenState.FEEDBACK
        qtbot.wait(50)
        scrolled_down += bar.value() > 0
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert scrolled_down >= 3, "the feedback never scrolled the words: the test proves nothing"
    window.set_text_scale(1.0)


@pytest.mark.parametrize("text_scale", [1.0, 2.0])
@pytest.mark.parametrize("flow", [PLAIN, GAME], ids=["blind", "game"])
@pytest.mark.parametrize("laptop", LAPTOPS, ids=lambda size: f"{size.width()}x{size.height()}")
def test_the_photo_keeps_its_size_over_20_submits(
        qtbot, make_project_folder, make_main_window, laptop: QSize, flow: dict,
        text_scale: float) -> None:
    """Photos of one size (smaller than the pane: shown enlarged, with the percentage)."""
    folder = make_project_folder(n_items=22, flow=flow, priors={"item000": [3, 3]})
    for photo in (folder / "images").glob("*.jpg"):
        write_jpeg(photo, size=(300, 200))
    window: MainWindow = make_main_window(folder, tagger="ana")
    in_window(qtbot, window, laptop)
    window.set_text_scale(text_scale)
    view = window.rating_screen.image_view
    seen = []
    for _ in rated_pairs(qtbot, window.rating_screen, 20):
        qtbot.waitUntil(view.is_sharp, timeout=10_000)
        seen.append((view.size().toTuple(), view.notice_text().split(":")[0]))
    assert seen[0][1].startswith("Shown at ")
    assert seen == [seen[0]] * 20
    window.set_text_scale(1.0)
