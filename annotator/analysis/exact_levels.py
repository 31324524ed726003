"""Exact arithmetic on a scale's levels, for decisions that floating point gets wrong.

A scale's levels are few binary fractions (1–5, 0/1, 0–1 in quarters), so each is an
exact rational, and all of them are whole multiples of one unit. Sums of levels are then
whole numbers, and orderings or bins decided on them cannot be flipped by rounding: two
items with ratings {1, 1, 3} and {2, 2, 4} have the same sample variance, which
√((Σx² − n·mean²)/(n − 1)) in floats does not always reproduce to the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np


def level_unit(levels: np.ndarray) -> Fraction:
    """The largest unit of which every level is a whole multiple."""
    exact = [Fraction(float(v)) for v in levels]
    denominator = math.lcm(*(f.denominator for f in exact)) if exact else 1
    numerator = math.gcd(*(int(f * denominator) for f in exact)) if exact else 1
    return Fraction(numerator or 1, denominator)


def whole_levels(levels: np.ndarray) -> list[int]:
    """Each level as a whole number of :func:`level_unit` (Python ints: no overflow)."""
    unit = level_unit(levels)
    return [int(Fraction(float(v)) / unit) for v in levels]


def most_spread(counts: np.ndarray, levels: np.ndarray, keys: Sequence[str],
                how_many: int | None = None) -> list[int]:
    """The items (rows of ``counts``, n_items × n_levels) with at least two ratings, by
    sample variance, largest first, ties by ``keys`` (each item's id); the first
    ``how_many`` (all when None).

    The variance is compared exactly: (n·Σc² − (Σc)²) / (n(n − 1)) with c the levels in
    whole units. The float variance only preselects: items closer than 1e-9 (relative) to
    the last one kept are all compared exactly, so no tie is cut by rounding.
    """
    n = counts.sum(axis=1)
    rated = np.flatnonzero(n >= 2)
    if not len(rated) or (how_many is not None and how_many <= 0):
        return []
    if how_many is not None and how_many < len(rated):
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = counts[rated] @ levels / n[rated]
            approx = (counts[rated] @ levels**2 - n[rated] * mean**2) / (n[rated] - 1)
        cut = np.sort(approx)[::-1][how_many - 1]
        rated = rated[approx >= cut - 1e-9 * max(abs(cut), 1.0)]
    whole = whole_levels(levels)
    squares = [w * w for w in whole]

    def variance(item: int) -> Fraction:
        row = [int(c) for c in counts[item]]
        m = sum(row)
        total = sum(c * w for c, w in zip(row, whole, strict=True))
        total_sq = sum(c * s for c, s in zip(row, squares, strict=True))
        return Fraction(m * total_sq - total * total, m * (m - 1))

    ordered = sorted(rated.tolist(), key=lambda item: (-variance(item), keys[item]))
    return ordered if how_many is None else ordered[:how_many]
