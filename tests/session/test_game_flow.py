"""The Rating Game through RatingSession on real project folders and session files."""

from __future__ import annotations

from collections import Counter

import pytest

from annotator.session.game import NoticeKind
from annotator.session.messages import feedback_text
from annotator.session.pair import TooSoonError
from annotator.store.records import Phase
from tests.session.helpers import FakeClock, rate, start

ITEMS = 30
PRIORS = {f"item{i:03d}": [3, 3] for i in range(ITEMS)}


def test_tutorial_failed_probation_game_first_pairs_failed_probation_again(
    make_project_folder,
) -> None:
    folder = make_project_folder(ITEMS, tutorial=[3] * 10, probation=[3] * 20, priors=PRIORS)
    _, store, session = start(folder)
    assert session.opening_notice.kind is NoticeKind.TUTORIAL_START
    assert session.phase is Phase.TUTORIAL
    tutorial = rate(session, 1, 10)  # 2 levels off the experts' 3: 0 points each
    assert [f.rating.points for f in tutorial] == [0] * 10
    assert tutorial[0].gold is not None and "experts chose 3" in tutorial[0].gold.explanation
    assert tutorial[-1].notice.kind is NoticeKind.TUTORIAL_FAILED
    assert (tutorial[-1].notice.next_pairs, tutorial[-1].notice.next_needed) == (20, 25)
    assert session.phase is Phase.PROBATION
    assert session.current_pair().position == 1 and session.current_pair().total == 20

    probation = rate(session, 3, 20)
    assert probation[-1].score == 40
    assert probation[-1].notice.kind is NoticeKind.PROBATION_PASSED
    assert session.phase is Phase.GAME

    game = rate(session, 5, 20)  # consensus 3 from two priors: -1 point each
    assert {(f.consensus.value, f.consensus.n, f.consensus.priors) for f in game} == {(3, 2, 2)}
    assert [f.score for f in game[:3]] == [-1, -2, -3]
    assert game[-1].notice.kind is NoticeKind.FIRST_PAIRS_FAILED
    assert session.phase is Phase.PROBATION and session.score == 0

    assert rate(session, 3, 20)[-1].notice.kind is NoticeKind.PROBATION_PASSED
    resumed = session.current_pair()
    assert (resumed.phase, resumed.position, resumed.total) == (Phase.GAME, 21, 30)
    last = rate(session, 3, 10)
    assert [f.score for f in last] == list(range(2, 21, 2))  # the score restarted at 0
    assert last[-1].next_pair is None

    rows = store.ratings(tagger="ana")
    assert Counter(r.phase for r in rows) == {Phase.TUTORIAL: 10, Phase.PROBATION: 40,
                                              Phase.GAME: 30}
    assert all(r.consensus == 3 and r.consensus_n is None for r in rows if not r.phase.is_data)
    assert all(r.consensus == 3 and r.consensus_n == 2 for r in rows if r.phase.is_data)
    assert sum(r.points for r in rows if r.phase is Phase.GAME) == -20 + 20


def test_the_game_state_survives_closing_the_app_mid_probation(make_project_folder) -> None:
    folder = make_project_folder(ITEMS, tutorial=[3] * 10, probation=[3] * 20)
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    rate(session, 1, 10)
    rate(session, 3, 7)  # 14 points into the probation attempt
    seen = {session.current_pair().item.item_id}
    store.close()

    _, _, again = start(folder, clock=clock)
    assert again.opening_notice is None  # mid-attempt: straight on
    pair = again.current_pair()
    assert (pair.phase, pair.position, again.score) == (Phase.PROBATION, 8, 14)
    assert pair.item.item_id in seen
    assert rate(again, 3, 13)[-1].notice.kind is NoticeKind.PROBATION_PASSED


def test_opening_after_a_failed_tutorial_says_probation_is_due(make_project_folder) -> None:
    folder = make_project_folder(ITEMS, tutorial=[3] * 10, probation=[3] * 20)
    _, store, session = start(folder)
    rate(session, 1, 10)
    store.close()
    _, _, again = start(folder)
    notice = again.opening_notice
    assert notice.kind is NoticeKind.PROBATION_DUE and notice.reason is NoticeKind.TUTORIAL_FAILED


def test_consensus_never_counts_the_taggers_own_ratings(make_project_folder) -> None:
    folder = make_project_folder(4, flow={"dwell_seconds": 0, "tutorial": False})
    _, store, ana = start(folder, "ana")
    first = rate(ana, 2, 4)
    assert all(f.consensus is None and f.rating.points is None for f in first)  # nobody yet
    assert all(f.show and f.score == 0 for f in first)
    assert all(r.consensus is None and r.consensus_n is None for r in store.ratings())
    store.close()

    _, store, bea = start(folder, "bea")
    second = rate(bea, 4, 4)  # one earlier rating: it would be ana's own, so none is shown
    assert all(f.consensus is None and f.rating.points is None for f in second)
    told = " ".join(feedback_text(f, bea.project.rubric).spoken() for f in second)
    assert "Too few people have rated this pair" in told
    assert "ana" not in told.lower() and "2 —" not in told  # neither her name nor her rating
    store.close()
    _, store, cem = start(folder, "cem")
    third = rate(cem, 5, 4)
    assert {(f.consensus.value, f.consensus.n) for f in third} == {(3, 2)}  # (2 + 4) / 2
    store.close()

    # ana again, in round 2 with feedback on: only bea's and cem's ratings count
    folder_rounds = folder / "project.toml"
    folder_rounds.write_text(folder_rounds.read_text() + "\n[rounds.2]\nfeedback = true\n")
    _, store, ana2 = start(folder, "ana", round_number=2)
    retest = rate(ana2, 5, 4)
    assert {(f.consensus.value, f.consensus.n) for f in retest} == {(5, 2)}  # not (4, 3)
    assert all(f.rating.phase is Phase.RETEST for f in retest)


def test_min_consensus_one_scores_against_a_single_earlier_rating_as_vicr_did(
    make_project_folder,
) -> None:
    folder = make_project_folder(
        3, flow={"dwell_seconds": 0, "tutorial": False, "min_consensus": 1})
    _, store, ana = start(folder, "ana")
    rate(ana, 2, 3)
    store.close()
    _, store, bea = start(folder, "bea")
    second = rate(bea, 2, 3)
    assert {(f.consensus.value, f.consensus.n, f.rating.points) for f in second} == {(2, 1, 2)}


def test_priors_pad_up_to_a_larger_min_consensus(make_project_folder) -> None:
    folder = make_project_folder(1, flow={"dwell_seconds": 0, "tutorial": False,
                                          "min_consensus": 3}, priors={"item000": [2, 2, 2]})
    _, _, ana = start(folder, "ana")
    feedback = rate(ana, 2, 1)[0]
    assert (feedback.consensus.n, feedback.consensus.priors, feedback.rating.points) == (3, 3, 2)


def test_human_ratings_replace_priors_one_by_one(make_project_folder) -> None:
    folder = make_project_folder(1, flow={"dwell_seconds": 0, "tutorial": False},
                                 priors={"item000": [1, 1]})
    consensus = []
    for tagger in ("ana", "bea", "cem"):
        _, store, session = start(folder, tagger)
        consensus.append(rate(session, 5, 1)[0].consensus)
        store.close()
    assert [(c.value, c.n, c.priors) for c in consensus] == [(1, 2, 2), (3, 2, 1), (5, 2, 0)]


def test_a_blind_round_shows_and_stores_no_feedback(make_project_folder) -> None:
    folder = make_project_folder(3, priors={f"item{i:03d}": [3, 3] for i in range(3)})
    _, store, session = start(folder, round_number=2)  # rounds from 2 on are blind by default
    assert not session.settings.feedback
    results = rate(session, 4, 3)
    assert all(not f.show and f.score is None and f.consensus is None for f in results)
    assert all(r.points is None and r.consensus is None for r in store.ratings())


def test_submit_before_the_dwell_ends_is_refused_and_stores_nothing(make_project_folder) -> None:
    folder = make_project_folder(3, flow={"dwell_seconds": 3})
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    session.pair_shown()
    assert session.seconds_until_submit() == 3
    clock.advance(2.9)
    assert session.seconds_until_submit() == pytest.approx(0.1)
    with pytest.raises(TooSoonError):
        session.submit(3)
    assert store.ratings() == []
    clock.advance(0.1)
    assert session.seconds_until_submit() == 0
    assert session.submit(3).rating.ms_on_screen == 3000


def test_tutorial_and_probation_are_not_data(make_project_folder) -> None:
    folder = make_project_folder(2, tutorial=[4] * 10, probation=[4] * 20)
    _, store, session = start(folder)
    rate(session, 4, 10)
    assert session.phase is Phase.GAME
    assert session.done_count == 0 and session.total == 2
    assert not any(r.phase.is_data for r in store.ratings())
    assert store.data_values_by_item(except_tagger="someone else") == {}
