"""Helpers the session tests share: a rating session on a real project folder, with a clock
the test moves (never the wall clock), and rating a run of pairs."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.session.clock import ManualClock
from annotator.session.flow import RatingSession
from annotator.session.opening import open_laptop_session
from annotator.session.pair import Feedback
from annotator.store.session_file import SessionStore
from annotator.userconfig import load_config


class FakeClock(ManualClock):
    """Starts on a fixed morning, so stored times are the same in every run."""

    def __init__(self) -> None:
        super().__init__(datetime(2026, 11, 22, 9, 0, tzinfo=UTC), tick=1000.0)


def start(folder: Path, tagger: str = "ana", clock: FakeClock | None = None,
          **kwargs: Any) -> tuple[Project, SessionStore, RatingSession]:
    """Open ``folder``'s session file on this laptop and start ``tagger``'s session."""
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    clock = clock or FakeClock()
    session = RatingSession.open(project, store, tagger, clock=clock.wall,
                                 monotonic=clock.monotonic, **kwargs)
    return project, store, session


def rate(session: RatingSession, value: float, count: int,
         clock: FakeClock | None = None) -> list[Feedback]:
    """Rate ``count`` pairs with ``value``; the feedback of each."""
    results = []
    for _ in range(count):
        assert session.pair_shown() is not None
        if clock is not None:
            clock.advance(4)
        results.append(session.submit(value))
    return results
