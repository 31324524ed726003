"""Block designs: K per item, loads within one, BIBDs where a difference set gives one,
overlaps within one where the numbers allow it."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from annotator.planning.cyclic import difference_set
from annotator.planning.design import block_design, overlap_band
from annotator.planning.pairs import pair_counts


def spread(n: int, t: int, k: int, seed: int = 1) -> tuple[int, int]:
    figures = block_design(n, t, k, seed=seed).figures()
    assert figures.overlap_min is not None and figures.overlap_max is not None
    return figures.overlap_min, figures.overlap_max


@pytest.mark.parametrize(("n", "t", "k"), [
    (1, 1, 1), (10, 3, 1), (7, 7, 3), (100, 7, 3), (101, 12, 5), (5, 5, 5), (3, 9, 4),
    (2000, 40, 6), (20000, 120, 5)])
def test_every_item_has_k_different_taggers_and_loads_differ_by_at_most_one(n, t, k) -> None:
    design = block_design(n, t, k, seed=7)
    blocks = design.blocks
    assert blocks.shape == (n, k)
    assert all(len(set(row)) == k for row in blocks.tolist())
    assert blocks.min() >= 0 and blocks.max() < t
    loads = np.bincount(blocks.ravel(), minlength=t)
    assert loads.sum() == n * k
    assert set(loads.tolist()) <= {n * k // t, -(-n * k // t)}


@pytest.mark.parametrize(("t", "k", "found"), [
    (7, 3, (0, 1, 3)), (13, 4, (0, 1, 3, 9)), (11, 5, None), (21, 5, None), (15, 7, None),
    (31, 6, None), (6, 5, (0, 1, 2, 3, 4))])
def test_a_difference_set_covers_every_difference_equally(t, k, found) -> None:
    points = difference_set(t, k)
    assert points is not None and (found is None or points == found)
    differences = [(a - b) % t for a, b in itertools.permutations(points, 2)]
    assert sorted(set(differences)) == list(range(1, t))
    assert len(set(np.bincount(differences, minlength=t)[1:].tolist())) == 1


def test_no_difference_set_where_lambda_is_not_whole_or_none_exists() -> None:
    assert difference_set(8, 3) is None  # 3·2 / 7 is not a whole number
    assert difference_set(16, 6) is None  # the (16, 6, 2) biplane is not cyclic


@pytest.mark.parametrize(("t", "k", "copies"), [
    (7, 3, 1), (7, 3, 2), (13, 4, 1), (11, 5, 3), (21, 5, 1), (15, 7, 1), (6, 5, 2)])
def test_with_a_bibd_parameter_set_the_plan_is_the_bibd(t, k, copies) -> None:
    design = block_design(t * copies, t, k, seed=3)
    shared = design.overlaps()[np.triu_indices(t, 1)]
    lam = k * (k - 1) // (t - 1) * copies
    assert set(shared.tolist()) == {lam}
    assert design.figures().balanced


def test_seven_taggers_three_per_item_is_the_fano_plane() -> None:
    blocks = block_design(7, 7, 3, seed=11).blocks.tolist()
    pairs = [pair for block in blocks for pair in itertools.combinations(block, 2)]
    assert sorted(pairs) == sorted(itertools.combinations(range(7), 2))  # each pair once
    assert all(len(set(a) & set(b)) == 1 for a, b in itertools.combinations(blocks, 2))


def within_one_designs(t: int, n: int, k: int) -> bool:
    """Brute force: does any design with loads within one have overlaps within one?"""
    blocks = list(itertools.combinations(range(t), k))
    for chosen in itertools.combinations_with_replacement(blocks, n):
        loads = np.bincount(np.array(chosen).ravel(), minlength=t)
        if loads.max() - loads.min() > 1:
            continue
        values = pair_counts(np.array(chosen), t)[np.triu_indices(t, 1)]
        if values.max() - values.min() <= 1:
            return True
    return False


@pytest.mark.parametrize(("t", "k", "n"), [
    (t, k, n) for t in (4, 5) for k in (2, 3) for n in range(1, 8) if k < t])
def test_the_band_is_refused_only_where_no_design_within_one_exists(t, k, n) -> None:
    if overlap_band(n, t, k) is None:
        assert not within_one_designs(t, n, k)
    else:
        low, high = spread(n, t, k)
        assert high - low <= 1


def test_loads_within_one_can_rule_out_overlaps_within_one() -> None:
    # 4 taggers, 3 per item, 18 items: each item leaves out one tagger, 4 or 5 times, so
    # pairs share 18 − 8, 18 − 9 or 18 − 10 items.
    assert overlap_band(18, 4, 3) is None
    assert spread(18, 4, 3) == (8, 10)


GRID = [(t, k, n) for t in range(3, 21) for k in (2, 3) if k < t
        for n in sorted({7, 20, t, 2 * t, 3 * t + 1, 5 * t - 2})]


@pytest.mark.parametrize(("t", "k", "n"), GRID)
def test_with_two_or_three_per_item_overlaps_are_within_one_where_the_numbers_allow(t, k, n):
    low, high = spread(n, t, k)
    if overlap_band(n, t, k) is not None:
        assert high - low <= 1
    mean = n * k * (k - 1) / (t * (t - 1))
    assert math.floor(mean) - 1 <= low and high <= math.ceil(mean) + 1


@pytest.mark.slow
@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_over_the_grid_overlaps_stay_within_one_of_the_aim_and_taggers_connected(k) -> None:
    """T up to 30 with K ≤ 3, up to 20 with K from 4 to 6 (where the search takes longest)."""
    for t in range(k + 1, 31 if k <= 3 else 21):
        for n in sorted({7, 20, 50, t, 2 * t, 3 * t + 1, 5 * t - 2}):
            figures = block_design(n, t, k, seed=1).figures()
            mean = figures.mean_overlap
            assert math.floor(mean) - 1 <= figures.overlap_min, (t, k, n)
            assert figures.overlap_max <= math.ceil(mean) + 1, (t, k, n)
            if k <= 3 and overlap_band(n, t, k) is not None:
                assert figures.overlap_max - figures.overlap_min <= 1, (t, k, n)
            if n * (k - 1) >= t - 1:
                assert figures.connected, (t, k, n)


def test_every_pair_shares_items_when_the_mean_overlap_is_one_or_more() -> None:
    figures = block_design(60, 10, 3, seed=2).figures()  # λ̄ = 60·6/90 = 4
    assert figures.overlap_min >= 4 - 1 and figures.connected


def test_taggers_without_enough_items_between_them_are_not_connected() -> None:
    assert not block_design(2, 9, 3, seed=1).figures().connected  # 2·2 < 8 links


def test_the_same_seed_gives_the_same_design_and_another_seed_another() -> None:
    one, again, other = (block_design(50, 9, 3, seed=s).blocks for s in (4, 4, 5))
    assert np.array_equal(one, again) and not np.array_equal(one, other)


def test_impossible_numbers_are_refused() -> None:
    for n, t, k in ((0, 3, 2), (5, 3, 4), (5, 3, 0)):
        with pytest.raises(ValueError):
            block_design(n, t, k, seed=1)
