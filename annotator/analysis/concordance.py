"""Kendall's S between item scores and per-item levels under many item weightings at once.

The order of the items by score is the same in every resample (only the weights change),
so it is found once; a batch then needs only running sums of weights in that fixed order
and a small matrix product per block of items. Counts are whole numbers, kept exact in
int32 or int64, or in float32/float64 below 2²⁴/2⁵³.
"""

from __future__ import annotations

import numpy as np

from annotator.analysis.exact_dtype import FLOATS, INTEGERS, exact_dtype
from annotator.analysis.resample_weights import CHUNK, RunningSum, Weights


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
        # balances the histograms against the products; one level: a running sum's chunks
        block = CHUNK if self.one_level else 64
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
        self.taken = slots.ravel()
        """The items of every block, block by block (pads included)."""
        self.running = RunningSum(self.taken if self.one_level else self.taken[:0], pad=n)
        """With one unit per item: running sums whose chunks are the blocks (else empty)."""
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
        small = exact_dtype(n, INTEGERS)  # tie groups and levels: fewer than the items
        rank = np.zeros(n + 1, dtype=small)  # the tie group: the score's order
        rank[self.order] = self.group_in_order
        score_sign = _signs(rank[slots[mixed]])
        if self.one_level:  # one unit each: the level pair's sign
            at_level = np.r_[level, 0].astype(small)[slots[mixed]]
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
        self.forms = within.astype(exact_dtype(self.largest, FLOATS))
        """A of each block holding more than one score (the others have S = 0 inside)."""

    def s(self, weights: Weights) -> tuple[np.ndarray, np.ndarray]:
        """Kendall's S for each resample of ``weights``, and the weighted number of units
        at each level (levels × resamples), which the histograms hold."""
        rows, whole = weights.rows, weights.whole(self.most_units)
        blocks = None
        if self.one_level:  # blocks are in level order: a running sum gives it all
            w = weights.at(self.running.laid_out)
            blocks = w.reshape(self.block, self.blocks, rows).transpose(1, 0, 2)  # a view
            inside = self.running.sums(w, rows, whole)[0]  # from each block's start
            up_to = inside.reshape(-1, rows).take(self.bounds, axis=0).reshape(
                self.blocks, -1, rows)
        else:  # whole numbers below 2²⁴ are exact in float32
            real = exact_dtype(weights.most * self.block_units, FLOATS)
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
        exact = exact_dtype(total_units**2, (np.int32, np.float64))  # Σ |terms| ≤ units²
        block_units = up_to[:, -1]
        units_before = np.cumsum(block_units, axis=0, dtype=block_units.dtype) - block_units
        if self.first_of_run is not None:
            units_before = units_before[self.first_of_run]
        total = (np.einsum("br,br->r", units_before, block_units, dtype=exact)
                 - np.einsum("bar,bar->r", before, up_to[:, :-1], dtype=exact)
                 - np.einsum("bar,bar->r", before, up_to[:, 1:], dtype=exact))
        return total.astype(float), units

    def _within(self, weights: Weights, blocks: np.ndarray | None) -> np.ndarray:
        """S inside the blocks that hold more than one score: Σ_β w_β·A_β·w_β / 2
        (``blocks``: the weights block by block, when already laid out so).

        In float32 (twice as fast) when every partial sum of A·w is a whole number below
        2²⁴, hence exact: |entries of A| × the most weight in a resample stays below 2²⁴;
        each block's w·(A·w) too when |A| × (its slots × the heaviest weight)² does.
        """
        if not len(self.forms):
            return np.zeros(weights.rows)
        real = exact_dtype(self.largest * max(weights.most, 1), FLOATS)
        forms = self.forms.astype(real, copy=False)
        if blocks is not None:
            part = np.ascontiguousarray(
                blocks if len(forms) == len(blocks) else blocks[self.mixed], dtype=forms.dtype)
        else:
            part = weights.padded.take(self.mixed_slots, axis=0).astype(forms.dtype).reshape(
                len(forms), self.block, weights.rows)
        product = forms @ part
        if real is np.float32 and exact_dtype(self.largest * (self.block * weights.heaviest) ** 2,
                                              FLOATS) is np.float32:
            per_block = np.einsum("bsr,bsr->br", product, part)
            return np.asarray(0.5 * per_block.sum(axis=0, dtype=float))
        return np.asarray(0.5 * np.einsum("bsr,bsr->r", product, part, dtype=float))


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
