"""Benchmark: the full analysis (DESIGN §11: ≤ 0.5 s at VICR scale, ≤ 3 s at Caption-Quality).

Run: ``python tests/bench/bench_analysis.py [--runs N] [--reps 100] [--bootstrap 1000]``.
Synthetic panels (tests/bench/_panels.py) at the published sizes: VICR — 15,646 items,
113 taggers, 68,217 ratings, 3–7 per item on 1–5; Caption-Quality — 65,000 items,
600,000 binary ratings, 8–10 per item, 1,000 taggers. Prints the whole report's time
(100 virtual-rater repetitions real and chance, 1,000 bootstrap resamples of α,
leave-one-tagger-out, per tagger / item / source, retest) broken down by part, and α's
time next to ``krippendorff.alpha`` on the same data.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import krippendorff
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import caption_quality_scale, vicr_scale

from annotator.analysis import tagger_figures
from annotator.analysis.alpha import alpha, bootstrap_ci, leave_one_out
from annotator.analysis.rating_table import RatingTable, item_counts
from annotator.analysis.report import analyze
from annotator.analysis.retest import retest
from annotator.analysis.virtual import virtual_raters

BUDGETS = {"VICR": 0.5, "Caption-Quality": 3.0}


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, float, object]:
    """Median and best seconds over ``runs`` calls, and the last result."""
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times), result


def bench(name: str, table: RatingTable, args: argparse.Namespace) -> bool:
    data = table.data()
    n_items = len(set(data.item.tolist()))
    print(f"\n{name}: {len(data):,} ratings, {n_items:,} items, {len(data.taggers)} taggers")
    median, best, _ = best_of(args.runs, lambda: analyze(
        table, reps=args.reps, bootstrap=args.bootstrap, seed=1))
    budget = BUDGETS[name]
    verdict = "within" if median <= budget else "OVER"
    print(f"  full report      median {median * 1000:7.1f} ms  best {best * 1000:7.1f} ms"
          f"   budget {budget * 1000:.0f} ms: {verdict}")
    counts = item_counts(data)
    rng = np.random.default_rng(0)
    parts = {
        "alpha": lambda: alpha(counts, data.levels, "ordinal"),
        "alpha bootstrap": lambda: bootstrap_ci(counts, data.levels, "ordinal",
                                                resamples=args.bootstrap, rng=rng),
        "leave-one-out": lambda: leave_one_out(counts, data.pairs, data.level,
                                               len(data.taggers), data.levels, "ordinal"),
        "virtual raters": lambda: virtual_raters(data, reps=args.reps, rng=rng),
        "virtual chance": lambda: virtual_raters(data, reps=args.reps, rng=rng, chance=True),
        "taggers": lambda: tagger_figures.taggers(table),
        "retest": lambda: retest(data, "ordinal"),
    }
    for label, work in parts.items():
        print(f"    {label:16s} median {best_of(args.runs, work)[0] * 1000:7.1f} ms")
    ours_time, _, ours = best_of(args.runs, lambda: alpha(item_counts(data), data.levels))
    theirs_time, _, theirs = best_of(args.runs, lambda: krippendorff.alpha(
        value_counts=counts, value_domain=data.levels, level_of_measurement="ordinal"))
    same = abs(ours - theirs) <= 1e-9
    print(f"  alpha (ordinal): ours {ours_time * 1000:.2f} ms ({ours:.12f}), "
          f"krippendorff.alpha {theirs_time * 1000:.2f} ms ({theirs:.12f}); "
          f"{'equal to 1e-9' if same else 'DIFFERENT'}, "
          f"{theirs_time / ours_time:.1f}x faster")
    if len(data.taggers) * n_items <= 5_000_000:  # its usual input: coders × units, dense
        coder = data.tagger * (int(data.round.max()) + 1) + data.round
        _, coder = np.unique(coder, return_inverse=True)
        dense = np.full((coder.max() + 1, data.n_items), np.nan)
        dense[coder, data.item] = data.values
        dense_time, _, dense_value = best_of(args.runs, lambda: krippendorff.alpha(
            reliability_data=dense, level_of_measurement="ordinal"))
        print(f"  krippendorff.alpha on its coders × units matrix {dense.shape}: "
              f"{dense_time * 1000:.1f} ms ({dense_value:.12f})")
    return median <= budget and same and ours_time < theirs_time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--reps", type=int, default=100)
    parser.add_argument("--bootstrap", type=int, default=1000)
    args = parser.parse_args(argv)
    ok = bench("VICR", vicr_scale(), args)
    ok &= bench("Caption-Quality", caption_quality_scale(), args)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
