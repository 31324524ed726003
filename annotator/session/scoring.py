"""Consensus and points of the Rating Game (VICR, Narins et al. 2023, Algorithm 1).

Distances are counted in levels of the rubric (one step between neighbouring levels), so
the thresholds of Algorithm 1 mean the same on the 1–5 scale of VICR and on a scale
valued 0, 0.25 … 1; the variance ratio σ²/V_max does not depend on units at all.

The previous ratings come from files of other laptops, checked when read; scoring still
counts only those that are levels of the rubric, so no stored value (1e308, 99, −7,
``'abc'``) can make it raise or steer it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from annotator.project.model import Rubric

_TIE = 1e-9


@dataclass(frozen=True)
class Consensus:
    """The rounded mean of the previous ratings, and how many it rests on."""

    value: float
    n: int
    priors: int = 0
    """How many of the ``n`` are machine priors (cold start)."""


def nearest_level(mean: float, rubric: Rubric) -> float:
    """The rubric level nearest to ``mean``; exactly half-way rounds up (2.5 → 3)."""
    best = rubric.levels[0].value
    for level in rubric.levels[1:]:
        gap, best_gap = abs(level.value - mean), abs(best - mean)
        if gap < best_gap - _TIE or (abs(gap - best_gap) <= _TIE and level.value > best):
            best = level.value
    return float(best)


def on_scale(previous: Sequence[object], rubric: Rubric) -> list[float]:
    """The values of ``previous`` that are levels of ``rubric``; anything else is no rating."""
    levels = {level.value for level in rubric.levels}
    return [float(value) for value in previous
            if isinstance(value, int | float) and value in levels]


def consensus_of(previous: Sequence[float], rubric: Rubric, *, priors: int = 0) -> Consensus | None:
    """The consensus of ``previous`` ratings, or None when nobody has rated the pair."""
    previous = on_scale(previous, rubric)
    if not previous:
        return None
    mean = sum(previous) / len(previous)
    return Consensus(nearest_level(mean, rubric), len(previous), priors)


def level_steps(a: float, b: float, rubric: Rubric) -> int:
    """How many levels apart two level values are (|a − b| on VICR's 1–5 scale)."""
    values = [level.value for level in rubric.levels]
    return abs(values.index(a) - values.index(b))


def game_points(rating: float, previous: Sequence[float], rubric: Rubric) -> int | None:
    """Algorithm 1: points for ``rating`` against the ratings given before it.

    n counts the ratings including this one, σ² is the population variance of the previous
    ratings, V_max = (highest − lowest level)² / 4; v = 1 + (1/n)(1 + (n−1)σ²/V_max),
    d = |x − r| / v; 2 if d ≤ 0.25, 1 if d ≤ 0.5, 0 if d ≤ 1, −1 if d ≤ 1.75, else −2.
    None when there are no previous ratings (nothing to score against), or ``rating`` is no
    level.
    """
    previous = on_scale(previous, rubric)
    consensus = consensus_of(previous, rubric)
    if consensus is None or rubric.level_for_value(rating) is None:
        return None
    n = len(previous) + 1
    mean = sum(previous) / len(previous)
    variance = sum((value - mean) ** 2 for value in previous) / len(previous)
    values = [level.value for level in rubric.levels]
    v_max = (max(values) - min(values)) ** 2 / 4
    v = 1 + (1 / n) * (1 + (n - 1) * variance / v_max)
    d = level_steps(rating, consensus.value, rubric) / v
    for limit, points in ((0.25, 2), (0.5, 1), (1.0, 0), (1.75, -1)):
        if d <= limit + _TIE:
            return points
    return -2


def gold_points(rating: float, gold: float, rubric: Rubric) -> int:
    """Tutorial and probation points: 2 − |gold − rating| (in levels; may be negative)."""
    return 2 - level_steps(rating, gold, rubric)
