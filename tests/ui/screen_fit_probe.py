"""The child process of test_screen_fit.py: the tagger's window on a real X screen.

Run as ``python -m tests.ui.screen_fit_probe OUT_DIR LABEL`` with ``DISPLAY`` set to a
screen that has a window manager. On copies of the sample projects (their dwell set to 0,
so the walk does not wait) a new tagger goes through the VICR demo's tutorial notice, a
tutorial pair and its feedback, the rest of the tutorial, a game pair and its feedback (the
Rating Guide shown beside each, then hidden, then the text at 200 % with a pair and its
feedback), and the ContextRef
demo's text-only step and its with-image step. At each stage the whole screen is saved as
``OUT_DIR/i18-LABEL-STAGE.png`` and every control shown is measured. One JSON line per
stage on stdout says which controls lie outside the screen or are cut off by what holds
them, and which are scrolled out of the column of words beside the image (which scrolls
rather than push the scale off screen at very large text); the test asserts on it.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QFocusFrame,
    QLabel,
    QLineEdit,
    QMenuBar,
    QScrollBar,
    QWidget,
)

from annotator.project.folder import open_project
from annotator.ui.app import build_main_window
from annotator.ui.main_window import MainWindow
from annotator.ui.screens.rating_screen import ScreenState

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_projects"
REST_TIMEOUT_S = 30
"""How long what a key set off may take to come to rest before the probe gives up."""
CONTROLS = (QAbstractButton, QLabel, QLineEdit, QAbstractScrollArea, QMenuBar, QScrollBar)


def controls(window: QWidget) -> Iterator[QWidget]:
    """What a tagger reads or operates: buttons, labels with text, fields, the image, the
    guide's text, scroll bars and the menu bar; not layout containers or the focus ring."""
    for widget in window.findChildren(QWidget):
        if isinstance(widget, QFocusFrame) or not widget.isVisible():
            continue
        if isinstance(widget, QLabel) and not widget.text().strip():
            continue
        if isinstance(widget, CONTROLS):
            yield widget


def global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def shown_rect(widget: QWidget) -> QRect:
    """The part of ``widget`` its ancestors let through (a scroll area's viewport, the
    window), in screen coordinates."""
    rect = global_rect(widget)
    parent = widget.parentWidget()
    while parent is not None:
        rect = rect.intersected(global_rect(parent))
        parent = parent.parentWidget()
    return rect


def in_text_column(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent.objectName() != "textColumn":
        parent = parent.parentWidget()
    return parent is not None


def known_as(widget: QWidget) -> str:
    """Its accessible name, else (a label read by its text) its description: "Caption"."""
    return widget.accessibleName() or widget.accessibleDescription() or widget.objectName()


def describe(widget: QWidget) -> str:
    return f"{type(widget).__name__} {known_as(widget) or type(widget).__name__!r}"


def at_rest(window: MainWindow) -> bool:
    """What the last key set off is done: the window has the size its layout asks (the window
    manager has answered a resize), and the photo on screen is decoded at its size with no
    decode or re-fit still on its way."""
    least = window.minimumSizeHint()
    if window.width() < least.width() or window.height() < least.height():
        return False
    view = window.rating_screen.image_view if window.rating_screen else None
    if view is None or not view.isVisible() or not view.has_image():
        return True
    return view.is_sharp() and not view._settle.isActive() and not view._loader._jobs


def settle(window: MainWindow) -> None:
    """Wait, handling events, until the window is at rest."""
    deadline = time.monotonic() + REST_TIMEOUT_S
    QApplication.processEvents()
    while not at_rest(window):
        assert time.monotonic() < deadline, "the window never came to rest"
        QTest.qWait(10)


def measure(window: MainWindow, stage: str, out_dir: Path, label: str) -> dict:
    """Every control of ``window`` now: inside the screen, and not cut off."""
    settle(window)
    screen = window.screen().geometry()
    problems = []
    frame = window.frameGeometry()
    if not screen.contains(frame):
        problems.append(f"the window's frame {_rect(frame)} is not inside the screen")
    names, scrolled = [], []
    for widget in controls(window):
        rect = global_rect(widget)
        names.append(known_as(widget))
        if in_text_column(widget) and shown_rect(widget) != rect:
            scrolled.append(names[-1])  # the column of words scrolls at very large text
        elif not screen.contains(rect):
            problems.append(f"{describe(widget)} at {_rect(rect)} is off the screen")
        elif shown_rect(widget) != rect:
            problems.append(f"{describe(widget)} at {_rect(rect)} is cut to "
                            f"{_rect(shown_rect(widget))}")
    focused = QApplication.focusWidget()
    focus_top_shown = focused is None or shown_rect(focused).top() == global_rect(focused).top()
    shot = out_dir / f"i18-{label}-{stage}.png"
    window.screen().grabWindow(0).save(str(shot))
    image = window.rating_screen.image_view if window.rating_screen else None
    return {"stage": stage, "screen": _rect(screen), "frame": _rect(frame),
            "problems": problems, "controls": sorted(set(names)), "scrolled": scrolled,
            "focus": known_as(focused) if focused else "",
            "focus_top_shown": focus_top_shown,
            "image": [image.width(), image.height()] if image and image.isVisible() else None,
            "shot": str(shot)}


def _rect(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def copy_sample(name: str, scratch: Path) -> Path:
    """A copy of a sample project with no dwell (the walk presses keys at once)."""
    folder = scratch / name
    shutil.copytree(SAMPLES / name, folder)
    manifest = folder / "project.toml"
    text = manifest.read_text(encoding="utf-8")
    text = (text.replace("[flow]\n", "[flow]\ndwell_seconds = 0\n", 1) if "[flow]\n" in text
            else text + "\n[flow]\ndwell_seconds = 0\n")
    manifest.write_text(text, encoding="utf-8")
    return folder


def open_window(folder: Path, tagger: str) -> MainWindow:
    window = build_main_window(folder, tagger=tagger)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.activateWindow()
    QTest.qWaitForWindowActive(window)
    while window.starting:  # the other laptops' files are read off the GUI thread
        QTest.qWait(10)
    return window


def press(window: MainWindow, key: str | Qt.Key) -> None:
    """A key as the tagger presses it: to whatever has the focus."""
    QTest.keyClick(QApplication.focusWidget() or window, key)
    settle(window)


def vicr_stages(scratch: Path, out_dir: Path, label: str) -> Iterator[dict]:
    folder = copy_sample("vicr-demo", scratch)
    with (folder / "gold.csv").open(encoding="utf-8") as handle:
        gold = {row["item_id"]: float(row["rating"]) for row in csv.DictReader(handle)}
    window = open_window(folder, "Ana")
    screen = window.rating_screen
    assert screen is not None and screen.state is ScreenState.NOTICE, "no tutorial notice"
    rubric = open_project(folder).rubric
    yield measure(window, "tutorial-notice", out_dir, label)
    press(window, Qt.Key.Key_Return)
    yield measure(window, "rating", out_dir, label)
    first = True
    while screen.state is ScreenState.RATING and screen.current_pair.item.item_id in gold:
        expert = gold[screen.current_pair.item.item_id]
        off = rubric.option_for_value(expert - 1) or rubric.option_for_value(expert + 1)
        press(window, (off if first else rubric.option_for_value(expert)).key)
        press(window, Qt.Key.Key_Return)
        assert screen.state is ScreenState.FEEDBACK, screen.state
        if first:
            yield measure(window, "tutorial-feedback", out_dir, label)
            first = False
        press(window, Qt.Key.Key_Return)
        if screen.state is ScreenState.NOTICE:
            press(window, Qt.Key.Key_Return)
    assert screen.state is ScreenState.RATING, f"not in the game: {screen.state}"
    press(window, "5")
    press(window, Qt.Key.Key_Return)
    assert screen.state is ScreenState.FEEDBACK, screen.state
    yield measure(window, "game-feedback", out_dir, label)
    press(window, Qt.Key.Key_Return)
    press(window, Qt.Key.Key_F1)
    assert window.rating_guide is not None and not window.rating_guide.isVisible()
    yield measure(window, "rating-guide-hidden", out_dir, label)
    press(window, Qt.Key.Key_F1)
    window.set_text_scale(2.0)
    yield measure(window, "text-200", out_dir, label)
    press(window, "3")
    press(window, Qt.Key.Key_Return)
    assert screen.state is ScreenState.FEEDBACK, screen.state
    yield measure(window, "text-200-feedback", out_dir, label)
    window.set_text_scale(1.0)
    window.close()


def contextref_stages(scratch: Path, out_dir: Path, label: str) -> Iterator[dict]:
    window = open_window(copy_sample("contextref-demo", scratch), "Ben")
    screen = window.rating_screen
    assert screen is not None
    while screen.state is ScreenState.NOTICE:
        press(window, Qt.Key.Key_Return)
    seen = set()
    for _ in range(40):  # the questions of the first pair, before and with the image
        step = screen.current_pair.step
        assert step is not None, "ContextRef asks its questions in steps"
        if step.stage not in seen:
            seen.add(step.stage)
            yield measure(window, f"contextref-{step.stage}", out_dir, label)
        if seen == {"pre", "post"}:
            break
        press(window, "3")
        press(window, Qt.Key.Key_Return)
        while screen.state in (ScreenState.FEEDBACK, ScreenState.NOTICE):
            press(window, Qt.Key.Key_Return)
    window.close()


def main(out_dir: Path, label: str) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="annotator-screen-fit-"))
    os.environ["ANNOTATOR_CONFIG_DIR"] = str(scratch / "config")
    app = QApplication(["annotator"])
    try:
        for stages in (vicr_stages, contextref_stages):
            for result in stages(scratch, out_dir, label):
                print(json.dumps(result), flush=True)
    finally:
        app.closeAllWindows()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
