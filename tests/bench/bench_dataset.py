"""Benchmark: ``annotator export`` at VICR scale (15,646 items, 113 taggers, ~68,000 ratings).

Run: ``python tests/bench/bench_dataset.py [--runs N]``. Writes a real project folder and
real session files through the app's store (setup, not timed), then times the analysis the
export needs and the export itself (reading the stored answers again, the tables, codebook,
card and both metadata files) as CSV and as JSON Lines. No budget in DESIGN §11 names the
export; "export everything" has ≤ 3 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _projects import small_jpeg, write_project
from _timing import timed

from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.project.folder import open_project
from annotator.reporting.dataset.writer import DatasetOptions, export_dataset
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

ITEMS, TAGGERS, PER_TAGGER, PER_LAPTOP = 15_646, 113, 604, 8
T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def write_panel(root: Path) -> int:
    project = open_project(write_project(root, [small_jpeg(root.parent / "x.jpg")], ITEMS))
    rng = np.random.default_rng(0)
    quality = rng.integers(1, 6, ITEMS)
    written = 0
    for laptop in range(0, TAGGERS, PER_LAPTOP):
        store = SessionStore.open(project.sessions_dir / f"laptop-{laptop}.sqlite",
                                  project_id=project.project_id, laptop_id=f"laptop-{laptop}")
        store._db.execute("PRAGMA synchronous=OFF")  # setup only
        for tagger in range(laptop, min(laptop + PER_LAPTOP, TAGGERS)):
            for n, item in enumerate(rng.choice(ITEMS, PER_TAGGER, replace=False)):
                shown = T0 + timedelta(seconds=8 * (n + tagger * PER_TAGGER))
                value = float(np.clip(quality[item] + rng.integers(-1, 2), 1, 5))
                store.record_rating(Rating(
                    rating_id=str(uuid.uuid4()), tagger=f"tagger {tagger:03d}",
                    item_id=f"item{item:05d}", round=1, phase=Phase.GAME, value=value,
                    shown_at=shown, submitted_at=shown + timedelta(seconds=6),
                    ms_on_screen=6000, consensus=3.0, consensus_n=4, points=1))
                written += 1
        store.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "panel"
        start = time.perf_counter()
        ratings = write_panel(root)
        print(f"wrote {ratings:,} ratings of {ITEMS:,} items by {TAGGERS} taggers in "
              f"{time.perf_counter() - start:.1f} s (setup); median of {args.runs} runs:")
        seconds, analysis = timed(args.runs, lambda: analyse(AnalysisSource(root),
                                                             AnalysisOptions()))
        print(f"  read and analyse the project folder    {seconds * 1000:8.1f} ms")
        for fmt in ("csv", "jsonl"):
            seconds, done = timed(args.runs, lambda fmt=fmt: export_dataset(
                analysis, Path(tmp) / f"dataset-{fmt}",
                DatasetOptions(pseudonymise=True, format=fmt)))
            size = sum(path.stat().st_size for path in done.written)
            print(f"  export the dataset as {fmt:<5} ({size / 1e6:5.1f} MB) "
                  f"{seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
