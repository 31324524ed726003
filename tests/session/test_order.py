"""Each tagger's own random order: reproducible from its seed, every item exactly once."""

from __future__ import annotations

from annotator.session.order import new_seed, shuffled

ITEMS = [f"item{i:03d}" for i in range(50)]


def test_same_seed_same_order_whatever_the_input_order() -> None:
    assert shuffled(ITEMS, seed=7) == shuffled(list(reversed(ITEMS)), seed=7)


def test_every_item_exactly_once() -> None:
    order = shuffled(ITEMS + ITEMS[:5], seed=3)
    assert sorted(order) == sorted(ITEMS)


def test_different_seeds_and_salts_give_different_orders() -> None:
    assert shuffled(ITEMS, seed=1) != shuffled(ITEMS, seed=2)
    assert shuffled(ITEMS, seed=1) != shuffled(ITEMS, seed=1, salt=1)
    assert shuffled(ITEMS, seed=1) != sorted(ITEMS)


def test_new_seeds_fit_sqlite_integers_and_differ() -> None:
    seeds = {new_seed() for _ in range(100)}
    assert len(seeds) == 100
    assert all(0 <= seed < 2**63 for seed in seeds)
