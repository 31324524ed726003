"""The tests and intervals the papers' tables use, on plain arrays of numbers.

scipy is a test oracle, not a dependency (tests/test_dependencies.py), so Student's t
distribution is computed here from the regularised incomplete beta function (Lentz's
continued fraction, as in Press et al., *Numerical Recipes*, §6.4). Definitions follow
``scipy.stats.pearsonr`` (its Fisher-z ``confidence_interval``), ``spearmanr`` and
``ttest_ind(equal_var=False)``, against which tests/analysis/test_paper_tables.py checks
them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from annotator.analysis.undefined import Figure, Interval, Undefined

Z95 = 1.959963984540054
"""The 97.5 % quantile of the standard normal distribution (the 95 % Fisher-z interval)."""
FEW_PAIRS = "fewer than 3 items with both figures"
CONSTANT_SIDE = "one side is constant, so there is no linear relation to measure"
NO_INTERVAL = "the Fisher-z interval needs 4 or more items"
FEW_GROUP = "a group has fewer than 2 answers"
NO_SPREAD = "both groups are constant, so the difference has no standard error"


@dataclass(frozen=True)
class Correlation:
    """A correlation of ``n`` pairs, its two-sided p-value and 95 % interval."""

    n: int
    r: Figure
    p: Figure
    ci95: Interval


@dataclass(frozen=True)
class WelchTest:
    """Welch's two-sample t-test of group a against group b (two-sided)."""

    n_a: int
    mean_a: Figure
    n_b: int
    mean_b: Figure
    t: Figure
    df: Figure
    p: Figure


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _continued_fraction(a, b, x) / a
    return 1.0 - front * _continued_fraction(b, a, 1.0 - x) / b


def _continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), by the modified Lentz method."""
    tiny = 1e-300

    def guard(value: float) -> float:
        return tiny if abs(value) < tiny else value

    c, d = 1.0, 1.0 / guard(1.0 - (a + b) * x / (a + 1.0))
    h = d
    for m in range(1, 1000):
        even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        d, c = 1.0 / guard(1.0 + even * d), guard(1.0 + even / c)
        h *= d * c
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d, c = 1.0 / guard(1.0 + odd * d), guard(1.0 + odd / c)
        h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


def t_p_value(t: float, df: float) -> float:
    """The two-sided p-value of Student's t with ``df`` degrees of freedom."""
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def pearson(x: np.ndarray, y: np.ndarray) -> Correlation:
    """Pearson's r of the pairs where both are known, with the t-test's p-value and the
    Fisher-z 95 % interval tanh(atanh r ± 1.96 / √(n − 3))."""
    both = ~np.isnan(x) & ~np.isnan(y)
    a, b = np.asarray(x, float)[both], np.asarray(y, float)[both]
    n = len(a)
    if n < 3:
        return Correlation(n, Undefined(FEW_PAIRS), Undefined(FEW_PAIRS), Undefined(FEW_PAIRS))
    da, db = a - a.mean(), b - b.mean()
    spread = math.sqrt(float(da @ da) * float(db @ db))
    if spread == 0.0:
        return Correlation(n, *(Undefined(CONSTANT_SIDE),) * 3)
    r = max(-1.0, min(1.0, float(da @ db) / spread))
    p = 0.0 if abs(r) == 1.0 else t_p_value(r * math.sqrt((n - 2) / (1 - r * r)), n - 2)
    if n < 4:
        return Correlation(n, r, p, Undefined(NO_INTERVAL))
    z, half = math.atanh(r) if abs(r) < 1 else math.copysign(math.inf, r), Z95 / math.sqrt(n - 3)
    return Correlation(n, r, p, (math.tanh(z - half), math.tanh(z + half)))


def midranks(x: np.ndarray) -> np.ndarray:
    """Ranks 1…n, ties given the mean of their ranks (as ``scipy.stats.rankdata``)."""
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    return np.asarray((ends - (counts - 1) / 2.0)[inverse], dtype=float)


def spearman(x: np.ndarray, y: np.ndarray) -> Correlation:
    """Spearman's ρ (Pearson's r of the mid-ranks of the pairs where both are known), its
    p-value from t with n − 2 degrees of freedom, and the Fisher-z interval."""
    both = ~np.isnan(x) & ~np.isnan(y)
    return pearson(midranks(np.asarray(x)[both]), midranks(np.asarray(y)[both]))


def welch(a: np.ndarray, b: np.ndarray) -> WelchTest:
    """Welch's t-test: t = (ā − b̄)/√(s²ₐ/nₐ + s²_b/n_b), Welch–Satterthwaite df."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    means = (_mean(a), _mean(b))
    if len(a) < 2 or len(b) < 2:
        return WelchTest(len(a), means[0], len(b), means[1], *(Undefined(FEW_GROUP),) * 3)
    va, vb = float(a.var(ddof=1)) / len(a), float(b.var(ddof=1)) / len(b)
    if va + vb == 0.0:
        return WelchTest(len(a), means[0], len(b), means[1], *(Undefined(NO_SPREAD),) * 3)
    t = (float(a.mean()) - float(b.mean())) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    return WelchTest(len(a), means[0], len(b), means[1], t, df, t_p_value(t, df))


def _mean(values: np.ndarray) -> Figure:
    return float(values.mean()) if len(values) else Undefined("no answers")


def bootstrap_mean(values: np.ndarray, resamples: int,
                   rng: np.random.Generator) -> Interval:
    """The 95 % percentile interval of the mean over ``resamples`` resamples of
    ``values`` with replacement."""
    if len(values) < 2:
        return Undefined("fewer than 2 items to resample")
    draws = rng.integers(0, len(values), size=(resamples, len(values)))
    means = np.asarray(values, float)[draws].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return float(low), float(high)
