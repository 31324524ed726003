"""Benchmark: ``annotator plan power`` over a grid of 12 settings (budget ≤ 10 s).

Run: ``python tests/bench/bench_power.py [--runs N]``. Times the whole command for
K = 3, 4, 5 × N = 500, 1,000, 2,000, 4,000 items with 12 taggers (100 simulated studies per
setting, 1,000 bootstrap resamples, as the command's defaults), from a stated α, and from a
pilot: the sample project after a simulated study.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from annotator.cli import main as annotator
from annotator.resources import sample_project_dir

BUDGET_SECONDS = 10.0
GRID = ["--ratings-per-item", "3,4,5", "--items", "500,1000,2000,4000", "--taggers", "12"]


def timed(args: list[str]) -> tuple[float, str]:
    out = io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert annotator(args) == 0
    return time.perf_counter() - started, out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="bench-power-") as tmp:
        pilot = Path(tmp) / "pilot"
        shutil.copytree(sample_project_dir(), pilot)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                io.StringIO()):
            assert annotator(["simulate", str(pilot), "--taggers", "6", "--seed", "1"]) == 0
        for name, source in (("a stated α (0.7)", ["--alpha", "0.7"]),
                             ("a pilot (6 simulated taggers)", ["--pilot", str(pilot)])):
            times = []
            for _ in range(args.runs):
                seconds, table = timed(["plan", "power", *source, *GRID])
                times.append(seconds)
            worst = max(worst, *times)
            rows = table.splitlines()
            print(f"plan power from {name}, 12 settings, {args.runs} runs: median "
                  f"{statistics.median(times):.1f} s, max {max(times):.1f} s "
                  f"(budget {BUDGET_SECONDS:.0f} s)")
            print("    " + "\n    ".join([rows[0], rows[1], rows[-1]]))
    return 0 if worst <= BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
