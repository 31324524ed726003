"""Attention checks mixed into a tagger's round: spread, unannounced, restart-safe."""

from __future__ import annotations

from annotator.project.folder import open_project
from annotator.project.model import GoldPurpose
from annotator.session.checks import check_schedule
from annotator.store.records import Phase
from tests.session.helpers import start


def test_one_check_falls_in_each_block_reproducibly(make_project_folder) -> None:
    project = open_project(make_project_folder(2, checks=[1, 1, 1, 1]))
    checks = project.gold_for(GoldPurpose.CHECK)
    schedule = check_schedule(checks, data_pairs=50, every=20, seed=7, round_number=1)
    assert [c.after // 20 for c in schedule] == [0, 1, 2]  # 50 pairs: three blocks
    assert len({c.pair.item.item_id for c in schedule}) == 3
    again = check_schedule(checks, data_pairs=50, every=20, seed=7, round_number=1)
    assert again == schedule
    others = [check_schedule(checks, data_pairs=50, every=20, seed=s, round_number=1)
              for s in range(8)]
    assert len({tuple(c.after for c in other) for other in others}) > 1
    assert check_schedule(checks, data_pairs=5, every=20, seed=7, round_number=1)[0].after < 5


def test_checks_are_shown_as_pairs_of_the_round_and_stored_as_checks(
        make_project_folder) -> None:
    folder = make_project_folder(30, checks=[1, 1], check_rule={"every": 15},
                                 priors={f"item{i:03d}": [3, 3] for i in range(30)})
    _, store, session = start(folder)
    seen = []
    while (pair := session.pair_shown()) is not None:
        feedback = session.submit(4)
        seen.append((pair.position, pair.total, pair.phase, feedback.rating.phase,
                     feedback.consensus, feedback.rating.points, feedback.gold))
    assert [s[0] for s in seen] == list(range(1, 33)) and {s[1] for s in seen} == {32}
    assert {s[2] for s in seen} == {Phase.GAME}  # the screen is never told it is a check
    checks = [s for s in seen if s[3] is Phase.CHECK]
    assert len(checks) == 2 and all(s[4:] == (None, None, None) for s in checks)
    assert all(s[4] is not None for s in seen if s[3] is Phase.GAME)  # the priors' consensus
    stored = store.ratings(tagger="ana")
    assert sorted(r.item_id for r in stored if r.phase is Phase.CHECK) == ["check-00",
                                                                           "check-01"]
    assert sum(r.phase is Phase.GAME for r in stored) == 30


def test_a_restart_keeps_the_checks_in_their_places(make_project_folder) -> None:
    folder = make_project_folder(40, checks=[1, 1, 1], check_rule={"every": 10})
    _, store, session = start(folder)
    first = []
    for _ in range(17):
        first.append(session.pair_shown().item.item_id)
        session.submit(2)
    seed = store.order_seed("ana", 1)
    store.close()
    _, store, resumed = start(folder)
    assert store.order_seed("ana", 1) == seed
    rest = []
    while (pair := resumed.pair_shown()) is not None:
        rest.append(pair.item.item_id)
        resumed.submit(2)
    shown = first + rest
    assert len(shown) == 43 and len(set(shown)) == 43
    checks = [n for n, item in enumerate(shown) if item.startswith("check-")]
    assert len(checks) == 3 and [n // 11 for n in checks] == [0, 1, 2]
    assert resumed.done_count == 43 and resumed.total == 43
