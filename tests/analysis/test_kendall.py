"""τ_b, τ_c and Kendall's W: KENDALL.md's reference values, scipy, Friedman's χ²."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from annotator.analysis.kendall import CONSTANT, TOO_FEW, figure, kendall_w, tau_b, tau_c
from annotator.analysis.undefined import Undefined
from tests.analysis.refdata import raw_units


def table(x, y) -> np.ndarray:
    """Contingency table of two rankings over their own distinct values."""
    xs, xi = np.unique(x, return_inverse=True)
    ys, yi = np.unique(y, return_inverse=True)
    out = np.zeros((len(xs), len(ys)))
    np.add.at(out, (xi, yi), 1)
    return out


KENDALL_1970 = ([1, 2, 2, 4, 4, 6, 6, 8, 9, 9], [1, 2, 4, 4, 4, 4, 8, 8, 8, 10])


def test_kendall_1970_example() -> None:
    t = table(*KENDALL_1970)
    assert tau_c(t) == pytest.approx(0.825, abs=1e-12)
    assert tau_b(t) == pytest.approx(0.85895569, abs=5e-9)


def test_tau_c_of_identical_tied_data_is_below_one() -> None:
    assert tau_c(table([1, 1, 2], [1, 1, 2])) == pytest.approx(0.888889, abs=5e-7)


@pytest.mark.parametrize("seed", range(10))
def test_equal_to_scipy_on_random_discrete_ratings(seed) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 400))
    x = rng.integers(1, int(rng.integers(3, 7)), size=n)
    y = np.clip(x + rng.integers(-2, 3, size=n), 0, 6)
    t = table(x, y)
    assert tau_c(t) == pytest.approx(stats.kendalltau(x, y, variant="c").statistic, abs=1e-12)
    assert tau_b(t) == pytest.approx(stats.kendalltau(x, y, variant="b").statistic, abs=1e-12)


def test_tables_in_a_batch_give_the_same_values_as_one_by_one() -> None:
    rng = np.random.default_rng(1)
    batch = rng.integers(0, 9, size=(4, 5, 5)).astype(float)
    assert np.allclose(tau_c(batch), [tau_c(t) for t in batch])
    assert np.allclose(tau_b(batch), [tau_b(t) for t in batch])


def test_a_constant_side_is_undefined_not_nan() -> None:
    t = table([3, 3, 3], [1, 2, 3])
    assert np.isnan(tau_c(t)) and np.isnan(tau_b(t))
    assert figure(float(tau_c(t)), n=3) == Undefined(CONSTANT)
    assert figure(0.5, n=1) == Undefined(TOO_FEW)


def anxiety() -> np.ndarray:
    """R irr::anxiety, 20 subjects × 3 raters, scores 1–6, as level codes (raters × items)."""
    return np.array(raw_units("statsmodels_fleiss_cohen/irr_anxiety_20subjects_3raters.csv"),
                    dtype=int).T - 1


def test_kendall_w_tie_corrected_on_irr_anxiety() -> None:
    # KENDALL.md: irr::kendall(anxiety, correct=TRUE) W = 0.5396569, χ²(19) = 30.7604.
    w = kendall_w(anxiety(), 6)
    assert w == pytest.approx(0.5396569, abs=5e-8)
    assert w * 3 * 19 == pytest.approx(30.7604, abs=5e-5)


def test_kendall_w_equals_friedman_chi_square_over_m_n_minus_1() -> None:
    # Items are the "treatments" ranked within each rater (the "block"), so scipy gets one
    # argument per item; scipy's tie correction matches W's.
    rng = np.random.default_rng(4)
    for ratings in (anxiety(), rng.integers(0, 5, size=(3, 50)), rng.integers(0, 3, (6, 9))):
        m, n = ratings.shape
        chi2 = stats.friedmanchisquare(*ratings.T).statistic
        assert kendall_w(ratings, int(ratings.max()) + 1) == pytest.approx(chi2 / (m * (n - 1)))


def test_kendall_w_hand_worked_example() -> None:
    # 3 raters, 4 items. Ranks: r1 (1,2,3,4); r2 (1.5,1.5,3,4) ties t=2; r3 (1,2,3,4).
    # R = (3.5, 5.5, 9, 12), mean 7.5, S = 16 + 4 + 2.25 + 20.25 = 42.5,
    # Σ T = 2³ − 2 = 6, W = 12·42.5 / (9·60 − 3·6) = 510 / 522.
    ratings = np.array([[0, 1, 2, 3], [0, 0, 2, 3], [0, 1, 2, 3]])
    assert kendall_w(ratings, 4) == pytest.approx(510 / 522, abs=1e-15)


def test_kendall_w_undefined_when_every_rater_is_constant() -> None:
    assert np.isnan(kendall_w(np.zeros((3, 5), int), 2))
    assert np.isnan(kendall_w(np.array([[0], [1], [1]]), 2))
