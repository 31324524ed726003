"""Retest rounds through the real flow: fresh order, blind, subsets, the washout."""

from __future__ import annotations

import datetime as dt

from annotator.project.folder import open_project
from annotator.project.round_start import start_round
from annotator.session.messages import round_intro_text, round_line
from annotator.session.opening import open_laptop_session, start_session
from annotator.session.rounds import round_start_warnings
from annotator.store.records import Phase
from annotator.userconfig import load_config
from tests.conftest import write_subset
from tests.session.helpers import FakeClock, rate, start

ITEMS = 40


def play_round_one(folder, tagger: str = "ana", value: float = 3, **kwargs) -> FakeClock:
    clock = FakeClock()
    _, store, session = start(folder, tagger, clock=clock, **kwargs)
    while (pair := session.pair_shown()) is not None:
        clock.advance(4)
        session.submit(3 if pair.phase is Phase.TUTORIAL else value)  # tutorial passed
    store.close()
    return clock


def test_a_retest_has_a_fresh_recorded_order_and_is_blind(make_project_folder) -> None:
    folder = make_project_folder(ITEMS, tutorial=[3] * 10,
                                 priors={f"item{i:03d}": [3, 3] for i in range(ITEMS)})
    clock = play_round_one(folder, value=4)
    clock.advance(50 * 86400)
    _, store, retest = start(folder, clock=clock, round_number=2)
    assert retest.opening_notice is None, "the tutorial passed in round 1 is not repeated"
    assert retest.phase is Phase.RETEST and retest.total == ITEMS
    first, second = store.order("ana", 1), store.order("ana", 2)
    assert sorted(first) == sorted(second) and first != second
    assert store.order_seed("ana", 1) != store.order_seed("ana", 2)
    assert retest.order == second, "the round-2 order is the one recorded"

    score_before = retest.score
    results = rate(retest, 2, ITEMS, clock)
    assert all(not f.show and f.consensus is None and f.score is None for f in results)
    rows = [r for r in store.ratings(tagger="ana") if r.round == 2]
    assert len(rows) == ITEMS and {r.phase for r in rows} == {Phase.RETEST}
    assert all(r.points is None and r.consensus is None for r in rows), "not scored"
    assert retest.score == score_before, "the blind round neither adds nor takes points"


def test_a_round_with_a_subset_orders_only_those_items(make_project_folder, tmp_path) -> None:
    folder = make_project_folder(12, flow={"dwell_seconds": 0, "tutorial": False})
    clock = play_round_one(folder)
    subset = write_subset(tmp_path / "s.csv", "item003", "item007", "item011", "item000")
    start_round(folder, now=clock.wall() + dt.timedelta(days=60), subset=subset)
    clock.advance(61 * 86400)
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    session = start_session(project, store, "ana")  # the project's current round
    assert session.round == 2 and session.total == 4
    assert sorted(session.order) == ["item000", "item003", "item007", "item011"]
    seen = []
    while (pair := session.pair_shown()) is not None:
        assert (pair.round, pair.total) == (2, 4)
        seen.append(pair.item.item_id)
        session.submit(3)
    assert sorted(seen) == sorted(session.order)
    assert round_line(project) == ("Round 2 (retest): 4 pairs chosen by your lab lead, "
                                   "no feedback in this round.")


def test_the_retest_opening_names_the_round_and_warns_when_early(make_project_folder) -> None:
    folder = make_project_folder(ITEMS, flow={"dwell_seconds": 0, "tutorial": False})
    clock = play_round_one(folder)
    clock.advance(10 * 86400)
    _, store, early = start(folder, clock=clock, round_number=2)
    intro = early.round_intro
    assert (intro.round, intro.pairs, intro.feedback, intro.days_since) == (2, ITEMS, False, 10)
    text = round_intro_text(intro)
    assert text.title == "Round 2 (retest)" and text.button == "Start round 2"
    assert f"again ({ITEMS} pairs), in a new order" in text.body
    assert "no feedback in this round" in text.body
    assert "last rating in an earlier round was given 10 days ago" in text.body
    assert "at least 42 days" in text.body and "You can go on now" in text.body
    rate(early, 3, 1, clock)
    store.close()

    _, store, resumed = start(folder, clock=clock, round_number=2)
    assert resumed.round_intro is None, "told once, before the round's first pair"
    store.close()
    _, _, bea = start(folder, "bea", clock=clock, round_number=2)
    assert bea.round_intro.days_since is None, "bea has no earlier round on this laptop"


def test_after_the_washout_the_opening_has_no_warning(make_project_folder) -> None:
    folder = make_project_folder(5, flow={"dwell_seconds": 0, "tutorial": False},
                                 rounds={2: {"feedback": True}})
    clock = play_round_one(folder)
    clock.advance(42 * 86400)
    _, _, session = start(folder, clock=clock, round_number=2)
    assert session.round_intro.days_since is None and session.round_intro.feedback
    assert "panel's consensus and your points" in round_intro_text(session.round_intro).body
    assert "Note:" not in round_intro_text(session.round_intro).body


def test_round_start_warns_about_a_recent_round_and_recent_ratings(make_project_folder) -> None:
    folder = make_project_folder(5, flow={"dwell_seconds": 0, "tutorial": False})
    clock = play_round_one(folder)  # the last rating is a few minutes after 9:00
    project = open_project(folder)
    soon = clock.wall() + dt.timedelta(days=3)
    (recent, why) = round_start_warnings(project, now=soon)
    assert "last rating of round 1 in sessions/ was given 3 days ago" in recent
    assert "washout is 42 days" in recent and "start the round anyway" in why
    assert round_start_warnings(project, now=clock.wall() + dt.timedelta(days=42)) == []

    project = start_round(folder, now=soon).project
    warnings = round_start_warnings(project, now=soon + dt.timedelta(days=1))
    assert warnings[0] == "Round 2 started 1 day ago (2026-11-25); the washout is 42 days."
    assert len(warnings) == 2, "round 2 has no ratings yet"


def test_an_unreadable_session_file_is_named_by_the_washout_check(make_project_folder) -> None:
    folder = make_project_folder(2)
    (folder / "sessions").mkdir()
    (folder / "sessions" / "broken.sqlite").write_text("not a database", encoding="utf-8")
    (warning,) = round_start_warnings(open_project(folder), now=dt.datetime.now(dt.UTC))
    assert "broken.sqlite" in warning and "not checked for the washout" in warning
