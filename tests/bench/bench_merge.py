"""Budget (DESIGN §11): merge 20 files × 5,000 ratings ≤ 2 s.

Writes 40 real session files through the app's store (the first 20 and 20 more laptops),
then times ``merge_session_files`` — reading, checking SQLite's consistency, verifying each
file's hash chain and merging it in its own transaction — three ways:

- the 20 files into an empty panel;
- the same 20 again into that full panel (nothing new: the repeat a lead does by habit);
- 20 other files into the full panel (100,000 ratings already there).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from annotator.store.merge import merge_session_files
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

FILES = 20
RATINGS = 5_000
REPEATS = 3
PROJECT = "bench-project"
T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def write_laptop(path: Path, laptop: int) -> None:
    store = SessionStore.open(path, project_id=PROJECT, laptop_id=f"laptop-{laptop}")
    # Setup only: the app's store is fsynced per rating; the files are the same either way.
    store._db.execute("PRAGMA synchronous=OFF")
    for i in range(RATINGS):
        shown = T0 + timedelta(seconds=8 * i)
        store.record_rating(Rating(
            rating_id=str(uuid.uuid4()), tagger=f"tagger-{laptop}-{i // 2500}",
            item_id=f"item{i % 2500:05d}", round=1 + i // 2500,
            phase=Phase.GAME if i < 2500 else Phase.RETEST, value=float(1 + i % 5),
            shown_at=shown, submitted_at=shown + timedelta(seconds=6), ms_on_screen=6000,
            consensus=3.0, consensus_n=4, points=1))
    store.close()


def timed(panel: Path, files: list[Path]) -> tuple[float, int]:
    start = time.perf_counter()
    report = merge_session_files(panel, files)
    elapsed = time.perf_counter() - start
    assert not report.refused_files, report.lines()
    return elapsed, report.new


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        first = [root / f"a{n:02d}.sqlite" for n in range(FILES)]
        second = [root / f"b{n:02d}.sqlite" for n in range(FILES)]
        for n, path in enumerate(first + second):
            write_laptop(path, n)
        print(f"wrote {2 * FILES} files × {RATINGS} ratings in {time.perf_counter() - start:.1f} s")
        results: dict[str, list[float]] = {"empty": [], "same again": [], "20 new into full": []}
        for repeat in range(REPEATS):
            panel = root / f"panel-{repeat}.sqlite"
            seconds, new = timed(panel, first)
            assert new == FILES * RATINGS
            results["empty"].append(seconds)
            seconds, new = timed(panel, first)
            assert new == 0
            results["same again"].append(seconds)
            seconds, new = timed(panel, second)
            assert new == FILES * RATINGS
            results["20 new into full"].append(seconds)
        for name, values in results.items():
            print(f"merge {FILES} × {RATINGS:,} ratings, {name:<17}: median "
                  f"{statistics.median(values):.2f} s (runs: "
                  f"{', '.join(f'{v:.2f}' for v in values)}); budget 2 s")


if __name__ == "__main__":
    sys.exit(main())
