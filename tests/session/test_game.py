"""The game's state machine: pass marks at, just under and just over, and resets."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest

from annotator.project.flow_model import FlowSettings
from annotator.session.game import GameProgress, NoticeKind, scaled_pass
from annotator.store.records import Phase, Rating

_ids = itertools.count()
WHEN = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def rating(phase: Phase, points: int | None) -> Rating:
    return Rating(
        rating_id=str(next(_ids)), tagger="ana", item_id=f"i{next(_ids)}", round=1,
        phase=phase, value=3.0, shown_at=WHEN, submitted_at=WHEN, ms_on_screen=4000,
        points=points,
    )


def progress(settings: FlowSettings | None = None, *, tutorial: int = 10,
             probation: int = 20) -> GameProgress:
    return GameProgress(settings or FlowSettings(), tutorial_pairs=tutorial,
                        probation_pairs=probation)


def feed(game: GameProgress, phase: Phase, points: list[int]):
    notices = [game.apply(rating(phase, p)) for p in points]
    assert all(n is None for n in notices[:-1]), "only the last rating of a step may notify"
    return notices[-1]


def split(total: int, pairs: int) -> list[int]:
    """``pairs`` point values in -2..2 adding up to ``total``."""
    values = [0] * pairs
    for index in range(pairs):
        values[index] = max(-2, min(2, total - sum(values)))
    assert sum(values) == total
    return values


# step, pairs in it, points needed, points scored, whether it passes.
PASS_MARKS = [
    (Phase.TUTORIAL, 10, 10, 9, False),
    (Phase.TUTORIAL, 10, 10, 10, True),
    (Phase.TUTORIAL, 10, 10, 11, True),
    (Phase.PROBATION, 20, 25, 24, False),
    (Phase.PROBATION, 20, 25, 25, True),
    (Phase.PROBATION, 20, 25, 26, True),
]
# the notice a step ends with, and where the tagger is after it
ENDS = {
    (Phase.TUTORIAL, True): (NoticeKind.TUTORIAL_PASSED, Phase.GAME),
    (Phase.TUTORIAL, False): (NoticeKind.TUTORIAL_FAILED, Phase.PROBATION),
    (Phase.PROBATION, True): (NoticeKind.PROBATION_PASSED, Phase.GAME),
    (Phase.PROBATION, False): (NoticeKind.PROBATION_FAILED, Phase.PROBATION),
}


@pytest.mark.parametrize(("step", "pairs", "needed", "points", "passed"), PASS_MARKS)
def test_pass_marks_at_just_under_and_just_over(step, pairs, needed, points, passed) -> None:
    game = progress()
    if step is Phase.PROBATION:
        feed(game, Phase.TUTORIAL, split(0, 10))  # a failed tutorial leads there
    assert game.phase(Phase.GAME) is step
    notice = feed(game, step, split(points, pairs))
    kind, after = ENDS[(step, passed)]
    assert (notice.kind, notice.points, notice.needed) == (kind, points, needed)
    assert game.phase(Phase.GAME) is after
    if not passed:
        assert (notice.next_pairs, notice.next_needed) == (20, 25)
        assert game.attempt_points == 0 and game.attempt_done == 0  # a fresh attempt


@pytest.mark.parametrize("mark", [None, 25])
@pytest.mark.parametrize("off", [-1, 0, 1])
def test_first_twenty_game_pairs_need_the_pass_mark(mark: int | None, off: int) -> None:
    """The default mark (16) and the paper's (25), just under, at and just over."""
    settings = FlowSettings() if mark is None else FlowSettings(first_game_pass=mark)
    needed = 16 if mark is None else mark
    points, sent = needed + off, off < 0
    game = progress(settings)
    feed(game, Phase.TUTORIAL, split(20, 10))
    notice = feed(game, Phase.GAME, split(points, 20))
    if sent:
        assert notice is not None and notice.kind is NoticeKind.FIRST_PAIRS_FAILED
        assert (notice.points, notice.needed, notice.pairs) == (points, needed, 20)
        assert game.score == 0, "probation resets the game score"
        assert game.phase(Phase.GAME) is Phase.PROBATION
    else:
        assert notice is None
        assert game.score == points
        assert game.phase(Phase.GAME) is Phase.GAME
    assert game.first_pairs_checked


def test_the_first_pairs_are_checked_once_only() -> None:
    game = progress()
    feed(game, Phase.TUTORIAL, split(20, 10))
    feed(game, Phase.GAME, split(10, 20))  # fails the check: probation
    assert feed(game, Phase.PROBATION, split(30, 20)).kind is NoticeKind.PROBATION_PASSED
    assert game.score == 0
    assert feed(game, Phase.GAME, split(-40, 20)) is None  # weak pairs later: no probation
    assert (game.phase(Phase.GAME), game.score) == (Phase.GAME, -40)


def test_game_pairs_without_points_do_not_count_towards_the_first_twenty() -> None:
    game = progress(tutorial=0, probation=20)
    for _ in range(30):
        assert game.apply(rating(Phase.GAME, None)) is None  # nobody had rated these pairs
    assert not game.first_pairs_checked and game.first_pairs_done == 0


def test_switched_off_steps_are_skipped() -> None:
    game = progress(FlowSettings(tutorial=False, probation=False))
    assert game.phase(Phase.GAME) is Phase.GAME
    assert feed(game, Phase.GAME, split(-40, 20)) is None  # no gate: no probation
    assert game.score == -40


def test_failed_tutorial_without_a_probation_gate_goes_on_to_the_game() -> None:
    game = progress(FlowSettings(probation=False))
    notice = feed(game, Phase.TUTORIAL, split(3, 10))
    assert notice is not None and notice.kind is NoticeKind.TUTORIAL_FAILED
    assert notice.next_pairs == 0
    assert game.phase(Phase.GAME) is Phase.GAME


def test_opening_notices_say_what_starts() -> None:
    game = progress()
    start = game.opening_notice(Phase.GAME)
    assert start is not None and start.kind is NoticeKind.TUTORIAL_START
    assert (start.pairs, start.needed) == (10, 10)
    feed(game, Phase.TUTORIAL, split(5, 10))
    due = game.opening_notice(Phase.GAME)
    assert due is not None and due.kind is NoticeKind.PROBATION_DUE
    assert due.reason is NoticeKind.TUTORIAL_FAILED
    assert (due.next_pairs, due.next_needed) == (20, 25)
    game.apply(rating(Phase.PROBATION, 2))
    assert game.opening_notice(Phase.GAME) is None  # mid-attempt: just go on


def test_fewer_gold_pairs_scale_the_pass_mark() -> None:
    assert scaled_pass(10, 10, 10) == 10
    assert scaled_pass(10, 10, 5) == 5
    assert scaled_pass(25, 20, 10) == 13  # 12.5 rounded up: never easier than configured
    game = progress(tutorial=4, probation=0)
    assert (game.tutorial_size, game.tutorial_needed, game.probation_size) == (4, 4, 0)
