"""Each item's aggregate ratings as the published protocols define them, for the items table.

* the median of its data ratings (halfway between the two middle ratings for an even count);
* VICR's consensus (Narins et al., NeurIPS 2023, §3, "Scoring Algorithm"): the mean of the
  ratings rounded to the nearest level, halves up — the rating the Rating Game shows;
* on a 0/1 scale, Caption-Quality's p̂ (Levinboim et al., NAACL 2021, §3.2): the share of
  yes answers in the first round, rounded to eighths, left out for a pair skipped more than
  twice in that round; and the skips counted.

VCRScore's figures (Ruiz, Ramírez & Moctezuma, 2025, §2.1: the mean and the majority vote on
1/0.75/0.5/0.25/0) are the item summary's ``mean`` and ``vote``
(:func:`annotator.analysis.tagger_figures.item_summary`). Everything comes from per-item level
counts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from annotator.analysis.rating_table import RatingTable, item_counts
from annotator.analysis.retest import p_hat
from annotator.analysis.tagger_figures import nearest_level

MAX_SKIPS = 2
"""A pair skipped more than this often in a round has no p̂ (Levinboim et al. 2021, §3.2)."""


@dataclass(frozen=True, eq=False)
class ItemAggregates:
    """Per item, indexed like the table's ``item_ids``; NaN where undefined (no rating).
    ``p_hat`` and ``skips`` (first round) and ``dropped`` (more than 2 skips in either of
    the first two rounds, Levinboim et al. 2021, §3.2: True) are None unless the scale is
    0/1."""

    median: np.ndarray
    consensus: np.ndarray
    p_hat: np.ndarray | None = None
    skips: np.ndarray | None = None
    dropped: np.ndarray | None = None


def item_aggregates(data: RatingTable) -> ItemAggregates:
    """The aggregates of ``data`` (the data ratings: :meth:`RatingTable.data`)."""
    counts = item_counts(data)
    n = counts.sum(axis=1)
    rated = n > 0
    below = np.cumsum(counts, axis=1)
    low = np.argmax(below > ((n - 1) // 2)[:, None], axis=1)
    high = np.argmax(below > (n // 2)[:, None], axis=1)
    median = np.where(rated, (data.levels[low] + data.levels[high]) / 2, np.nan)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = counts @ data.levels / n
    consensus = np.full(data.n_items, np.nan)
    consensus[rated] = data.levels[nearest_level(mean[rated], data.levels)]
    if not np.array_equal(data.levels, [0.0, 1.0]):
        return ItemAggregates(median, consensus)
    estimate, skips = first_round_p_hat(data)
    return ItemAggregates(median, consensus, estimate, skips, dropped_items(data))


def dropped_items(data: RatingTable) -> np.ndarray:
    """Per item, whether Caption-Quality's rule drops it: more than 2 skips in either of
    the data's first two rounds (as :func:`annotator.analysis.retest.binary_protocol`)."""
    first_two = set(data.round_numbers[:2].tolist())
    dropped = np.zeros(data.n_items, dtype=bool)
    for (item, rnd), count in data.skips.items():
        if rnd in first_two and count > MAX_SKIPS:
            dropped[item] = True
    return dropped


def first_round_p_hat(data: RatingTable, where: np.ndarray | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """p̂ and the skips of each item in the data's first round (p̂ of the rows ``where``
    only, e.g. one question's answers, when given)."""
    skips = np.zeros(data.n_items, dtype=np.int64)
    if not len(data):
        return np.full(data.n_items, np.nan), skips
    first = int(data.round.min())
    for (item, rnd), count in data.skips.items():
        if rnd == first:
            skips[item] = count
    mine = data.round == first
    if where is not None:
        mine &= where
    n = np.bincount(data.item[mine], minlength=data.n_items)
    yes = np.bincount(data.item[mine], weights=data.values[mine], minlength=data.n_items)
    with np.errstate(invalid="ignore", divide="ignore"):
        estimate = np.where((n > 0) & (skips <= MAX_SKIPS), p_hat(yes / n), np.nan)
    return estimate, skips
