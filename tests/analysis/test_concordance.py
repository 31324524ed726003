"""Kendall's S under item weightings: exact past float32 and int32, and one answer from
both ways of counting levels."""

from __future__ import annotations

import numpy as np
import pytest

from annotator.analysis import weighted
from annotator.analysis.concordance import LevelCounts, OneLevelEach, by_level
from annotator.analysis.resample_weights import Weights


def test_s_is_exact_when_weights_are_too_large_for_float32() -> None:
    """S is a quadratic form in the weights: S(c·w) = c²·S(w), past the float32 bound too."""
    rng = np.random.default_rng(8)
    n, k = 300, 5
    x = rng.random(n)
    counts = rng.integers(0, 4, (n, k))
    counts[counts.sum(axis=1) == 0, 2] = 1
    means = (counts @ np.arange(k)) / counts.sum(axis=1)
    figures = weighted.MetricFigures(x, counts, means)
    weights = np.vstack([np.bincount(rng.integers(n, size=n), minlength=n) for _ in range(3)])
    for pairing in (figures.per_rating, figures.per_item):
        assert pairing.within.largest * n * 2**16 >= 2**24  # the float64 path
        assert np.array_equal(pairing.kendall_s(Weights.of(weights * 2**16)).s,
                              pairing.kendall_s(Weights.of(weights)).s * 2**32)


def test_s_is_right_when_counts_are_too_large_for_int32() -> None:
    """Weighted counts past 2³¹ are kept in int64: S equals the sum over pairs of items,
    counted with Python's unbounded integers."""
    rng = np.random.default_rng(9)
    n, k = 200, 5
    x = rng.random(n)
    counts = rng.integers(0, 2, (n, k))
    counts[:, 2] += 6  # most units at one level: its running count passes 2³¹
    pairing = LevelCounts(x, counts)
    weights = np.bincount(rng.integers(n, size=n), minlength=n)[None, :] * 2**22
    assert weights.sum() * pairing.most_units >= 2**31  # the int64 path
    level_sign = np.sign(np.arange(k)[None, :] - np.arange(k)[:, None])
    w, c = weights[0].tolist(), counts.tolist()
    exact = sum(w[i] * w[j] * int(np.sign(x[j] - x[i]))
                * sum(c[i][a] * c[j][b] * int(level_sign[a, b])
                      for a in range(k) for b in range(k))
                for i in range(n) for j in range(i + 1, n) if w[i] and w[j])
    assert pairing.kendall_s(Weights.of(weights)).s[0] == pytest.approx(exact, rel=1e-12)


@pytest.mark.parametrize("distinct", [3, 40, None])
def test_one_unit_per_item_counts_as_its_level_row_would(distinct) -> None:
    """A level per item (running sums inside blocks sorted by level) gives the S of the
    same units as counts (a matrix product per block), and both the S of the pairs."""
    rng = np.random.default_rng(12)
    n, v = 700, 30  # 30 levels: the running-sum path; runs of ties longer than a block
    x = rng.random(n) if distinct is None else rng.integers(0, distinct, n).astype(float)
    level = rng.integers(0, v, n)
    weights = np.vstack([np.bincount(rng.integers(n, size=n), minlength=n) for _ in range(3)])
    sorted_by_level = by_level(x, level)
    by_counts = LevelCounts(x, np.eye(v, dtype=np.int64)[level])
    assert isinstance(sorted_by_level, OneLevelEach)
    found = sorted_by_level.kendall_s(Weights.of(weights))
    s, units = found.s, found.units
    from_counts = by_counts.kendall_s(Weights.of(weights))
    assert np.array_equal(s, from_counts.s) and np.array_equal(units, from_counts.units)
    pair = np.sign(x[None, :] - x[:, None]) * np.sign(level[None, :] - level[:, None])
    assert np.array_equal(s, np.einsum("ri,ij,rj->r", weights, np.triu(pair), weights))


@pytest.mark.parametrize(("levels", "kind"), [(16, LevelCounts), (17, OneLevelEach)])
def test_one_unit_per_item_takes_running_sums_above_sixteen_levels(levels, kind) -> None:
    """The rule between the two algorithms: more than RUNNING_SUMS_ABOVE levels."""
    rng = np.random.default_rng(3)
    level = rng.integers(0, levels, 200)
    level[0] = levels - 1
    assert isinstance(by_level(rng.random(200), level), kind)
