"""Benchmark: ``annotator analyze --ratings-csv … --json`` from 10,000 to 5 million ratings.

Run: ``python tests/bench/bench_scaling.py [--sizes 10k,100k,600k,2M,5M] [--runs N]``.
Each panel has Caption-Quality's shape (binary, 8–10 ratings per item, one tagger per 600
ratings, ~1 % of the items rated again in round 2; ``_panels.scaling_panel``) and is
written once as a ratings CSV under ``--cache`` (kept for the next run). Each size runs the
whole command in a child process, so its wall time includes starting Python, and its peak
resident memory is that child's alone (``os.wait4``). Printed per size: wall time (median
of the runs), µs per rating, the marginal µs per rating (the extra time over the next
smaller size, per extra rating: what is left once Python's start-up is taken out), peak
RSS and bytes per rating, against DESIGN §11: 600k binary ≤ 3 s; 5 M ≤ 30 s within 1.5 GB
(≤ 300 bytes a rating); the cost per rating flat from 100k to 5 M (the marginal cost of the
largest step at most 1.5 × that of the step from 100k). A growth that is not linear shows
in the marginal column at a glance.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import scaling_panel, write_ratings_csv

SIZES = {"10k": 10_000, "100k": 100_000, "600k": 600_000, "2M": 2_000_000, "5M": 5_000_000}
WALL_BUDGET = {600_000: 3.0, 5_000_000: 30.0}
MEMORY_BUDGET = 1.5e9  # bytes, at 5 M ratings
FLAT = 1.5  # marginal µs per rating of the largest step / of the step from 100k


def ratings_file(cache: Path, n: int) -> Path:
    path = cache / f"scaling-{n}.csv"
    if not path.exists():
        started = time.perf_counter()
        partial = path.with_suffix(".part")
        write_ratings_csv(scaling_panel(n), partial)
        partial.replace(path)
        print(f"  (wrote {path.name}, {path.stat().st_size / 1e6:.0f} MB, in "
              f"{time.perf_counter() - started:.0f} s)", flush=True)
    return path


def run_once(path: Path, out: Path) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of one ``analyze`` in a child process."""
    command = [sys.executable, "-m", "annotator", "analyze", "--ratings-csv", str(path),
               "--json", str(out)]
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert child.stderr is not None
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"analyze failed on {path}: {errors.decode(errors='replace')}")
    return wall, usage.ru_maxrss * 1024  # kilobytes on Linux


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--runs", type=int, default=3,
                        help="runs per size up to 600k (one above: minutes each)")
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "annotator-bench-scaling")
    args = parser.parse_args(argv)
    args.cache.mkdir(parents=True, exist_ok=True)
    sizes = [SIZES[name] for name in args.sizes.split(",")]
    print(f"{'ratings':>10} {'wall s':>8} {'µs/rating':>10} {'marginal':>9} {'peak RSS':>10} "
          f"{'B/rating':>9}  budget", flush=True)
    ok = True
    walls_by_size: dict[int, float] = {}
    marginal: dict[int, float] = {}
    for n in sizes:
        path = ratings_file(args.cache, n)
        runs = args.runs if n <= 600_000 else 1
        walls, peaks = [], []
        for _ in range(runs):
            wall, peak = run_once(path, args.cache / "out.json")
            walls.append(wall)
            peaks.append(peak)
        wall, peak = statistics.median(walls), max(peaks)
        smaller = [m for m in walls_by_size if m < n]
        step = ""
        if smaller:  # keyed by the step's lower size
            below = max(smaller)
            marginal[below] = (wall - walls_by_size[below]) / (n - below) * 1e6
            step = f"{marginal[below]:.2f}"
        walls_by_size[n] = wall
        notes = []
        if n in WALL_BUDGET:
            within = wall <= WALL_BUDGET[n]
            notes.append(f"≤ {WALL_BUDGET[n]:g} s: {'within' if within else 'OVER'}")
            ok &= within
        if n == 5_000_000:
            within = peak <= MEMORY_BUDGET
            notes.append(f"≤ {MEMORY_BUDGET / 1e9:g} GB: {'within' if within else 'OVER'}")
            ok &= within
        print(f"{n:>10,} {wall:>8.2f} {wall / n * 1e6:>10.2f} {step:>9} {peak / 1e6:>7.0f} MB "
              f"{peak / n:>9.0f}  {'; '.join(notes)}", flush=True)
    if 100_000 in marginal and len(marginal) > 1:
        last = max(marginal)
        ratio = marginal[last] / marginal[100_000]
        flat = ratio <= FLAT
        ok &= flat
        print(f"marginal µs per rating, last step / step from 100,000: {ratio:.2f} "
              f"(flat: ≤ {FLAT:g}): {'within' if flat else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
