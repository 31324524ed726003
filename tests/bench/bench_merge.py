"""Budget (DESIGN §11): merge 20 files × 5,000 ratings ≤ 1 s; 113 laptops' files at VICR
scale ≤ 1 s.

Run: ``python tests/bench/bench_merge.py [--repeats 3]``. Writes 40 real session files
through the app's store (the first 20 and 20 more laptops), then times
``merge_session_files`` — reading, checking SQLite's consistency, verifying each file's hash
chain and merging it in its own transaction — three ways:

- the 20 files into an empty panel;
- the same 20 again into that full panel (nothing new: the repeat a lead does by habit);
- 20 other files into the full panel (100,000 ratings already there).

Then the synthetic VICR panel of ``_panels.py`` (15,646 items, 68,217 ratings, two rounds)
as 113 laptops' files, one per tagger, merged into an empty panel.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import vicr_scale

from annotator.store.merge import merge_session_files
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

FILES = 20
RATINGS = 5_000
BUDGET = 1.0  # seconds, for each way
PROJECT = "bench-project"
T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def write_laptop(path: Path, laptop: int) -> None:
    store = _store(path, f"laptop-{laptop}")
    for i in range(RATINGS):
        shown = T0 + timedelta(seconds=8 * i)
        store.record_rating(Rating(
            rating_id=str(uuid.uuid4()), tagger=f"tagger-{laptop}-{i // 2500}",
            item_id=f"item{i % 2500:05d}", round=1 + i // 2500,
            phase=Phase.GAME if i < 2500 else Phase.RETEST, value=float(1 + i % 5),
            shown_at=shown, submitted_at=shown + timedelta(seconds=6), ms_on_screen=6000,
            consensus=3.0, consensus_n=4, points=1))
    store.close()


def write_vicr_laptops(folder: Path) -> list[Path]:
    """The synthetic VICR panel, each tagger's ratings in their own laptop's file."""
    table = vicr_scale()
    folder.mkdir()
    paths = []
    for t, tagger in enumerate(table.taggers):
        path = folder / f"{tagger}.sqlite"
        store = _store(path, f"laptop-{tagger}")
        mine = (table.tagger == t).nonzero()[0]
        for n, row in enumerate(mine.tolist()):
            shown = T0 + timedelta(days=30 * (int(table.round[row]) - 1), seconds=9 * n)
            store.record_rating(Rating(
                rating_id=str(uuid.uuid4()), tagger=tagger,
                item_id=table.item_ids[table.item[row]], round=int(table.round[row]),
                phase=Phase.GAME if table.round[row] == 1 else Phase.RETEST,
                value=float(table.values[row]), shown_at=shown,
                submitted_at=shown + timedelta(seconds=float(table.seconds[row])),
                ms_on_screen=int(table.seconds[row] * 1000), consensus=3.0, consensus_n=3,
                points=int(table.points[row])))
        store.close()
        paths.append(path)
    return paths


def _store(path: Path, laptop: str) -> SessionStore:
    store = SessionStore.open(path, project_id=PROJECT, laptop_id=laptop)
    # Setup only: the app's store is fsynced per rating; the files are the same either way.
    store._db.execute("PRAGMA synchronous=OFF")
    return store


def timed(panel: Path, files: list[Path]) -> tuple[float, int]:
    start = time.perf_counter()
    report = merge_session_files(panel, files)
    elapsed = time.perf_counter() - start
    assert not report.refused_files, report.lines()
    return elapsed, report.new


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        first = [root / f"a{n:02d}.sqlite" for n in range(FILES)]
        second = [root / f"b{n:02d}.sqlite" for n in range(FILES)]
        for n, path in enumerate(first + second):
            write_laptop(path, n)
        vicr = write_vicr_laptops(root / "vicr")
        print(f"wrote {2 * FILES} files × {RATINGS} ratings and {len(vicr)} VICR laptops in "
              f"{time.perf_counter() - start:.1f} s")
        results: dict[str, list[float]] = {
            f"{FILES} × {RATINGS:,}, empty": [], f"{FILES} × {RATINGS:,}, same again": [],
            f"{FILES} × {RATINGS:,}, 20 new into full": [],
            f"{len(vicr)} laptops, VICR scale": []}
        names = list(results)
        for repeat in range(args.repeats):
            panel = root / f"panel-{repeat}.sqlite"
            seconds, new = timed(panel, first)
            assert new == FILES * RATINGS
            results[names[0]].append(seconds)
            seconds, new = timed(panel, first)
            assert new == 0
            results[names[1]].append(seconds)
            seconds, new = timed(panel, second)
            assert new == FILES * RATINGS
            results[names[2]].append(seconds)
            seconds, new = timed(root / f"vicr-{repeat}.sqlite", vicr)
            assert new == 68_217
            results[names[3]].append(seconds)
        ok = True
        for name, values in results.items():
            median = statistics.median(values)
            ok &= median <= BUDGET
            print(f"merge {name:<33}: median {median:.2f} s (runs: "
                  f"{', '.join(f'{v:.2f}' for v in values)}); budget {BUDGET:g} s: "
                  f"{'within' if median <= BUDGET else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
