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
Interval = tuple[float, float] | Undefined
"""A 95 % interval (low, high); undefined, for its reason, when its figure is or when too
few resamples give one."""


def known(figure: Figure) -> float | None:
    """The figure as a number, or None where it is undefined (a table cell, a chart bar)."""
    return None if isinstance(figure, Undefined) else figure
