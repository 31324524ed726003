"""Budgets (DESIGN §11) for the image of a pair, 24-megapixel JPEGs, each figure printed
beside its budget:

- every pair after the first of a sitting painted sharp ≤ 20 ms p95 after submit, also when
  Submit is pressed the moment the project's 3 s dwell allows it (two pairs prefetched);
- the first pair of a sitting (a new window: nothing cached or prefetched): caption and
  scale painted at once, the embedded EXIF thumbnail painted as a first frame ≤ 50 ms, the
  sharp image ≤ 0.3 s; and the same for photos without a thumbnail;
- the worst case, no prefetch mid-sitting (no dwell, submitted the moment a pair appears):
  the same first-frame and sharp figures.

Drives the real tagger window offscreen at 1400×950. "Painted" is the synchronous repaint
of the whole window after the frame is in the view; "sharp" means a decode of exactly the
device pixels the photo covers (``ImageView.is_sharp``). Times run from the submit call (or
from ``start_rating`` for a sitting's first pair), so they include saving the rating.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _projects import large_jpeg, write_project
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from annotator.ui.app import build_main_window
from annotator.ui.main_window import MainWindow

N_DISTINCT_IMAGES = 8  # more than two ahead, so every later pair is decoded anew
WINDOW_SIZE = (1400, 950)


def wait_until(done: Callable[[], bool], timeout: float = 20.0) -> None:
    """Run the event loop until ``done()``, sleeping between events (no busy loop: the
    decoders share the two cores with this thread)."""
    app = QApplication.instance()
    tick = QTimer(interval=5)  # wakes the loop to look again
    tick.start()
    deadline = time.perf_counter() + timeout
    while not done():
        if time.perf_counter() > deadline:
            raise TimeoutError("the image did not arrive")
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    tick.stop()


def open_window(folder: Path, tagger: str | None) -> MainWindow:
    window = build_main_window(folder, tagger=tagger)
    window.resize(*WINDOW_SIZE)
    window.show()
    QApplication.instance().processEvents()
    if tagger is not None:  # other laptops' files are read in the background, then it shows
        wait_until(lambda: window.rating_screen is not None)
    return window


def later_pairs(window: MainWindow, *, pairs: int, prefetched: bool,
                at_once: bool = False) -> tuple[list[float], list[float]]:
    """Submit → first frame painted, and → sharp frame painted (ms), for ``pairs`` pairs:
    Submit pressed when enabled (the dwell), after the decoders idle (``prefetched``), or
    the moment the pair appears (``at_once``)."""
    screen = window.rating_screen
    view = screen.image_view
    submit = screen.findChild(QPushButton, "submitButton")
    wait_until(view.is_sharp)  # the sitting's first pair is timed elsewhere
    first, sharp = [], []
    for _ in range(pairs):
        screen.choose_level(3)
        if prefetched:  # prefetches start after a paint; their results arrive as events
            wait_until(lambda: not view.prefetch_pending())
            window.loader.wait_idle()
            QApplication.instance().processEvents()
        if not at_once:
            wait_until(submit.isEnabled, timeout=30)
        start = time.perf_counter()
        screen.submit()
        if screen.current_pair is None:
            break
        first.append(painted(window, view.has_image, start))
        sharp.append(first[-1] if view.is_sharp() else painted(window, view.is_sharp, start))
    return first, sharp


def painted(window: MainWindow, shown: Callable[[], bool], start: float) -> float:
    """Milliseconds from ``start`` until ``shown()`` and the window repainted."""
    wait_until(shown)
    window.repaint()
    return (time.perf_counter() - start) * 1000


def sitting_first_pair(folder: Path, run: int) -> tuple[float, float, float]:
    """A new window (empty cache) on the start screen; start → caption and scale painted,
    first frame painted, sharp frame painted (ms)."""
    window = open_window(folder, tagger=None)
    start = time.perf_counter()
    window.start_rating(f"sitting{run}")
    wait_until(lambda: not window.starting)
    screen = window.rating_screen
    assert screen.current_pair is not None, "the bench project shows no notice first"
    window.repaint()
    caption = (time.perf_counter() - start) * 1000
    wait_until(screen.image_view.has_image)
    window.repaint()
    first = (time.perf_counter() - start) * 1000
    wait_until(screen.image_view.is_sharp)
    window.repaint()
    sharp = (time.perf_counter() - start) * 1000
    window.loader.wait_idle()  # its prefetches must not slow the next run
    window.close()
    window.deleteLater()
    return caption, first, sharp


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def report(label: str, values: list[float], budget: str) -> None:
    print(f"  {label:<50} median {statistics.median(values):7.1f} ms   p95 {p95(values):7.1f} ms"
          f"   max {max(values):7.1f} ms   budget {budget}  (n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=30, help="later pairs per case")
    parser.add_argument("--sittings", type=int, default=10, help="first pairs per kind")
    parser.add_argument("--dwell", type=float, default=3.0, help="the project's dwell (s)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["ANNOTATOR_CONFIG_DIR"] = str(root / "config")
        started = time.perf_counter()
        with_thumbnail = [large_jpeg(root / f"t{i}.jpg", seed=i, thumbnail=True)
                          for i in range(N_DISTINCT_IMAGES)]
        without = [large_jpeg(root / f"n{i}.jpg", seed=i) for i in range(N_DISTINCT_IMAGES)]
        print(f"made {2 * N_DISTINCT_IMAGES} 24-MP JPEGs in {time.perf_counter() - started:.1f} s")
        n_items = args.pairs + args.sittings + 40
        plain = {"feedback": False}
        dwelling = write_project(root / "dwell", with_thumbnail, n_items,
                                 flow={**plain, "dwell_seconds": args.dwell})
        thumbnails = write_project(root / "thumb", with_thumbnail, n_items,
                                   flow={**plain, "dwell_seconds": 0})
        bare = write_project(root / "bare", without, n_items, flow={**plain, "dwell_seconds": 0})

        print(f"Every later pair, Submit the moment the {args.dwell:g} s dwell allows:")
        window = open_window(dwelling, tagger="dwell")
        _, sharp = later_pairs(window, pairs=args.pairs, prefetched=False)
        window.close()
        report("submit → next image painted sharp", sharp, "p95 ≤ 20 ms")

        print("Every later pair, decoders idle before each submit:")
        window = open_window(thumbnails, tagger="idle")
        _, sharp = later_pairs(window, pairs=args.pairs, prefetched=True)
        window.close()
        report("submit → next image painted sharp", sharp, "p95 ≤ 20 ms")

        print("First pair of a sitting (new window, nothing cached), alternating kinds:")
        runs: dict[str, list[tuple[float, float, float]]] = {"thumb": [], "bare": []}
        for run in range(args.sittings):
            for kind, folder in (("thumb", thumbnails), ("bare", bare)):
                runs[kind].append(sitting_first_pair(folder, run))
        for kind, label in (("thumb", "with EXIF thumbnail"), ("bare", "no thumbnail")):
            caption, first, sharp = (list(column) for column in zip(*runs[kind], strict=True))
            report(f"{label}: caption and scale painted", caption, "at once")
            report(f"{label}: first frame painted", first,
                   "≤ 50 ms" if kind == "thumb" else "—")
            report(f"{label}: sharp image painted", sharp, "≤ 300 ms")

        print("Worst case: no dwell, submitted the moment each pair appears (no prefetch):")
        window = open_window(thumbnails, tagger="hasty")
        first, sharp = later_pairs(window, pairs=args.pairs, prefetched=False, at_once=True)
        window.close()
        report("submit → first frame (thumbnail) painted", first, "≤ 50 ms")
        report("submit → sharp image painted", sharp, "≤ 300 ms")
    del app


if __name__ == "__main__":
    main()
