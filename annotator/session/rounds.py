"""Rounds as the people in them meet them: the washout warnings and a retest's opening.

The washout (``[rounds] washout_days``) only ever warns: a lab may have good
reasons to retest sooner, and a tagger who opens the app is never turned away.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from annotator.errors import SessionFileError
from annotator.project.model import Project
from annotator.store.records import Phase, Rating
from annotator.store.session_file import from_iso
from annotator.store.sessions_folder import read_sessions_folder

_DATA = frozenset(phase.value for phase in Phase if phase.is_data)


@dataclass(frozen=True)
class RoundIntro:
    """What a tagger is told before their first pair of a retest round.

    ``days_since`` is set only when their own last rating of an earlier round on this
    laptop is less than ``washout_days`` ago.
    """

    round: int
    pairs: int
    feedback: bool
    subset: bool
    washout_days: int
    days_since: int | None = None


def round_intro(
    project: Project, round_number: int, own: Iterable[Rating], *, pairs: int, now: datetime
) -> RoundIntro:
    """The opening of ``round_number`` for a tagger whose stored ratings are ``own``."""
    earlier = [r.submitted_at for r in own if r.phase.is_data and r.round < round_number]
    washout = project.washout_days
    days = _days_if_too_soon(max(earlier), now, washout) if earlier else None
    record = project.rounds.get(round_number)
    return RoundIntro(
        round=round_number,
        pairs=pairs,
        feedback=project.flow.for_round(round_number).feedback,
        subset=record is not None and record.items is not None,
        washout_days=washout,
        days_since=days,
    )


def round_start_warnings(project: Project, *, now: datetime) -> list[str]:
    """Why starting the next round now may be too soon; empty when the washout has passed.

    Looks at when the current round started and at its last rating in every session file
    in ``sessions/`` (read only). A file that cannot be read is named, since its ratings
    could not be checked.
    """
    current, washout = project.current_round, project.washout_days
    warnings: list[str] = []
    record = project.rounds.get(current)
    started = record.started if record is not None else None
    days = _days_if_too_soon(started, now, washout) if started else None
    if days is not None:
        warnings.append(
            f"Round {current} started {_ago(days)} ({started:%Y-%m-%d}); the "
            f"washout is {washout} days."
        )
    last, unreadable = _last_rating_of_round(project, current)
    days = _days_if_too_soon(last, now, washout) if last else None
    if days is not None:
        warnings.append(
            f"The last rating of round {current} in sessions/ was given {_ago(days)} "
            f"({last:%Y-%m-%d}); the washout is {washout} days."
        )
    if warnings:
        warnings.append(
            "Taggers may still remember their ratings, which makes the retest look more "
            "consistent than it is. You can start the round anyway."
        )
    warnings += [f"{error} Its ratings were not checked for the washout." for error in unreadable]
    return warnings


def _days_if_too_soon(then: datetime, now: datetime, washout_days: int) -> int | None:
    """Whole days from ``then`` to ``now`` when fewer than the washout, else None.

    A ``then`` after ``now`` (laptop clocks disagree) counts as today.
    """
    gap = now - then
    return max(0, gap.days) if gap < timedelta(days=washout_days) else None


def _ago(days: int) -> str:
    return "today" if days == 0 else ("1 day ago" if days == 1 else f"{days} days ago")


def _last_rating_of_round(
    project: Project, round_number: int
) -> tuple[datetime | None, list[SessionFileError]]:
    latest = ""
    folder = read_sessions_folder(project)
    for contents in folder.files:
        rows = contents.ratings
        stamps = zip(rows.submitted_at, rows.round, rows.phase, strict=True)
        latest = max([latest, *(at for at, rnd, ph in stamps if rnd == round_number
                                and ph in _DATA)])
    return (from_iso(latest) if latest else None), [entry.error for entry in folder.unreadable]
