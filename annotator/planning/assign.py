"""``annotator plan``: a block design laid onto the project's items and taggers (or seats).

Who: ``taggers`` by name, ``laptops`` seats, or neither, when ``pairs_per_tagger`` sets how
many pairs each seat rates (T = ⌈N·K/M⌉ seats). With T and M both given and T·M < N·K, the
plan covers ⌊T·M/K⌋ items drawn at random (seeded): a pilot, say; the others are left for
late joiners, who get the least-planned items first.

Items the project marks as attention checks are planned apart from the others, each part
as evenly as :func:`~annotator.planning.design.block_design` guarantees, and the two are
joined so that a tagger with one check more has one other pair fewer: every tagger gets
as many checks as the other taggers (within one) and as many pairs (within one). With as
many check items as the study has blocks of ``[checks] every`` pairs (ContextRef: one in
every 5), each tagger gets one check per block.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from annotator.errors import AnnotatorError
from annotator.names import clean_name, name_key, name_problem
from annotator.planning.design import BlockDesign, DesignFigures, block_design
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
    checks: tuple[int, int] | None = None
    """Fewest and most attention-check items a tagger (or seat) gets; None: no checks."""

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
               seed: int, checks: Collection[str] = ()) -> StudyPlan:
    """Assign ``k`` of the taggers (or seats) to each item, as evenly as
    :func:`~annotator.planning.design.block_design` guarantees; the items in ``checks``
    (attention checks) spread evenly too (:func:`checks_apart`)."""
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
    marked = [item for item in chosen if item in checks]
    chosen = marked + [item for item in chosen if item not in checks]
    design = checks_apart(len(marked), len(chosen), t, k, seed=seed)
    position = {item: index for index, item in enumerate(item_ids)}
    rows = sorted((int(who), position[item], item) for item, block in
                  zip(chosen, design.blocks.tolist(), strict=True) for who in block)
    check_loads = np.bincount(design.blocks[:len(marked)].ravel(), minlength=t)
    return StudyPlan(by=by, assignees=names, rows=tuple((names[who], item)
                                                        for who, _, item in rows),
                     ratings_per_item=k, seed=seed, pairs_per_tagger=pairs_per_tagger,
                     figures=design.figures(),
                     checks=(int(check_loads.min()), int(check_loads.max())) if marked
                     else None)


def checks_apart(n_checks: int, n_items: int, n_taggers: int, k: int, *, seed: int
                 ) -> BlockDesign:
    """A design of ``n_items`` whose first ``n_checks`` are attention checks: the checks
    and the others designed apart, the others' taggers relabelled so that those with a
    check more get a pair of the others fewer (loads stay within one overall)."""
    if n_checks in (0, n_items):
        return block_design(n_items, n_taggers, k, seed=seed)
    checks = block_design(n_checks, n_taggers, k, seed=seed)
    others = block_design(n_items - n_checks, n_taggers, k, seed=seed + 1)
    most_checks = np.argsort(-checks.loads(), kind="stable")
    fewest_others = np.argsort(others.loads(), kind="stable")
    relabel = np.empty(n_taggers, dtype=np.int64)
    relabel[fewest_others] = most_checks
    blocks = np.sort(relabel[others.blocks], axis=1)
    design = BlockDesign(n_taggers, k, np.concatenate([checks.blocks, blocks]))
    loads = design.loads()
    assert loads.max() - loads.min() <= 1, "loads differ by > 1"
    return design
