"""Benchmark: the metric benchmark at VICR scale (15,646 items, 68,217 ratings); DESIGN
§11: ≤ 1 s for four metrics.

Run: ``python tests/bench/bench_metrics.py [--runs 3] [--bootstrap 1000] [--reps 100]
[--json PATH]``.
Four metrics on the synthetic VICR panel of ``_panels.py``: a noisy copy of the item
means, a whole-number score with long runs of ties, a random one and a score rounded to
two decimals. Prints the whole ``metric_benchmark`` (τ_c per rating, τ_b / ρ / r on item
means, 1,000 bootstrap resamples each, the ceiling, the six paired comparisons) and its
parts for one metric. ``--json`` writes the last run's block as the report's JSON has
it, to compare the figures byte for byte before and after a change to the kernels.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import timeit
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import vicr_scale

from annotator.analysis import weighted
from annotator.analysis.json_form import json_form
from annotator.analysis.metrics import _WORKERS, MetricScores, batch_size, metric_benchmark
from annotator.analysis.rating_table import item_counts
from annotator.analysis.resample_weights import Weights

BUDGET = 1.0  # seconds, for 4 metrics and 1,000 resamples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bootstrap", type=int, default=1000)
    parser.add_argument("--reps", type=int, default=100)
    parser.add_argument("--json", type=Path, help="write the last run's figures here")
    args = parser.parse_args(argv)
    data = vicr_scale().data()
    counts = item_counts(data)
    mean = (counts @ data.levels) / counts.sum(axis=1)
    rng = np.random.default_rng(0)
    n = data.n_items
    scores = MetricScores(None, ("noisy_mean", "whole_number", "random", "two_decimals"),
                          data.item_ids,
                          np.array([mean + rng.normal(0, 1, n),
                                    np.round(mean * 3 + rng.normal(0, 2, n)), rng.random(n),
                                    np.round(mean + rng.normal(0, 0.5, n), 2)]))
    batch = batch_size(n)
    print(f"VICR scale: {len(data):,} ratings, {n:,} items, 4 metrics, "
          f"{args.bootstrap} resamples, {args.reps} ceiling draws, batches of {batch} "
          f"resamples on {_WORKERS} threads")
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        block = metric_benchmark(data, scores, reps=args.reps, bootstrap=args.bootstrap,
                         rng=np.random.default_rng(1))
        times.append(time.perf_counter() - started)
    median = statistics.median(times)
    if args.json is not None:
        form, reasons = json_form(block)
        args.json.write_text(json.dumps({"metrics": form, "reasons": reasons}, indent=1,
                                        allow_nan=False) + "\n", encoding="utf-8")
    print(f"  metric_benchmark  median {median:6.2f} s  best {min(times):6.2f} s   "
          f"budget {BUDGET:.1f} s: {'within' if median <= BUDGET else 'OVER'}")
    x = scores.scores[0]
    w = Weights.drawn(rng, n, batch)
    figures = weighted.MetricFigures(x, counts, mean)
    batches = args.bootstrap / batch
    parts = {
        "tau_c": lambda: figures.tau_c(w),
        "all four": lambda: figures.all_four(w),
        "pearson": lambda: figures.pearson(w),
    }
    for name, work in parts.items():
        best = min(timeit.repeat(work, number=1, repeat=5))
        print(f"    {name:9s} {best * batches:6.2f} s per metric for {args.bootstrap} resamples "
              f"(best of 5 batches of {batch}, one thread)")
    return 0 if median <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
