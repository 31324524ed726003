"""Kendall's τ_c and τ_b, Spearman's ρ and Pearson's r under many item weightings at once.

A bootstrap resample of items is a vector of weights (how often each item was drawn), so
every figure here takes a (resamples × items) integer weight matrix; a row of ones gives
the figure on the data itself, so the point value and its interval come from one code
path. Each figure equals the scipy statistic on the data expanded by the weights (an item
drawn twice is two tied observations), which the tests check.
"""

from __future__ import annotations

import numpy as np


class Concordance:
    """Kendall's S between item scores and per-item level counts, for any item weights.

    Item i carries ``counts[i, a]`` units at level a (its ratings, or one unit at the rank
    of its mean); S = Σ over pairs of units sign(Δscore) · sign(Δlevel). Items are cut, in
    score order, into blocks of at most ``block`` items; a block never holds the end of
    one run of tied scores and the start of another longer than a block. Between blocks
    of different scores sign(Δscore) = +1, so those pairs need only each block's weighted
    level histogram and a running sum over blocks; within a block S is a quadratic form
    w·A·w/2 with a small precomputed A. Both are batched matrix products over resamples.
    """

    def __init__(self, scores: np.ndarray, counts: np.ndarray):
        x = np.asarray(scores, dtype=float)
        counts = np.asarray(counts, dtype=float)
        n, v = counts.shape
        block = 128 if v > 16 else 32  # balances the histograms against the block products
        self.order = np.argsort(x, kind="stable")
        ordered = x[self.order]
        new_score = np.r_[True, ordered[1:] != ordered[:-1]]
        self.group_starts = np.flatnonzero(new_score)
        """Where each distinct score begins in score order (its tie group)."""
        self.group = np.empty(n, dtype=np.int64)
        self.group[self.order] = np.cumsum(new_score) - 1
        starts, first = _blocks(self.group_starts, n, block)
        self.first_of_run = first
        """Per block, the first block of its run of equal scores (itself unless a long tie)."""
        sizes = np.diff(np.r_[starts, n]).astype(np.int64)
        self.slots = np.full((len(starts), block), n)  # n: a weightless pad
        self.levels = np.zeros((len(starts), block, v))
        self.within = np.zeros((len(starts), block, block))
        signs = np.sign(np.arange(v)[None, :] - np.arange(v)[:, None])
        mixed = []
        for b, (start, size) in enumerate(zip(starts.tolist(), sizes.tolist(), strict=True)):
            items = self.order[start:start + size]
            self.slots[b, :size] = items
            self.levels[b, :size] = counts[items]
            if x[items[0]] != x[items[-1]]:
                mixed.append(b)
                self.within[b, :size, :size] = (np.sign(x[items][None, :] - x[items][:, None])
                                                * (counts[items] @ signs @ counts[items].T))
        self.mixed = np.array(mixed, dtype=np.int64)
        one_level = v > 16 and bool((counts.sum(axis=1) == 1).all())
        block_of = np.empty(n, dtype=np.int64)
        block_of[self.order] = np.repeat(np.arange(len(starts)), sizes)
        self.n_cells = len(starts) * v
        self.sparse = block_of * v + counts.argmax(axis=1) if one_level else None
        """Per item, its (block, level) cell, when every item has one unit (item means)."""

    def s(self, weights: np.ndarray) -> np.ndarray:
        """Kendall's S for each row of ``weights`` (resamples × items)."""
        w = np.asarray(weights, dtype=float)
        padded = np.concatenate([w, np.zeros((len(w), 1))], axis=1)
        blocks = padded[:, self.slots].transpose(1, 0, 2)  # (blocks, resamples, slots)
        if self.sparse is None:
            histogram = (blocks @ self.levels).transpose(1, 0, 2)  # (resamples, blocks, levels)
        else:  # one level per item: counting beats a product with a mostly-zero matrix
            cells = self.n_cells
            slot = (np.arange(len(w))[:, None] * cells + self.sparse[None, :]).ravel()
            histogram = np.bincount(slot, weights=w.ravel(), minlength=len(w) * cells
                                    ).reshape(len(w), len(self.slots), -1)
        cum = np.cumsum(histogram, axis=1)
        below = (cum - histogram)[:, self.first_of_run]  # blocks of lower scores, per level
        # Σ_a below[a] · sign(l − a) = 2·cum(below)[l] − below[l] − Σ below
        running = np.cumsum(below, axis=2)
        total = (histogram * (2 * running - below - running[:, :, -1:])).sum(axis=(1, 2))
        if len(self.mixed):
            part = blocks[self.mixed]
            total += 0.5 * ((part @ self.within[self.mixed]) * part).sum(axis=(0, 2))
        return total

    def tie_groups(self, weights: np.ndarray) -> np.ndarray:
        """Weighted number of items at each distinct score: (resamples × distinct scores)."""
        return np.add.reduceat(np.asarray(weights)[:, self.order], self.group_starts, axis=1)


def _blocks(group_starts: np.ndarray, n: int, block: int) -> tuple[np.ndarray, np.ndarray]:
    """Block starts in score order and, per block, the first block of its run of ties.

    Runs of tied scores are packed greedily up to ``block`` items; a longer run is cut
    into blocks of its own.
    """
    ends = np.r_[group_starts[1:], n].tolist()
    starts: list[int] = []
    first: list[int] = []
    begun = None
    for start, end in zip(group_starts.tolist(), ends, strict=True):
        if end - start > block:
            for piece in range(start, end, block):
                starts.append(piece)
                first.append(len(starts) - 1 if piece == start else first[-1])
            begun = None
        elif begun is None or end - begun > block:
            starts.append(start)
            first.append(len(starts) - 1)
            begun = start
    return np.array(starts, dtype=np.int64), np.array(first, dtype=np.int64)


def tau_c(pairing: Concordance, weights: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Stuart's τ_c of scores against levels with each unit its own pair; NaN if undefined.

    τ_c = 2S / (N² (m − 1)/m), N units, m the smaller number of distinct values present
    on either side (scipy ``kendalltau(variant="c")`` on the expanded data).
    """
    w = np.asarray(weights, dtype=float)
    units = w @ counts
    n = units.sum(axis=1)
    m = np.minimum((pairing.tie_groups(weights) > 0).sum(axis=1), (units > 0).sum(axis=1))
    with np.errstate(divide="ignore", invalid="ignore"):
        value = 2 * pairing.s(weights) / (n**2 * (m - 1) / m)
    return np.where(m >= 2, value, np.nan)


def tau_b(pairing: Concordance, weights: np.ndarray, level: np.ndarray,
          n_levels: int) -> np.ndarray:
    """Kendall's τ_b of scores against one level per item (``level``, codes < n_levels)."""
    w = np.asarray(weights, dtype=float)
    n = w.sum(axis=1)
    pairs = n * (n - 1) / 2
    x_groups = pairing.tie_groups(weights).astype(float)
    y_groups = _level_totals(w, level, n_levels)
    x_ties = (x_groups * (x_groups - 1) / 2).sum(axis=1)
    y_ties = (y_groups * (y_groups - 1) / 2).sum(axis=1)
    denominator = np.sqrt((pairs - x_ties) * (pairs - y_ties))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, pairing.s(weights) / denominator, np.nan)


def spearman(pairing: Concordance, weights: np.ndarray, level: np.ndarray,
             n_levels: int) -> np.ndarray:
    """Spearman's ρ: Pearson's r of mid-ranks within each weighted sample."""
    w = np.asarray(weights, dtype=float)
    x_groups = pairing.tie_groups(weights).astype(float)
    x_rank = np.cumsum(x_groups, axis=1) - (x_groups - 1) / 2
    y_groups = _level_totals(w, level, n_levels)
    y_rank = np.cumsum(y_groups, axis=1) - (y_groups - 1) / 2
    rows = np.arange(len(w))[:, None]
    item_x = x_rank[:, pairing.group]
    item_y = y_rank[rows, level[None, :]]
    return _correlation(w, item_x, item_y)


def pearson(weights: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson's r of item values x and y, each item counted ``weights`` times."""
    w = np.asarray(weights, dtype=float)
    return _correlation(w, np.asarray(x, float)[None, :], np.asarray(y, float)[None, :])


def _correlation(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    n = w.sum(axis=1)
    mx = (w * x).sum(axis=1) / n
    my = (w * y).sum(axis=1) / n
    dx, dy = x - mx[:, None], y - my[:, None]
    sxx, syy = (w * dx * dx).sum(axis=1), (w * dy * dy).sum(axis=1)
    sxy = (w * dx * dy).sum(axis=1)
    # A constant side leaves only rounding dust in its sum of squares.
    spread = (sxx > 1e-12 * (w * x * x).sum(axis=1)) & (syy > 1e-12 * (w * y * y).sum(axis=1))
    with np.errstate(divide="ignore", invalid="ignore"):
        r = sxy / np.sqrt(sxx * syy)
    return np.where(spread, np.clip(r, -1.0, 1.0), np.nan)


def _level_totals(w: np.ndarray, level: np.ndarray, n_levels: int) -> np.ndarray:
    """Weighted number of items at each level: (resamples × levels)."""
    slot = (np.arange(len(w))[:, None] * n_levels + level[None, :]).ravel()
    return np.bincount(slot, weights=w.ravel(), minlength=len(w) * n_levels).reshape(
        len(w), n_levels)
