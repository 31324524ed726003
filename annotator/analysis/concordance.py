"""Kendall's S between item scores and per-item levels under many item weightings at once.

Item i carries ``counts[i, a]`` units at level a (its ratings, or one unit at the rank of
its mean); S = Σ over pairs of units sign(Δscore) · sign(Δlevel). The order of the items
by score is the same in every resample (only the weights change), so it is found once and
cut into blocks of items (:class:`ScoreBlocks`). Between blocks of different scores
sign(Δscore) = +1, so those pairs need only each block's weighted histogram of levels and
a running sum over blocks; within a block S is a quadratic form w·A·w / 2 with a small
precomputed A (:class:`BlockForms`). Two algorithms count the blocks' histograms
(:class:`Concordance` is what both offer; :func:`by_level` chooses for one unit per item):

- :class:`LevelCounts`, for any counts: a matrix product per block of 64 items, each
  level's units of each slot by the slots' weights;
- :class:`OneLevelEach`, for one unit per item at one of many levels: the items of a block
  of 128 sorted by level, so that a running sum of their weights reads every level's
  units at once.

Arrays name their shape in the docstrings: ``n_items``, ``n_levels``, ``n_resamples`` (the
batch's last axis), ``n_blocks``, ``block`` (the items of one block, pads included).
Counts are whole numbers, kept exact (:func:`~annotator.analysis.exact_dtype.exact_dtype`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from annotator.analysis.exact_dtype import FLOATS, INTEGERS, exact_dtype
from annotator.analysis.resample_weights import CHUNK, RunningSum, Weights

RUNNING_SUMS_ABOVE = 16
"""One unit per item at more than this many levels is counted by :class:`OneLevelEach`,
at up to this many by :class:`LevelCounts` on one-hot rows. The products cost one
multiply-add per level, item and resample, growing with the levels; the running sums one
addition per item and resample and levels + 1 reads per block, nearly flat, but their
blocks of 128 make the forms inside mixed blocks twice the work of blocks of 64.
Measured at VICR scale (15,646 items, 47 resamples, one thread's CPU time): the products
take 2.1 ms at 4 levels, 3.1 at 12, 3.6 at 16, 4.8 at 32 and 7.6 at 64; the running sums
2.7–3.5 ms from 4 to 48 levels. They cross between 12 and 16 levels."""


@dataclass(frozen=True)
class KendallS:
    """S of each resample, ``s`` (n_resamples,), and the weighted units at each level,
    ``units`` (n_levels × n_resamples), which the histograms hold anyway."""

    s: np.ndarray
    units: np.ndarray


class Concordance(Protocol):
    """Kendall's S of fixed item scores against fixed per-item levels, for any weights."""

    by_score: ScoreOrder

    def kendall_s(self, weights: Weights) -> KendallS:
        """S and the units at each level for each resample of ``weights``."""


@dataclass(frozen=True)
class ScoreOrder:
    """The items by score: ``items`` (n_items,) in score order (stable), ``group_starts``
    (n_groups,) where each distinct score's run of ties begins in it, ``group_in_order``
    (n_items,) the run of each position."""

    items: np.ndarray
    group_starts: np.ndarray
    group_in_order: np.ndarray

    @classmethod
    def of(cls, scores: np.ndarray) -> ScoreOrder:
        order = np.argsort(scores, kind="stable")
        ordered = scores[order]
        new_score = np.r_[True, ordered[1:] != ordered[:-1]]
        return cls(order, np.flatnonzero(new_score), np.cumsum(new_score) - 1)

    @property
    def ties(self) -> bool:
        """Whether any two items share a score."""
        return len(self.group_starts) < len(self.items)


@dataclass(frozen=True)
class ScoreBlocks:
    """The score order cut into blocks of at most ``size`` items.

    A block never holds the end of one run of tied scores and the start of another run
    longer than a block. ``starts`` (n_blocks,): each block's first position in score
    order; ``block_of`` (n_items,): the block of each position; ``first_of_run``
    (n_blocks,): per block, the first block of its run of equal scores, or None when no
    run is longer than a block; ``mixed`` (n_mixed,): the blocks holding more than one
    score (the others have S = 0 inside).
    """

    size: int
    starts: np.ndarray
    block_of: np.ndarray
    first_of_run: np.ndarray | None
    mixed: np.ndarray

    @classmethod
    def cut(cls, by_score: ScoreOrder, size: int) -> ScoreBlocks:
        n = len(by_score.items)
        starts, first = _block_starts(by_score.group_starts, n, size)
        sizes = np.diff(np.r_[starts, n]).astype(np.int64)
        group = by_score.group_in_order
        return cls(size, starts, np.repeat(np.arange(len(starts)), sizes),
                   first if (first != np.arange(len(first))).any() else None,
                   np.flatnonzero(group[starts] != group[starts + sizes - 1]))

    @property
    def count(self) -> int:
        return len(self.starts)

    def slots(self, in_order: np.ndarray) -> np.ndarray:
        """The item in each slot of each block (n_blocks × size), ``in_order`` filling the
        blocks one after another; n_items (a weightless pad) after a block's last item."""
        n = len(in_order)
        slots = np.full((self.count, self.size), n)
        slots[self.block_of, np.arange(n) - self.starts[self.block_of]] = in_order
        return slots


@dataclass(frozen=True)
class BlockForms:
    """A of each block holding more than one score, ``forms`` (n_mixed × block × block):
    A[s, t] is S between the units of the items in slots s and t, each of weight one, so
    w·A·w counts each pair of slots twice (hence the half in :meth:`s`); ``largest``: the
    largest |A[s, t]|; ``mixed`` (n_mixed,): which blocks they are."""

    forms: np.ndarray
    largest: float
    mixed: np.ndarray

    @classmethod
    def of(cls, within: np.ndarray, mixed: np.ndarray) -> BlockForms:
        """From the whole-number A of each mixed block (n_mixed × block × block)."""
        largest = float(np.abs(within).max(initial=0))
        return cls(within.astype(exact_dtype(largest, FLOATS)), largest, mixed)

    def s(self, weights: Weights, blocks: np.ndarray) -> np.ndarray:
        """S inside the blocks: Σ_β w_β·A_β·w_β / 2 (n_resamples,), given the weights
        block by block (n_blocks × block × n_resamples).

        In float32 (twice as fast) when every partial sum of A·w is a whole number within
        2²⁴, hence exact: the largest |A[s, t]| × the largest total weight of a resample
        is within it; each block's w·(A·w) too when |A| × (its slots × the largest weight
        of one item)² is.
        """
        if not len(self.forms):
            return np.zeros(weights.n_resamples)
        real = exact_dtype(self.largest * max(weights.largest_total, 1), FLOATS)
        forms = self.forms.astype(real, copy=False)
        part = np.ascontiguousarray(
            blocks if len(forms) == len(blocks) else blocks[self.mixed], dtype=real)
        product = forms @ part
        block_bound = self.largest * (forms.shape[1] * weights.largest_weight) ** 2
        if real is np.float32 and exact_dtype(block_bound, FLOATS) is np.float32:
            per_block = np.einsum("bsr,bsr->br", product, part)
            return np.asarray(0.5 * per_block.sum(axis=0, dtype=float))
        return np.asarray(0.5 * np.einsum("bsr,bsr->r", product, part, dtype=float))


class LevelCounts:
    """S for items carrying units at any levels (``counts``: n_items × n_levels).

    Each block's histogram of weighted units is a matrix product: the units of each level
    in each slot (levels × slots) by the slots' weights (slots × resamples), whole numbers
    exact in float32 while within 2²⁴, else in float64.
    """

    BLOCK = 64
    """Items per block: balances the histograms (more blocks) against the products (larger
    forms)."""

    def __init__(self, scores: np.ndarray, counts: np.ndarray):
        counts = np.asarray(counts, dtype=np.int64)
        levels = counts.shape[1]
        self.by_score = ScoreOrder.of(np.asarray(scores, dtype=float))
        self.blocks = ScoreBlocks.cut(self.by_score, self.BLOCK)
        slots = self.blocks.slots(self.by_score.items)
        self.block_items = slots.ravel()
        """The item in each slot, block by block (n_blocks · block,)."""
        units = np.concatenate([counts, np.zeros((1, levels), np.int64)]).astype(float)
        self.block_units = float(units[slots].sum(axis=1).max())
        """The most units of one level in one block: bounds the histograms' sums."""
        self.level_rows = np.ascontiguousarray(units[slots].transpose(0, 2, 1))
        """Each level's units in each slot (n_blocks × n_levels × block)."""
        self.most_units = int(counts.sum(axis=1).max(initial=0))
        """The most units of one item: times a resample's total weight, it bounds every
        count."""
        # Σ_ab c_pa c_qb sign(b − a) = c_q·below_p − c_p·below_q, below_p[b] = Σ_{a<b} c_pa
        mixed = slots[self.blocks.mixed]
        inside = units[mixed]
        cross = np.einsum("msv,mtv->mst", inside, np.cumsum(units, axis=1)[mixed] - inside,
                          optimize=True)
        self.within = BlockForms.of(
            _score_signs(self.by_score, mixed) * (cross.transpose(0, 2, 1) - cross),
            self.blocks.mixed)

    def kendall_s(self, weights: Weights) -> KendallS:
        rows, whole = weights.n_resamples, weights.count_dtype(self.most_units)
        real = exact_dtype(weights.largest_total * self.block_units, FLOATS)
        blocks = np.asarray(weights.padded.take(self.block_items, axis=0).astype(real).reshape(
            self.blocks.count, self.blocks.size, rows))
        product = np.matmul(self.level_rows.astype(real, copy=False), blocks)
        up_to = np.zeros((self.blocks.count, product.shape[1] + 1, rows), dtype=whole)
        np.cumsum(np.rint(product).astype(whole), axis=1, out=up_to[:, 1:])
        return _with_inside(_between(up_to, self.blocks.first_of_run, weights.largest_total,
                                     self.most_units), self.within.s(weights, blocks))


class OneLevelEach:
    """S for items carrying one unit each, at ``level`` (n_items,).

    The items of each block are sorted by level, so the running sum of their weights
    (whose chunks are the blocks) reaches each level's boundary with the units below it.
    """

    def __init__(self, scores: np.ndarray, level: np.ndarray):
        level = np.asarray(level, dtype=np.int64)
        n, levels = len(level), int(level.max(initial=0)) + 1
        self.by_score = ScoreOrder.of(np.asarray(scores, dtype=float))
        self.blocks = ScoreBlocks.cut(self.by_score, CHUNK)  # a block is a running sum's chunk
        order, block_of = self.by_score.items, self.blocks.block_of
        slots = self.blocks.slots(order[np.lexsort((level[order], block_of))])
        self.running = RunningSum(slots.ravel(), pad=n)
        """Running sums whose chunks are the blocks, in their level order."""
        count = self.blocks.count
        up_to = np.bincount(block_of * (levels + 1) + level[order] + 1,
                            minlength=count * (levels + 1)).reshape(count, levels + 1)
        self.level_ends = (np.cumsum(up_to, axis=1) * count + np.arange(count)[:, None]).ravel()
        """Where the running sum inside each block reaches each level: the place in its
        sums (one per level + 1 of each block, block after block)."""
        mixed = slots[self.blocks.mixed]
        at_level = np.r_[level, 0].astype(exact_dtype(levels, INTEGERS))[mixed]
        self.within = BlockForms.of(_score_signs(self.by_score, mixed) * _signs(at_level),
                                    self.blocks.mixed)

    def kendall_s(self, weights: Weights) -> KendallS:
        rows, count = weights.n_resamples, self.blocks.count
        w = weights.of_items(self.running.laid_out)
        blocks = w.reshape(self.blocks.size, count, rows).transpose(1, 0, 2)  # a view
        inside = self.running.sums(w, weights.count_dtype(1)).inside  # from each block's start
        up_to = inside.reshape(-1, rows).take(self.level_ends, axis=0).reshape(count, -1, rows)
        return _with_inside(_between(up_to, self.blocks.first_of_run, weights.largest_total, 1),
                            self.within.s(weights, blocks))


def by_level(scores: np.ndarray, level: np.ndarray) -> Concordance:
    """S for one unit per item at ``level`` (n_items,): by running sums above
    :data:`RUNNING_SUMS_ABOVE` levels, else as one-hot counts."""
    level = np.asarray(level, dtype=np.int64)
    levels = int(level.max(initial=0)) + 1
    if levels > RUNNING_SUMS_ABOVE:
        return OneLevelEach(scores, level)
    return LevelCounts(scores, np.eye(levels, dtype=np.int64)[level])


def _with_inside(between: KendallS, inside: np.ndarray) -> KendallS:
    """S between the blocks plus S inside them (n_resamples,), with the units."""
    return KendallS(between.s + inside, between.units)


def _between(up_to: np.ndarray, first_of_run: np.ndarray | None, largest_total: int,
             most_units: int) -> KendallS:
    """S of the pairs in different blocks, and the units at each level, from the units
    below each level in each block (``up_to``: n_blocks × n_levels + 1 × n_resamples);
    ``largest_total``: the largest total weight of a resample, ``most_units``: the most
    units of one item."""
    histogram = up_to[:, 1:] - up_to[:, :-1]
    before = _before_each(histogram)  # units of the blocks before β, by level
    units = before[-1] + histogram[-1]
    if first_of_run is not None:  # a long run of ties: only blocks before it
        before = before[first_of_run]
    # a unit of level a in a lower block against block β: (units above a) − (below a),
    # Σ_a before·(T − U_a − U_a+1) with T the block's units and U_a = up_to[β, a]
    total_units = largest_total * most_units
    exact = exact_dtype(total_units**2, (np.int32, np.float64))  # Σ |terms| ≤ units²
    block_units = up_to[:, -1]
    units_before = np.cumsum(block_units, axis=0, dtype=block_units.dtype) - block_units
    if first_of_run is not None:
        units_before = units_before[first_of_run]
    total = (np.einsum("br,br->r", units_before, block_units, dtype=exact)
             - np.einsum("bar,bar->r", before, up_to[:, :-1], dtype=exact)
             - np.einsum("bar,bar->r", before, up_to[:, 1:], dtype=exact))
    return KendallS(total.astype(float), units)


def _score_signs(by_score: ScoreOrder, slots: np.ndarray) -> np.ndarray:
    """sign(Δscore) between the slots of each block (blocks × block × block), from the
    items' runs of tied scores (their rank)."""
    n = len(by_score.items)
    rank = np.zeros(n + 1, dtype=exact_dtype(n, INTEGERS))  # the pad: any rank
    rank[by_score.items] = by_score.group_in_order
    return _signs(rank[slots])


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


def _block_starts(group_starts: np.ndarray, n: int, block: int
                  ) -> tuple[np.ndarray, np.ndarray]:
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
