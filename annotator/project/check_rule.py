"""Which pairs are attention checks, when an answer to one fails, and when a tagger fails
the checks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class CheckRule:
    """When a rating of an attention check fails (``[checks]`` in ``project.toml``).

    A check is a ``gold.csv`` pair marked ``check`` (shown among the data, its answers never
    data) or one of the project's own items in ``items`` (marked in ``items.csv`` or listed
    in ``items_file``; placed in each tagger's order like any item, its answers data unless
    the tagger fails). A rating fails when it is at or above ``fail_at_or_above``, at or
    below ``fail_at_or_below``, or ``fail_levels_off`` or more levels from the check's gold
    rating (any that is set; an item check has no gold rating, so only the first two judge
    it). A tagger fails the checks when they fail more than
    ``max_failures`` of them. ``every``: one check is mixed in among each that many data
    pairs, at a random place. ``question``: in a multi-question protocol, the question whose
    answers (in either stage) are judged, e.g. ContextRef's "added_info" (Kreiss et al., ICLR
    2024, Appendix A).
    """

    every: int = 20
    fail_at_or_above: float | None = None
    fail_at_or_below: float | None = None
    fail_levels_off: int | None = 2
    max_failures: int = 0
    question: str = ""
    items: frozenset[str] = frozenset()
    items_file: str = ""

    def __post_init__(self) -> None:
        if self.every < 1:
            raise ValueError("every must be at least 1")
        if self.fail_levels_off is not None and self.fail_levels_off < 1:
            raise ValueError("fail_levels_off must be at least 1")
        if self.max_failures < 0:
            raise ValueError("max_failures must be 0 or more")

    @property
    def needs_gold(self) -> bool:
        """Whether only a gold rating can judge an answer: no level fails by itself."""
        return self.fail_at_or_above is None and self.fail_at_or_below is None

    def fails(self, rating: float, gold: float | None, levels: Sequence[float]) -> bool:
        """Whether ``rating`` of a check whose gold rating is ``gold`` (None: an item check)
        fails (``levels``: the scale's values in order, for counting levels apart)."""
        if self.fail_at_or_above is not None and rating >= self.fail_at_or_above:
            return True
        if self.fail_at_or_below is not None and rating <= self.fail_at_or_below:
            return True
        if self.fail_levels_off is not None and gold is not None:
            steps = abs(list(levels).index(rating) - list(levels).index(gold))
            return steps >= self.fail_levels_off
        return False

    def describe(self) -> str:
        """The rule in words, for the lead."""
        parts = []
        if self.fail_at_or_above is not None:
            parts.append(f"a rating of {self.fail_at_or_above:g} or more")
        if self.fail_at_or_below is not None:
            parts.append(f"a rating of {self.fail_at_or_below:g} or less")
        if self.fail_levels_off is not None:
            parts.append(f"a rating {self.fail_levels_off} or more levels from the "
                         "check's gold rating" + (" (gold pairs only)" if self.items else ""))
        allowed = ("any failed check" if self.max_failures == 0 else
                   f"more than {self.max_failures} failed checks")
        judged = f" to the question {self.question!r}" if self.question else ""
        among = (f" {len(self.items)} of the project's items are checks, counted as data "
                 "unless the tagger fails." if self.items else "")
        return (f"A check fails on {' or '.join(parts)}{judged}; a tagger fails on {allowed}. "
                f"One check among every {self.every} pairs.{among}")
