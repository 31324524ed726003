"""Kendall's τ_c and τ_b, Spearman's ρ and Pearson's r under many item weightings at once.

A bootstrap resample of items is a vector of weights (how often each item was drawn), so
every figure here takes a batch of them (:class:`~annotator.analysis.resample_weights.
Weights`); weights of ones give the figure on the data itself, so the point value and its
interval come from one code path. Each figure equals the scipy statistic on the data
expanded by the weights (an item drawn twice is two tied observations), which the tests
check.

The order of the items by score is the same in every resample (only the weights change),
so it is found once per metric; a batch then needs only running sums of weights in that
fixed order. The resamples are the last axis of every array: a running sum is then a
short loop of vector additions over all resamples at once, several times faster than
numpy's ``cumsum`` along an axis, which adds one number at a time. Counts of units, pairs
and ranks (doubled, so mid-ranks are whole) are integers, kept exact in int32 or int64, or
in float64 below 2⁵³; only the final ratio is rounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np

from annotator.analysis.concordance import LevelCounts, by_level
from annotator.analysis.exact_dtype import INTEGERS, exact_dtype
from annotator.analysis.resample_weights import RunningSum, Weights, power_sums


@dataclass(frozen=True)
class BatchFigures:
    """τ_c, τ_b, Spearman's ρ and Pearson's r of each resample of a batch (each
    (n_resamples,); NaN where undefined)."""

    tau_c: np.ndarray
    tau_b: np.ndarray
    spearman: np.ndarray
    pearson: np.ndarray

    @classmethod
    def joined(cls, batches: Sequence[BatchFigures]) -> BatchFigures:
        """The batches' figures one after another."""
        return cls(*(np.concatenate([getattr(batch, field.name) for batch in batches])
                     for field in fields(cls)))


@dataclass(frozen=True)
class _ScoreRanks:
    """One batch's weighted runs of tied scores: their ``sizes`` (n_groups × n_resamples),
    Σ of their ``squares`` and ``cubes`` (n_resamples,) and twice their mid-ranks,
    ``doubled`` (CHUNK · n_chunks × n_resamples: per position in score order, laid out as
    the running sum's)."""

    sizes: np.ndarray
    squares: np.ndarray
    cubes: np.ndarray
    doubled: np.ndarray


class MetricFigures:
    """τ_c, τ_b, ρ and r of one metric's item scores against the panel, per weight batch.

    τ_c pairs the score with each rating (``counts``: n_items × n_levels); τ_b, ρ and r
    pair it with the item's mean rating (``means`` and ``scores``: (n_items,)). Both
    Kendall figures and ρ need the weighted size of each run of tied scores, so a batch
    counts those once; the units per level (τ_c's N and m, the means' ties and ranks)
    come from the histograms behind S.
    """

    def __init__(self, scores: np.ndarray, counts: np.ndarray, means: np.ndarray):
        self.scores = np.asarray(scores, dtype=float)
        self.means = np.asarray(means, dtype=float)
        level = np.unique(self.means, return_inverse=True)[1]
        self.per_rating = LevelCounts(self.scores, counts)
        self.per_item = by_level(self.scores, level)
        self.pearson = Pearson(self.scores, self.means)
        n, order = len(self.scores), self.per_item.by_score.items
        self.running = RunningSum(order, pad=n)
        self.level_laid_out = np.r_[level, 0][self.running.laid_out]
        """The level of each item's mean, items laid out as the running sum's."""
        self.group_edges = self.running.places(np.r_[self.per_item.by_score.group_starts, n])
        """Where each run of tied scores begins, and the end of the last."""
        position = np.minimum(self.running.positions(), n)
        self.group_laid_out = np.r_[self.per_item.by_score.group_in_order, 0][position]
        """The tie group of each item, laid out as the running sum's."""

    def _ranks(self, weights: Weights, ordered: np.ndarray) -> _ScoreRanks:
        """Weighted tie groups and doubled mid-ranks of the scores (``ordered``: the
        weights laid out as the running sum's)."""
        # doubled ranks reach 2N + 1, which fits wherever 2N (even) does
        sums = self.running.sums(ordered, weights.count_dtype(2))
        if not self.per_item.by_score.ties:  # every run is one item, with its weight
            return _ScoreRanks(ordered, *weights.squares_and_cubes,
                               _doubled_ranks_in_place(sums.before_each(), ordered))
        at_edges = sums.before(self.group_edges)
        sizes = at_edges[1:] - at_edges[:-1]
        # each run: the weight before it + the weight up to its end + 1
        doubled = (at_edges[:-1] + at_edges[1:] + 1).take(self.group_laid_out, axis=0)
        total = weights.largest_total
        return _ScoreRanks(sizes, power_sums(sizes, 2, total), power_sums(sizes, 3, total),
                           doubled)

    def tau_c(self, weights: Weights, x_groups: np.ndarray | None = None) -> np.ndarray:
        """Stuart's τ_c of scores against levels with each unit its own pair; NaN if undefined.

        τ_c = 2S / (N² (m − 1)/m), N units, m the smaller number of distinct values present
        on either side (scipy ``kendalltau(variant="c")`` on the expanded data).
        ``x_groups``: the batch's weighted tie-group sizes (n_groups × n_resamples), when
        already counted. Returns (n_resamples,).
        """
        if x_groups is None:
            x_groups = self._ranks(weights, weights.of_items(self.running.laid_out)).sizes
        pairs = self.per_rating.kendall_s(weights)
        s, units = pairs.s, pairs.units
        n = units.sum(axis=0, dtype=np.int64).astype(float)
        levels = (units > 0).sum(axis=0)
        # at least total / (the largest) runs of tied scores are present: count them only
        # when that bound leaves the smaller side undecided
        if (weights.totals < levels * x_groups.max(axis=0)).any():
            m = np.minimum(np.count_nonzero(x_groups, axis=0), levels)
        else:
            m = levels
        with np.errstate(divide="ignore", invalid="ignore"):
            value = 2 * s / (n**2 * (m - 1) / m)
        return np.where(m >= 2, value, np.nan)

    def all_four(self, weights: Weights) -> BatchFigures:
        """Every figure for each resample of ``weights``."""
        ordered = weights.of_items(self.running.laid_out)
        ranks = self._ranks(weights, ordered)
        by_mean = self.per_item.kendall_s(weights)
        n = weights.totals
        return BatchFigures(tau_c=self.tau_c(weights, ranks.sizes),
                            tau_b=_tau_b(n, by_mean.s, ranks.squares, by_mean.units),
                            spearman=self._spearman(n, ordered, ranks, by_mean.units),
                            pearson=self.pearson(weights))

    def _spearman(self, n: np.ndarray, ordered: np.ndarray, ranks: _ScoreRanks,
                  y_groups: np.ndarray) -> np.ndarray:
        """Spearman's ρ: Pearson's r of mid-ranks within each weighted sample
        (n_resamples,); ``y_groups``: the means' weighted tie groups (n_levels ×
        n_resamples).

        With doubled mid-ranks a (scores) and b (means), both averaging N + 1:
        ρ = (Σ w·a·b − N(N+1)²) / √(Sxx·Syy), where Sxx = Σ w·(a − N − 1)²
        = (N³ − Σ t³)/3 over the tie groups' sizes t (the tie-corrected sum of squared
        ranks, times 4), likewise Syy: all whole numbers, exact in int64 while N³ is
        (N < 2²¹, two million items), and the cross sum Σ w·a·b ≤ N(2N + 1)² in float64
        while it stays within 2⁵³ (N up to about 130,000); past that its partial sums
        round in their last bits, as any float sum does.
        """
        total = int(n.max(initial=0))
        # a doubled mid-rank is at most 2N + 1, a weight at most its largest
        whole = exact_dtype((2 * total + 1) * int(ordered.max(initial=0)), INTEGERS)
        b = _doubled_ranks(y_groups).astype(whole).take(self.level_laid_out, axis=0)
        ranked = np.multiply(ordered, ranks.doubled, dtype=whole)
        cross = np.einsum("ir,ir->r", ranked, b, dtype=np.float64)
        sxx = (n**3 - ranks.cubes) // 3
        syy = (n**3 - power_sums(y_groups, 3, total)) // 3
        with np.errstate(divide="ignore", invalid="ignore"):
            rho = (cross - n * (n + 1) ** 2) / np.sqrt(sxx.astype(float) * syy)
        return np.where((sxx > 0) & (syy > 0), np.clip(rho, -1.0, 1.0), np.nan)


def _tau_b(n: np.ndarray, s: np.ndarray, x_squares: np.ndarray, y_groups: np.ndarray
           ) -> np.ndarray:
    """Kendall's τ_b of scores against item means (n_resamples,), from their S, Σ t² of
    the scores' tie groups (each n_resamples,) and the means' tie groups (n_levels ×
    n_resamples)."""
    pairs = n * (n - 1) // 2
    total = int(n.max(initial=0))
    x_ties = (x_squares - n) // 2
    y_ties = (power_sums(y_groups, 2, total) - n) // 2
    denominator = np.sqrt((pairs - x_ties).astype(float) * (pairs - y_ties))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, s / denominator, np.nan)


def _doubled_ranks_in_place(before: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Twice the mid-rank of each item when no two scores tie, 2 · (the weight before it)
    + its weight + 1, written over ``before`` (a fresh array of the weight before each;
    both CHUNK · n_chunks × n_resamples): 0.60 ms a batch of 47 at VICR scale, against
    0.84 ms for the same sum in new arrays."""
    before *= 2
    before += weights
    before += 1
    return before


def _doubled_ranks(groups: np.ndarray) -> np.ndarray:
    """Twice the mid-rank of each tie group (n_groups × n_resamples), given the weighted
    group sizes (whole numbers, the same shape)."""
    return np.asarray(2 * np.cumsum(groups, axis=0, dtype=np.int64) - groups + 1)


class Pearson:
    """Pearson's r of item values x and y, each item counted ``weights`` times.

    One matrix product gives every resample's weighted sums of x, y, x², y² and xy, taken
    about the unweighted means so that subtracting the weighted means loses nothing; the
    items' terms are laid out once, for every batch.
    """

    def __init__(self, x: np.ndarray, y: np.ndarray):
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        self.mean_x, self.mean_y = x.mean(), y.mean()
        xc, yc = x - self.mean_x, y - self.mean_y
        self.terms = np.stack([np.ones_like(x), xc, yc, xc * xc, yc * yc, xc * yc], axis=1)
        """1, x, y, x², y² and xy of each item about the means (n_items × 6)."""

    def __call__(self, weights: Weights) -> np.ndarray:
        """r for each resample of ``weights`` (n_resamples,); NaN where either side is
        constant."""
        mx, my = self.mean_x, self.mean_y
        # one product for the batch: 6 × n_items (a transposed view) by n_items × n_resamples
        n, sx, sy, sxx, syy, sxy = self.terms.T @ weights.padded[:-1].astype(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            vx, vy, cov = sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n
            # A constant side leaves only rounding dust in its sum of squares.
            spread = ((vx > 1e-12 * (sxx + 2 * mx * sx + n * mx * mx))
                      & (vy > 1e-12 * (syy + 2 * my * sy + n * my * my)))
            r = cov / np.sqrt(vx * vy)
        return np.where(spread, np.clip(r, -1.0, 1.0), np.nan)
