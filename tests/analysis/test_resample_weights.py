"""Batches of resample weights: the draws of one bincount per resample, a weightless pad."""

from __future__ import annotations

import numpy as np
import pytest

from annotator.analysis.resample_weights import CHUNK, RunningSum, Weights, power_sums


def test_a_drawn_batch_holds_the_draws_counted_resample_by_resample() -> None:
    """The same generator state gives the same resamples as drawing every resample's items
    and counting them one resample at a time, so the intervals stay as they were."""
    items, resamples = 57, 5
    batch = Weights.drawn(np.random.default_rng(4), items, resamples)
    drawn = np.random.default_rng(4).integers(items, size=(resamples, items))
    for r in range(resamples):
        assert np.array_equal(batch.padded[:-1, r], np.bincount(drawn[r], minlength=items))
    assert not batch.padded[-1].any()
    assert batch.totals.tolist() == [items] * resamples and batch.largest_total == items


def test_given_weights_are_laid_out_item_by_resample_with_their_totals() -> None:
    per_resample = np.array([[0, 3, 1], [2, 2, 2]])
    batch = Weights.of(per_resample)
    assert batch.padded.tolist() == [[0, 2], [3, 2], [1, 2], [0, 0]]
    assert batch.totals.tolist() == [4, 6] and batch.n_resamples == 2 and batch.largest_total == 6
    assert batch.of_items(np.array([1, 3])).tolist() == [[3, 2], [0, 0]]


def test_running_sums_read_the_weight_before_any_position_of_the_sequence() -> None:
    rng = np.random.default_rng(5)
    items = 300  # not a whole number of chunks: the last is filled with the pad
    sequence = rng.permutation(items)
    batch = Weights.of(np.vstack([np.bincount(rng.integers(items, size=items),
                                              minlength=items) for _ in range(3)]))
    running = RunningSum(sequence, pad=items)
    sums = running.sums(batch.of_items(running.laid_out), np.int64)
    expected = np.vstack([np.zeros((1, 3), int),
                          np.cumsum(batch.padded[sequence], axis=0)])  # before 0 … items
    positions = np.array([0, 1, CHUNK - 1, CHUNK, 2 * CHUNK + 5, items - 1, items])
    assert np.array_equal(sums.before(running.places(positions)),
                          expected[positions])
    each = sums.before_each()  # laid out: position in chunk first
    placed = running.positions()
    inside = placed < items
    assert np.array_equal(each[inside], expected[placed[inside]])


def test_counts_are_int32_up_to_its_limit_and_int64_past_it() -> None:
    """A resample's total weight times the units of an item bounds every count."""
    at_limit, past = Weights.of(np.array([[2**31 - 1]])), Weights.of(np.array([[2**31]]))
    assert at_limit.count_dtype(1) is np.int32 and past.count_dtype(1) is np.int64
    assert Weights.of(np.array([[2**30]])).count_dtype(2) is np.int64


@pytest.mark.parametrize("power", [2, 3])
def test_power_sums_are_exact_either_side_of_the_int32_bound(power) -> None:
    """(max g)^(p − 1) · Σ g bounds Σ g^p: just within 2³¹ it is summed in int32, just past
    it in int64, and both equal Python's unbounded sum."""
    root = {2: 46340, 3: 1290}[power]  # root^power < 2³¹ <= (root + 1)^power
    for g in (root, root + 1):
        groups = np.array([[g], [0]])
        total = int(groups.sum())
        assert (g ** (power - 1) * total < 2**31) == (g == root)
        assert power_sums(groups, power, total).tolist() == [g**power]
        two = np.array([[g], [g]])
        assert power_sums(two, power, 2 * g).tolist() == [2 * g**power]
