"""Kendall's τ_c and τ_b, Spearman's ρ and Pearson's r under many item weightings at once.

A bootstrap resample of items is a vector of weights (how often each item was drawn), so
every figure here takes a batch of them (:class:`Weights`); weights of ones give the
figure on the data itself, so the point value and its interval come from one code path.
Each figure equals the scipy statistic on the data expanded by the weights (an item drawn
twice is two tied observations), which the tests check.

The order of the items by score is the same in every resample (only the weights change),
so it is found once per metric; a batch then needs only running sums of weights in that
fixed order. The resamples are the last axis of every array: a running sum is then a
short loop of vector additions over all resamples at once, several times faster than
numpy's ``cumsum`` along an axis, which adds one number at a time. Counts of units, pairs
and ranks (doubled, so mid-ranks are whole) are integers, kept exact in int32 or int64, or
in float64 below 2⁵³; only the final ratio is rounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

_CHUNK = 128
"""Positions per chunk of a running sum: one vector addition per position in a chunk,
then one per chunk."""



@dataclass(frozen=True)
class Weights:
    """A batch of item weightings: ``padded[i, r]`` is how often resample r drew item i.

    The last row is zeros: a weightless item that fills short blocks. ``totals``: each
    resample's total weight (int64); the largest, ``most``, bounds every count.
    """

    padded: np.ndarray
    totals: np.ndarray

    @classmethod
    def of(cls, per_resample: np.ndarray) -> Weights:
        """From a (resamples × items) array of whole numbers."""
        w = np.asarray(per_resample)
        padded = np.zeros((w.shape[1] + 1, w.shape[0]), dtype=w.dtype)
        padded[:-1] = w.T
        return cls(padded, w.sum(axis=1, dtype=np.int64))

    @classmethod
    def drawn(cls, rng: np.random.Generator, items: int, resamples: int) -> Weights:
        """``resamples`` bootstrap draws of ``items`` items with replacement."""
        drawn = rng.integers(items, size=(resamples, items))
        drawn *= resamples
        drawn += np.arange(resamples)[:, None]
        counts = np.bincount(drawn.ravel(), minlength=(items + 1) * resamples)
        return cls(counts.reshape(items + 1, resamples).astype(np.int32),
                   np.full(resamples, items, dtype=np.int64))

    @property
    def most(self) -> int:
        """The largest total weight of a resample."""
        return int(self.totals.max(initial=0))

    @property
    def rows(self) -> int:
        """How many resamples the batch holds."""
        return int(self.padded.shape[1])

    def whole(self, units: int) -> type[np.signedinteger]:
        """The integer type that holds every count of a resample of items carrying at most
        ``units`` units each: int32 while it fits (half the memory traffic of int64)."""
        return np.int32 if self.most * units < 2**31 else np.int64

    def at(self, index: np.ndarray, units: int = 1) -> np.ndarray:
        """The weights of the items (or the pad) at ``index``, in :meth:`whole`'s type."""
        return self.padded.take(index, axis=0).astype(self.whole(units), copy=False)


class RunningSum:
    """Running sums of weights along a fixed sequence of items, for any batch.

    Positions are cut into chunks of :data:`_CHUNK`; the weights are laid out position in
    chunk first (``laid_out``), so each step of the sum adds one vector of every chunk and
    resample. ``before(positions)`` reads the sum of the weights before those positions.
    """

    def __init__(self, sequence: np.ndarray, pad: int):
        n = len(sequence)
        self.chunks = max(1, -(-n // _CHUNK))
        filled = np.full(self.chunks * _CHUNK, pad)
        filled[:n] = sequence
        self.laid_out = filled.reshape(self.chunks, _CHUNK).T.ravel()
        """The items, position in chunk first (``pad`` after the last)."""

    def sums(self, w: np.ndarray, rows: int) -> tuple[np.ndarray, np.ndarray]:
        """Inside each chunk, the sums before each position (``_CHUNK`` + 1 × chunks ×
        rows), and the sum before each chunk (chunks × rows), for ``w`` laid out."""
        w = w.reshape(_CHUNK, self.chunks, rows)
        inside = np.empty((_CHUNK + 1, self.chunks, rows), dtype=w.dtype)
        inside[0] = 0
        for step in range(_CHUNK):
            np.add(inside[step], w[step], out=inside[step + 1])
        chunk_before = np.zeros((self.chunks, rows), dtype=w.dtype)
        np.cumsum(inside[-1, :-1], axis=0, out=chunk_before[1:])
        return inside, chunk_before

    def each(self, sums: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """The sum of the weights before each position, laid out as the weights."""
        inside, chunk_before = sums
        return np.asarray((inside[:-1] + chunk_before).reshape(-1, inside.shape[2]))

    def positions(self) -> np.ndarray:
        """The position in the sequence of each laid-out place (past its end: the pad)."""
        return np.asarray((np.arange(_CHUNK)[:, None]
                           + np.arange(self.chunks)[None, :] * _CHUNK).ravel())

    def where(self, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For :meth:`before`: each position's place in ``inside`` and its chunk."""
        chunk = np.minimum(positions // _CHUNK, self.chunks - 1)
        return (positions - chunk * _CHUNK) * self.chunks + chunk, chunk

    @staticmethod
    def before(sums: tuple[np.ndarray, np.ndarray], where: tuple[np.ndarray, np.ndarray]
               ) -> np.ndarray:
        """The sum of the weights before each position (positions × rows)."""
        inside, chunk_before = sums
        place, chunk = where
        return np.asarray(inside.reshape(-1, inside.shape[2]).take(place, axis=0)
                          + chunk_before.take(chunk, axis=0))


class Concordance:
    """Kendall's S between item scores and per-item level counts, for any item weights.

    Item i carries ``counts[i, a]`` units at level a (its ratings, or one unit at the rank
    of its mean); S = Σ over pairs of units sign(Δscore) · sign(Δlevel). Items are cut, in
    score order, into blocks of at most ``block`` items; a block never holds the end of
    one run of tied scores and the start of another longer than a block. Between blocks
    of different scores sign(Δscore) = +1, so those pairs need only each block's weighted
    level histogram and a running sum over blocks (whole numbers); within a block S is a
    quadratic form w·A·w/2 with a small precomputed A (a batched matrix product of whole
    numbers, exact in float32 while they stay below 2²⁴, else in float64).
    """

    def __init__(self, scores: np.ndarray, counts: np.ndarray):
        """``counts``: items × levels, or (1-D) the level of each item's one unit."""
        x = np.asarray(scores, dtype=float)
        n = len(x)
        counts = np.asarray(counts, dtype=np.int64)
        self.one_level = counts.ndim == 1 and int(counts.max(initial=0)) >= 16
        if counts.ndim == 1 and not self.one_level:  # few levels: as counts
            counts = np.eye(int(counts.max(initial=0)) + 1, dtype=np.int64)[counts]
        level = counts if self.one_level else counts.argmax(axis=1)
        v = int(level.max(initial=0)) + 1 if self.one_level else counts.shape[1]
        block = 128 if self.one_level else 64  # balances the histograms against the products
        self.order = np.argsort(x, kind="stable")
        ordered = x[self.order]
        new_score = np.r_[True, ordered[1:] != ordered[:-1]]
        self.group_starts = np.flatnonzero(new_score)
        """Where each distinct score begins in score order (its tie group)."""
        self.group_in_order = np.cumsum(new_score) - 1
        """The tie group of each position in score order."""
        self.ties = len(self.group_starts) < n
        starts, first = _blocks(self.group_starts, n, block)
        self.first_of_run = first if (first != np.arange(len(first))).any() else None
        """Per block, the first block of its run of equal scores, if any run is longer
        than a block."""
        sizes = np.diff(np.r_[starts, n]).astype(np.int64)
        block_of = np.repeat(np.arange(len(starts)), sizes)  # per position in score order
        in_order = self.order
        if self.one_level:  # level order inside a block: its histogram is a running sum
            in_order = self.order[np.lexsort((level[self.order], block_of))]
        slots = np.full((len(starts), block), n)  # n: a weightless pad
        slots[block_of, np.arange(n) - starts[block_of]] = in_order
        self.blocks, self.block = len(starts), block
        self.taken = slots.T.ravel() if self.one_level else slots.ravel()
        """The items of every block: position in block first for the running sums (one
        level), else block by block for the histograms' matrix product."""
        group = self.group_in_order
        mixed = np.flatnonzero(group[starts] != group[starts + sizes - 1])
        self.mixed = mixed
        """The blocks holding more than one score."""
        self.mixed_slots = slots[mixed].ravel()
        """The items of the blocks holding more than one score, block by block."""
        self.block_units = 0.0
        """The most units of one level in one block: bounds the block histograms' sums."""
        self.level_rows = np.zeros((0, v, block))
        """Per block, each level's units of each slot (levels × slots), if not one level."""
        self.bounds = np.zeros(0, dtype=np.int64)
        """With one unit per item: where the running sum inside the blocks (in their level
        order) reaches each level of each block."""
        rank = np.zeros(n + 1, dtype=np.int32)  # the tie group: the score's order, in int32
        rank[self.order] = self.group_in_order
        score_sign = _signs(rank[slots[mixed]])
        if self.one_level:  # one unit each: the level pair's sign
            at_level = np.r_[level, 0].astype(np.int32)[slots[mixed]]
            within: np.ndarray = score_sign * _signs(at_level)
            up_to = np.bincount(block_of * (v + 1) + level[self.order] + 1,
                                minlength=len(starts) * (v + 1)).reshape(len(starts), v + 1)
            self.bounds = (np.cumsum(up_to, axis=1) * len(starts)
                           + np.arange(len(starts))[:, None]).ravel()
            self.most_units = 1
        else:
            units = np.concatenate([counts, np.zeros((1, v), np.int64)]).astype(float)
            self.block_units = float(units[slots].sum(axis=1).max())
            self.level_rows = np.ascontiguousarray(units[slots].transpose(0, 2, 1))
            # Σ_ab c_pa c_qb sign(b − a) = c_q·below_p − c_p·below_q, below_p[b] = Σ_{a<b} c_pa
            inside = units[slots[mixed]]
            cross = np.einsum("msv,mtv->mst", inside,
                              np.cumsum(units, axis=1)[slots[mixed]] - inside, optimize=True)
            within = score_sign * (cross.transpose(0, 2, 1) - cross)
            self.most_units = int(counts.sum(axis=1).max(initial=0))
            """The most units of one item: times a resample's total weight, it bounds
            every count."""
        self.largest = float(np.abs(within).max(initial=0))
        self.forms = within.astype(np.float32 if self.largest < 2**24 else float)
        """A of each block holding more than one score (the others have S = 0 inside)."""

    def s(self, weights: Weights) -> tuple[np.ndarray, np.ndarray]:
        """Kendall's S for each resample of ``weights``, and the weighted number of units
        at each level (levels × resamples), which the histograms hold."""
        rows, whole = weights.rows, weights.whole(self.most_units)
        blocks = None
        if self.one_level:  # blocks are in level order: a running sum gives it all
            w = weights.at(self.taken, self.most_units).reshape(self.block, self.blocks, rows)
            inside = np.empty((self.block + 1, self.blocks, rows), dtype=whole)
            inside[0] = 0
            for step in range(self.block):
                np.add(inside[step], w[step], out=inside[step + 1])
            up_to = inside.reshape(-1, rows).take(self.bounds, axis=0).reshape(
                self.blocks, -1, rows)
        else:  # whole numbers below 2²⁴ are exact in float32
            real = np.float32 if weights.most * self.block_units < 2**24 else np.float64
            blocks = np.asarray(weights.padded.take(self.taken, axis=0).astype(real).reshape(
                self.blocks, self.block, rows))
            product = np.matmul(self.level_rows.astype(real, copy=False), blocks)
            up_to = np.zeros((self.blocks, product.shape[1] + 1, rows), dtype=whole)
            np.cumsum(np.rint(product).astype(whole), axis=1, out=up_to[:, 1:])
        between, units = self._between(up_to, weights.most)
        return between + self._within(weights, blocks), units

    def _between(self, up_to: np.ndarray, most: int) -> tuple[np.ndarray, np.ndarray]:
        """S of the pairs in different blocks, and the units at each level, from the units
        below each level in each block (``up_to``: blocks × levels + 1 × resamples)."""
        histogram = up_to[:, 1:] - up_to[:, :-1]
        before = _before_each(histogram)  # units of the blocks before β, by level
        units = before[-1] + histogram[-1]
        if self.first_of_run is not None:  # a long run of ties: only blocks before it
            before = before[self.first_of_run]
        # a unit of level a in a lower block against block β: (units above a) − (below a),
        # Σ_a before·(T − U_a − U_a+1) with T the block's units and U_a = up_to[β, a]
        total_units = most * self.most_units
        exact = np.int32 if total_units**2 < 2**31 else np.float64  # Σ |terms| ≤ units²
        edges = np.add(up_to[:, :-1], up_to[:, 1:], dtype=exact)
        above = np.einsum("br,br->r", before.sum(axis=1, dtype=exact), up_to[:, -1], dtype=exact)
        total = above - np.einsum("bar,bar->r", before, edges, dtype=exact)
        return total.astype(float), units

    def _within(self, weights: Weights, blocks: np.ndarray | None) -> np.ndarray:
        """S inside the blocks that hold more than one score: Σ_β w_β·A_β·w_β / 2
        (``blocks``: the weights block by block, when already laid out so).

        In float32 (twice as fast) when every partial sum of A·w is a whole number below
        2²⁴, hence exact: |entries of A| × the most weight in a resample stays below 2²⁴.
        """
        if not len(self.forms):
            return np.zeros(weights.rows)
        exact = self.forms.dtype == np.float32 and self.largest * weights.most < 2**24
        forms = self.forms if exact else self.forms.astype(float)
        if blocks is not None and blocks.dtype == forms.dtype:
            part = blocks if len(forms) == len(blocks) else blocks[self.mixed]
        else:
            part = weights.padded.take(self.mixed_slots, axis=0).astype(forms.dtype).reshape(
                len(forms), self.block, weights.rows)
        return np.asarray(0.5 * np.einsum("bsr,bsr->r", forms @ part, part, dtype=float))


def _signs(values: np.ndarray) -> np.ndarray:
    """sign(values[t] − values[s]) at [s, t] of each row's square (int8: a quarter of the
    memory of int32)."""
    after = values[:, None, :] > values[:, :, None]
    return after.view(np.int8) - (values[:, None, :] < values[:, :, None]).view(np.int8)


def _before_each(histogram: np.ndarray) -> np.ndarray:
    """The sum of the rows of ``histogram`` before each row: a loop of vector additions
    when the rows are long, else numpy's ``cumsum`` (fewer, slower steps)."""
    if histogram[0].size < 512:
        return np.asarray(np.cumsum(histogram, axis=0, dtype=histogram.dtype) - histogram)
    before = np.empty_like(histogram)
    before[0] = 0
    for row in range(1, len(histogram)):
        np.add(before[row - 1], histogram[row - 1], out=before[row])
    return before


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


@dataclass(frozen=True)
class _ScoreRanks:
    """One batch's weighted runs of tied scores: their sizes (groups × resamples) and
    twice their mid-ranks, per position in score order laid out as the running sum's."""

    sizes: np.ndarray
    doubled: np.ndarray


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
        level = np.unique(self.means, return_inverse=True)[1]
        self.per_rating = Concordance(self.scores, counts)
        self.per_item = Concordance(self.scores, level)
        self.pearson = Pearson(self.scores, self.means)
        n, order = len(self.scores), self.per_item.order
        self.running = RunningSum(order, pad=n)
        self.level_laid_out = np.r_[level, 0][self.running.laid_out]
        """The level of each item's mean, items laid out as the running sum's."""
        bounds = np.r_[self.per_item.group_starts, n]
        self.group_bounds = self.running.where(bounds)
        position = np.minimum(self.running.positions(), n)
        self.group_laid_out = np.r_[self.per_item.group_in_order, 0][position]
        """The tie group of each item, laid out as the running sum's."""

    def _ranks(self, ordered: np.ndarray, rows: int) -> _ScoreRanks:
        """Weighted tie-group sizes and doubled mid-ranks of the scores (``ordered``: the
        weights laid out as the running sum's)."""
        sums = self.running.sums(ordered, rows)
        if not self.per_item.ties:  # every run is one item, with its weight
            return _ScoreRanks(ordered, 2 * self.running.each(sums) + ordered + 1)
        at_bounds = RunningSum.before(sums, self.group_bounds)
        # each run: the weight before it + the weight up to its end + 1
        doubled = (at_bounds[:-1] + at_bounds[1:] + 1).take(self.group_laid_out, axis=0)
        return _ScoreRanks(at_bounds[1:] - at_bounds[:-1], doubled)

    def tau_c(self, weights: Weights, x_groups: np.ndarray | None = None) -> np.ndarray:
        """Stuart's τ_c of scores against levels with each unit its own pair; NaN if undefined.

        τ_c = 2S / (N² (m − 1)/m), N units, m the smaller number of distinct values present
        on either side (scipy ``kendalltau(variant="c")`` on the expanded data).
        ``x_groups``: the batch's weighted tie-group sizes, when already counted.
        """
        if x_groups is None:
            x_groups = self._ranks(weights.at(self.running.laid_out, 2), weights.rows).sizes
        s, units = self.per_rating.s(weights)
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

    def all(self, weights: Weights) -> dict[str, np.ndarray]:
        """Every figure for each resample of ``weights``: {tau_c, tau_b, spearman, pearson}."""
        ordered = weights.at(self.running.laid_out, 2)
        ranks = self._ranks(ordered, weights.rows)
        s, y_groups = self.per_item.s(weights)
        n = weights.totals
        return {"tau_c": self.tau_c(weights, ranks.sizes),
                "tau_b": _tau_b(n, s, ranks.sizes, y_groups),
                "spearman": self._spearman(n, ordered, ranks, y_groups),
                "pearson": self.pearson(weights)}

    def _spearman(self, n: np.ndarray, ordered: np.ndarray, ranks: _ScoreRanks,
                  y_groups: np.ndarray) -> np.ndarray:
        """Spearman's ρ: Pearson's r of mid-ranks within each weighted sample.

        With doubled mid-ranks a (scores) and b (means), both averaging N + 1:
        ρ = (Σ w·a·b − N(N+1)²) / √(Sxx·Syy), where Sxx = Σ w·(a − N − 1)²
        = (N³ − Σ t³)/3 over the tie groups' sizes t (the tie-corrected sum of squared
        ranks, times 4), likewise Syy: all whole numbers, exact in int64 (and the cross
        sum in float64, below 2⁵³).
        """
        total = int(n.max(initial=0))
        fits = (2 * total + 1) * int(ordered.max(initial=0)) < 2**31
        whole = np.int32 if fits else np.int64
        b = _doubled_ranks(y_groups).astype(whole).take(self.level_laid_out, axis=0)
        ranked = np.multiply(ordered, ranks.doubled, dtype=whole)
        cross = np.einsum("ir,ir->r", ranked, b, dtype=np.float64)
        sxx = (n**3 - _power_sums(ranks.sizes, 3, total)) // 3
        syy = (n**3 - _power_sums(y_groups, 3, total)) // 3
        with np.errstate(divide="ignore", invalid="ignore"):
            rho = (cross - n * (n + 1) ** 2) / np.sqrt(sxx.astype(float) * syy)
        return np.where((sxx > 0) & (syy > 0), np.clip(rho, -1.0, 1.0), np.nan)


def _tau_b(n: np.ndarray, s: np.ndarray, x_groups: np.ndarray, y_groups: np.ndarray
           ) -> np.ndarray:
    """Kendall's τ_b of scores against item means, from their S and tie groups."""
    pairs = n * (n - 1) // 2
    total = int(n.max(initial=0))
    x_ties = (_power_sums(x_groups, 2, total) - n) // 2
    y_ties = (_power_sums(y_groups, 2, total) - n) // 2
    denominator = np.sqrt((pairs - x_ties).astype(float) * (pairs - y_ties))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, s / denominator, np.nan)


def _doubled_ranks(groups: np.ndarray) -> np.ndarray:
    """Twice the mid-rank of each tie group (groups × resamples), given the weighted group
    sizes (whole numbers)."""
    return np.asarray(2 * np.cumsum(groups, axis=0, dtype=np.int64) - groups + 1)


def _power_sums(groups: np.ndarray, power: int, total: int) -> np.ndarray:
    """Σ g^power of each column of whole numbers g ≥ 0 whose columns sum to at most
    ``total``, in int64: summed in int32 (several times faster) when even the largest
    g^(power − 1) · total fits it, so that no partial sum can overflow."""
    fits = int(groups.max(initial=0)) ** (power - 1) * total < 2**31
    terms: npt.NDArray[np.signedinteger[Any]] = groups.astype(np.int32 if fits else np.int64,
                                                            copy=False)
    if power == 2:
        return np.asarray(np.einsum("gr,gr->r", terms, terms)).astype(np.int64)
    return np.asarray(np.einsum("gr,gr,gr->r", terms, terms, terms)).astype(np.int64)


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

    def __call__(self, weights: Weights) -> np.ndarray:
        """r for each resample of ``weights``; NaN where either side is constant."""
        mx, my = self.mx, self.my
        each = np.ascontiguousarray(weights.padded[:-1].T, dtype=float)  # rows of items:
        n, sx, sy, sxx, syy, sxy = (each @ self.terms).T  # the sums in one order, always
        with np.errstate(divide="ignore", invalid="ignore"):
            vx, vy, cov = sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n
            # A constant side leaves only rounding dust in its sum of squares.
            spread = ((vx > 1e-12 * (sxx + 2 * mx * sx + n * mx * mx))
                      & (vy > 1e-12 * (syy + 2 * my * sy + n * my * my)))
            r = cov / np.sqrt(vx * vy)
        return np.where(spread, np.clip(r, -1.0, 1.0), np.nan)
