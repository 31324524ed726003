"""Virtual raters (seeds/000 §6): deterministic with 3 ratings, seeded otherwise, and each
figure equal to scipy / the reference implementations on the drawn raters."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from annotator.analysis.kappa import fleiss_kappa
from annotator.analysis.kendall import kendall_w
from annotator.analysis.rating_table import item_counts
from annotator.analysis.undefined import Undefined
from annotator.analysis.virtual import (
    FIGURES,
    TripleSampler,
    chance_tables,
    kendall_w_of_three,
    sorted_key,
    subset_keys,
    triple_figures,
    triple_tables,
    virtual_raters,
)


def panel(make_table, rng, n_items=60, low=3, high=3, k=5, n_taggers=20):
    rows = []
    for i in range(n_items):
        quality = rng.integers(1, k + 1)
        taggers = rng.choice(n_taggers, size=int(rng.integers(low, high + 1)), replace=False)
        for t in taggers:
            value = int(np.clip(quality + rng.integers(-1, 2), 1, k))
            rows.append((f"i{i:03d}", f"t{t:02d}", 1, value))
    return make_table(rows, levels=range(1, k + 1))


def test_exactly_three_ratings_per_item_is_deterministic(make_table) -> None:
    data = panel(make_table, np.random.default_rng(0))
    first = virtual_raters(data, reps=5, rng=np.random.default_rng(1))
    other = virtual_raters(data, reps=7, rng=np.random.default_rng(99))
    assert [name for name, _ in first.figures] == list(FIGURES)
    for (_, mine), (_, theirs) in zip(first.figures, other.figures, strict=True):
        assert mine.mean == pytest.approx(theirs.mean, abs=1e-12)
        assert mine.sd == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize(("low", "high"), [(3, 7), (28, 40)])  # 28–40: some over _SMALL
def test_the_seed_makes_draws_from_larger_items_reproducible(make_table, low: int,
                                                            high: int) -> None:
    data = panel(make_table, np.random.default_rng(0), low=low, high=high, n_taggers=40)
    one = virtual_raters(data, reps=20, rng=np.random.default_rng(5))
    two = virtual_raters(data, reps=20, rng=np.random.default_rng(5))
    three = virtual_raters(data, reps=20, rng=np.random.default_rng(6))
    assert one == two
    assert one.tau_x_yz != three.tau_x_yz
    assert one.tau_x_yz.sd > 0


def sorted_xyz(data):
    """Exactly-3 panels: X ≤ Y ≤ Z per item, straight from the ratings."""
    values = np.sort(data.level[np.argsort(data.item, kind="stable")].reshape(-1, 3), axis=1)
    return values[:, 0], values[:, 1], values[:, 2]


def test_each_figure_equals_scipy_and_the_reference_forms(make_table) -> None:
    data = panel(make_table, np.random.default_rng(3), n_items=80)
    x, y, z = sorted_xyz(data)
    got = virtual_raters(data, reps=1, rng=np.random.default_rng(0))

    def tau(a, b1, b2):  # "method A": a against b1 and against b2 as separate pairs
        return stats.kendalltau(np.r_[a, a], np.r_[b1, b2], variant="c").statistic

    assert got.tau_x_yz.mean == pytest.approx(tau(x, y, z), abs=1e-12)
    assert got.tau_y_xz.mean == pytest.approx(tau(y, x, z), abs=1e-12)
    assert got.tau_z_xy.mean == pytest.approx(tau(z, x, y), abs=1e-12)
    chi2 = stats.friedmanchisquare(*np.array([x, y, z]).T).statistic
    assert got.kendall_w.mean == pytest.approx(chi2 / (3 * (len(x) - 1)), abs=1e-12)
    counts = item_counts(data)
    assert got.fleiss_kappa.mean == pytest.approx(fleiss_kappa(counts), abs=1e-12)
    merged = counts.copy()
    merged[:, 3] += merged[:, 4]
    assert got.fleiss_kappa_45.mean == pytest.approx(fleiss_kappa(merged[:, :4]), abs=1e-12)
    assert isinstance(got.tau_x_yz.sd, Undefined)  # one repetition has no spread


def test_w_from_pair_tables_equals_ranking_every_item() -> None:
    rng = np.random.default_rng(8)
    keys = rng.integers(0, 4, size=(6, 3, 50))
    xyz = np.sort(keys, axis=1)
    tables = triple_tables(((xyz[:, 0] * 4 + xyz[:, 1]) * 4 + xyz[:, 2]), 4)
    xy, xz, yz = tables.sum(axis=3), tables.sum(axis=2), tables.sum(axis=1)
    assert np.allclose(kendall_w_of_three(xy, xz, yz), kendall_w(xyz, 4))


@pytest.mark.parametrize("m", [4, 7, 12, 33])  # 33: above _SMALL, positions drawn directly
def test_every_three_subset_is_equally_likely(m) -> None:
    # One item with m distinct ratings: the sorted triple identifies the subset drawn.
    counts = np.ones((1, m), dtype=int)
    sampler = TripleSampler(counts, np.arange(m), np.array([0]))
    draws = sampler.draw(200_000, np.random.default_rng(m)).ravel()
    subsets = [(a * m + b) * m + c for a, b, c in itertools.combinations(range(m), 3)]
    assert set(np.unique(draws)) == set(subsets)
    frequency = np.bincount(draws, minlength=m**3)[subsets]
    assert stats.chisquare(frequency).pvalue > 1e-4


@pytest.mark.parametrize("batch", [2_000_000, 50])  # 50 cells: one pattern per batch
def test_each_patterns_subsets_are_listed_as_itertools_lists_them(monkeypatch, batch) -> None:
    monkeypatch.setattr("annotator.analysis.virtual._CELLS_PER_BATCH", batch)
    patterns = np.array([[0, 0, 0, 1, 1], [3, 0, 0, 0, 0], [1, 2, 0, 0, 1], [0, 2, 0, 0, 0],
                         [1, 1, 1, 1, 26], [0, 1, 2, 0, 1], [6, 0, 4, 3, 0]])
    table, offset, size = subset_keys(patterns, 5)
    for pattern, at, n in zip(patterns, offset, size, strict=True):
        values = np.repeat(np.arange(5), pattern)
        expected = [(x * 5 + y) * 5 + z for x, y, z in itertools.combinations(values, 3)]
        assert table[at:at + n].tolist() == expected
    order = np.lexsort((size, offset))  # the blocks tile the table, none overlapping
    ends = offset[order] + size[order]
    assert offset[order][0] == 0 and (offset[order][1:] == ends[:-1]).all()
    assert ends[-1] == len(table)


@pytest.mark.parametrize(("levels", "n3"), [((3, 1, 3), 2), ((1, 0, 2, 2, 2), 2), ((4, 3), 2)])
def test_the_chance_tables_have_the_law_of_a_shuffle(levels, n3) -> None:
    # Every distinct arrangement of the ratings is equally likely in a shuffle; the first
    # 3·n3 of it give n3 sorted triples. Against that exact law, 20,000 drawn tables.
    k = len(levels)
    ratings = np.repeat(np.arange(k), levels)
    orders = np.array(sorted(set(itertools.permutations(ratings.tolist()))))
    triples = orders[:, : 3 * n3].reshape(len(orders), n3, 3)
    keys = sorted_key(triples[..., 0], triples[..., 1], triples[..., 2], k)
    outcomes, counts = np.unique(np.sort(keys, axis=1), axis=0, return_counts=True)
    exact = {tuple(np.bincount(row, minlength=k**3)): int(count)
             for row, count in zip(outcomes, counts, strict=True)}
    tables = chance_tables(np.array(levels), n3, 20_000, rng=np.random.default_rng(k))
    assert (tables.sum(axis=(1, 2, 3)) == n3).all()
    drawn, frequency = np.unique(tables.reshape(len(tables), -1), axis=0, return_counts=True)
    assert {tuple(row) for row in drawn} <= set(exact)
    outcomes = list(exact)
    observed = dict(zip(map(tuple, drawn), frequency, strict=True))
    total = sum(exact.values())
    expected = [exact[o] / total * len(tables) for o in outcomes]
    assert stats.chisquare([observed.get(o, 0) for o in outcomes], expected).pvalue > 1e-4


def test_sorting_alone_manufactures_agreement_on_noise(make_table) -> None:
    # Pure noise: real and shuffled give the same figures, far from 0 for τ and W.
    rng = np.random.default_rng(2)
    rows = [(f"i{i}", f"t{j}", 1, int(rng.integers(1, 6))) for i in range(400) for j in range(3)]
    data = make_table(rows)
    real = virtual_raters(data, reps=30, rng=np.random.default_rng(0))
    chance = virtual_raters(data, reps=30, rng=np.random.default_rng(0), chance=True)
    for mine, shuffled in ((real.tau_x_yz, chance.tau_x_yz), (real.kendall_w, chance.kendall_w)):
        assert mine.mean == pytest.approx(shuffled.mean, abs=0.03)
    assert real.kendall_w.mean > 0.5 and real.tau_y_xz.mean > 0.2
    assert abs(chance.fleiss_kappa.mean) < 0.03


def test_undefined_paths(make_table) -> None:
    few = make_table([("a", "t1", 1, 1), ("a", "t2", 1, 2), ("a", "t3", 1, 3)])
    result = virtual_raters(few, reps=3, rng=np.random.default_rng(0))
    assert result.tau_x_yz.mean == Undefined("fewer than 2 items have 3 or more ratings")
    rows = [(i, t, 1, 3) for i in "ab" for t in ("t1", "t2", "t3")]
    constant = virtual_raters(make_table(rows), reps=3, rng=np.random.default_rng(0))
    assert isinstance(constant.tau_x_yz.mean, Undefined)
    assert "repetitions" in constant.kendall_w.mean.reason
    binary = make_table([(i, t, 1, v) for i in "abc" for t, v in (("x", 0), ("y", 1), ("z", 1))],
                        levels=(0, 1))
    assert virtual_raters(binary, reps=2, rng=np.random.default_rng(0)).fleiss_kappa_45.mean \
        == Undefined("the scale has no levels 4 and 5 to merge")
    assert isinstance(triple_figures(np.zeros((1, 2, 2, 2)), None)["tau_x_yz"][0], float)
