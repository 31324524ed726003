"""Test–retest per tagger (seeds/002 Table 1) and the binary protocol (seeds/003)."""

from __future__ import annotations

import krippendorff
import numpy as np
import pytest
from scipy import stats

from annotator.analysis import retest as retest_module
from annotator.analysis.retest import binary_protocol, mean_stability, p_hat, retest
from annotator.analysis.undefined import Undefined


def test_alpha_and_tau_between_a_taggers_two_rounds(make_table) -> None:
    rng = np.random.default_rng(4)
    first = rng.integers(1, 6, size=40)
    second = np.clip(first + rng.integers(-1, 2, size=40), 1, 5)
    rows = [(f"i{i}", "ana", 1, int(v)) for i, v in enumerate(first)]
    rows += [(f"i{i}", "ana", 3, int(v)) for i, v in enumerate(second) if i < 35]
    rows += [(f"i{i}", "ben", 1, 3) for i in range(10)]  # one round only: not listed
    got = retest(make_table(rows), "ordinal")
    assert list(got) == ["ana"]
    assert got["ana"].n_items == 35 and got["ana"].rounds == (1, 3)
    theirs = krippendorff.alpha(reliability_data=np.array([first[:35], second[:35]], float),
                                level_of_measurement="ordinal", value_domain=range(1, 6))
    assert got["ana"].alpha == pytest.approx(theirs, abs=1e-9)
    tau = stats.kendalltau(first[:35], second[:35], variant="b").statistic
    assert got["ana"].tau == pytest.approx(tau, abs=1e-12)


def test_retest_undefined_paths(make_table) -> None:
    rows = [("a", "ana", 1, 3), ("a", "ana", 2, 3), ("b", "cy", 1, 2), ("b", "cy", 2, 2),
            ("c", "cy", 1, 2), ("c", "cy", 2, 2)]
    got = retest(make_table(rows), "ordinal")
    assert got["ana"].alpha == Undefined("fewer than 2 items were rated in both rounds")
    assert isinstance(got["ana"].tau, Undefined)
    assert "same value" in got["cy"].alpha.reason
    assert isinstance(got["cy"].tau, Undefined)


def test_p_hat_rounds_to_eighths_halves_up() -> None:
    assert p_hat(np.array([0.0, 0.0625, 0.06, 0.5, 0.95, 1.0])).tolist() == [
        0.0, 0.125, 0.0, 0.5, 1.0, 1.0]


def test_binary_protocol_drops_items_with_more_than_two_skips(make_table) -> None:
    rows = []
    for rnd in (1, 2):
        for i in range(6):
            yes = [1, 1, 1, 0] if rnd == 1 else [1, 1, 0, 0]  # p̂₁ = .75, p̂₂ = .5
            rows += [(f"i{i}", f"t{rnd}{j}", rnd, v) for j, v in enumerate(yes)]
    skips = {("i0", 1): 3, ("i1", 1): 2}
    got = binary_protocol(make_table(rows, levels=(0, 1), skips=skips))
    assert got.dropped_items == 1
    assert got.p_hat_distribution["0.75"] == 5
    stability = got.stability
    assert stability.n_items == 5 and stability.rounds == (1, 2)
    assert stability.mean == pytest.approx(0.25) and stability.sd == pytest.approx(0.0)
    assert stability.within_0_25 == 1.0


def test_binary_protocol_undefined_paths(make_table) -> None:
    assert binary_protocol(make_table([("a", "t", 1, 3)])) == Undefined(
        "not a binary (0/1) scale")
    one_round = binary_protocol(make_table([("a", "t", 1, 1), ("b", "t", 1, 0)], levels=(0, 1)))
    assert isinstance(one_round.stability, Undefined)


def test_retest_table_counts_each_items_pair_of_levels(make_table) -> None:
    rows = [("a", "ana", 1, 2), ("a", "ana", 2, 3), ("b", "ana", 1, 2), ("b", "ana", 2, 2),
            ("c", "ana", 1, 5), ("c", "ana", 2, 4), ("d", "ana", 1, 1)]
    table = retest(make_table(rows), "ordinal")["ana"].table
    expected = np.zeros((5, 5), int)
    expected[1, 2] = expected[1, 1] = expected[4, 3] = 1
    assert np.array_equal(table, expected)


def test_mean_stability_of_item_means_between_rounds(make_table) -> None:
    # item means: round 1 (3, 2, 5, 1), round 2 (3.5, 2, 3, -) → differences −0.5, 0, 2.
    rows = [("a", "x", 1, 3), ("a", "y", 1, 3), ("a", "x", 2, 3), ("a", "y", 2, 4),
            ("b", "x", 1, 2), ("b", "x", 2, 2), ("c", "x", 1, 5), ("c", "y", 2, 3),
            ("d", "x", 1, 1)]
    got = mean_stability(make_table(rows))
    diff = np.array([-0.5, 0.0, 2.0])
    assert got.rounds == (1, 2) and got.n_items == 3
    assert got.mean == pytest.approx(diff.mean())
    assert got.sd == pytest.approx(diff.std(ddof=1))
    assert got.within_quarter_range == pytest.approx(2 / 3)  # |d| ≤ 1 on a 1–5 scale
    edges, counts = got.histogram.edges, got.histogram.counts
    assert edges[0] == -4 and edges[-1] == 4 and len(counts) == 32 and sum(counts) == 3
    assert counts[edges.index(-0.5)] == 1 and counts[edges.index(0.0)] == 1
    assert counts[edges.index(2.0)] == 1


def test_mean_stability_matches_the_binary_protocols_on_a_0_1_scale(make_table) -> None:
    rows = []
    for rnd, yes in ((1, [1, 1, 1, 1, 0, 0, 0, 0]), (2, [1, 1, 1, 0, 0, 0, 0, 0])):
        rows += [(f"i{i}", f"t{j}", rnd, v) for i in range(4) for j, v in enumerate(yes)]
    table = make_table(rows, levels=(0, 1))
    got, seed = mean_stability(table), binary_protocol(table).stability
    assert got.mean == pytest.approx(seed.mean) == pytest.approx(0.125)
    assert got.within_quarter_range == seed.within_0_25 == 1.0


def test_mean_stability_compares_only_the_taggers_retested(make_table) -> None:
    """Six taggers in round 1, one of them again in round 2: the items moved by that
    tagger's own change (here none), not by how the tagger differs from the panel."""
    rows = [(f"i{i}", f"t{j}", 1, 1 + (i + j) % 5) for i in range(6) for j in range(6)]
    rows += [(f"i{i}", "t0", 2, 1 + i % 5) for i in range(6)]  # t0 exactly as in round 1
    got = mean_stability(make_table(rows))
    assert got.n_taggers == 1 and got.n_items == 6
    assert got.mean == 0.0 and got.sd == 0.0 and got.within_quarter_range == 1.0


def test_mean_stability_without_a_tagger_in_both_rounds_is_undefined(make_table) -> None:
    rows = [("a", "ana", 1, 3), ("b", "ana", 1, 2), ("a", "ben", 2, 3), ("b", "ben", 2, 4)]
    got = mean_stability(make_table(rows))
    assert got == Undefined("no tagger rated in both round 1 and round 2")


def test_mean_stability_undefined_paths(make_table) -> None:
    assert isinstance(mean_stability(make_table([("a", "t", 1, 3)])), Undefined)
    one_shared = make_table([("a", "t", 1, 3), ("a", "t", 2, 3), ("b", "t", 2, 1)])
    assert "fewer than 2 items" in mean_stability(one_shared).reason


@pytest.mark.parametrize("block", [7, 1 << 16])
def test_retest_tables_are_each_pairs_first_ratings_in_the_first_two_rounds(
        make_table, monkeypatch, block: int) -> None:
    # Random taggers, items and rounds (1–4), some pairs rated twice in one round: the
    # table pairs the first rating of a (tagger, item) in each of the tagger's first two
    # rounds, counted in plain Python here; ratings taken in blocks of 7, or all at once.
    monkeypatch.setattr("annotator.analysis.rating_table.BLOCK", block)
    rng = np.random.default_rng(3)
    rows = [(f"i{rng.integers(30)}", f"t{rng.integers(6)}", int(rng.integers(1, 5)),
             int(rng.integers(1, 6))) for _ in range(600)]
    got = retest(make_table(rows), "ordinal")
    assert got  # the panel has taggers with two rounds
    for tagger, figures in got.items():
        mine = [row for row in rows if row[1] == tagger]
        first, second = sorted({rnd for _, _, rnd, _ in mine})[:2]
        level: dict[tuple[str, int], int] = {}
        for item, _, rnd, value in mine:
            level.setdefault((item, rnd), value)
        expected = np.zeros((5, 5), int)
        for (item, rnd), value in level.items():
            if rnd == first and (item, second) in level:
                expected[value - 1, level[item, second] - 1] += 1
        assert figures.rounds == (first, second)
        assert np.array_equal(figures.table, expected), tagger


def test_round_sums_are_each_rounds_own_bincount(make_table, monkeypatch) -> None:
    # Three rounds, levels whose sums are not exact in binary, blocks of 5 rows: each
    # round's counts and sums are those of a bincount of its rows alone, to the bit.
    monkeypatch.setattr("annotator.analysis.rating_table.BLOCK", 5)
    rng = np.random.default_rng(8)
    rows = [(f"i{rng.integers(40)}", f"t{n}", int(rng.integers(1, 4)),
             float(rng.choice([0.1, 0.7, 2.3]))) for n in range(300)]
    data = make_table(rows, levels=(0.1, 0.7, 2.3))
    got = retest_module._round_sums(data, np.array([3, 1]))
    for (n, total), rnd in zip(got, (3, 1), strict=True):
        mine = data.round == rnd
        assert np.array_equal(n, np.bincount(data.item[mine], minlength=data.n_items))
        assert np.array_equal(total, np.bincount(data.item[mine], weights=data.values[mine],
                                                 minlength=data.n_items))
