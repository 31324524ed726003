"""Each tagger's own random order of the items of a round.

The order is a pure function of the seed and the item ids, so it is reproducible from
what the session file records; it is also stored in full so that resuming never depends
on the project's items being listed the same way again.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable


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
