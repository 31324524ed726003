"""Where a tagger stands in the Rating Game: tutorial → probation → game
(VICR, Narins et al. 2023, §3.2).

:class:`GameProgress` is a state machine fed with the tagger's stored ratings, oldest
first. Opening a session replays them, and each submit applies one more, so the state
after a restart is exactly the state before it: nothing about the game is kept anywhere
but in the rating rows (phase and points).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import assert_never

from annotator.project.flow_model import FlowSettings, in_proportion
from annotator.store.records import Phase, Rating


class NoticeKind(Enum):
    """A moment in the game the tagger must be told about before going on."""

    TUTORIAL_START = "tutorial_start"
    TUTORIAL_PASSED = "tutorial_passed"
    TUTORIAL_FAILED = "tutorial_failed"
    PROBATION_DUE = "probation_due"
    PROBATION_PASSED = "probation_passed"
    PROBATION_FAILED = "probation_failed"
    FIRST_PAIRS_FAILED = "first_pairs_failed"


@dataclass(frozen=True)
class Notice:
    """What happened, with the numbers a message needs.

    ``points``/``needed``/``pairs`` describe the step just finished (for
    ``TUTORIAL_START``: the tutorial about to start); ``next_pairs``/``next_needed`` the
    probation that follows or is due (0 when none does); ``reason`` why a due (or just
    passed) probation was owed: after a failed tutorial the tagger has not played the game.
    """

    kind: NoticeKind
    points: int = 0
    needed: int = 0
    pairs: int = 0
    next_pairs: int = 0
    next_needed: int = 0
    reason: NoticeKind | None = None


@dataclass(frozen=True)
class FirstPairsCheck:
    """The check of a tagger's first scored game pairs, while it is still ahead.

    Only pairs scored against a consensus count (``scored`` of ``pairs`` so far, with
    ``points`` between them; ``needed`` to pass), so nobody is judged for rating early.
    """

    scored: int
    pairs: int
    points: int
    needed: int


def scaled_pass(pass_mark: int, configured_pairs: int, pairs: int) -> int:
    """The pass mark for a step that has fewer gold pairs than configured, in proportion."""
    if pairs >= configured_pairs:
        return pass_mark
    return in_proportion(pass_mark, configured_pairs, pairs)


class GameProgress:
    """The tutorial, probation and first-pairs check of one tagger, as ratings arrive."""

    def __init__(self, settings: FlowSettings, *, tutorial_pairs: int, probation_pairs: int):
        self.settings = settings
        self.tutorial_size = min(settings.tutorial_pairs, tutorial_pairs)
        self.tutorial_needed = scaled_pass(
            settings.tutorial_pass, settings.tutorial_pairs, self.tutorial_size
        )
        self.probation_size = min(settings.probation_pairs, probation_pairs)
        self.probation_needed = scaled_pass(
            settings.probation_pass, settings.probation_pairs, self.probation_size
        )
        self.tutorial_done = 0
        self.tutorial_points = 0
        self.probation_owed: NoticeKind | None = None  # why, while it is owed
        self.probation_attempt = 0
        self.attempt_done = 0
        self.attempt_points = 0
        self.first_pairs_done = 0
        self.first_pairs_points = 0
        self.first_pairs_checked = False
        self.score = 0
        self.step_rated: set[str] = set()
        """Gold pairs already rated in the tutorial or the current probation attempt."""

    # where the tagger stands ---------------------------------------------------------

    @property
    def tutorial_finished(self) -> bool:
        return self.tutorial_done >= self.tutorial_size

    def phase(self, data_phase: Phase) -> Phase:
        """What the tagger does now; ``data_phase`` is the round's (game or retest)."""
        if self.settings.tutorial and not self.tutorial_finished:
            return Phase.TUTORIAL
        if self.probation_owed is not None and self._gate_on:
            return Phase.PROBATION
        return data_phase

    @property
    def _gate_on(self) -> bool:
        return self.settings.probation and self.probation_size > 0

    def first_pairs_ahead(self, data_phase: Phase) -> FirstPairsCheck | None:
        """Where the first-pairs check stands while it is still to come (None: done, or no
        check in this round: gate or feedback off, or not playing the game now)."""
        settings = self.settings
        if (self.first_pairs_checked or not self._gate_on or not settings.feedback
                or self.phase(data_phase) is not data_phase):
            return None
        return FirstPairsCheck(self.first_pairs_done, settings.first_game_pairs,
                               self.first_pairs_points, settings.first_game_pass)

    def step_points(self, phase: Phase) -> int:
        """The running score shown in ``phase``: the step's points, or the game score."""
        match phase:
            case Phase.TUTORIAL:
                return self.tutorial_points
            case Phase.PROBATION:
                return self.attempt_points
            case Phase.GAME | Phase.RETEST | Phase.CHECK:
                return self.score
            case _:
                assert_never(phase)

    def opening_notice(self, data_phase: Phase) -> Notice | None:
        """What to tell a tagger who opens the session in the state it is in now."""
        phase = self.phase(data_phase)
        match phase:
            case Phase.TUTORIAL if self.tutorial_done == 0:
                return Notice(NoticeKind.TUTORIAL_START, needed=self.tutorial_needed,
                              pairs=self.tutorial_size)
            case Phase.PROBATION if self.attempt_done == 0:
                return dataclasses.replace(
                    self._probation_notice(NoticeKind.PROBATION_DUE), reason=self.probation_owed
                )
            case Phase.TUTORIAL | Phase.PROBATION | Phase.GAME | Phase.RETEST | Phase.CHECK:
                return None  # a step under way, or no step: nothing to say on opening
            case _:
                assert_never(phase)

    # ratings arriving -----------------------------------------------------------------

    def apply(self, rating: Rating) -> Notice | None:
        """Count one stored rating (oldest first); the notice it triggers, if any."""
        points = rating.points or 0
        match rating.phase:
            case Phase.TUTORIAL:
                return self._tutorial(points, rating.item_id)
            case Phase.PROBATION:
                return self._probation(points, rating.item_id)
            case Phase.GAME | Phase.RETEST:
                return None if rating.points is None else self._game(points)
            case Phase.CHECK:
                return None  # an attention check is never scored
            case _:
                assert_never(rating.phase)

    def _tutorial(self, points: int, item_id: str) -> Notice | None:
        if self.tutorial_finished:  # a tutorial re-run by changed settings: not gated twice
            return None
        self.tutorial_done += 1
        self.tutorial_points += points
        self.step_rated.add(item_id)
        if not self.tutorial_finished:
            return None
        self.step_rated.clear()
        if self.tutorial_points >= self.tutorial_needed:
            return Notice(
                NoticeKind.TUTORIAL_PASSED,
                points=self.tutorial_points,
                needed=self.tutorial_needed,
                pairs=self.tutorial_size,
            )
        self._send_to_probation(NoticeKind.TUTORIAL_FAILED)
        return self._probation_notice(
            NoticeKind.TUTORIAL_FAILED,
            points=self.tutorial_points,
            needed=self.tutorial_needed,
            pairs=self.tutorial_size,
        )

    def _probation(self, points: int, item_id: str) -> Notice | None:
        if self.probation_owed is None:
            return None
        self.attempt_done += 1
        self.attempt_points += points
        self.step_rated.add(item_id)
        if self.attempt_done < self.probation_size:
            return None
        scored, self.attempt_points, self.attempt_done = self.attempt_points, 0, 0
        self.step_rated.clear()
        self.probation_attempt += 1
        if scored >= self.probation_needed:
            owed, self.probation_owed = self.probation_owed, None
            return Notice(
                NoticeKind.PROBATION_PASSED,
                points=scored,
                needed=self.probation_needed,
                pairs=self.probation_size,
                reason=owed,
            )
        return self._probation_notice(
            NoticeKind.PROBATION_FAILED,
            points=scored,
            needed=self.probation_needed,
            pairs=self.probation_size,
        )

    def _game(self, points: int) -> Notice | None:
        self.score += points
        if self.first_pairs_checked or not self._gate_on:
            return None
        self.first_pairs_done += 1
        self.first_pairs_points += points
        if self.first_pairs_done < self.settings.first_game_pairs:
            return None
        self.first_pairs_checked = True
        if self.first_pairs_points >= self.settings.first_game_pass:
            return None
        self._send_to_probation(NoticeKind.FIRST_PAIRS_FAILED)
        return self._probation_notice(
            NoticeKind.FIRST_PAIRS_FAILED,
            points=self.first_pairs_points,
            needed=self.settings.first_game_pass,
            pairs=self.settings.first_game_pairs,
        )

    def _send_to_probation(self, reason: NoticeKind) -> None:
        """Probation resets the game score (VICR §3.2), and starts a fresh attempt."""
        self.score = 0
        if self._gate_on:
            self.probation_owed = reason

    def _probation_notice(
        self, kind: NoticeKind, *, points: int = 0, needed: int = 0, pairs: int = 0
    ) -> Notice:
        owed = self.probation_owed is not None and self._gate_on
        return Notice(
            kind,
            points=points,
            needed=needed,
            pairs=pairs,
            next_pairs=self.probation_size if owed else 0,
            next_needed=self.probation_needed if owed else 0,
        )
