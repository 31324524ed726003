"""Every figure under many item weightings against scipy on the data expanded by them."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from annotator.analysis import weighted
from annotator.analysis.resample_weights import Weights


@pytest.mark.parametrize("distinct", [4, 2, None])
def test_weighted_figures_equal_scipy_on_each_resample_expanded(distinct) -> None:
    """A resample drawing an item twice is the data with that item's rows twice.

    4 scores: runs of ~75 ties, longer than a block of ratings; 2: runs of ~150, longer
    than a block of item means; None: no ties, every block mixes scores."""
    rng = np.random.default_rng(7)
    n, k = 300, 4
    x = rng.random(n) if distinct is None else rng.integers(0, distinct, n).astype(float)
    counts = rng.integers(0, 3, (n, k))
    counts[counts.sum(axis=1) == 0, 1] = 1
    means = (counts @ np.arange(k)) / counts.sum(axis=1)
    weights = np.vstack([np.bincount(rng.integers(n, size=n), minlength=n) for _ in range(4)])
    figures = weighted.MetricFigures(x, counts, means).all_four(Weights.of(weights))
    tc, tb, rho, r = figures.tau_c, figures.tau_b, figures.spearman, figures.pearson
    for row, w in enumerate(weights):
        drawn = np.repeat(np.arange(n), w)
        ratings = np.concatenate([np.repeat(np.arange(k), counts[i]) for i in drawn])
        expanded = np.repeat(x[drawn], counts[drawn].sum(axis=1))
        assert tc[row] == pytest.approx(
            stats.kendalltau(expanded, ratings, variant="c").statistic, abs=1e-12)
        assert tb[row] == pytest.approx(stats.kendalltau(x[drawn], means[drawn]).statistic,
                                        abs=1e-12)
        assert rho[row] == pytest.approx(stats.spearmanr(x[drawn], means[drawn]).statistic,
                                         abs=1e-12)
        assert r[row] == pytest.approx(stats.pearsonr(x[drawn], means[drawn]).statistic,
                                       abs=1e-12)


def test_figures_equal_scipy_when_weighted_counts_need_64_bits() -> None:
    """Weights of thousands per item take every wide path (int64 ranks, squares and
    cubes, S summed in float64): still scipy's figures on the expanded data."""
    rng = np.random.default_rng(11)
    n, k = 40, 5
    x = rng.integers(0, 12, n).astype(float)  # ties
    counts = rng.integers(0, 3, (n, k))
    counts[counts.sum(axis=1) == 0, 0] = 1
    means = (counts @ np.arange(k)) / counts.sum(axis=1)
    weights = np.vstack([np.bincount(rng.integers(n, size=n), minlength=n)
                         for _ in range(2)]) * 2**13
    figures = weighted.MetricFigures(x, counts, means)
    found = figures.all_four(Weights.of(weights))
    assert weights.max() ** 2 * weights.sum(axis=1).max() >= 2**31  # the int64 paths
    for row, w in enumerate(weights):
        drawn = np.repeat(np.arange(n), w)
        ratings = np.repeat(np.tile(np.arange(k), n), (counts * w[:, None]).ravel())
        expanded = np.repeat(x, counts.sum(axis=1) * w)
        assert found.tau_c[row] == pytest.approx(
            stats.kendalltau(expanded, ratings, variant="c").statistic, abs=1e-12)
        assert found.tau_b[row] == pytest.approx(
            stats.kendalltau(x[drawn], means[drawn]).statistic, abs=1e-12)
        assert found.spearman[row] == pytest.approx(
            stats.spearmanr(x[drawn], means[drawn]).statistic, abs=1e-12)
        assert found.pearson[row] == pytest.approx(
            stats.pearsonr(x[drawn], means[drawn]).statistic, abs=1e-12)


def test_a_drawn_batch_of_one_byte_weights_gives_the_figures_of_the_same_weights() -> None:
    rng = np.random.default_rng(13)
    n, k = 500, 5
    x = rng.integers(0, 60, n).astype(float)
    counts = rng.integers(0, 4, (n, k))
    counts[counts.sum(axis=1) == 0, 3] = 1
    means = (counts @ np.arange(k)) / counts.sum(axis=1)
    drawn = Weights.drawn(rng, n, 9)
    assert drawn.padded.dtype == np.int8
    same = Weights.of(drawn.padded[:-1].T.astype(np.int64))
    figures = weighted.MetricFigures(x, counts, means)
    found, expected = figures.all_four(drawn), figures.all_four(same)
    for name in ("tau_c", "tau_b", "spearman", "pearson"):
        assert np.array_equal(getattr(found, name), getattr(expected, name), equal_nan=True)

