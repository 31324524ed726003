"""Priors from a pilot: people's ratings standing in for the game's consensus at the start.

VICR primed every pair with machine ratings (Narins et al., NeurIPS 2023, §3.2). A lab
without a model can prime the game with a pilot's ratings instead: each rated item's
consensus (the mean of its data ratings, rounded to the nearest level, halves up, as the
game rounds), written ``per_item`` times so a consensus shows from a tagger's first pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from annotator.analysis.rating_table import RatingTable, item_counts
from annotator.analysis.tagger_figures import nearest_level


@dataclass(frozen=True)
class PilotPriors:
    """``ratings``: (item id, level value) in the project's item order, ``per_item`` of each
    rated item; ``unrated``: the project's items the pilot has no data rating of;
    ``ratings_used``: the pilot's data ratings of the project's items."""

    ratings: tuple[tuple[str, float], ...]
    unrated: tuple[str, ...]
    ratings_used: int


def pilot_priors(table: RatingTable, item_ids: Sequence[str], *, per_item: int) -> PilotPriors:
    """The priors ``table``'s data ratings give each of ``item_ids`` (the project's items;
    the pilot's other items are not the project's and are left out)."""
    data = table.data()
    counts = item_counts(data)
    order = np.argsort(data.levels, kind="stable")
    ascending = data.levels[order]
    n = counts.sum(axis=1)
    rated = n > 0
    means = np.zeros(len(n))
    means[rated] = (counts[rated] @ data.levels) / n[rated]
    consensus = ascending[nearest_level(means, ascending)]
    index = {item_id: i for i, item_id in enumerate(data.item_ids)}
    ratings: list[tuple[str, float]] = []
    unrated: list[str] = []
    used = 0
    for item_id in item_ids:
        at = index.get(item_id)
        if at is None or not rated[at]:
            unrated.append(item_id)
            continue
        used += int(n[at])
        ratings.extend([(item_id, float(consensus[at]))] * per_item)
    return PilotPriors(tuple(ratings), tuple(unrated), used)
