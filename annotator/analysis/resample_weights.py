"""A batch of bootstrap resamples of items, as item weights: how often each item was drawn.

Every figure of :mod:`~annotator.analysis.weighted` takes such a batch; weights of ones
give the figure on the data itself. The resamples are the last axis: a running sum along
the items is then a short loop of vector additions over every resample at once.
Shapes: ``n_items``, ``n_resamples``; a running sum's ``CHUNK`` × ``n_chunks`` places.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from annotator.analysis.exact_dtype import INTEGERS, exact_dtype

CHUNK = 128
"""Positions per chunk of a running sum: one vector addition per position in a chunk,
then one per chunk."""


@dataclass(frozen=True)
class Weights:
    """A batch of item weightings: ``padded[i, r]`` is how often resample r drew item i
    ((n_items + 1) × n_resamples).

    The last row is zeros: a weightless item that fills short blocks. ``totals``
    (n_resamples,): each resample's total weight (int64); the largest bounds every count.
    Drawn batches hold one byte a weight when every weight fits (every gather from them
    then reads a quarter of the memory); each use widens what it takes.
    """

    padded: np.ndarray
    totals: np.ndarray

    @classmethod
    def of(cls, per_resample: np.ndarray) -> Weights:
        """From whole numbers given per resample (n_resamples × n_items)."""
        w = np.asarray(per_resample)
        padded = np.zeros((w.shape[1] + 1, w.shape[0]), dtype=w.dtype)
        padded[:-1] = w.T
        return cls(padded, w.sum(axis=1, dtype=np.int64))

    @classmethod
    def drawn(cls, rng: np.random.Generator, items: int, resamples: int) -> Weights:
        """``resamples`` bootstrap draws of ``items`` items with replacement."""
        drawn = rng.integers(items, size=(resamples, items))
        counted = np.zeros((resamples, items + 1), dtype=np.int32)  # a row per resample
        for resample, items_drawn in enumerate(drawn):
            counted[resample, :-1] = np.bincount(items_drawn, minlength=items)
        # a count is at most ``items``: int32 holds any number of items an array can have
        small = exact_dtype(int(counted.max(initial=0)), (np.int8, np.int32))
        return cls(np.ascontiguousarray(counted.T, dtype=small),
                   np.full(resamples, items, dtype=np.int64))

    @property
    def largest_total(self) -> int:
        """The largest total weight of a resample."""
        return int(self.totals.max(initial=0))

    @property
    def n_resamples(self) -> int:
        return int(self.padded.shape[1])

    def count_dtype(self, units_per_item: int) -> type[np.signedinteger[Any]]:
        """The integer type that holds every count of a resample of items carrying at most
        ``units_per_item`` units each: int32 while it fits (half the memory traffic of
        int64). A count is at most the units of every item drawn: the largest total weight
        times ``units_per_item``."""
        return exact_dtype(self.largest_total * units_per_item, INTEGERS)

    def of_items(self, index: np.ndarray) -> np.ndarray:
        """The weights of the items (or the pad) at ``index`` (len(index) × n_resamples), in
        the batch's own type (sums of them go into :meth:`count_dtype`'s)."""
        return self.padded.take(index, axis=0)

    @cached_property
    def largest_weight(self) -> int:
        """The largest weight of one item in the batch."""
        return int(self.padded.max(initial=0))

    @cached_property
    def squares_and_cubes(self) -> tuple[np.ndarray, np.ndarray]:
        """Σ w² and Σ w³ of each resample (n_resamples,): the tie terms of any scores that
        are all distinct (every run of ties is one item, its weight), so every such metric
        shares them."""
        total = self.largest_total
        return power_sums(self.padded, 2, total), power_sums(self.padded, 3, total)


def power_sums(groups: np.ndarray, power: int, total: int) -> np.ndarray:
    """Σ g^power (power 2 or 3) of each column (n_resamples,) of whole numbers g ≥ 0 (any
    rows × n_resamples) whose columns sum to at most ``total``, in int64: summed in int32
    (several times faster) when even the largest g^(power − 1) · total fits it, so that
    no partial sum can overflow."""
    # Σ g^p ≤ (max g)^(p − 1) · Σ g: the bound of every partial sum
    whole = exact_dtype(int(groups.max(initial=0)) ** (power - 1) * total, INTEGERS)
    terms: npt.NDArray[np.signedinteger[Any]] = groups.astype(whole, copy=False)
    if power == 2:
        return np.asarray(np.einsum("gr,gr->r", terms, terms)).astype(np.int64)
    return np.asarray(np.einsum("gr,gr,gr->r", terms, terms, terms)).astype(np.int64)


@dataclass(frozen=True)
class Places:
    """Where positions of a running sum's sequence are read (each (n_positions,)): the
    row of ``RunningSums.inside`` (place in chunk × n_chunks + chunk) and the chunk."""

    row: np.ndarray
    chunk: np.ndarray


@dataclass(frozen=True)
class RunningSums:
    """One batch's running sums of weights: ``inside`` ((CHUNK + 1) × n_chunks ×
    n_resamples), inside each chunk the sum before each place in it (and after its last);
    ``before_chunk`` (n_chunks × n_resamples), the sum before each chunk."""

    inside: np.ndarray
    before_chunk: np.ndarray

    def before_each(self) -> np.ndarray:
        """The sum of the weights before each place, laid out as the weights
        (CHUNK · n_chunks × n_resamples)."""
        return np.asarray((self.inside[:-1] + self.before_chunk).reshape(
            -1, self.inside.shape[2]))

    def before(self, places: Places) -> np.ndarray:
        """The sum of the weights before each of ``places`` (n_positions × n_resamples)."""
        return np.asarray(self.inside.reshape(-1, self.inside.shape[2]).take(places.row, axis=0)
                          + self.before_chunk.take(places.chunk, axis=0))


class RunningSum:
    """Running sums of weights along a fixed sequence of items, for any batch.

    Positions are cut into chunks of :data:`CHUNK`; the weights are laid out position in
    chunk first (``laid_out``), so each step of the sum adds one vector of every chunk and
    resample. :meth:`RunningSums.before` reads the sum before any positions
    (:meth:`places`).
    """

    def __init__(self, sequence: np.ndarray, pad: int):
        n = len(sequence)
        self.n_chunks = max(1, -(-n // CHUNK))
        filled = np.full(self.n_chunks * CHUNK, pad)
        filled[:n] = sequence
        self.laid_out = filled.reshape(self.n_chunks, CHUNK).T.ravel()
        """The items (CHUNK · n_chunks,), position in chunk first (``pad`` after the
        last)."""

    def sums(self, w: np.ndarray, whole: type[np.signedinteger[Any]]) -> RunningSums:
        """The running sums of ``w`` (laid out: CHUNK · n_chunks × n_resamples), in the
        integer type ``whole``."""
        rows = w.shape[1]
        w = w.reshape(CHUNK, self.n_chunks, rows)
        inside = np.empty((CHUNK + 1, self.n_chunks, rows), dtype=whole)
        inside[0] = 0
        for step in range(CHUNK):
            np.add(inside[step], w[step], out=inside[step + 1])
        before_chunk = np.zeros((self.n_chunks, rows), dtype=whole)
        np.cumsum(inside[-1, :-1], axis=0, out=before_chunk[1:])
        return RunningSums(inside, before_chunk)

    def positions(self) -> np.ndarray:
        """The position in the sequence of each laid-out place (CHUNK · n_chunks,), past
        its end for the pad."""
        return np.asarray((np.arange(CHUNK)[:, None]
                           + np.arange(self.n_chunks)[None, :] * CHUNK).ravel())

    def places(self, positions: np.ndarray) -> Places:
        """Where :meth:`RunningSums.before` reads the sum before each of ``positions``."""
        chunk = np.minimum(positions // CHUNK, self.n_chunks - 1)
        return Places((positions - chunk * CHUNK) * self.n_chunks + chunk, chunk)
