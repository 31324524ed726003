"""Fleiss' κ (classic and Gwet's generalised form), Gwet's AC1 and percent agreement."""

from __future__ import annotations

import numpy as np
import pytest

from annotator.analysis.alpha import alpha
from annotator.analysis.kappa import NO_PAIRS, fleiss_kappa, gwet_ac1, percent_agreement
from annotator.analysis.undefined import Undefined
from tests.analysis.refdata import RAW_DATASETS, counts_of, expected, raw_units, table_counts

SM = "statsmodels_fleiss_cohen/"


def test_fleiss_1971_diagnoses() -> None:
    published = expected(SM + "expected_values.json")["fleiss1971_diagnoses_30subjects_6raters.csv"]
    counts, _ = counts_of(raw_units(SM + "fleiss1971_diagnoses_30subjects_6raters.csv"))
    assert fleiss_kappa(counts) == pytest.approx(published["expected"]["fleiss_kappa"], abs=5e-8)


def test_fleiss_wikipedia_counts_table() -> None:
    published = expected(SM + "expected_values.json")[
        "fleiss_wikipedia_10subjects_5categories_14raters.csv"]
    value = fleiss_kappa(table_counts(SM + "fleiss_wikipedia_10subjects_5categories_14raters.csv"))
    assert round(value, 3) == published["expected"]["fleiss_kappa"]
    assert value == pytest.approx(published["computed_here"], abs=1e-12)


RANDOLPH = expected(SM + "expected_values.json")["randolph_small_tables"]["cases"]


@pytest.mark.parametrize("case", RANDOLPH, ids=lambda c: str(c["table"]))
def test_randolph_small_tables(case) -> None:
    value = fleiss_kappa(np.array(case["table"], dtype=float))
    if "fleiss" in case:
        assert value == pytest.approx(case["fleiss"], abs=6e-6)
    else:  # one category only: chance agreement is 1, κ is undefined
        assert isinstance(value, Undefined)
    if "overall_agreement" in case:
        assert percent_agreement(np.array(case["table"], float)) == pytest.approx(
            case["overall_agreement"], abs=6e-6)


IRRCAC = [
    case for case in expected("irrCAC_gwet/expected_values_afergadis_tests.json")
    if case["input_kind"] == "raw" and case["weights"] == "unweighted"
    and case["coefficient"] in ("fleiss", "gwet")
]


@pytest.mark.parametrize("case", IRRCAC, ids=lambda c: f"{c['dataset']}-{c['coefficient']}")
def test_irrcac_generalised_fleiss_and_ac1_with_missing_ratings(case) -> None:
    counts, _ = counts_of(raw_units(RAW_DATASETS[case["dataset"]]))
    function = fleiss_kappa if case["coefficient"] == "fleiss" else gwet_ac1
    digits, want = case["digits"], case["expected"]
    assert round(function(counts), digits) == pytest.approx(
        want["est['coefficient_value']"], abs=1e-9)
    assert round(percent_agreement(counts), digits) == pytest.approx(want["est['pa']"], abs=1e-9)


def test_kgwet_readme_full_precision_values() -> None:
    # kgwet/irrCAC README (listed in reference/agreement/README.md).
    counts, _ = counts_of(raw_units(RAW_DATASETS["raw_4raters"]))
    assert fleiss_kappa(counts) == pytest.approx(0.76117, abs=5e-6)
    assert gwet_ac1(counts) == pytest.approx(0.77544, abs=5e-6)
    assert percent_agreement(counts) == pytest.approx(0.8181818, abs=5e-8)
    six = table_counts("irrCAC_gwet/distrib.6raters.csv")
    assert fleiss_kappa(six) == pytest.approx(0.4139265, abs=5e-8)
    assert gwet_ac1(six) == pytest.approx(0.4448007, abs=5e-8)
    assert percent_agreement(six) == pytest.approx(0.5511111, abs=5e-8)
    assert alpha(six, np.arange(5.0), "nominal") == pytest.approx(0.4204384, abs=5e-8)


def test_two_abstractors_contingency_table() -> None:
    # kgwet README, cont3x3abstractors: Scott (= Fleiss for 2 raters) 0.7962397,
    # AC1 0.8493305, Krippendorff 0.7972585, PA 0.89. Each cell (i, j) is an item
    # rated i by one abstractor and j by the other.
    cells = table_counts("irrCAC_gwet/cont3x3abstractors.csv").astype(int)
    k = len(cells)
    items = [np.eye(k, dtype=int)[i] + np.eye(k, dtype=int)[j]
             for i in range(k) for j in range(k) for _ in range(cells[i, j])]
    counts = np.array(items)
    assert fleiss_kappa(counts) == pytest.approx(0.7962397, abs=5e-8)
    assert gwet_ac1(counts) == pytest.approx(0.8493305, abs=5e-8)
    assert percent_agreement(counts) == pytest.approx(0.89, abs=1e-12)
    assert alpha(counts, np.arange(3.0), "nominal") == pytest.approx(0.7972585, abs=5e-8)


def classic_fleiss(counts: np.ndarray) -> float:
    """Fleiss (1971), eqs. 2–5, written out for equal ratings per subject."""
    n_subjects, raters = len(counts), counts.sum(axis=1)[0]
    p_j = counts.sum(axis=0) / (n_subjects * raters)
    p_i = ((counts**2).sum(axis=1) - raters) / (raters * (raters - 1))
    p_bar, p_e = p_i.mean(), (p_j**2).sum()
    return (p_bar - p_e) / (1 - p_e)


@pytest.mark.parametrize("seed", range(5))
def test_generalised_form_equals_classic_fleiss_with_equal_ratings(seed) -> None:
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(int(rng.integers(2, 9)), rng.dirichlet(np.ones(4)), size=70)
    assert fleiss_kappa(counts) == pytest.approx(classic_fleiss(counts), abs=1e-12)


def test_undefined_paths() -> None:
    singles = np.array([[1, 0], [0, 1]])
    for function in (fleiss_kappa, gwet_ac1, percent_agreement):
        assert function(singles) == Undefined(NO_PAIRS)
    assert isinstance(fleiss_kappa(np.array([[3, 0], [2, 0]])), Undefined)
    assert gwet_ac1(np.array([[3, 0], [2, 0]])) == pytest.approx(1.0)
    assert isinstance(gwet_ac1(np.array([[3], [2]])), Undefined)
