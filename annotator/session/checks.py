"""Where a tagger's attention checks fall among their data pairs
(as in ContextRef, Kreiss et al. 2024, Appendix A).

Check ``k`` falls at a random place inside the ``k``-th block of ``every`` data pairs, so
checks are spread over the round and unannounced, yet reproducible from the tagger's order
seed (a restart puts each check where it was). Rounds shorter than the checks need use
fewer checks; the check pairs are taken in a seeded random order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
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
