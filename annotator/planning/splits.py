"""Seeded train/validation/test splits of a project's items, as the dataset papers publish
them (Caption-Quality's are image-disjoint: no image's captions in two splits).

The groups (each image's captions, or each item with ``by="item"``) are put in a random
order fixed by the seed, then each goes to the split furthest below its share of the items.
A split's size is then within one item of its share when every group is one item, and
within the largest group otherwise. The same items, shares, grouping and seed always give
the same splits, whatever the order of ``items.csv``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from annotator.errors import AnnotatorError

if TYPE_CHECKING:
    from annotator.project.model import Item

SPLIT_NAMES = ("train", "validation", "test")
"""Hugging Face's names for the three splits, in the order the shares are given."""
SplitBy = Literal["image", "item"]


@dataclass(frozen=True)
class SplitSpec:
    """Shares in percent (train, validation, test), the grouping and the seed."""

    shares: tuple[int, int, int]
    by: SplitBy = "image"
    seed: int = 0


def parse_shares(text: str) -> tuple[int, int, int]:
    """``80/10/10``: three whole percentages adding up to 100 (train/validation/test)."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+)\s*", text)
    shares = tuple(int(part) for part in match.groups()) if match else ()
    if len(shares) != 3 or sum(shares) != 100:
        raise AnnotatorError(f"{text!r} is not a split: give three whole percentages for "
                             "train/validation/test adding up to 100, such as 80/10/10.")
    return shares[0], shares[1], shares[2]


def assign_splits(items: Sequence[Item], spec: SplitSpec) -> dict[str, str]:
    """Each item id's split (see the module)."""
    import numpy as np  # here: the commands import this module for its names at start-up
    groups: dict[str, list[str]] = {}
    for item in items:
        key = item.image if spec.by == "image" else item.item_id
        groups.setdefault(key, []).append(item.item_id)
    keys = sorted(groups)
    order = np.random.default_rng(spec.seed).permutation(len(keys))
    targets = np.array(spec.shares, dtype=float) * len(items) / 100
    counts = np.zeros(3)
    split_of: dict[str, str] = {}
    for index in order.tolist():
        members = groups[keys[index]]
        # furthest below its share; a split with no share never gets a group
        room = np.where(targets > 0, targets - counts, -np.inf)
        chosen = int(np.argmax(room))
        counts[chosen] += len(members)
        split_of.update(dict.fromkeys(members, SPLIT_NAMES[chosen]))
    return split_of
