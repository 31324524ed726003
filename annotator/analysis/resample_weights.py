"""A batch of bootstrap resamples of items, as item weights: how often each item was drawn.

Every figure of :mod:`~annotator.analysis.weighted` takes such a batch; weights of ones
give the figure on the data itself. The resamples are the last axis: a running sum along
the items is then a short loop of vector additions over every resample at once.
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
    """A batch of item weightings: ``padded[i, r]`` is how often resample r drew item i.

    The last row is zeros: a weightless item that fills short blocks. ``totals``: each
    resample's total weight (int64); the largest, ``most``, bounds every count. Drawn
    batches hold one byte a weight when every weight fits (every gather from them then
    reads a quarter of the memory); each use widens what it takes.
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
        counted = np.zeros((resamples, items + 1), dtype=np.int32)  # a row per resample
        for resample, items_drawn in enumerate(drawn):
            counted[resample, :-1] = np.bincount(items_drawn, minlength=items)
        # a count is at most ``items``: int32 holds any number of items an array can have
        small = exact_dtype(int(counted.max(initial=0)), (np.int8, np.int32))
        return cls(np.ascontiguousarray(counted.T, dtype=small),
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
        return exact_dtype(self.most * units, INTEGERS)

    def at(self, index: np.ndarray) -> np.ndarray:
        """The weights of the items (or the pad) at ``index``, in the batch's own type (sums
        of them go into :meth:`whole`'s)."""
        return self.padded.take(index, axis=0)

    @cached_property
    def heaviest(self) -> int:
        """The largest weight of one item in the batch."""
        return int(self.padded.max(initial=0))

    @cached_property
    def powers(self) -> tuple[np.ndarray, np.ndarray]:
        """Σ w² and Σ w³ of each resample: the tie terms of any scores that are all distinct
        (every run of ties is one item, its weight), so every such metric shares them."""
        most = self.most
        return power_sums(self.padded, 2, most), power_sums(self.padded, 3, most)


def power_sums(groups: np.ndarray, power: int, total: int) -> np.ndarray:
    """Σ g^power (power 2 or 3) of each column of whole numbers g ≥ 0 whose columns sum to
    at most ``total``, in int64: summed in int32 (several times faster) when even the
    largest g^(power − 1) · total fits it, so that no partial sum can overflow."""
    # Σ g^p ≤ (max g)^(p − 1) · Σ g: the bound of every partial sum
    whole = exact_dtype(int(groups.max(initial=0)) ** (power - 1) * total, INTEGERS)
    terms: npt.NDArray[np.signedinteger[Any]] = groups.astype(whole, copy=False)
    if power == 2:
        return np.asarray(np.einsum("gr,gr->r", terms, terms)).astype(np.int64)
    return np.asarray(np.einsum("gr,gr,gr->r", terms, terms, terms)).astype(np.int64)


class RunningSum:
    """Running sums of weights along a fixed sequence of items, for any batch.

    Positions are cut into chunks of :data:`CHUNK`; the weights are laid out position in
    chunk first (``laid_out``), so each step of the sum adds one vector of every chunk and
    resample. ``before(positions)`` reads the sum of the weights before those positions.
    """

    def __init__(self, sequence: np.ndarray, pad: int):
        n = len(sequence)
        self.chunks = max(1, -(-n // CHUNK))
        filled = np.full(self.chunks * CHUNK, pad)
        filled[:n] = sequence
        self.laid_out = filled.reshape(self.chunks, CHUNK).T.ravel()
        """The items, position in chunk first (``pad`` after the last)."""

    def sums(self, w: np.ndarray, rows: int, whole: type[np.signedinteger]
             ) -> tuple[np.ndarray, np.ndarray]:
        """Inside each chunk, the sums before each position (``CHUNK`` + 1 × chunks ×
        rows), and the sum before each chunk (chunks × rows), for ``w`` laid out, in the
        integer type ``whole``."""
        w = w.reshape(CHUNK, self.chunks, rows)
        inside = np.empty((CHUNK + 1, self.chunks, rows), dtype=whole)
        inside[0] = 0
        for step in range(CHUNK):
            np.add(inside[step], w[step], out=inside[step + 1])
        chunk_before = np.zeros((self.chunks, rows), dtype=whole)
        np.cumsum(inside[-1, :-1], axis=0, out=chunk_before[1:])
        return inside, chunk_before

    def each(self, sums: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """The sum of the weights before each position, laid out as the weights."""
        inside, chunk_before = sums
        return np.asarray((inside[:-1] + chunk_before).reshape(-1, inside.shape[2]))

    def positions(self) -> np.ndarray:
        """The position in the sequence of each laid-out place (past its end: the pad)."""
        return np.asarray((np.arange(CHUNK)[:, None]
                           + np.arange(self.chunks)[None, :] * CHUNK).ravel())

    def where(self, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For :meth:`before`: each position's place in ``inside`` and its chunk."""
        chunk = np.minimum(positions // CHUNK, self.chunks - 1)
        return (positions - chunk * CHUNK) * self.chunks + chunk, chunk

    @staticmethod
    def before(sums: tuple[np.ndarray, np.ndarray], where: tuple[np.ndarray, np.ndarray]
               ) -> np.ndarray:
        """The sum of the weights before each position (positions × rows)."""
        inside, chunk_before = sums
        place, chunk = where
        return np.asarray(inside.reshape(-1, inside.shape[2]).take(place, axis=0)
                          + chunk_before.take(chunk, axis=0))
