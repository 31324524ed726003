"""How a round is played: the Rating Game's settings, their pass marks in proportion to
their pair counts, and the ``[flow]`` settings resolved per round (read from
``project.toml`` by :mod:`annotator.project.flow_settings`)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TUTORIAL_ORDERS = ("shuffled", "file")


@dataclass(frozen=True)
class FlowSettings:
    """How one round is played (defaults: VICR's Rating Game, Narins et al., NeurIPS 2023,
    except ``first_game_pass`` and ``min_consensus``, each said why below)."""

    tutorial: bool = True
    probation: bool = True
    feedback: bool = True
    dwell_seconds: float = 3.0
    tutorial_pairs: int = 10
    tutorial_pass: int = 10
    probation_pairs: int = 20
    probation_pass: int = 25
    first_game_pairs: int = 20
    first_game_pass: int = 16
    """VICR asked 25, but under Algorithm 1 a rating one level off the consensus scores 0,
    so 25 means 13 exact matches in 20 against a consensus that, early in a study, rests on
    two or three ratings. 16 is 8 exact matches: what VICR's validation expects of a rater
    who just passes its tutorial (better than even odds of exact agreement on 10 of 25
    pairs, Narins et al. 2023, §4.2). docs/rating-game.md has the simulations behind it;
    25 replicates the paper."""
    min_consensus: int = 2
    """Fewest earlier ratings (machine priors counted) a consensus is shown and scored on:
    one would be a colleague's own rating. VICR scored against a single one (1)."""
    tutorial_order: str = "shuffled"
    """``shuffled``: tutorial pairs in each tagger's own seeded order; ``file``: as
    ``gold.csv`` lists them (a curated sequence)."""

    def __post_init__(self) -> None:
        if not 0 <= self.dwell_seconds <= 600:
            raise ValueError("dwell_seconds must be between 0 and 600")
        if self.min_consensus < 1:
            raise ValueError("min_consensus must be at least 1")
        if self.tutorial_order not in TUTORIAL_ORDERS:
            raise ValueError(f"tutorial_order must be {' or '.join(map(repr, TUTORIAL_ORDERS))}")
        for name in ("tutorial_pairs", "probation_pairs", "first_game_pairs"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name, pairs in (
            ("tutorial_pass", self.tutorial_pairs),
            ("probation_pass", self.probation_pairs),
            ("first_game_pass", self.first_game_pairs),
        ):
            if not 0 <= getattr(self, name) <= 2 * pairs:
                raise ValueError(f"{name} must be between 0 and {2 * pairs} (2 points a pair)")


@dataclass(frozen=True)
class Gate:
    """A step a tagger passes by points: the names of its pair count and pass mark."""

    pairs: str
    passing: str


GATES = (
    Gate("tutorial_pairs", "tutorial_pass"),
    Gate("probation_pairs", "probation_pass"),
    Gate("first_game_pairs", "first_game_pass"),
)


def in_proportion(mark: int, of_pairs: int, pairs: int) -> int:
    """``mark`` points out of ``of_pairs`` pairs, for ``pairs`` pairs (rounded up, so a
    smaller step never passes more easily than the whole)."""
    return math.ceil(mark * pairs / of_pairs)


def pass_in_proportion(gate: Gate, pairs: int) -> int:
    """The default pass mark of ``gate`` for ``pairs`` pairs: the same share of the
    maximum as the defaults (tutorial half, probation 25 of 40, first pairs 16 of 40)."""
    defaults = FlowSettings()
    return in_proportion(getattr(defaults, gate.passing), getattr(defaults, gate.pairs), pairs)


RETEST_DEFAULTS: Mapping[str, Any] = {"feedback": False, "probation": False}
"""What changes by default from round 2 on: blind, and no probation gate."""


@dataclass(frozen=True)
class FlowPlan:
    """The ``[flow]`` settings and the ``[rounds.N]`` overrides, resolved per round."""

    base: FlowSettings = field(default_factory=FlowSettings)
    rounds: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def for_round(self, round_number: int) -> FlowSettings:
        changes = dict(RETEST_DEFAULTS) if round_number >= 2 else {}
        changes.update(self.rounds.get(round_number, {}))
        return dataclasses.replace(self.base, **changes)
