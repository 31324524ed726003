"""Fair gates and unpredictable gold: the first-pairs check counts only scored pairs, gold
pairs come in each tagger's own order, and the dwell runs once per screen."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.project.answer_model import FLAG_NO, AnswerKind
from annotator.project.flow_model import FlowSettings
from annotator.project.folder import open_project
from annotator.project.model import GoldPurpose
from annotator.resources import sample_project_dir
from annotator.session.flow import RatingSession
from annotator.session.game import FirstPairsCheck, NoticeKind
from annotator.session.messages import feedback_text, session_progress_text
from annotator.store.records import Phase
from tests.session.helpers import FakeClock, rate, start


def gold_sequence(session: RatingSession, count: int, value: float = 3) -> list[str]:
    """Rate ``count`` gold pairs with ``value``; the item ids in the order shown."""
    return [feedback.rating.item_id for feedback in rate(session, value, count)]


def test_two_taggers_get_different_tutorial_and_probation_orders(make_project_folder) -> None:
    folder = make_project_folder(4, tutorial=[1, 2, 3, 4, 5] * 2, probation=[2, 4] * 10)
    orders = []
    for tagger, seed in (("ana", 1), ("bea", 2)):
        _, store, session = start(folder, tagger, seed=seed)
        tutorial = gold_sequence(session, 10, 1)  # 1 everywhere fails the tutorial
        assert session.phase is Phase.PROBATION
        orders.append((tutorial, gold_sequence(session, 20)))
        store.close()
    (ana_tutorial, ana_probation), (bea_tutorial, bea_probation) = orders
    assert sorted(ana_tutorial) == sorted(bea_tutorial) and ana_tutorial != bea_tutorial
    assert sorted(ana_probation) == sorted(bea_probation) and ana_probation != bea_probation
    gold_file = [g.item.item_id for g in open_project(folder).gold_for(GoldPurpose.TUTORIAL)]
    assert gold_file not in (ana_tutorial, bea_tutorial)


def test_a_restart_shows_the_same_next_gold_pair(make_project_folder) -> None:
    folder = make_project_folder(4, tutorial=[3] * 10, probation=[3] * 20)
    _, store, session = start(folder, seed=7)
    shown = gold_sequence(session, 4)
    following = [session.current_pair().item.item_id, *(i.item_id for i in
                                                         session.upcoming_items(5))]
    store.close()
    _, store, again = start(folder)  # the seed comes from the session file now
    assert again.current_pair().position == 5
    assert gold_sequence(again, 6) == following
    assert not set(shown) & set(following)


def test_each_probation_attempt_draws_a_fresh_order(make_project_folder) -> None:
    folder = make_project_folder(4, tutorial=[3] * 10, probation=[5, 1] * 10)
    _, store, session = start(folder, seed=3)
    gold_sequence(session, 10, 1)  # tutorial failed
    attempts = [gold_sequence(session, 20) for _ in range(3)]  # 3 on 5s and 1s: 20 points
    assert session.phase is Phase.PROBATION
    assert len({tuple(attempt) for attempt in attempts}) == 3
    assert all(sorted(attempt) == sorted(attempts[0]) for attempt in attempts)
    next_pair = session.current_pair().item.item_id
    store.close()
    _, _, again = start(folder)
    assert again.current_pair().item.item_id == next_pair


def test_tutorial_order_file_keeps_the_curated_sequence(make_project_folder) -> None:
    folder = make_project_folder(4, flow={"dwell_seconds": 0, "tutorial_order": "file"},
                                 tutorial=[1, 2, 3, 4, 5] * 2)
    project, _, session = start(folder, seed=11)
    assert gold_sequence(session, 10) == [
        gold.item.item_id for gold in project.gold_for(GoldPurpose.TUTORIAL)]


def sample_copy(tmp_path: Path, name: str = "vicr-demo") -> Path:
    folder = tmp_path / name
    shutil.copytree(sample_project_dir().parent / name, folder)
    return folder


def press(session: RatingSession, clock: FakeClock, values: list[float]):
    """Press ``values`` in turn on the pairs shown, after the dwell; the last feedback."""
    for value in values:
        session.pair_shown()
        clock.advance(3)
        feedback = session.submit(value)
    return feedback


def file_sequence(project, purpose: GoldPurpose) -> list[float]:
    """The experts' ratings as the sample's gold.csv lists them: 5,5,4,4,…,1,1."""
    values = [gold.rating for gold in project.gold_for(purpose)]
    assert values == sorted(values, reverse=True)
    return values


@pytest.mark.parametrize("seed", range(1, 11))
def test_pressing_the_gold_files_sequence_fails_probation_on_the_sample(
    tmp_path: Path, seed: int
) -> None:
    """The sample's gold.csv lists its probation pairs 5,5,5,5,4,…,1: pressing that
    sequence used to pass with 40 of 40 points; in a fresh order per attempt it fails."""
    clock = FakeClock()
    project, _, session = start(sample_copy(tmp_path), clock=clock, seed=seed)
    press(session, clock, [1] * 10)  # fail the tutorial
    for _ in range(3):
        assert session.phase is Phase.PROBATION
        notice = press(session, clock, file_sequence(project, GoldPurpose.PROBATION)).notice
        assert notice.kind is NoticeKind.PROBATION_FAILED and notice.points < 25


def test_pressing_the_tutorials_file_sequence_scores_full_marks_only_in_file_order(
    tmp_path: Path,
) -> None:
    points = []
    for seed in range(1, 21):
        clock = FakeClock()
        project, store, session = start(sample_copy(tmp_path / str(seed)), clock=clock,
                                        seed=seed)
        points.append(press(session, clock, file_sequence(project, GoldPurpose.TUTORIAL))
                      .notice.points)
        store.close()
    assert max(points) < 20 and sum(points) / len(points) < 10  # the pass mark is 10
    curated = sample_copy(tmp_path / "file")
    manifest = curated / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + '\n[flow]\n'
                        'tutorial_order = "file"\n', encoding="utf-8")
    clock = FakeClock()
    project, _, session = start(curated, clock=clock)
    assert press(session, clock, file_sequence(project, GoldPurpose.TUTORIAL)).notice.points == 20


def test_a_tagger_who_answers_the_consensus_passes_once_twenty_pairs_are_scored(
    make_project_folder,
) -> None:
    """Pairs without a consensus (too few earlier ratings) are neither scored nor counted:
    the check comes after 20 scored pairs, and answering the consensus passes it."""
    items = 40
    priors = {f"item{i:03d}": [4, 4] for i in range(0, items, 2)}  # every other pair
    folder = make_project_folder(items, tutorial=[3] * 10, probation=[3] * 20, priors=priors)
    _, _, session = start(folder, seed=5)
    gold_sequence(session, 10)
    assert session.phase is Phase.GAME
    assert session.first_pairs == FirstPairsCheck(0, 20, 0, FlowSettings().first_game_pass)
    seen = []
    while session.first_pairs is not None:
        pair = session.pair_shown()
        scored = pair.item.item_id in priors
        feedback = session.submit(4 if scored else 1)
        assert (feedback.consensus is not None) == scored
        assert (feedback.rating.points == 2) if scored else feedback.rating.points is None
        assert feedback.notice is None
        seen.append(scored)
        lines = feedback_text(feedback, session.project.rubric).spoken()
        if feedback.first_pairs is not None:
            assert feedback.first_pairs.scored == sum(seen)
            assert session_progress_text(session, pair, feedback.score).count(
                f"first-pairs check: {sum(seen)} of 20 scored pairs so far") == 1
            if not scored:
                assert "it does not count towards the first-pairs check" in lines
    assert sum(seen) == 20 and len(seen) > 20, "the unscored pairs did not count"
    assert session.phase is Phase.GAME and session.score == 40


def test_the_first_tagger_on_a_fresh_project_is_never_sent_to_probation(
    make_project_folder,
) -> None:
    folder = make_project_folder(30, tutorial=[3] * 10, probation=[3] * 20)
    _, store, session = start(folder)
    gold_sequence(session, 10)
    game = rate(session, 1, 30)
    assert all(f.consensus is None and f.rating.points is None and f.notice is None
               for f in game)
    assert game[-1].next_pair is None
    assert session.first_pairs == FirstPairsCheck(0, 20, 0, FlowSettings().first_game_pass)
    assert {r.phase for r in store.ratings()} == {Phase.TUTORIAL, Phase.GAME}


def test_a_blind_round_has_no_first_pairs_check_to_show(make_project_folder) -> None:
    folder = make_project_folder(3, flow={"dwell_seconds": 0, "feedback": False})
    _, _, session = start(folder)
    assert session.first_pairs is None
    assert "first-pairs" not in session_progress_text(session, session.pair_shown(), None)


def test_the_dwell_runs_when_a_pair_and_its_image_appear_not_per_question(
    tmp_path: Path,
) -> None:
    folder = sample_copy(tmp_path, "contextref-demo")  # its protocol has no dwell: set one
    with (folder / "project.toml").open("a", encoding="utf-8") as manifest:
        manifest.write("\n[flow]\ndwell_seconds = 3\n")
    clock = FakeClock()
    _, _, session = start(folder, clock=clock)
    assert session.settings.dwell_seconds == 3
    waits = []
    asked = len(session._steps) - 1  # "no" to the wrong-information flag: no note asked
    for _ in range(2 * asked):  # two whole pairs
        pair = session.pair_shown()
        waits.append((pair.step.stage, session.seconds_until_submit()))
        clock.advance(session.seconds_until_submit() + 0.5)
        session.submit(FLAG_NO if pair.step.question.kind is AnswerKind.FLAG else 3)
    stages = [stage for stage, _ in waits]
    first_post = stages.index("post")
    assert [wait for _, wait in waits] == [
        3 if index in (0, first_post, len(stages) // 2, len(stages) // 2 + first_post) else 0
        for index in range(len(stages))]
