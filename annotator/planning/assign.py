"""``annotator plan``: a block design laid onto the project's items and taggers (or seats).

Who: ``taggers`` by name, ``laptops`` seats, or neither, when ``pairs_per_tagger`` sets how
many pairs each seat rates (T = ⌈N·K/M⌉ seats). With T and M both given and T·M < N·K, the
plan covers ⌊T·M/K⌋ items drawn at random (seeded): a pilot, say; the others are left for
late joiners, who get the least-planned items first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from annotator.errors import AnnotatorError
from annotator.names import clean_name, name_key, name_problem
from annotator.planning.design import DesignFigures, block_design
from annotator.project.plan import PlanBy, seat_names


@dataclass(frozen=True)
class StudyPlan:
    """A plan ready to write: ``rows`` of (assignee, item id), grouped by assignee."""

    by: PlanBy
    assignees: tuple[str, ...]
    rows: tuple[tuple[str, str], ...]
    ratings_per_item: int
    seed: int
    pairs_per_tagger: int | None
    figures: DesignFigures

    def settings(self) -> dict[str, object]:
        """The ``[plan]`` values besides the file and its hash."""
        values: dict[str, object] = {"by": self.by.value,
                                     "ratings_per_item": self.ratings_per_item,
                                     "taggers": len(self.assignees)}
        if self.pairs_per_tagger is not None:
            values["pairs_per_tagger"] = self.pairs_per_tagger
        values["seed"] = self.seed
        return values


def tagger_names(text: str) -> tuple[str, ...]:
    """``Ana, Ben ,Chen`` → the names, spaces tidied; a repeated or empty name is refused."""
    names = tuple(clean_name(part) for part in text.split(","))
    if any(not name for name in names):
        raise AnnotatorError("--taggers needs names separated by commas, like "
                             '"Ana,Ben,Chen"; one of them is empty.')
    for name in names:
        if (problem := name_problem(name, what="tagger's name")) is not None:
            raise AnnotatorError(f"--taggers: {problem}")
    seen: dict[str, str] = {}
    for name in names:
        if name_key(name) in seen:
            raise AnnotatorError(f"--taggers names {seen[name_key(name)]!r} twice (names are "
                                 "matched ignoring case, as on the start screen).")
        seen[name_key(name)] = name
    return names


def plan_study(item_ids: Sequence[str], *, k: int, taggers: Sequence[str] | None = None,
               laptops: int | None = None, pairs_per_tagger: int | None = None,
               seed: int) -> StudyPlan:
    """Assign ``k`` of the taggers (or seats) to each item, as evenly as
    :func:`~annotator.planning.design.block_design` guarantees."""
    n = len(item_ids)
    if n == 0:
        raise AnnotatorError("The project has no items that can be rated; nothing to plan.")
    if taggers is not None:
        by, names = PlanBy.TAGGER, tuple(taggers)
    elif laptops is not None:
        by, names = PlanBy.LAPTOP, seat_names(laptops)
    elif pairs_per_tagger is not None:
        by, names = PlanBy.LAPTOP, seat_names(math.ceil(n * k / pairs_per_tagger))
    else:
        raise AnnotatorError("Say who rates: --taggers NAMES, --laptops N, or "
                             "--pairs-per-tagger M (then as many laptops as it takes).")
    t = len(names)
    if k > t:
        raise AnnotatorError(f"{k} ratings per item need at least {k} different "
                             f"{by.value}s; the plan has {t}.")
    chosen = sorted(item_ids)
    if pairs_per_tagger is not None and t * pairs_per_tagger < n * k:
        count = t * pairs_per_tagger // k
        if count == 0:
            raise AnnotatorError(f"{t} {by.value}s rating {pairs_per_tagger} pairs each give "
                                 f"no item {k} ratings.")
        chosen = sorted(random.Random(f"{seed}:items").sample(chosen, count))
    design = block_design(len(chosen), t, k, seed=seed)
    position = {item: index for index, item in enumerate(item_ids)}
    rows = sorted((int(who), position[item], item) for item, block in
                  zip(chosen, design.blocks.tolist(), strict=True) for who in block)
    return StudyPlan(by=by, assignees=names, rows=tuple((names[who], item)
                                                        for who, _, item in rows),
                     ratings_per_item=k, seed=seed, pairs_per_tagger=pairs_per_tagger,
                     figures=design.figures())
