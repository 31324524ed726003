"""A clock that moves only when told to: for simulated taggers and for tests.

:class:`~annotator.session.flow.RatingSession` takes a wall clock (what is stored) and a
monotonic clock (the dwell and time on screen) as plain callables; this gives both.
"""

from __future__ import annotations

from datetime import datetime, timedelta


class ManualClock:
    """Wall and monotonic time that advance together, by :meth:`advance` only."""

    def __init__(self, start: datetime, *, tick: float = 0.0):
        self._now = start
        self._tick = tick

    def advance(self, seconds: float) -> None:
        self._now += timedelta(seconds=seconds)
        self._tick += seconds

    def wall(self) -> datetime:
        return self._now

    def monotonic(self) -> float:
        return self._tick
