"""Krippendorff's α: published examples, irrCAC's cases, and the ``krippendorff`` package."""

from __future__ import annotations

import krippendorff
import numpy as np
import pytest

from annotator.analysis import rating_table as table_module
from annotator.analysis.alpha import (
    NO_PAIRS,
    NO_VARIATION,
    ONE_ITEM,
    alpha,
    alpha_from_coincidences,
    bootstrap_ci,
    coincidences,
    count_patterns,
    distinct_rows,
    leave_one_out,
)
from annotator.analysis.rating_table import rating_pairs
from annotator.analysis.undefined import Undefined
from tests.analysis.refdata import RAW_DATASETS, coders_by_units, counts_of, expected, raw_units

KRIPP = "krippendorff_examples/"


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval", "ratio"])
def test_krippendorff_2011_example_with_missing_values(level) -> None:
    published = expected(KRIPP + "expected_values.json")["krippendorff2011_4coders_12units.csv"]
    counts, categories = counts_of(coders_by_units(KRIPP + "krippendorff2011_4coders_12units.csv"))
    value = alpha(counts, np.array(categories, float), level)
    assert round(value, 3) == published["expected"][f"alpha_{level}"]


@pytest.mark.parametrize("level", ["nominal", "interval"])
def test_wikipedia_example_to_six_decimals(level) -> None:
    published = expected(KRIPP + "expected_values.json")["wikipedia_3coders_15units.csv"]
    counts, categories = counts_of(coders_by_units(KRIPP + "wikipedia_3coders_15units.csv"))
    value = alpha(counts, np.array(categories, float), level)
    assert value == pytest.approx(published["expected"][f"alpha_{level}"], abs=5e-7)


IRRCAC = [
    case for case in expected("irrCAC_gwet/expected_values_afergadis_tests.json")
    if case["coefficient"] == "krippendorff" and case["input_kind"] == "raw"
    and case["weights"] in ("unweighted", "quadratic", "ratio")
]
WEIGHTS = {"unweighted": "nominal", "quadratic": "interval", "ratio": "ratio"}


@pytest.mark.parametrize("case", IRRCAC, ids=lambda c: f"{c['dataset']}-{c['weights']}")
def test_irrcac_krippendorff_cases(case) -> None:
    counts, categories = counts_of(raw_units(RAW_DATASETS[case["dataset"]]))
    levels = (np.array(categories, float) if case["weights"] != "unweighted"
              else np.arange(len(categories), dtype=float))
    value = alpha(counts, levels, WEIGHTS[case["weights"]])
    assert round(value, case["digits"]) == pytest.approx(
        case["expected"]["est['coefficient_value']"], abs=1e-9)


def random_counts(rng: np.random.Generator, n_items: int, k: int, max_ratings: int) -> np.ndarray:
    """Sparse random panels: 0..max ratings per item, values skewed like real ratings."""
    p = rng.dirichlet(np.ones(k))
    return np.array([rng.multinomial(rng.integers(0, max_ratings + 1), p) for _ in range(n_items)])


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval", "ratio"])
def test_equals_the_krippendorff_package_on_random_sparse_data(seed, level) -> None:
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 7))
    levels = np.sort(rng.choice(np.arange(1, 20), size=k, replace=False)).astype(float)
    counts = random_counts(rng, int(rng.integers(5, 200)), k, 6)
    ours = alpha(counts, levels, level)
    theirs = krippendorff.alpha(value_counts=counts, value_domain=levels,
                                level_of_measurement=level)
    assert ours == pytest.approx(theirs, abs=1e-9)


def test_equals_the_package_on_a_quarter_step_scale() -> None:
    rng = np.random.default_rng(7)
    levels = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
    counts = random_counts(rng, 300, 5, 4)
    for level in ("ordinal", "interval", "ratio"):
        theirs = krippendorff.alpha(value_counts=counts, value_domain=levels,
                                    level_of_measurement=level)
        assert alpha(counts, levels, level) == pytest.approx(theirs, abs=1e-9)


def test_undefined_without_pairable_items_or_without_variation() -> None:
    levels = np.array([1.0, 2.0, 3.0])
    assert alpha(np.array([[1, 0, 0], [0, 1, 0]]), levels) == Undefined(NO_PAIRS)
    assert alpha(np.zeros((0, 3), int), levels) == Undefined(NO_PAIRS)
    assert alpha(np.array([[3, 0, 0], [2, 0, 0]]), levels) == Undefined(NO_VARIATION)


def test_a_bootstrap_resample_is_the_alpha_of_the_repeated_items() -> None:
    rng = np.random.default_rng(3)
    levels = np.arange(1.0, 6.0)
    counts = random_counts(rng, 80, 5, 5)
    patterns, frequency, contributions = count_patterns(counts)
    assert frequency.sum() == (counts.sum(axis=1) >= 2).sum()
    draw = rng.multinomial(frequency.sum(), frequency / frequency.sum())
    o = np.tensordot(draw, contributions, axes=1)
    resampled = np.repeat(patterns, draw, axis=0)
    assert alpha_from_coincidences(o, levels, "ordinal") == pytest.approx(
        alpha(resampled, levels, "ordinal"), abs=1e-12)


def test_bootstrap_interval_brackets_alpha_and_repeats_with_the_seed() -> None:
    rng = np.random.default_rng(11)
    counts = random_counts(rng, 400, 5, 5)
    counts[:, 2] += 2  # real agreement, so the interval is narrow and away from 0
    levels = np.arange(1.0, 6.0)
    first = bootstrap_ci(counts, levels, "ordinal", resamples=500, rng=np.random.default_rng(1))
    again = bootstrap_ci(counts, levels, "ordinal", resamples=500, rng=np.random.default_rng(1))
    assert first == again
    assert first[0] < alpha(counts, levels, "ordinal") < first[1]


def test_bootstrap_undefined_with_fewer_than_two_pairable_items() -> None:
    ci = bootstrap_ci(np.array([[2, 1], [1, 0]]), np.array([0.0, 1.0]), "nominal",
                      resamples=10, rng=np.random.default_rng(0))
    assert isinstance(ci, Undefined)


@pytest.mark.parametrize(("k", "again", "block"), [
    (5, 2, 1 << 16), (5, 2, 7),  # pairs a block of 7 at a time
    (20, 12, 1 << 16)])  # 12 ratings of one pair on 20 levels: too wide for one integer
def test_leave_one_out_equals_recomputing_without_the_tagger(k: int, again: int, block: int,
                                                             monkeypatch) -> None:
    monkeypatch.setattr(table_module, "BLOCK", block)
    rng = np.random.default_rng(5)
    n_items, n_taggers = 60, 7
    levels = np.arange(1.0, k + 1.0)
    # Each tagger rates a random subset; tagger 0 rates some items again (more rounds).
    item, tagger, code = [], [], []
    for t in range(n_taggers):
        for u in rng.choice(n_items, size=25, replace=False):
            for _ in range(again if t == 0 and u % 3 == 0 else 1):
                item.append(u), tagger.append(t), code.append(int(rng.integers(0, k)))
    item, tagger, code = map(np.array, (item, tagger, code))
    counts = np.bincount(item * k + code, minlength=n_items * k).reshape(n_items, k)
    for level in ("nominal", "ordinal", "interval"):
        loo = leave_one_out(counts, rating_pairs(item, tagger, n_taggers), code, n_taggers,
                           levels, level)
        for t in range(n_taggers):
            keep = tagger != t
            without = np.bincount(item[keep] * k + code[keep],
                                  minlength=n_items * k).reshape(n_items, k)
            theirs = krippendorff.alpha(value_counts=without, value_domain=levels,
                                        level_of_measurement=level)
            assert loo[t] == pytest.approx(theirs, abs=1e-9)


def test_leave_one_out_is_undefined_when_only_that_tagger_made_pairs() -> None:
    # Two taggers; only "ana" (0) rated item 1 twice (two rounds), "ben" rated item 0 once.
    item, tagger, code = np.array([1, 1, 0]), np.array([0, 0, 1]), np.array([0, 1, 1])
    counts = np.array([[0, 1], [1, 1]])
    loo = leave_one_out(counts, rating_pairs(item, tagger, 2), code, 2, np.array([0.0, 1.0]),
                        "nominal")
    assert loo[0] == Undefined(NO_PAIRS)
    assert loo[1] == Undefined(ONE_ITEM)  # ana's two ratings of item 1: one item is no α


def test_coincidences_of_a_single_rating_are_zero() -> None:
    assert not coincidences(np.array([0, 1, 0])).any()


@pytest.mark.parametrize("high", [1, 3, 12, 2_000])  # the last codes rows past counting
def test_distinct_rows_is_numpys_unique_rows(high: int) -> None:
    counts = np.random.default_rng(high).integers(0, high + 1, size=(3_000, 4))
    counts[::7] = counts[3]  # repeated rows
    patterns, inverse, frequency = distinct_rows(counts)
    theirs = np.unique(counts, axis=0, return_inverse=True, return_counts=True)
    for ours, numpys in zip((patterns, inverse, frequency), theirs, strict=True):
        assert ours.dtype.kind == "i" and np.array_equal(ours, numpys.reshape(ours.shape))
