"""Items the project marks as attention checks: placed in each tagger's own order one per
block of ``every`` pairs, unannounced, and stored as the data answers they are."""

from __future__ import annotations

from annotator.session.checks import spread_checks
from annotator.store.records import Phase
from tests.item_checks import mark_checks
from tests.session.helpers import start

RULE = {"fail_at_or_above": 4, "every": 5}


def blocks_of(order: list[str], checks: set[str], every: int) -> list[int]:
    """How many checks fall in each block of ``every`` pairs of ``order``."""
    return [sum(item in checks for item in order[start:start + every])
            for start in range(0, len(order), every)]


def test_one_check_falls_in_each_block_at_a_place_the_seed_draws() -> None:
    order = [f"i{n:02d}" for n in range(20)]
    checks = {"i00", "i01", "i02", "i03"}
    spread = spread_checks(order, checks, every=5, seed=3)
    assert blocks_of(spread, checks, 5) == [1, 1, 1, 1]
    assert sorted(spread) == sorted(order)
    assert [item for item in spread if item not in checks] == order[4:]  # the rest keep order
    assert spread_checks(order, checks, every=5, seed=3) == spread
    places = {tuple(n for n, item in enumerate(spread_checks(order, checks, every=5, seed=s))
                    if item in checks) for s in range(10)}
    assert len(places) > 1


def test_fewer_checks_than_blocks_spread_and_more_share_blocks_evenly() -> None:
    order = [f"i{n:02d}" for n in range(20)]
    two = {"i18", "i19"}
    assert blocks_of(spread_checks(order, two, every=5, seed=1), two, 10) == [1, 1]
    eight = {f"i{n:02d}" for n in range(8)}
    assert blocks_of(spread_checks(order, eight, every=10, seed=1), eight, 5) == [2, 2, 2, 2]
    assert spread_checks(order, set(), every=5, seed=1) == order


def test_a_tagger_meets_one_item_check_in_every_five_stored_as_data(make_project_folder
                                                                    ) -> None:
    checks = {"item003", "item007", "item011", "item015"}
    folder = mark_checks(make_project_folder(20, check_rule=RULE), dict.fromkeys(checks, "yes"))
    _, store, session = start(folder)
    assert blocks_of(session.order, checks, 5) == [1, 1, 1, 1]
    assert session.total == 20  # no pairs added: the checks are items of the round
    seen = []
    while (pair := session.pair_shown()) is not None:
        feedback = session.submit(5)
        seen.append((pair.item.item_id, pair.phase, feedback.rating.phase))
    assert [item for item, _, _ in seen] == session.order
    assert {phase for _, shown, stored in seen for phase in (shown, stored)} == {Phase.GAME}
    store.close()
    _, _, resumed = start(folder)
    assert resumed.order == session.order  # as recorded
