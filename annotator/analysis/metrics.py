"""Metric benchmark: how well automatic caption metrics agree with the panel.

Input: ``metrics.csv``, long format ``item_id,metric,score`` (an empty score = no score).
Per metric, on the items that have its score and at least one data rating:

- ``tau_c``: Stuart's τ_c with each human rating its own pair, the item's score repeated
  per rating (the convention of Narins et al. 2023, VICR, Table 4, "method A");
- ``tau_b``, ``spearman``, ``pearson``: against the per-item mean rating;
- each with a 95 % percentile interval over ``bootstrap`` resamples of the items (an item
  drawn brings all its ratings);
- ``ceiling``, the human ceiling on the items with the score and ≥ 2 ratings: one rating
  per item, chosen at random, is held out and treated as a metric score; τ_c of the held-out
  ratings against the item's remaining ratings (each its own pair), mean and sd over
  ``reps`` draws — the virtual-rater idea with one rater against the rest;
- ``pr`` on a 0/1 scale (Levinboim et al. 2021, §6.2): precision and recall of
  "score ≥ threshold" at every distinct score against the items' majority label (items
  with a tied vote are left out and counted), and the average precision Σ (Rₙ − Rₙ₋₁) Pₙ.

``comparisons``: for pairs of metrics (each unordered pair once, a before b in the file's
order, unless named), τ_c(a) − τ_c(b) on the items both have, with a 95 % interval from
resampling those items (the same resamples for both metrics). The block's shape is
:class:`~annotator.analysis.results.MetricBenchmark`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np
from threadpoolctl import threadpool_limits

from annotator.analysis import weighted
from annotator.analysis.exact_dtype import FLOATS, exact_dtype
from annotator.analysis.kendall import CONSTANT, TOO_FEW
from annotator.analysis.kendall import tau_c as table_tau_c
from annotator.analysis.rating_table import RatingTable, item_counts, levels_item_by_item
from annotator.analysis.resample_weights import Weights
from annotator.analysis.results import (
    Ceiling,
    Comparison,
    Estimate,
    MetricBenchmark,
    MetricResult,
    PrecisionRecall,
)
from annotator.analysis.undefined import Undefined
from annotator.analysis.virtual import summarise
from annotator.errors import AnnotatorError
from annotator.names import clean_name
from annotator.project.csv_reader import read_table
from annotator.project.row_checks import RowChecks, parse_cells

CSV_COLUMNS = ("item_id", "metric", "score")
NO_FILE = "no metrics.csv in the project and no --metrics given"
NO_SCORES = "this metric has no score for any item with a data rating"
SAME_SCORE = "every item has the same score for this metric, so there is no order to compare"
FEW_RESAMPLES = "undefined in most resamples (too little variation)"
T = TypeVar("T")
_BATCH_BYTES = 3_000_000
"""A batch's items × resamples array of int32 stays within this (48 resamples of 15,646
items): larger batches call numpy less often per resample, smaller ones keep their arrays
in a core's cache; on the development machine 40–48 resamples at VICR scale are fastest
(16: +25 %, 96: +10 %)."""
_WORKERS = min(4, os.cpu_count() or 1)
"""Threads weighing batches at once: numpy lets go of the GIL inside its loops, so batches
run side by side on as many cores (each draw stays in one thread, in a fixed order)."""


@dataclass(frozen=True)
class MetricScores:
    """Scores (metrics × items, NaN = no score) read from ``file``.

    ``unknown_items`` are ids in the file that the ratings do not have (not an error: the
    file may cover more items than were rated).
    """

    file: Path | None
    metrics: tuple[str, ...]
    item_ids: tuple[str, ...]
    scores: np.ndarray
    unknown_items: tuple[str, ...] = ()


def load_metrics_csv(path: Path, item_ids: Collection[str] | None = None) -> MetricScores:
    """Read ``item_id,metric,score``; every bad row is reported, with its line, at once."""
    path = Path(path)
    if not path.is_file():
        raise AnnotatorError("There is no such metrics file.", file=path)
    table = read_table(path, required=CSV_COLUMNS, known=CSV_COLUMNS, skip_bad_rows=False)
    items, names, texts = (list(map(str.strip, table.column(name))) for name in CSV_COLUMNS)
    spelling = {name: clean_name(name) for name in set(names)}  # one rule for names
    names = [spelling[name] for name in names]
    checks = RowChecks(table)
    checks.add((n for n, item in enumerate(items) if not item), lambda _row: "item_id is empty.")
    checks.add((n for n, name in enumerate(names) if not name), lambda _row: "metric is empty.")
    values, failed = parse_cells(texts, _score)
    checks.add(failed, lambda n: f"score {texts[n]!r} is not a number (leave it empty for no "
                                 "score).")
    checks.add((n for n, value in enumerate(values) if texts[n] and value is not None
                and not math.isfinite(value)),
               lambda n: f"score {texts[n]!r} is not a finite number.")
    checks.add_repeats(zip(items, names, strict=True), lambda n, first: (
        f"{items[n]} has a second {names[n]} score (first on line {table.lines[first]})."))
    checks.refuse()
    if not items:
        raise AnnotatorError("The metrics CSV has no scores.", file=path)
    unknown = set() if item_ids is None else set(items) - set(item_ids)
    metrics = tuple(dict.fromkeys(names))
    known_items = tuple(sorted(set(items) - unknown))
    m_index = {m: n for n, m in enumerate(metrics)}
    i_index = {i: n for n, i in enumerate(known_items)}
    rows = [n for n, item in enumerate(items) if item in i_index]
    scores = np.full((len(metrics), len(known_items)), np.nan)
    scores[[m_index[names[n]] for n in rows], [i_index[items[n]] for n in rows]] = [
        values[n] for n in rows]
    return MetricScores(path, metrics, known_items, scores, tuple(sorted(unknown)))


def _score(text: str) -> float:
    """A score cell: a number, or NaN when empty (no score); ValueError for anything else."""
    return float(text) if text else math.nan


def metric_benchmark(data: RatingTable, scores: MetricScores, *, reps: int, bootstrap: int,
                     rng: np.random.Generator,
                     pairs: Sequence[tuple[str, str]] | None = None) -> MetricBenchmark:
    """The ``metrics`` block of the report for the data ratings ``data`` (see the module).

    Metrics with the same items share their resamples and their ceiling draws, so their
    figures are compared on equal terms; ``rng`` fixes every draw.
    """
    boot_rng, ceiling_rng = rng.spawn(2)
    panel = _Panel(data)
    position = {item: n for n, item in enumerate(data.item_ids)}
    aligned = np.full((len(scores.metrics), data.n_items), np.nan)
    found = np.array([position.get(item, -1) for item in scores.item_ids], dtype=np.int64)
    aligned[:, found[found >= 0]] = scores.scores[:, found >= 0]
    unknown = sorted({*scores.unknown_items,
                      *(item for item, f in zip(scores.item_ids, found, strict=True) if f < 0)})
    usable = {name: ~np.isnan(aligned[n]) & (panel.ratings > 0)
              for n, name in enumerate(scores.metrics)}
    ceiling_items = [usable[name] & (panel.ratings >= 2) for name in scores.metrics]
    # BLAS on one thread while the pool runs (see _Bootstraps), set from this thread
    with threadpool_limits(limits=1, user_api="blas"), \
            ThreadPoolExecutor(max_workers=_WORKERS) as pool:
        boots = _Bootstraps(panel, bootstrap, boot_rng, pool)
        for n, name in enumerate(scores.metrics):  # every metric's sort starts at once
            boots.prepare(aligned[n], usable[name])
        ceilings = pool.submit(_ceilings, panel, ceiling_items, reps, ceiling_rng)
        for n, name in enumerate(scores.metrics):  # then its figures, metric after metric
            boots.start(aligned[n], usable[name])
        by_metric = {}
        for n, name in enumerate(scores.metrics):
            mask = usable[name]
            tau_c, tau_b, spearman, pearson = boots.figures(aligned[n], mask)
            by_metric[name] = MetricResult(
                n_items=int(mask.sum()), n_ratings=int(panel.ratings[mask].sum()), tau_c=tau_c,
                tau_b=tau_b, spearman=spearman, pearson=pearson, ceiling=ceilings.result()[n],
                pr=precision_recall(aligned[n], panel.counts, data.levels, mask))
        named = list(pairs) if pairs is not None else [
            (a, b) for i, a in enumerate(scores.metrics) for b in scores.metrics[i + 1:]]
        comparisons = []
        for a, b in named:
            both = usable[a] & usable[b]
            index = scores.metrics.index
            difference = boots.difference(aligned[index(a)], aligned[index(b)], both)
            comparisons.append(Comparison(a, b, int(both.sum()), difference.value,
                                          difference.ci95))
    return MetricBenchmark(
        file=None if scores.file is None else str(scores.file),
        n_metrics=len(scores.metrics), unknown_items=len(unknown),
        unknown_item_examples=tuple(unknown[:5]), bootstrap=bootstrap, ceiling_reps=reps,
        by_metric=by_metric, comparisons=tuple(comparisons))


class _Panel:
    """The data ratings item by item: ``counts`` (n_items × n_levels) of each level,
    ``ratings`` and ``mean`` (each (n_items,); NaN without ratings) of each item;
    ``levels_by_item`` (n_ratings,) every rating's level, item after item, each item's
    from ``first_rating`` (n_items,) on, in ascending order: a held-out rating drawn by
    position then depends on the ratings alone, not on the order of the input's rows."""

    def __init__(self, data: RatingTable):
        self.counts = item_counts(data)
        self.ratings = self.counts.sum(axis=1)
        self.n_levels = data.n_levels
        with np.errstate(invalid="ignore", divide="ignore"):
            self.mean = (self.counts @ data.levels) / self.ratings
        self.levels_by_item = levels_item_by_item(self.counts)
        self.first_rating = np.cumsum(self.ratings) - self.ratings


class _Bootstraps:
    """Figures with intervals; one set of resamples per distinct set of items.

    A metric is its scores ``x`` and the items it has figures on, ``mask`` (each
    (n_items,) over the panel's items; NaN where no score, True where used).

    The batches of resamples are weighed on ``pool``'s threads while this thread draws the
    next ones, always in the same order, so the figures do not depend on the threads.

    The pool's threads are the parallelism, so BLAS is held to one thread while they run:
    inside a batch's products OpenBLAS would start threads of its own (from about 32
    resamples a batch) that fight the pool's for the cores (1.7 s against 1.0 s for the
    benchmark on two cores). Its thread count is one setting for the whole process, so
    :func:`metric_benchmark` sets it for the pool's lifetime only, and from the thread
    that starts the pool: the OpenBLAS numpy ships (0.3.31) ignored a worker thread's
    setting once the main thread had made one (found while trying to hold it per job).
    """

    def __init__(self, panel: _Panel, resamples: int, rng: np.random.Generator,
                 pool: Executor):
        self.panel, self.resamples, self.rng, self.pool = panel, resamples, rng, pool
        self.weights: dict[bytes, list[Weights]] = {}
        self.set_up: dict[tuple[bytes, bytes], Future[weighted.MetricFigures]] = {}
        """Per metric (its items and scores), its scores sorted and laid out."""
        self.batch_figures: dict[tuple[bytes, bytes], list[Future[weighted.BatchFigures]]] = {}
        """Per metric, every figure of the data and of each batch of resamples."""
        self.tau_c: dict[tuple[bytes, bytes], np.ndarray] = {}

    def prepare(self, x: np.ndarray, mask: np.ndarray) -> None:
        """Start sorting the metric's scores on the items of ``mask`` for every resample,
        on a thread (a metric with no figures is left out)."""
        key = (mask.tobytes(), x.tobytes())
        if key not in self.set_up and _undefined_reason(x, self.panel, mask) is None:
            self.set_up[key] = self.pool.submit(
                weighted.MetricFigures, x[mask], self.panel.counts[mask], self.panel.mean[mask])

    def start(self, x: np.ndarray, mask: np.ndarray) -> None:
        """Queue every figure of the metric, for the data and each resample, behind its
        sort: the threads go from one metric to the next without waiting for this one."""
        self.prepare(x, mask)
        key = (mask.tobytes(), x.tobytes())
        if key in self.set_up and key not in self.batch_figures:
            self.batch_figures[key] = self._queue(x, mask, weighted.MetricFigures.all_four)

    def _queue(self, x: np.ndarray, mask: np.ndarray,
               figure: Callable[[weighted.MetricFigures, Weights], T]) -> list[Future[T]]:
        """``figure`` of the data then of every resample, queued on the pool behind the
        metric's sort."""
        self.prepare(x, mask)
        set_up = self.set_up[mask.tobytes(), x.tobytes()]
        return [self.pool.submit(lambda w: figure(set_up.result(), w), batch)
                for batch in self._runs(mask)]

    def _weights(self, mask: np.ndarray) -> Iterator[Weights]:
        """Batches of resample weights (how often each item of ``mask`` was drawn), each
        drawn as it is needed the first time, then kept for the other metrics."""
        key = mask.tobytes()
        if key in self.weights:
            yield from self.weights[key]
            return
        n = int(mask.sum())
        batches, size = [], batch_size(n)
        for done in range(0, self.resamples, size):
            batches.append(Weights.drawn(self.rng, n, min(size, self.resamples - done)))
            yield batches[-1]
        self.weights[key] = batches

    def _runs(self, mask: np.ndarray) -> Iterator[Weights]:
        """Weights of the data (all ones), then the batches of resamples of ``mask``."""
        yield Weights.of(np.ones((1, int(mask.sum())), dtype=np.int32))
        yield from self._weights(mask)

    def _tau_c_runs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """τ_c of the data then of every resample of the items in ``mask`` (1 +
        n_resamples,)."""
        key = (mask.tobytes(), x.tobytes())
        if key not in self.tau_c:
            runs = self._queue(x, mask, weighted.MetricFigures.tau_c)
            self.tau_c[key] = np.concatenate([run.result() for run in runs])
        return self.tau_c[key]

    def figures(self, x: np.ndarray, mask: np.ndarray
                ) -> tuple[Estimate, Estimate, Estimate, Estimate]:
        """τ_c, τ_b, ρ and r of one metric with their intervals (τ_c kept for comparisons)."""
        reason = _undefined_reason(x, self.panel, mask)
        if reason is not None:
            undefined = Estimate(Undefined(reason), Undefined(reason))
            return undefined, undefined, undefined, undefined
        self.start(x, mask)
        runs = weighted.BatchFigures.joined(
            [run.result() for run in self.batch_figures[mask.tobytes(), x.tobytes()]])
        self.tau_c[mask.tobytes(), x.tobytes()] = runs.tau_c
        return (_with_interval(runs.tau_c), _with_interval(runs.tau_b),
                _with_interval(runs.spearman), _with_interval(runs.pearson))

    def difference(self, a: np.ndarray, b: np.ndarray, mask: np.ndarray) -> Estimate:
        """τ_c(a) − τ_c(b) on the items of ``mask`` and its interval."""
        reason = _undefined_reason(a, self.panel, mask) or _undefined_reason(b, self.panel,
                                                                             mask)
        if reason is not None:
            return Estimate(Undefined(reason), Undefined(reason))
        return _with_interval(self._tau_c_runs(a, mask) - self._tau_c_runs(b, mask))


def batch_size(items: int) -> int:
    """Resamples weighed at once: as many as :data:`_BATCH_BYTES` allows, 8 to 256 (fewer
    would spend more on numpy's calls than on the arithmetic)."""
    return int(np.clip(_BATCH_BYTES // (4 * (items + 1)), 8, 256))


def _undefined_reason(x: np.ndarray, panel: _Panel, mask: np.ndarray) -> str | None:
    """Why no figure of this metric on these items can be computed, or None."""
    if not mask.any():
        return NO_SCORES
    if mask.sum() < 2:
        return TOO_FEW
    if np.ptp(x[mask]) == 0:
        return SAME_SCORE
    if np.count_nonzero(panel.counts[mask].sum(axis=0)) < 2:
        return CONSTANT
    return None


def _with_interval(values: np.ndarray) -> Estimate:
    """The first value (the data) and the 95 % percentile interval of the rest (``values``:
    1 + n_resamples,)."""
    point, rest = values[0], values[1:]
    if np.isnan(point):
        reason = Undefined("the item means are all equal, so there is no order to compare")
        return Estimate(reason, reason)
    rest = rest[~np.isnan(rest)]
    if len(rest) < (len(values) - 1) / 2 or not len(rest):
        return Estimate(float(point), Undefined(FEW_RESAMPLES))
    low, high = np.percentile(rest, [2.5, 97.5])
    return Estimate(float(point), (float(low), float(high)))


def _ceilings(panel: _Panel, item_sets: Sequence[np.ndarray], reps: int,
              rng: np.random.Generator) -> list[Ceiling]:
    """The ceiling on each set of items, drawn in order; equal sets share their draws."""
    found: dict[bytes, Ceiling] = {}
    for items in item_sets:
        if items.tobytes() not in found:
            found[items.tobytes()] = _ceiling(panel, items, reps, rng)
    return [found[items.tobytes()] for items in item_sets]


def _ceiling(panel: _Panel, items: np.ndarray, reps: int, rng: np.random.Generator) -> Ceiling:
    """τ_c of one held-out rating per item against the item's other ratings, over draws
    (``items``: (n_items,) True for the items taking part)."""
    n = int(items.sum())
    if n < 2 or reps < 1:
        reason = (Undefined("fewer than 2 items with this score have 2 or more ratings")
                  if n < 2 else Undefined("no repetitions were asked for"))
        return Ceiling(reason, reason, n)
    ratings, k = panel.ratings[items], panel.n_levels
    held = panel.levels_by_item[panel.first_rating[items]
                                + (rng.random((reps, n)) * ratings).astype(np.int64)]
    # tables[r, h, a]: ratings at level a of the items whose held-out rating is h, less the
    # held-out one: per draw, (held is h) × counts, a matrix product of whole numbers (exact
    # in float32 below 2²⁴ ratings)
    counts = panel.counts[items]
    real = exact_dtype(int(counts.sum()), FLOATS)
    counts = counts.astype(real)
    tables = np.empty((reps, k, k))
    for start in range(0, reps, 16):
        chosen = held[start:start + 16, None, :] == np.arange(k)[None, :, None]
        tables[start:start + 16] = chosen.astype(real) @ counts
        tables[start:start + 16, np.arange(k), np.arange(k)] -= chosen.sum(axis=2)
    spread = summarise(table_tau_c(tables), cause="the held-out ratings were all equal")
    return Ceiling(spread.mean, spread.sd, n)


def precision_recall(x: np.ndarray, counts: np.ndarray, levels: np.ndarray,
                     mask: np.ndarray) -> PrecisionRecall | Undefined:
    """Precision and recall of "score ≥ t" at every distinct score t, against the majority
    label of each item (0/1 scales only; items with a tied vote are left out)."""
    if not np.array_equal(levels, [0.0, 1.0]):
        return Undefined("not a binary (0/1) scale")
    no, yes = counts[:, 0], counts[:, 1]
    tied = mask & (no == yes)
    use = mask & (no != yes)
    label = (yes > no)[use]
    if not label.any():
        return Undefined("no item with this score has a majority for 1 (good)")
    order = np.argsort(-x[use], kind="stable")
    score, hits = x[use][order], label[order]
    last = np.r_[score[1:] != score[:-1], True]  # the end of each run of equal scores
    true_pos = np.cumsum(hits)[last]
    chosen = (np.arange(len(score)) + 1)[last]
    precision = true_pos / chosen
    recall = true_pos / hits.sum()
    return PrecisionRecall(
        n_items=int(use.sum()), n_positive=int(hits.sum()), tied_left_out=int(tied.sum()),
        average_precision=float(np.sum(np.diff(np.r_[0.0, recall]) * precision)),
        thresholds=tuple(score[last].tolist()), precision=tuple(precision.tolist()),
        recall=tuple(recall.tolist()))
