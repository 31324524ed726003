"""Benchmark: reading the CSV files a lab lead hands in, at VICR scale.

Run: ``python tests/bench/bench_csv_input.py [--runs 5]``.
The synthetic VICR panel of ``_panels.py`` (15,646 items, 68,217 ratings) written as the
published dataset's ratings.csv is (``annotator export``: ten columns, a BOM, skip
``FALSE``), read back by ``analyze --ratings-csv``'s loader; and a ``metrics.csv`` of three
metrics for every item (46,938 rows) read by the metric benchmark's loader.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import vicr_scale

from annotator.analysis.metrics import load_metrics_csv
from annotator.analysis.rating_table import RatingTable
from annotator.analysis.ratings_csv import load_ratings_csv
from annotator.csvtext import csv_text
from annotator.project.rubric import load_rubric
from annotator.reporting.dataset.fields import rating_fields


def published_ratings(table: RatingTable) -> str:
    """``table`` as the published dataset's ratings.csv (every column; ids made up)."""
    names = [field.name for field in rating_fields(load_rubric("vicr5"))]
    rows = ((f"r{n}", table.item_ids[i], table.taggers[t], r, "game", v, "FALSE", 6.0,
             "2026-11-22T09:00:00.000+00:00", None)
            for n, (i, t, r, v) in enumerate(zip(table.item.tolist(), table.tagger.tolist(),
                                                 table.round.tolist(), table.values.tolist(),
                                                 strict=True)))
    return "\ufeff" + csv_text(rows, header=names)


def timed(runs: int, work: Callable[[], object]) -> str:
    """Median and best of ``runs`` calls (the best is the steadier on a shared machine)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return f"median {statistics.median(times) * 1000:.0f} ms, best {min(times) * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    table = vicr_scale()
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as scratch:
        ratings = Path(scratch) / "ratings.csv"
        ratings.write_text(published_ratings(table), encoding="utf-8", newline="")
        metrics = Path(scratch) / "metrics.csv"
        lines = ["item_id,metric,score"] + [
            f"{item},{metric},{rng.random():.6f}"
            for metric in ("clipscore", "bleu", "random") for item in table.item_ids]
        metrics.write_text("\n".join(lines) + "\n", encoding="utf-8")
        loaded = load_ratings_csv(ratings)
        took = timed(args.runs, lambda: load_ratings_csv(ratings))
        print(f"ratings CSV: {len(loaded.item):,} ratings, "
              f"{ratings.stat().st_size / 1e6:.1f} MB: {took}")
        scores = load_metrics_csv(metrics, table.item_ids)
        took = timed(args.runs, lambda: load_metrics_csv(metrics, table.item_ids))
        print(f"metrics CSV: {scores.scores.size:,} scores: {took}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
