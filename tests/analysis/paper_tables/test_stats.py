"""The papers' tests and intervals against scipy.stats, to 1e-9."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats

from annotator.analysis.paper_tables.stats import (
    bootstrap_mean,
    midranks,
    pearson,
    spearman,
    t_p_value,
    welch,
)
from annotator.analysis.undefined import Undefined


@pytest.mark.parametrize("df", [1, 2, 3.5, 7, 29.3, 200, 5000])
def test_t_p_value_is_scipys(df: float) -> None:
    for t in (0.0, 0.01, 0.5, 1.0, 1.96, 3.2, 8.0, 40.0, -2.5):
        assert t_p_value(t, df) == pytest.approx(2 * scipy_stats.t.sf(abs(t), df),
                                                 rel=1e-9, abs=1e-300)


def _samples(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = rng.integers(1, 6, n).astype(float)
    return x, 0.4 * x + rng.normal(size=n)


@pytest.mark.parametrize(("seed", "n"), [(1, 4), (2, 9), (3, 40), (4, 300)])
def test_pearson_is_scipys_with_its_interval(seed: int, n: int) -> None:
    x, y = _samples(seed, n)
    mine, theirs = pearson(x, y), scipy_stats.pearsonr(x, y)
    interval = theirs.confidence_interval(0.95)
    assert mine.n == n
    assert mine.r == pytest.approx(theirs.statistic, abs=1e-12)
    assert mine.p == pytest.approx(theirs.pvalue, rel=1e-9, abs=1e-15)
    assert mine.ci95 == pytest.approx((interval.low, interval.high), abs=1e-9)


def test_pearson_leaves_out_missing_pairs_and_says_when_undefined() -> None:
    x, y = _samples(5, 12)
    x[3], y[7] = np.nan, np.nan
    keep = ~np.isnan(x) & ~np.isnan(y)
    assert pearson(x, y).r == pytest.approx(scipy_stats.pearsonr(x[keep], y[keep]).statistic)
    assert isinstance(pearson(np.ones(5), np.arange(5.0)).r, Undefined)
    assert isinstance(pearson(np.arange(2.0), np.arange(2.0)).r, Undefined)
    assert isinstance(pearson(np.arange(3.0), np.array([1.0, 3.0, 2.0])).ci95, Undefined)


@pytest.mark.parametrize(("seed", "n"), [(6, 5), (7, 30), (8, 250)])
def test_spearman_is_scipys(seed: int, n: int) -> None:
    x, y = _samples(seed, n)
    mine, theirs = spearman(x, y), scipy_stats.spearmanr(x, y)
    assert mine.r == pytest.approx(theirs.statistic, abs=1e-12)
    assert mine.p == pytest.approx(theirs.pvalue, rel=1e-9, abs=1e-15)
    assert midranks(x) == pytest.approx(scipy_stats.rankdata(x))


@pytest.mark.parametrize(("seed", "sizes"), [(9, (2, 2)), (10, (12, 96)), (11, (50, 7))])
def test_welch_is_scipys(seed: int, sizes: tuple[int, int]) -> None:
    rng = np.random.default_rng(seed)
    a = rng.integers(1, 6, sizes[0]).astype(float)
    b = rng.integers(1, 6, sizes[1]).astype(float) + 0.5
    mine, theirs = welch(a, b), scipy_stats.ttest_ind(a, b, equal_var=False)
    assert (mine.n_a, mine.n_b) == sizes
    assert mine.t == pytest.approx(theirs.statistic, rel=1e-12)
    assert mine.df == pytest.approx(theirs.df, rel=1e-12)
    assert mine.p == pytest.approx(theirs.pvalue, rel=1e-9, abs=1e-15)


@pytest.mark.filterwarnings("ignore:Precision loss occurred:RuntimeWarning")
def test_welch_is_undefined_without_spread_or_answers() -> None:
    assert isinstance(welch(np.ones(4), np.ones(3)).t, Undefined)
    assert isinstance(welch(np.ones(1), np.arange(3.0)).p, Undefined)
    one_constant = welch(np.ones(12), np.arange(40.0) % 5)
    assert one_constant.t == pytest.approx(
        scipy_stats.ttest_ind(np.ones(12), np.arange(40.0) % 5, equal_var=False).statistic)


def test_bootstrap_mean_is_scipys_percentile_interval_within_monte_carlo_error() -> None:
    """2,000 resamples against scipy's 100,000 (another stream): the percentile ends of
    the mean of 30 values differ by Monte-Carlo error only. The values' sd is about 1.4,
    the mean's about 0.26, so an end of 2,000 resamples has a Monte-Carlo sd of about
    0.02; 0.08 is four of them."""
    values = np.random.default_rng(12).integers(1, 6, 30).astype(float)
    interval = bootstrap_mean(values, 2000, np.random.default_rng(13))
    assert not isinstance(interval, Undefined)
    low, high = interval
    theirs = scipy_stats.bootstrap((values,), np.mean, n_resamples=100_000,
                                   method="percentile", rng=np.random.default_rng(14))
    assert low == pytest.approx(theirs.confidence_interval.low, abs=0.08)
    assert high == pytest.approx(theirs.confidence_interval.high, abs=0.08)
    assert bootstrap_mean(values, 2000, np.random.default_rng(13)) == (low, high)
