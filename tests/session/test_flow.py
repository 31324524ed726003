"""The rating session: progress, durable submit, resuming in the same order."""

from __future__ import annotations

import csv
import sqlite3

import pytest

from annotator.session.flow import RatingSession
from annotator.session.opening import session_file_path
from annotator.session.pair import FlowError
from annotator.store.records import Phase
from annotator.userconfig import load_config
from tests.session.helpers import FakeClock, start


def test_progress_counts_up_and_the_round_ends(make_project_folder) -> None:
    _, _, session = start(make_project_folder(n_items=3))
    positions = []
    while (pair := session.pair_shown()) is not None:
        positions.append((pair.position, pair.total, pair.round, pair.phase))
        session.submit(3)
    assert positions == [(1, 3, 1, Phase.GAME), (2, 3, 1, Phase.GAME), (3, 3, 1, Phase.GAME)]
    assert session.current_pair() is None
    assert session.done_count == 3


def test_submit_is_committed_with_times_before_it_returns(make_project_folder) -> None:
    clock = FakeClock()
    project, _, session = start(make_project_folder(n_items=4), clock=clock)
    pair = session.pair_shown()
    clock.advance(4.25)
    feedback = session.submit(4)
    config = load_config()
    conn = sqlite3.connect(session_file_path(project, config))
    row = conn.execute(
        "SELECT rating_id, tagger, item_id, round, phase, value, shown_at, submitted_at, "
        "ms_on_screen, laptop_id FROM ratings"
    ).fetchone()
    assert row == (
        feedback.rating.rating_id, "ana", pair.item.item_id, 1, "game", 4.0,
        "2026-11-22T09:00:00.000+00:00", "2026-11-22T09:00:04.250+00:00", 4250,
        config.laptop_id,
    )
    assert feedback.next_pair is not None and feedback.next_pair.position == 2


def test_reopening_continues_at_the_next_pair_in_the_same_order(make_project_folder) -> None:
    folder = make_project_folder(n_items=10)
    _, store, session = start(folder)
    order = session.order
    for _ in range(4):
        session.pair_shown()
        session.submit(2)
    store.close()
    _, _, resumed = start(folder)
    assert resumed.order == order
    pair = resumed.pair_shown()
    assert (pair.position, pair.item.item_id) == (5, order[4])


def test_each_tagger_has_an_own_order_and_the_seed_reproduces_it(make_project_folder) -> None:
    folder = make_project_folder(n_items=30)
    _, store, ana = start(folder, "ana")
    bob = RatingSession.open(ana.project, store, "bob")
    assert sorted(ana.order) == sorted(bob.order)
    assert ana.order != bob.order
    again = RatingSession.open(ana.project, store, "carl", seed=store.order_seed("ana", 1))
    assert again.order == ana.order


def test_no_pair_twice_in_a_round(make_project_folder) -> None:
    _, store, session = start(make_project_folder(n_items=8))
    seen = []
    while (pair := session.pair_shown()) is not None:
        seen.append(pair.item.item_id)
        session.submit(1)
    assert len(seen) == len(set(seen)) == 8
    assert len(store.ratings(tagger="ana")) == 8


def test_items_added_later_are_appended_to_a_started_order(make_project_folder) -> None:
    folder = make_project_folder(n_items=5)
    _, store, session = start(folder)
    first_order = session.order
    session.pair_shown()
    session.submit(5)
    store.close()
    with (folder / "items.csv").open("a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        for index in (5, 6):
            image = folder / "images" / f"photo{index - 5:03d}.jpg"
            writer.writerow([f"extra{index}", image.relative_to(folder).as_posix(),
                             f"An extra caption {index}.", "human"])
    _, _, resumed = start(folder)
    assert resumed.order[:5] == first_order
    assert sorted(resumed.order[5:]) == ["extra5", "extra6"]
    assert resumed.pair_shown().position == 2


def test_skip_moves_the_pair_last_without_storing_anything(make_project_folder) -> None:
    _, store, session = start(make_project_folder(n_items=3))
    first = session.pair_shown()
    session.skip_current()
    second = session.pair_shown()
    assert second.item != first.item
    assert second.position == 1
    assert store.ratings() == []


def test_submit_needs_a_shown_pair_and_a_level_of_the_rubric(make_project_folder) -> None:
    _, _, session = start(make_project_folder(n_items=3))
    with pytest.raises(FlowError):
        session.submit(3)
    session.pair_shown()
    with pytest.raises(ValueError):
        session.submit(6)
    session.submit(3)  # a refused value leaves the pair on screen
    with pytest.raises(FlowError):
        session.submit(3)  # the same pair cannot be submitted twice


def test_upcoming_items_follow_the_order_for_prefetching(make_project_folder) -> None:
    _, _, session = start(make_project_folder(n_items=4))
    order = session.order
    assert [item.item_id for item in session.upcoming_items(2)] == order[1:3]
    for _ in range(3):
        session.pair_shown()
        session.submit(2)
    assert session.upcoming_items(2) == []
