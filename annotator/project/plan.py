"""The study's plan as the project folder records it: who rates which items.

``annotator plan`` writes ``plan.csv`` (one row per assignment: a tagger, or a laptop's
seat, and an item) and records it in ``project.toml`` ``[plan]``; each
``annotator plan top-up`` adds a ``plan-top-up-N.csv`` of the same form. A tagger's items
are their rows of both; the rounds after the first (retests) keep to them too. A tagger the
plan does not name (a late joiner), or a laptop that took no seat, gets the items the plan
gives fewest ratings, as many as the plan's largest share, ties broken by their own order
seed, so two late joiners mostly rate different items.

Plans by tagger match the name typed on the start screen as :mod:`annotator.names`
compares names (case, spaces, Unicode form and invisible characters do not matter).
Plans by laptop name seats ``laptop-01`` … ``laptop-NN``; each laptop takes one
when a tagger first opens the project on it (:mod:`annotator.userconfig` remembers it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from annotator.names import name_key


class PlanBy(StrEnum):
    """Whom the plan names: taggers by name, or laptops by seat."""

    TAGGER = "tagger"
    LAPTOP = "laptop"


def seat_names(count: int) -> tuple[str, ...]:
    """``laptop-01`` … : the seats of a plan by laptop, in order (as the labels say)."""
    width = max(2, len(str(count)))
    return tuple(f"laptop-{n:0{width}d}" for n in range(1, count + 1))


@dataclass(frozen=True)
class TopUp:
    """One ``annotator plan top-up``: more assignments, to bring items up to ``to``."""

    number: int
    file: str
    to: int
    assignments: Mapping[str, tuple[str, ...]]
    """Assignee (as :func:`name_key` gives it) → item ids."""
    assignees: tuple[str, ...] = ()
    """The names (or seats) as the file spells them, in its order."""


@dataclass(frozen=True)
class Plan:
    """``plan.csv`` and its top-ups, as recorded in ``project.toml`` ``[plan]``.

    ``assignees``: the names (or seats) in the plan's order; ``assignments``: each
    assignee's item ids, keyed by :func:`name_key`.
    """

    by: PlanBy
    file: str
    ratings_per_item: int
    seed: int
    assignees: tuple[str, ...]
    assignments: Mapping[str, tuple[str, ...]]
    top_ups: tuple[TopUp, ...] = ()
    pairs_per_tagger: int | None = None

    @property
    def column(self) -> str:
        """The first column of the plan's CSV files: ``tagger`` or ``laptop``."""
        return self.by.value

    def name_of(self, who: str) -> str | None:
        """The plan's spelling of a tagger's name (or a seat), or None if not in the plan."""
        return self._names.get(name_key(who))

    @cached_property
    def _names(self) -> dict[str, str]:
        return {name_key(name): name for name in self.assignees}

    @cached_property
    def planned(self) -> Counter[str]:
        """Assignments per item in ``plan.csv`` (top-ups not counted)."""
        return Counter(item for items in self.assignments.values() for item in items)

    @cached_property
    def topped_up(self) -> Counter[str]:
        """Assignments per item in every top-up."""
        return Counter(item for top_up in self.top_ups
                       for items in top_up.assignments.values() for item in items)

    @property
    def everyone(self) -> tuple[str, ...]:
        """The plan's assignees, then those its top-ups add, as the files spell them."""
        names = dict(self._names)
        for top_up in self.top_ups:
            for name in top_up.assignees:
                names.setdefault(name_key(name), name)
        return tuple(names.values())

    @property
    def largest_share(self) -> int:
        return max((len(items) for items in self.assignments.values()), default=0)

    def items_of(self, who: str | None, *, seed: int, among: Collection[str] = ()
                 ) -> frozenset[str]:
        """The items ``who`` rates (a tagger's name or a laptop's seat): their rows of the
        plan and its top-ups; someone not in the plan (None: a laptop without a seat) gets
        :meth:`late_share` of ``among`` (the round's items), unless a top-up names them:
        then their top-up rows are their share."""
        key = name_key(who) if who is not None else None
        own = self.assignments.get(key) if key is not None else None
        if own is None and any(key in top_up.assignments for top_up in self.top_ups):
            own = ()
        items = set(own) if own is not None else set(self.late_share(among, seed=seed))
        for top_up in self.top_ups:
            if key is not None:
                items.update(top_up.assignments.get(key, ()))
        return frozenset(items)

    def late_share(self, among: Collection[str], *, seed: int) -> frozenset[str]:
        """A late joiner's items: those of ``among`` the plan gives fewest ratings (none,
        for an item it leaves out), a share as large as the largest planned one, ties
        broken by ``seed``."""
        draw = random.Random(f"{seed}:late joiner")
        keys = {item: (self.planned.get(item, 0), draw.random()) for item in sorted(among)}
        return frozenset(sorted(keys, key=keys.__getitem__)[: self.largest_share])

    def assigned_to(self, item_ids: Collection[str]) -> dict[str, set[str]]:
        """For each of ``item_ids``: the assignees (keys) the plan or a top-up gives it to."""
        wanted = set(item_ids)
        found: dict[str, set[str]] = {item: set() for item in wanted}
        for table in (self.assignments, *(t.assignments for t in self.top_ups)):
            for key, items in table.items():
                for item in items:
                    if item in wanted:
                        found[item].add(key)
        return found
