"""Where a tagger's attention checks fall among their data pairs
(as in ContextRef, Kreiss et al. 2024, Appendix A).

Gold check pairs (:func:`check_schedule`): check ``k`` falls at a random place inside the
``k``-th block of ``every`` data pairs, so checks are spread over the round and
unannounced, yet reproducible from the tagger's order seed (a restart puts each check where
it was). Rounds shorter than the checks need use fewer checks; the check pairs are taken in
a seeded random order.

Item checks (:func:`spread_checks`) are items of the tagger's own order: the order is
rearranged so that they fall one in each block of ``every`` pairs, at a random place in it,
when there are as many as blocks (ContextRef: one in every 5), else as evenly as they can.
The order is recorded as it comes out, so a restart shows it unchanged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from annotator.project.model import GoldItem


@dataclass(frozen=True)
class ScheduledCheck:
    """Show ``pair`` once ``after`` data pairs of the round are rated."""

    after: int
    pair: GoldItem


def check_schedule(checks: Sequence[GoldItem], *, data_pairs: int, every: int,
                   seed: int, round_number: int) -> list[ScheduledCheck]:
    """The checks of one tagger's round, in the order they come."""
    if not checks or data_pairs < 1:
        return []
    rng = random.Random(f"checks:{seed}:{round_number}")
    pairs = sorted(checks, key=lambda gold: gold.item.item_id)
    rng.shuffle(pairs)
    count = min(len(pairs), math.ceil(data_pairs / every))
    return [ScheduledCheck(min(data_pairs - 1, k * every + rng.randrange(every)), pairs[k])
            for k in range(count)]


def spread_checks(order: Sequence[str], checks: Collection[str], *, every: int,
                  seed: int, salt: int | str = 0) -> list[str]:
    """``order`` with its items in ``checks`` moved so that one falls in each block of
    ``every`` pairs (blocks spread evenly when there are fewer checks than blocks, and
    ``every`` shrunk when there are more); the other items keep their order."""
    mine = [item_id for item_id in order if item_id in checks]
    if not mine:
        return list(order)
    rest = [item_id for item_id in order if item_id not in checks]
    total, count = len(order), len(mine)
    blocks = math.ceil(total / every)
    rng = random.Random(f"item checks:{seed}:{salt}")
    places = set()
    for k in range(count):
        if count > blocks:  # more checks than blocks: count equal blocks instead
            start, end = k * total // count, (k + 1) * total // count
        else:
            block = k * blocks // count
            start, end = block * every, min(total, (block + 1) * every)
        places.add(rng.randrange(start, end))
    checks_left, rest_left = iter(mine), iter(rest)
    return [next(checks_left) if place in places else next(rest_left)
            for place in range(total)]
