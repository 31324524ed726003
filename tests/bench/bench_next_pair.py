"""Budget (DESIGN §11): next pair on screen ≤ 50 ms after submit, 24-megapixel images.

Drives the real main window offscreen over 200 pairs whose images are 24 MP JPEGs.
"warm": the tagger spent at least the dwell time on the pair, so the next image was
prefetched meanwhile (the normal case). "cold": submit the moment the pair appears,
before any prefetch could finish (the worst case, for honesty).
Measured from the submit call to the next pair's image painted (a synchronous repaint).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _projects import large_jpeg, write_project
from PySide6.QtWidgets import QApplication

from annotator.ui.app import build_main_window

N_PAIRS = 200
N_DISTINCT_IMAGES = 8  # more than the decode cache holds, so every pair decodes anew


def run(window, *, warm: bool, pairs: int) -> list[float]:
    app = QApplication.instance()
    screen = window.rating_screen
    view = screen.image_view
    timings = []
    for _ in range(pairs):
        if screen.current_pair is None:
            break
        if warm:
            window.loader.wait_idle()
            app.processEvents()
        screen.choose_level(3)
        start = time.perf_counter()
        screen.submit()
        while screen.current_pair is not None and not view.has_image():
            app.processEvents()
        window.repaint()
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def report(label: str, timings: list[float]) -> None:
    ordered = sorted(timings)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    print(f"{label}: {len(ordered)} pairs, median {statistics.median(ordered):.1f} ms, "
          f"p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms (budget ≤ 50 ms)")


def main() -> None:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ANNOTATOR_CONFIG_DIR"] = str(Path(tmp) / "config")
        start = time.perf_counter()
        images = [large_jpeg(Path(tmp) / f"big{i}.jpg", seed=i) for i in range(N_DISTINCT_IMAGES)]
        print(f"made {N_DISTINCT_IMAGES} 24-MP JPEGs in {time.perf_counter() - start:.1f} s")
        # Blind and without dwell, so submit goes straight to the next pair; "warm" stands
        # for the dwell. With feedback on, the same work happens on "Next pair" instead.
        folder = write_project(Path(tmp) / "project", images, N_PAIRS + 40,
                               flow={"dwell_seconds": 0, "feedback": False})
        window = build_main_window(folder, tagger="bench")
        window.resize(1400, 950)
        window.show()
        app.processEvents()
        report("warm (prefetched during the dwell)", run(window, warm=True, pairs=N_PAIRS))
        report("cold (submitted at once, no prefetch)", run(window, warm=False, pairs=30))
        window.close()


if __name__ == "__main__":
    main()
