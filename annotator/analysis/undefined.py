"""A figure that cannot be computed, with the reason; reported as ``null`` + reason."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Undefined:
    """Stands where a statistic is undefined (a constant rater, fewer than 2 items…).

    Statistics return this instead of NaN so that no caller can average it by mistake and
    every ``null`` in a report says why.
    """

    reason: str


Figure = float | Undefined
