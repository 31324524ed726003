"""Benchmark: plan 20,000 items × 120 taggers × K = 5 (budget ≤ 2 s), and open the planned
project (its open budget, ≤ 1 s, now includes reading plan.csv and checking its hash).

Run: ``python tests/bench/bench_plan.py [--items N] [--taggers T] [--k K] [--runs N]``.
Prints the time of the design alone, of the whole ``annotator plan`` command (design,
plan.csv and project.toml written), of opening the project, and the plan's figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from annotator.cli import main as annotator
from annotator.planning.assign import plan_study
from annotator.project.folder import open_project
from tests.bench._projects import small_jpeg, write_project

PLAN_BUDGET = 2.0
OPEN_BUDGET = 1.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--taggers", type=int, default=120)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    names = ",".join(f"Tagger {n:03d}" for n in range(1, args.taggers + 1))
    with tempfile.TemporaryDirectory(prefix="bench-plan-") as tmp:
        root = write_project(Path(tmp) / "project", [small_jpeg(Path(tmp) / "a.jpg")],
                             args.items)
        items = [item.item_id for item in open_project(root).items]
        design, command, opening = [], [], []
        for run in range(args.runs):
            started = time.perf_counter()
            study = plan_study(items, k=args.k, taggers=names.split(","), seed=run)
            design.append(time.perf_counter() - started)
            started = time.perf_counter()
            assert annotator(["plan", str(root), "--ratings-per-item", str(args.k),
                              "--taggers", names, "--seed", str(run), "--replace"]) == 0
            command.append(time.perf_counter() - started)
            started = time.perf_counter()
            project = open_project(root)
            opening.append(time.perf_counter() - started)
            assert project.plan is not None and not project.problems
    figures = study.figures
    print(f"\n{args.items:,} items × {args.taggers} taggers × K = {args.k}, {args.runs} runs:")
    print(f"  design and shares      median {statistics.median(design):.2f} s, "
          f"max {max(design):.2f} s (budget {PLAN_BUDGET:.0f} s)")
    print(f"  annotator plan (files) median {statistics.median(command):.2f} s, "
          f"max {max(command):.2f} s (budget {PLAN_BUDGET:.0f} s)")
    print(f"  open the planned project median {statistics.median(opening):.2f} s, "
          f"max {max(opening):.2f} s (budget {OPEN_BUDGET:.0f} s)")
    print(f"  loads {figures.load_min}–{figures.load_max}, overlaps "
          f"{figures.overlap_min}–{figures.overlap_max} (λ̄ = {figures.mean_overlap:.2f}), "
          f"connected: {figures.connected}")
    return 0 if max(command) <= PLAN_BUDGET and max(opening) <= OPEN_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
