"""Each tagger's own random order of the items of a round.

The order is a pure function of the seed and the item ids, so it is reproducible from
what the session file records; it is also stored in full so that resuming never depends
on the project's items being listed the same way again.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import assert_never

from annotator.project.model import GoldItem, Project
from annotator.session.checks import spread_checks
from annotator.session.game import GameProgress
from annotator.store.records import Phase
from annotator.store.session_file import SessionStore


def new_seed() -> int:
    """A fresh seed for a tagger's round (63 bits: fits SQLite's INTEGER)."""
    return secrets.randbits(63)


def shuffled(item_ids: Iterable[str], *, seed: int, salt: int | str = 0) -> list[str]:
    """The items in the random order given by ``seed``; independent of input order.

    ``salt`` distinguishes later extensions of the same round (items a lead added after
    the tagger started) so they are shuffled among themselves reproducibly, and the gold
    steps drawn from the same seed ("tutorial", "probation 2"…).
    """
    ordered = sorted(set(item_ids))
    random.Random(f"{seed}:{salt}").shuffle(ordered)
    return ordered


def tagger_order(store: SessionStore, project: Project, tagger: str, round_number: int, *,
                 seed: int | None, share: str | None, now: datetime) -> list[str]:
    """The tagger's recorded order of the round, extended (and recorded) by items added to
    the round since it was made.

    A round's items are all the project's items, or the subset the lead declared; with a
    plan, only those of them the plan gives ``share`` (the tagger, or this laptop's seat).
    Items the project marks as attention checks are spread one per block of the
    ``[checks] every`` pairs (:func:`spread_checks`).
    """
    recorded = store.order(tagger, round_number)
    recorded_seed = store.order_seed(tagger, round_number)
    if recorded_seed is not None:
        seed = recorded_seed
    elif seed is None:
        seed = new_seed()
    round_items = project.round_items(round_number)
    plan = project.plan
    if plan is not None:
        mine = plan.items_of(share, seed=seed, among=round_items)
        round_items = tuple(item_id for item_id in round_items if item_id in mine)
    known = set(recorded)
    added = [item_id for item_id in round_items if item_id not in known]
    if added:
        extension = spread_checks(shuffled(added, seed=seed, salt=len(recorded)),
                                  project.checks.items, every=project.checks.every,
                                  seed=seed, salt=len(recorded))
        store.extend_order(tagger, round_number, extension, seed=seed, now=now)
        recorded = recorded + extension
    wanted = set(round_items)
    return [item_id for item_id in recorded if item_id in wanted]


def gold_step_order(phase: Phase, progress: GameProgress, tutorial: Sequence[GoldItem],
                    probation: Sequence[GoldItem], *, seed: int,
                    file_order: bool) -> list[GoldItem]:
    """The gold pairs of the tutorial or of the current probation attempt, in this
    tagger's order: drawn from the recorded seed, so a restart shows the same next pair;
    each probation attempt draws afresh; ``file_order`` (``tutorial_order = "file"``) keeps
    the tutorial as ``gold.csv`` lists it. Pressing the file's sequence of ratings is no
    way through. None outside those two steps."""
    match phase:
        case Phase.TUTORIAL:
            pool, size, salt = tutorial, progress.tutorial_size, "tutorial"
            if file_order:
                return list(pool[:size])
        case Phase.PROBATION:
            pool, size = probation, progress.probation_size
            salt = f"probation {progress.probation_attempt}"
        case Phase.GAME | Phase.RETEST | Phase.CHECK:
            return []  # no gold step under way
        case _:
            assert_never(phase)
    by_id = {pair.item.item_id: pair for pair in pool}
    drawn = shuffled(by_id, seed=seed, salt=salt)
    return [by_id[item_id] for item_id in drawn[:size]]
