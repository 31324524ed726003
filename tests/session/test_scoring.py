"""Algorithm 1, the tutorial formula and the consensus, as truth tables worked by hand."""

from __future__ import annotations

import pytest

from annotator.project.answer_model import Level
from annotator.project.model import Rubric
from annotator.session.scoring import consensus_of, game_points, gold_points, nearest_level


def _rubric(values: list[float]) -> Rubric:
    return Rubric(
        rubric_id="test",
        name="Test",
        question="How good?",
        levels=tuple(
            Level(value=v, key=str(i + 1), label=f"L{i + 1}", text=f"level {v}")
            for i, v in enumerate(values)
        ),
    )


VICR = _rubric([1, 2, 3, 4, 5])
QUARTERS = _rubric([0, 0.25, 0.5, 0.75, 1])  # the vcr5 values, lowest first

# previous ratings, rating x, points. n = len(previous) + 1; V_max = 4 on 1–5.
# v = 1 + (1/n)(1 + (n-1)σ²/4); d = |x - r| / v;
# 2: d ≤ .25, 1: d ≤ .5, 0: d ≤ 1, -1: d ≤ 1.75, else -2.
ALGORITHM_1 = [
    # n=2, σ²=0, v=1.5
    ([3], 3, 2),  # d = 0
    ([3], 4, 0),  # d = 1/1.5 = 0.667
    ([3], 5, -1),  # d = 2/1.5 = 1.333
    ([1], 5, -2),  # d = 4/1.5 = 2.667
    # n=3, previous 2,3: mean 2.5 → r = 3 (half up), σ² = 0.25, v = 1 + 1.125/3 = 1.375
    ([2, 3], 3, 2),  # d = 0
    ([2, 3], 2, 0),  # d = 1/1.375 = 0.727
    # n=3, maximal variance: 1,5 → r = 3, σ² = 4, v = 1 + 3/3 = 2
    ([1, 5], 4, 1),  # d = 0.5 exactly: the 1-point threshold is inclusive
    ([1, 5], 5, 0),  # d = 1.0 exactly: the 0-point threshold is inclusive
    ([1, 5], 1, 0),  # d = 1.0
    # n=3, zero variance 5,5: v = 1 + 1/3 = 1.333
    ([5, 5], 1, -2),  # d = 4/1.333 = 3
    # n=4, previous 3,4,4 → mean 3.667 → r = 4, σ² = 0.222, v = 1 + (1 + 3·0.222/4)/4 = 1.2917
    ([3, 4, 4], 3, 0),  # d = 0.774
    ([3, 4, 4], 2, -1),  # d = 1.548
    # n=5, zero variance 4,4,4,4: v = 1.2
    ([4, 4, 4, 4], 3, 0),  # d = 0.833
    ([4, 4, 4, 4], 2, -1),  # d = 1.667
    # n=5, previous 1,2,3,4: mean 2.5 → r = 3, σ² = 1.25, v = 1 + 2.25/5 = 1.45
    ([1, 2, 3, 4], 4, 0),  # d = 0.690
    ([1, 2, 3, 4], 1, -1),  # d = 1.379
    # n=5, maximal variance 1,5,1,5: r = 3, σ² = 4, v = 1 + 5/5 = 2
    ([1, 5, 1, 5], 4, 1),  # d = 0.5
    # n=6, previous 1,1,5,5,5: mean 3.4 → r = 3, σ² = 3.84, v = 1 + 5.8/6 = 1.9667
    ([1, 1, 5, 5, 5], 3, 2),  # d = 0
    ([1, 1, 5, 5, 5], 4, 0),  # d = 0.508: just over the 1-point threshold
    ([1, 1, 5, 5, 5], 5, -1),  # d = 1.017: just over the 0-point threshold
    # n=7, zero variance: v = 8/7
    ([3] * 6, 5, -1),  # d = 2·7/8 = 1.75 exactly: the -1 threshold is inclusive
    ([2] * 6, 5, -2),  # d = 3·7/8 = 2.625
    # n=2, previous 3,4: mean 3.5 → r = 4 (half up)
    ([3, 4], 4, 2),
]


@pytest.mark.parametrize(("previous", "rating", "points"), ALGORITHM_1)
def test_algorithm_1_points(previous: list[int], rating: int, points: int) -> None:
    assert game_points(rating, previous, VICR) == points


def test_no_previous_ratings_give_no_points() -> None:
    assert game_points(3, [], VICR) is None
    assert consensus_of([], VICR) is None


def test_points_count_level_steps_on_a_scale_that_is_not_one_to_five() -> None:
    # the same shapes as ([3], 4, 0) and ([1, 5], 4, 1) on the 0–1 scale
    assert game_points(0.75, [0.5], QUARTERS) == 0
    assert game_points(0.75, [0.0, 1.0], QUARTERS) == 1
    assert game_points(1.0, [0.25], QUARTERS) == -2


@pytest.mark.parametrize(
    ("gold", "rating", "points"),
    [(4, 4, 2), (4, 3, 1), (4, 5, 1), (4, 2, 0), (4, 1, -1), (5, 1, -2), (1, 1, 2)],
)
def test_tutorial_points_are_two_minus_the_distance(gold: int, rating: int, points: int) -> None:
    assert gold_points(rating, gold, VICR) == points


@pytest.mark.parametrize(
    ("previous", "consensus"),
    [
        ([2, 3], 3),  # 2.5 → 3: half rounds up
        ([3, 4], 4),  # 3.5 → 4
        ([1, 2], 2),  # 1.5 → 2
        ([4, 5], 5),  # 4.5 → 5
        ([2, 2, 3], 2),  # 2.33 → 2
        ([2, 3, 3], 3),  # 2.67 → 3
        ([1, 2, 2, 5], 3),  # 2.5 → 3
        ([5], 5),
    ],
)
def test_consensus_is_the_mean_rounded_half_up(previous: list[int], consensus: int) -> None:
    result = consensus_of(previous, VICR)
    assert result is not None
    assert (result.value, result.n) == (consensus, len(previous))


def test_consensus_rounds_to_the_nearest_level_of_other_scales() -> None:
    assert nearest_level(0.375, QUARTERS) == 0.5  # half-way between 0.25 and 0.5: up
    assert nearest_level(0.3, QUARTERS) == 0.25
    assert nearest_level(0.9, QUARTERS) == 1.0
