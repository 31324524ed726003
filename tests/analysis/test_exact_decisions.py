"""Decisions that floating point or the order of the input's rows used to make: ties of
the most disputed items, the stability histogram's bins, the human ceiling's draws; and
what virtual raters give on pure noise (the figure docs/statistics.md states)."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from annotator.analysis.exact_levels import level_unit, most_spread, whole_levels
from annotator.analysis.metrics import MetricScores, metric_benchmark
from annotator.analysis.retest import mean_stability
from annotator.analysis.tagger_figures import item_summary, items
from annotator.analysis.virtual import virtual_raters
from annotator.planning.coverage import disputed

DOCS = Path(__file__).resolve().parents[2] / "docs" / "statistics.md"


def test_equal_sds_are_tied_and_ordered_by_item_id(make_table) -> None:
    # {1, 1, 3} and {2, 2, 4} have the same sd; in floats b's came out larger.
    rows = [("a", "t1", 1, 1), ("a", "t2", 1, 1), ("a", "t3", 1, 3),
            ("b", "t1", 1, 2), ("b", "t2", 1, 2), ("b", "t3", 1, 4),
            ("c", "t1", 1, 1), ("c", "t2", 1, 4)]
    table = make_table(rows, levels=(1, 2, 3, 4))
    got = items(table, item_summary(table, np.random.default_rng(0)))
    assert [d.item_id for d in got.most_disputed] == ["c", "a", "b"]
    assert [d.item_id for d in items(table, got.summary, 2).most_disputed] == ["c", "a"]
    assert disputed(table, 3) == ["c", "a", "b"]
    assert disputed(table, 2, exclude=["c"]) == ["a", "b"]


def test_most_spread_agrees_with_exact_variances_on_every_small_pattern() -> None:
    levels = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
    patterns = [p for n in (2, 3, 4) for p in
                itertools.combinations_with_replacement(range(5), n)]
    counts = np.array([np.bincount(p, minlength=5) for p in patterns])
    keys = [f"i{n:03d}" for n in range(len(patterns))][::-1]  # ids not in row order

    def variance(p: tuple[int, ...]) -> Fraction:
        values = [Fraction(float(levels[c])) for c in p]
        mean = sum(values) / len(values)
        return sum((v - mean) ** 2 for v in values) / (len(values) - 1)

    expected = sorted(range(len(patterns)), key=lambda n: (-variance(patterns[n]), keys[n]))
    assert most_spread(counts, levels, keys) == expected
    assert most_spread(counts, levels, keys, 7) == expected[:7]
    assert level_unit(levels) == Fraction(1, 4) and whole_levels(levels) == [0, 1, 2, 3, 4]


def test_a_change_of_exactly_minus_one_is_binned_at_minus_one(make_table) -> None:
    # x: round means 4/3 and 7/3, whose float difference is −1.0000000000000002.
    rows = [("x", "a", 1, 1), ("x", "b", 1, 1), ("x", "c", 1, 2),
            ("x", "a", 2, 1), ("x", "b", 2, 1), ("x", "c", 2, 5),
            ("y", "a", 1, 3), ("y", "a", 2, 3), ("z", "a", 1, 5), ("z", "a", 2, 1)]
    assert 4 / 3 - 7 / 3 != -1.0
    got = mean_stability(make_table(rows))
    edges, counts = got.histogram.edges, got.histogram.counts
    assert counts[edges.index(-1.0)] == 1 and counts[edges.index(-1.25)] == 0
    assert counts[edges.index(0.0)] == 1
    assert counts[-1] == 1 and edges[-1] == 4.0  # +4, the top edge, is in the last bin
    assert sum(counts) == 3


def test_the_histogram_is_the_exact_floor_of_every_change() -> None:
    # Every pair of 3-rating patterns on 1–5 as one item: bins from Fractions by hand.
    from annotator.analysis.rating_table import build_table

    patterns = list(itertools.combinations_with_replacement(range(1, 6), 3))
    rows = []
    for n, (one, two) in enumerate(itertools.product(patterns, repeat=2)):
        rows += [(f"i{n:05d}", f"t{j}", 1, v) for j, v in enumerate(one)]
        rows += [(f"i{n:05d}", f"t{j}", 2, v) for j, v in enumerate(two)]
    item, tagger, rnd, value = zip(*rows, strict=True)
    table = build_table(item_ids=item, taggers=tagger, rounds=rnd, values=value,
                        levels=(1, 2, 3, 4, 5))
    expected = np.zeros(32, dtype=int)
    for one, two in itertools.product(patterns, repeat=2):
        change = Fraction(sum(one), 3) - Fraction(sum(two), 3)
        expected[min(int((change / Fraction(1, 4)).__floor__()) + 16, 31)] += 1
    assert list(mean_stability(table).histogram.counts) == expected.tolist()


def test_the_ceiling_does_not_depend_on_the_order_of_the_rows(make_table) -> None:
    rng = np.random.default_rng(4)
    rows = [(f"i{i:03d}", f"t{t:02d}", 1, int(rng.integers(1, 6)))
            for i in range(60) for t in rng.choice(12, size=int(rng.integers(2, 6)),
                                                    replace=False)]
    shuffled = [rows[n] for n in rng.permutation(len(rows))]
    ceilings = []
    for order in (rows, shuffled, rows[::-1]):
        table = make_table(order)
        score = np.arange(table.n_items, dtype=float) % 7
        scores = MetricScores(None, ("m",), table.item_ids, score[None, :])
        block = metric_benchmark(table, scores, reps=50, bootstrap=10,
                                 rng=np.random.default_rng(9))
        ceilings.append((block.by_metric["m"].ceiling.mean, block.by_metric["m"].ceiling.sd))
    assert ceilings[0] == ceilings[1] == ceilings[2]


def test_virtual_raters_on_many_ratings_do_not_depend_on_the_order_of_the_rows(
        make_table) -> None:
    rng = np.random.default_rng(5)
    rows = [(f"i{i}", f"t{t}", 1, int(rng.integers(1, 6))) for i in range(6) for t in range(40)]
    got = [virtual_raters(make_table(order), reps=20, rng=np.random.default_rng(1))
           for order in (rows, [rows[n] for n in rng.permutation(len(rows))])]
    assert got[0] == got[1]


def test_pure_noise_gives_the_figures_the_docs_state(make_table) -> None:
    """Uniform noise on 1–5, three ratings per item: the product's τ_c and W equal scipy's
    on the same sorted triples, and lie in the ranges docs/statistics.md states."""
    rng = np.random.default_rng(0)
    n = 2000
    values = rng.integers(1, 6, size=(n, 3))
    table = make_table([(f"i{i:05d}", f"t{j}", 1, int(values[i, j]))
                        for i in range(n) for j in range(3)])
    got = virtual_raters(table, reps=1, rng=np.random.default_rng(0))
    x, y, z = np.sort(values, axis=1).T

    def tau(a: np.ndarray, b1: np.ndarray, b2: np.ndarray) -> float:
        return float(stats.kendalltau(np.r_[a, a], np.r_[b1, b2], variant="c").statistic)

    taus = [tau(x, y, z), tau(y, x, z), tau(z, x, y)]
    w = stats.friedmanchisquare(*np.array([x, y, z]).T).statistic / (3 * (n - 1))
    product = [got.tau_x_yz.mean, got.tau_y_xz.mean, got.tau_z_xy.mean]
    assert product == pytest.approx(taus, abs=1e-12)
    assert got.kendall_w.mean == pytest.approx(w, abs=1e-12)
    stated = re.search(r"on uniform noise over 5 levels\s+τ_c is (0\.\d+)–(0\.\d+) and W\s+"
                       r"(0\.\d+)–(0\.\d+)", DOCS.read_text(encoding="utf-8"))
    assert stated, "docs/statistics.md states the noise figures"
    low_tau, high_tau, low_w, high_w = (float(g) for g in stated.groups())
    assert all(low_tau <= t <= high_tau for t in taus)
    assert low_w <= w <= high_w
