"""The rating table's helpers: distinct keys and the (item, tagger) pairs."""

from __future__ import annotations

import numpy as np
import pytest

from annotator.analysis.rating_table import distinct_keys, rating_pairs

RNG = np.random.default_rng(1)
_SORTED = np.sort(RNG.integers(0, 10**12, 5_000))
_SORTED[RNG.integers(0, 5_000, 100)] = RNG.integers(0, 10**12, 100)


@pytest.mark.parametrize("key", [
    [5, 0, 5, 9, 0, 0], [7], [],  # small: counted
    [10**12, 3, 10**12],
    np.repeat(_SORTED, RNG.integers(1, 3, 5_000)),  # in order but for a few: merged runs
    RNG.permutation(np.repeat(RNG.integers(-10**12, 10**12, 3_000), 2)),  # quicksort
], ids=["small", "one", "none", "large", "mostly-in-order", "shuffled"])
def test_distinct_keys_is_numpys_unique(key) -> None:
    key = np.asarray(key, dtype=np.int64)
    theirs = np.unique(key, return_inverse=True)
    for ours, numpys in zip(distinct_keys(key), theirs, strict=True):
        assert ours.dtype.kind == "i" and np.array_equal(ours, numpys)


def test_pairs_are_numbered_by_item_then_tagger() -> None:
    item = np.array([2, 0, 2, 1, 0, 2])
    tagger = np.array([1, 3, 0, 3, 3, 1])  # item 0 by tagger 3 twice, item 2 by 1 twice
    pairs = rating_pairs(item, tagger, 4)
    assert pairs.of_rating.tolist() == [3, 0, 2, 1, 0, 3]
    assert (pairs.item.tolist(), pairs.tagger.tolist()) == ([0, 1, 2, 2], [3, 3, 0, 1])
    assert pairs.n_ratings.tolist() == [2, 1, 1, 2]


@pytest.mark.parametrize("rounds", [[3, 1, 3, 2], [10**12, 1, 10**12]])  # counted; sorted
def test_round_numbers_are_the_rounds_ascending(make_table, rounds: list[int]) -> None:
    table = make_table([(f"i{n}", "ana", r, 3) for n, r in enumerate(rounds)])
    assert table.round_numbers.tolist() == sorted(set(rounds))
