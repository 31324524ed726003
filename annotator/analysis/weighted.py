"""Kendall's τ_c and τ_b, Spearman's ρ and Pearson's r under many item weightings at once.

A bootstrap resample of items is a vector of weights (how often each item was drawn), so
every figure here takes a (resamples × items) integer weight matrix; a row of ones gives
the figure on the data itself, so the point value and its interval come from one code
path. Each figure equals the scipy statistic on the data expanded by the weights (an item
drawn twice is two tied observations), which the tests check.

The order of the items by score is the same in every resample (only the weights change),
so it is found once per metric; a batch then needs only cumulative sums of weights in
that fixed order. Counts of units, pairs and ranks (doubled, so mid-ranks are whole) are
integers, kept exact in int64 or in float64 below 2⁵³; only the final ratio is rounded.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt


class Concordance:
    """Kendall's S between item scores and per-item level counts, for any item weights.

    Item i carries ``counts[i, a]`` units at level a (its ratings, or one unit at the rank
    of its mean); S = Σ over pairs of units sign(Δscore) · sign(Δlevel). Items are cut, in
    score order, into blocks of at most ``block`` items; a block never holds the end of
    one run of tied scores and the start of another longer than a block. Between blocks
    of different scores sign(Δscore) = +1, so those pairs need only each block's weighted
    level histogram and a running sum over blocks (whole numbers: int64); within a block
    S is a quadratic form w·A·w/2 with a small precomputed A (a batched matrix product of
    whole numbers, exact in float32 while they stay below 2²⁴, else in float64).
    """

    def __init__(self, scores: np.ndarray, counts: np.ndarray):
        x = np.asarray(scores, dtype=float)
        counts = np.asarray(counts, dtype=np.int64)
        n, v = counts.shape
        block = 128 if v > 16 else 64  # balances the histograms against the block products
        self.order = np.argsort(x, kind="stable")
        ordered = x[self.order]
        new_score = np.r_[True, ordered[1:] != ordered[:-1]]
        self.group_starts = np.flatnonzero(new_score)
        """Where each distinct score begins in score order (its tie group)."""
        self.group_in_order = np.cumsum(new_score) - 1
        """The tie group of each position in score order."""
        self.ties = len(self.group_starts) < n
        starts, first = _blocks(self.group_starts, n, block)
        self.first_of_run = first
        """Per block, the first block of its run of equal scores (itself unless a long tie)."""
        sizes = np.diff(np.r_[starts, n]).astype(np.int64)
        one_level = v > 16 and bool((counts.sum(axis=1) == 1).all())
        level = counts.argmax(axis=1)
        block_of = np.repeat(np.arange(len(starts)), sizes)  # per position in score order
        in_order = self.order
        if one_level:  # level order inside a block: its histogram is a cumulative sum
            in_order = self.order[np.lexsort((level[self.order], block_of))]
        self.slots = np.full((len(starts), block), n)  # n: a weightless pad
        self.slots[block_of, np.arange(n) - starts[block_of]] = in_order
        group = self.group_in_order
        self.mixed = np.flatnonzero(group[starts] != group[starts + sizes - 1])
        slots = self.slots[self.mixed]
        self.levels = None
        self.block_units = 0.0
        """The most units of one level in one block: bounds the block histograms' sums."""
        if one_level:  # one unit each: the level pair's sign
            at = np.r_[level, 0].astype(np.int32)[slots]
            pair = np.sign(at[:, None, :] - at[:, :, None])
        else:
            units = np.concatenate([counts, np.zeros((1, v), np.int64)]).astype(float)
            self.levels = units[self.slots]
            self.block_units = float(self.levels.sum(axis=1).max())
            # Σ_ab c_pa c_qb sign(b − a) = c_q·below_p − c_p·below_q, below_p[b] = Σ_{a<b} c_pa
            cross = np.einsum("msv,mtv->mst", units[slots],
                              np.cumsum(units, axis=1)[slots] - units[slots], optimize=True)
            pair = cross.transpose(0, 2, 1) - cross
        rank = np.zeros(n + 1, dtype=np.int32)  # the tie group: the score's order, in int32
        rank[self.order] = self.group_in_order
        at_rank = rank[slots]
        within = np.sign(at_rank[:, None, :] - at_rank[:, :, None]) * pair
        self.largest = float(np.abs(within).max(initial=0))
        self.within = within.astype(np.float32 if self.largest < 2**24 else float)
        """A of each block holding more than one score (the others have S = 0 inside)."""
        self.most_units = int(counts.sum(axis=1).max(initial=0))
        """The most units of one item: times a row's total weight, it bounds every count."""
        self.bounds = np.zeros(0, dtype=np.int64)
        """With one unit per item: per block and level, how many of the block's slots
        (in its level order) hold that level or a lower one, offset by the block's start
        (empty otherwise)."""
        if one_level:
            up_to = np.bincount(block_of * (v + 1) + level[self.order] + 1,
                                minlength=len(starts) * (v + 1)).reshape(len(starts), v + 1)
            self.bounds = (np.cumsum(up_to, axis=1)
                           + (np.arange(len(starts)) * block)[:, None]).ravel()

    def s(self, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Kendall's S for each row of ``weights`` (resamples × items), and the weighted
        number of units at each level (resamples × levels), which the histograms hold."""
        w = np.asarray(weights)
        rows, most = len(w), int(w.sum(axis=1, dtype=np.int64).max(initial=0))
        # Every count below is at most `most` times one item's units: int32 while that fits
        # (half the memory traffic of int64).
        whole = np.int32 if most * self.most_units < 2**31 else np.int64
        padded = np.zeros((rows, w.shape[1] + 1), dtype=whole)
        padded[:, :-1] = w
        blocks = padded.take(self.slots, axis=1)
        if self.levels is None:  # blocks are in level order: a cumulative sum gives it all
            cum = np.zeros((rows, blocks[0].size + 1), dtype=whole)
            np.cumsum(blocks.reshape(rows, -1), axis=1, dtype=whole, out=cum[:, 1:])
            up_to = cum.take(self.bounds, axis=1).reshape(rows, len(self.slots), -1)
        else:  # whole numbers below 2²⁴ are exact in float32
            real = np.float32 if most * self.block_units < 2**24 else np.float64
            product = (np.ascontiguousarray(blocks.transpose(1, 0, 2), dtype=real)
                       @ self.levels.astype(real, copy=False))
            up_to = np.zeros((rows, len(self.slots), self.levels.shape[2] + 1), dtype=whole)
            np.cumsum(np.rint(product).astype(whole).transpose(1, 0, 2), axis=2, dtype=whole,
                      out=up_to[:, :, 1:])
        # up_to[β, a]: units of block β below level a, plus any constant per block
        histogram = np.diff(up_to, axis=2)
        running = np.cumsum(histogram, axis=1, dtype=whole)
        below = (running - histogram)[:, self.first_of_run]
        # a unit of level a in a lower block against block β: (units above a) − (below a)
        sign_sums = up_to[:, :, -1:] + up_to[:, :, :1] - up_to[:, :, :-1] - up_to[:, :, 1:]
        counts = cast("npt.NDArray[np.signedinteger[Any]]", below)  # int32 or int64: `whole`
        total = np.einsum("rba,rba->r", counts, sign_sums, dtype=np.float64)
        if len(self.mixed):
            total += self._within(blocks, most)
        return total, running[:, -1]

    def _within(self, blocks: np.ndarray, most: int) -> np.ndarray:
        """S inside the blocks that hold more than one score: Σ_β w_β·A_β·w_β / 2.

        In float32 (twice as fast) when every partial sum of w·A is a whole number below
        2²⁴, hence exact: |entries of A| × the most weight in a row stays below 2²⁴.
        """
        exact = self.within.dtype == np.float32 and self.largest * most < 2**24
        within = self.within if exact else self.within.astype(float)
        part = np.ascontiguousarray(blocks.transpose(1, 0, 2)[self.mixed], dtype=within.dtype)
        return np.asarray(0.5 * np.einsum("brs,brs->r", part @ within, part, dtype=float))

    def tie_groups(self, ordered: np.ndarray) -> np.ndarray:
        """Weighted number of items at each distinct score (resamples × distinct scores),
        from the weights in score order (``weights.take(order, axis=1)``)."""
        if not self.ties:
            return ordered
        return np.add.reduceat(ordered, self.group_starts, axis=1, dtype=np.int64)


def _blocks(group_starts: np.ndarray, n: int, block: int) -> tuple[np.ndarray, np.ndarray]:
    """Block starts in score order and, per block, the first block of its run of ties.

    Runs of tied scores are packed greedily up to ``block`` items; a longer run is cut
    into blocks of its own.
    """
    ends = np.r_[group_starts[1:], n]
    starts: list[int] = []
    first: list[int] = []
    group = 0
    while group < len(group_starts):
        start, end = int(group_starts[group]), int(ends[group])
        if end - start > block:
            for piece in range(start, end, block):
                starts.append(piece)
                first.append(len(starts) - 1 if piece == start else first[-1])
            group += 1
        else:  # this run and every following one that ends within a block of its start
            starts.append(start)
            first.append(len(starts) - 1)
            group = int(np.searchsorted(ends, start + block, side="right"))
    return np.array(starts, dtype=np.int64), np.array(first, dtype=np.int64)


class MetricFigures:
    """τ_c, τ_b, ρ and r of one metric's item scores against the panel, per weight batch.

    τ_c pairs the score with each rating (``counts``: items × levels); τ_b, ρ and r pair
    it with the item's mean rating (``means``). Both Kendall figures and ρ need the
    weighted size of each run of tied scores, so a batch counts those once; the units per
    level (τ_c's N and m, the means' ties and ranks) come from the histograms behind S.
    """

    def __init__(self, scores: np.ndarray, counts: np.ndarray, means: np.ndarray):
        self.scores = np.asarray(scores, dtype=float)
        self.means = np.asarray(means, dtype=float)
        steps, self.level = np.unique(self.means, return_inverse=True)
        self.per_rating = Concordance(self.scores, counts)
        self.per_item = Concordance(self.scores, np.eye(len(steps), dtype=np.int64)[self.level])
        self.pearson = Pearson(self.scores, self.means)
        self.level_in_order = self.level[self.per_item.order]
        """The level of each item's mean, items in score order."""

    def tau_c(self, weights: np.ndarray, x_groups: np.ndarray | None = None) -> np.ndarray:
        """Stuart's τ_c of scores against levels with each unit its own pair; NaN if undefined.

        τ_c = 2S / (N² (m − 1)/m), N units, m the smaller number of distinct values present
        on either side (scipy ``kendalltau(variant="c")`` on the expanded data).
        ``x_groups``: the batch's ``tie_groups``, when already counted.
        """
        if x_groups is None:
            x_groups = self.per_rating.tie_groups(
                np.asarray(weights).take(self.per_rating.order, axis=1))
        s, units = self.per_rating.s(weights)
        n = units.sum(axis=1).astype(float)
        m = np.minimum((x_groups > 0).sum(axis=1), (units > 0).sum(axis=1))
        with np.errstate(divide="ignore", invalid="ignore"):
            value = 2 * s / (n**2 * (m - 1) / m)
        return np.where(m >= 2, value, np.nan)

    def all(self, weights: np.ndarray) -> dict[str, np.ndarray]:
        """Every figure for each row of ``weights`` (whole numbers, any integer type):
        {tau_c, tau_b, spearman, pearson}."""
        w = np.asarray(weights)
        ordered = w.take(self.per_item.order, axis=1)
        x_groups = self.per_item.tie_groups(ordered)
        s, y_groups = self.per_item.s(w)
        return {"tau_c": self.tau_c(w, x_groups),
                "tau_b": self._tau_b(w, s, x_groups, y_groups),
                "spearman": self._spearman(ordered, x_groups, y_groups),
                "pearson": self.pearson(w)}

    @staticmethod
    def _tau_b(w: np.ndarray, s: np.ndarray, x_groups: np.ndarray, y_groups: np.ndarray
               ) -> np.ndarray:
        """Kendall's τ_b of scores against item means, from their S and tie groups."""
        n = w.sum(axis=1, dtype=np.int64)
        pairs = n * (n - 1) // 2
        x_ties = (_sum_of_squares(x_groups) - n) // 2
        y_ties = (_sum_of_squares(y_groups) - n) // 2
        denominator = np.sqrt((pairs - x_ties).astype(float) * (pairs - y_ties))
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(denominator > 0, s / denominator, np.nan)

    def _spearman(self, ordered: np.ndarray, x_groups: np.ndarray, y_groups: np.ndarray
                  ) -> np.ndarray:
        """Spearman's ρ: Pearson's r of mid-ranks within each weighted sample (``ordered``:
        the weights in score order).

        With doubled mid-ranks a (scores) and b (means), both averaging N + 1:
        ρ = (Σ w·a·b − N(N+1)²) / √(Sxx·Syy), where Sxx = Σ w·(a − N − 1)²
        = (N³ − Σ t³)/3 over the tie groups' sizes t (the tie-corrected sum of squared
        ranks, times 4), likewise Syy: all whole numbers, exact in int64.
        """
        a, b = _doubled_ranks(x_groups), _doubled_ranks(y_groups)
        n = ordered.sum(axis=1, dtype=np.int64)
        a_each = a.take(self.per_item.group_in_order, axis=1) if self.per_item.ties else a
        cross = np.einsum("ri,ri->r", ordered * a_each, b.take(self.level_in_order, axis=1))
        sxx = (n**3 - _sum_of_cubes(x_groups)) // 3
        syy = (n**3 - _sum_of_cubes(y_groups)) // 3
        with np.errstate(divide="ignore", invalid="ignore"):
            rho = (cross - n * (n + 1) ** 2) / np.sqrt(sxx.astype(float) * syy)
        return np.where((sxx > 0) & (syy > 0), np.clip(rho, -1.0, 1.0), np.nan)


def _doubled_ranks(groups: np.ndarray) -> np.ndarray:
    """Twice the mid-rank of each tie group, given the weighted group sizes (whole numbers).

    The running sum keeps the sizes' own type when their total fits it (numpy's cumsum is
    several times slower when it converts).
    """
    total = int(groups.sum(axis=1, dtype=np.int64).max(initial=0))
    own = groups.dtype if total < np.iinfo(groups.dtype).max // 2 else np.int64
    running = np.cumsum(groups, axis=1, dtype=own).astype(np.int64, copy=False)
    return np.asarray(2 * running - groups + 1)


def _sum_of_squares(groups: np.ndarray) -> np.ndarray:
    """Σ g² of each row of whole numbers, in int64."""
    return np.asarray(np.einsum("rg,rg->r", groups, groups, dtype=np.int64))


def _sum_of_cubes(groups: np.ndarray) -> np.ndarray:
    """Σ g³ of each row of whole numbers, in int64."""
    wide = groups.astype(np.int64, copy=False)
    return np.asarray(np.einsum("rg,rg,rg->r", wide, wide, wide))


class Pearson:
    """Pearson's r of item values x and y, each item counted ``weights`` times.

    One matrix product gives every resample's weighted sums of x, y, x², y² and xy, taken
    about the unweighted means so that subtracting the weighted means loses nothing; the
    items' terms are laid out once, for every batch.
    """

    def __init__(self, x: np.ndarray, y: np.ndarray):
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        self.mx, self.my = x.mean(), y.mean()
        xc, yc = x - self.mx, y - self.my
        self.terms = np.stack([np.ones_like(x), xc, yc, xc * xc, yc * yc, xc * yc], axis=1)

    def __call__(self, weights: np.ndarray) -> np.ndarray:
        """r for each row of ``weights``; NaN where either side is constant."""
        mx, my = self.mx, self.my
        n, sx, sy, sxx, syy, sxy = (np.asarray(weights, dtype=float) @ self.terms).T
        with np.errstate(divide="ignore", invalid="ignore"):
            vx, vy, cov = sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n
            # A constant side leaves only rounding dust in its sum of squares.
            spread = ((vx > 1e-12 * (sxx + 2 * mx * sx + n * mx * mx))
                      & (vy > 1e-12 * (syy + 2 * my * sy + n * my * my)))
            r = cov / np.sqrt(vx * vy)
        return np.where(spread, np.clip(r, -1.0, 1.0), np.nan)
