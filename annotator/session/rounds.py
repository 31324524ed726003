"""Rounds as the people in them meet them: the washout warnings and a retest's opening.

The washout (``[rounds] washout_days``) only ever warns: a lab may have good
reasons to retest sooner, and a tagger who opens the app is never turned away.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.project.model import Project
from annotator.store.panel_reading import (
    PANEL_NAME,
    PanelError,
    read_panel_last_ratings,
    read_panel_project_id,
)
from annotator.store.records import Phase, Rating
from annotator.store.sessions_folder import read_sessions_folder
from annotator.store.stored_rows import from_iso

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


def round_start_warnings(project: Project, *, now: datetime,
                         panel: Path | None = None) -> list[str]:
    """Why starting the next round now may be too soon; empty when the washout has passed.

    Looks at when the current round started and at each tagger's last rating of it, in
    every session file in ``sessions/`` and in the panel database (``panel``, by default
    the project's ``panel.sqlite`` when there is one), all read only: once the returned
    files are merged and put away, the panel is where the ratings are. A file that cannot
    be read is named, since its ratings could not be checked.
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
    lasts, unreadable = _last_ratings_of_round(project, current, panel)
    recent = {tagger: days for tagger, (at, _) in sorted(lasts.items())
              if (days := _days_if_too_soon(at, now, washout)) is not None}
    if recent:
        last, where = max(lasts.values(), key=lambda found: found[0])
        warnings.append(
            f"The last rating of round {current} in {where} was given "
            f"{_ago(min(recent.values()))} ({last:%Y-%m-%d}); the washout is {washout} "
            f"days. Rated within it: {_taggers_ago(recent)}."
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


def _taggers_ago(days_by_tagger: dict[str, int], shown: int = 8) -> str:
    named = [f"{tagger} ({_ago(days)})" for tagger, days in
             list(days_by_tagger.items())[:shown]]
    more = len(days_by_tagger) - shown
    return ", ".join(named) + (f" and {more} more" if more > 0 else "")


def _last_ratings_of_round(
    project: Project, round_number: int, panel: Path | None
) -> tuple[dict[str, tuple[datetime, str]], list[AnnotatorError]]:
    """Each tagger's last data rating of ``round_number`` with where it was found (the
    session files first: the panel holds copies of what was merged from them), and the
    files that could not be read."""
    lasts: dict[str, tuple[datetime, str]] = {}

    def found(tagger: str, stamp: str, where: str) -> None:
        at = from_iso(stamp)
        if tagger not in lasts or at > lasts[tagger][0]:
            lasts[tagger] = (at, where)

    folder = read_sessions_folder(project)
    for contents in folder.files:
        rows = contents.ratings
        for tagger, at, rnd, phase in zip(rows.tagger, rows.submitted_at, rows.round,
                                          rows.phase, strict=True):
            if rnd == round_number and phase in _DATA:
                found(tagger, at, "sessions/")
    unreadable: list[AnnotatorError] = [entry.error for entry in folder.unreadable]
    panel = project.root / PANEL_NAME if panel is None else panel
    where = (panel.relative_to(project.root).as_posix() if panel.is_relative_to(project.root)
             else str(panel))
    try:
        if panel.is_file() and read_panel_project_id(panel) in (None, project.project_id):
            for tagger, at in read_panel_last_ratings(panel, round_number).items():
                found(tagger, at, where)
    except PanelError as error:
        unreadable.append(error)
    return lasts, unreadable
