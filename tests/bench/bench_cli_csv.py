"""Benchmark: ``annotator analyze --ratings-csv`` at VICR scale against a bare script.

Run: ``python tests/bench/bench_cli_csv.py [--runs 7]``. The synthetic VICR panel of
``_panels.py`` (15,646 items, 113 taggers, 68,217 ratings, two rounds) is written as a
ratings CSV; then, alternately so that the machine's load falls on both alike, the whole
command (``python -m annotator analyze --ratings-csv FILE --json OUT``: every figure, 1,000
bootstrap resamples, 100 virtual-rater repetitions, leave-one-out) and ``bare_alpha.py``
(the ``csv`` module and ``krippendorff.alpha``, ordinal α alone) run as child processes.
DESIGN §11: the command within 2× the bare script's wall time (medians).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import vicr_scale, write_ratings_csv

BUDGET = 2.0  # × the bare script
HERE = Path(__file__).resolve().parent


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        ratings = Path(scratch) / "vicr.csv"
        write_ratings_csv(vicr_scale(), ratings)
        ours = [sys.executable, "-m", "annotator", "analyze", "--ratings-csv", str(ratings),
                "--json", str(Path(scratch) / "out.json")]
        bare = [sys.executable, str(HERE / "bare_alpha.py"), str(ratings)]
        wall(ours), wall(bare)  # warm the file cache and the bytecode
        times: dict[str, list[float]] = {"analyze": [], "bare": []}
        for _ in range(args.runs):
            times["analyze"].append(wall(ours))
            times["bare"].append(wall(bare))
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["analyze"] / medians["bare"]
    for name, values in times.items():
        print(f"{name:8s} median {medians[name]:.2f} s (runs: "
              f"{', '.join(f'{v:.2f}' for v in values)})")
    verdict = "within" if ratio <= BUDGET else "OVER"
    print(f"analyze / bare script: {ratio:.2f}× (budget {BUDGET:g}×): {verdict}")
    return 0 if ratio <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
