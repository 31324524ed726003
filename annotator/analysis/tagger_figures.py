"""Per tagger, per item, per caption source, and the distribution.

Per tagger: exact / adjacent / lack of agreement (EA, AA, LA; Narins et al. 2023, VICR,
§4) with the leave-self-out consensus — the mean of the item's other taggers' ratings,
rounded to the nearest level with halves up as in the game's consensus — and the mean
signed bias against that mean (unrounded). "Adjacent" means one level apart on the scale.
"""

from __future__ import annotations

import numpy as np

from annotator.analysis.exact_levels import most_spread
from annotator.analysis.rating_table import (
    GAME,
    PROBATION,
    TUTORIAL,
    RatingTable,
    blocks,
    item_counts,
)
from annotator.analysis.results import (
    DisputedItem,
    Items,
    ItemSummary,
    SourceFigures,
    TaggerFigures,
)
from annotator.analysis.undefined import Figure, Undefined

DISPUTED = 10


def nearest_level(means: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """Index of the level nearest each mean; exactly halfway goes to the higher level.

    ``levels`` ascend. The highest level whose distance is within 1e-9 of the smallest
    wins. The two levels either side of a mean are found by a binary search (rounding
    keeps a float distance growing away from the mean, so the smallest is one of the
    two), a block of means at a time: millions of means cost a few cache-sized arrays,
    not several means × levels tables.
    """
    means = np.asarray(means, float)
    nearest = np.empty(len(means), dtype=np.int64)
    for block in blocks(len(means)):
        nearest[block] = _nearest(means[block], levels)
    return nearest


def _nearest(means: np.ndarray, levels: np.ndarray) -> np.ndarray:
    top = len(levels) - 1
    above = np.minimum(np.searchsorted(levels, means), top)  # the first level ≥ the mean
    below = np.maximum(above - 1, 0)
    to_above = np.abs(means - levels[above])
    limit = np.minimum(np.abs(means - levels[below]), to_above) + 1e-9
    nearest = np.where(to_above <= limit, above, below)
    nearest[np.isnan(means)] = top  # no distance is within a NaN's: the top, as before
    # Levels closer together than the tolerance: any higher one within it wins too.
    while (higher := np.flatnonzero(nearest < top)).size:
        step = np.abs(means[higher] - levels[nearest[higher] + 1]) <= limit[higher]
        if not step.any():
            break
        nearest[higher[step]] += 1
    return nearest


def taggers(table: RatingTable) -> dict[str, TaggerFigures]:
    """Per tagger with any rating in ``table``: n, EA/AA/LA, bias, game score, tutorial
    score, median seconds per pair."""
    data = table.data()
    n_t = len(table.taggers)
    steps, histograms, bias = _agreement(data, n_t)
    n_compared = steps[:, :3].sum(axis=1)
    ea, aa, la = steps[:, :3].T
    n = np.bincount(data.tagger, minlength=n_t)
    score = _points_by_tagger(table, (table.phase == GAME) & _after_last_probation(table),
                              "game")
    tutorial = _points_by_tagger(table, table.phase == TUTORIAL, "tutorial")
    median = _median_by_tagger(data.tagger, data.seconds, n_t)
    any_rows = np.bincount(table.tagger, minlength=n_t) > 0
    out: dict[str, TaggerFigures] = {}
    for index, name in enumerate(table.taggers):
        if not any_rows[index]:  # left out (failed attention checks): not a tagger here
            continue
        shares: list[Figure]
        if n_compared[index]:
            shares = [float(x[index] / n_compared[index]) for x in (ea, aa, la, bias)]
        else:
            shares = [Undefined("no item this tagger rated was rated by another tagger")] * 4
        out[name] = TaggerFigures(
            n=int(n[index]), n_compared=int(n_compared[index]), ea=shares[0], aa=shares[1],
            la=shares[2], bias=shares[3], score=score[index], tutorial_score=tutorial[index],
            median_seconds=(Undefined("no time on screen is recorded for this tagger")
                            if np.isnan(median[index]) else float(median[index])),
            distribution={level_name(v): int(c)
                          for v, c in zip(data.levels, histograms[index], strict=True)})
    return out


def _agreement(data: RatingTable, n_t: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per tagger: how many ratings were 0, 1 and more levels from the leave-self-out
    consensus, and how many had none (no other tagger rated the item), (n_t, 4); how many
    had each level (n_t, levels); the sum of the differences from the consensus.

    A block of ratings at a time: at millions of ratings, a dozen arrays as long as the
    table would be memory the system must give afresh (most of their cost), these are
    cache-sized. Sums are added by np.add.at, which like np.bincount adds each bin's
    values one after another in the table's order, so every figure is the same to the
    last bit as when all ratings were handled at once.
    """
    pair, levels, k = data.pairs.of_rating, data.levels, data.n_levels
    pair_sum, item_sum = np.zeros(len(data.pairs.item)), np.zeros(data.n_items)
    for block in blocks(len(data)):
        values = levels[data.level[block]]
        np.add.at(pair_sum, pair[block], values)
        np.add.at(item_sum, data.item[block], values)
    pair_n, item_n = data.pairs.n_ratings, np.bincount(data.item, minlength=data.n_items)
    steps, histograms = np.zeros(n_t * 4, dtype=np.int64), np.zeros(n_t * k, dtype=np.int64)
    bias = np.zeros(n_t)
    for block in blocks(len(data)):
        t, level, p, i = data.tagger[block], data.level[block], pair[block], data.item[block]
        other_n = item_n[i] - pair_n[p]
        compared = other_n > 0
        consensus = (item_sum[i] - pair_sum[p])[compared] / other_n[compared]
        step = np.full(len(t), 3)
        step[compared] = np.minimum(np.abs(level[compared] - nearest_level(consensus, levels)),
                                    2)
        steps += np.bincount(t * 4 + step, minlength=n_t * 4)
        histograms += np.bincount(t * k + level, minlength=n_t * k)
        np.add.at(bias, t[compared], levels[level[compared]] - consensus)
    return steps.reshape(n_t, 4), histograms.reshape(n_t, k), bias


def _after_last_probation(table: RatingTable) -> np.ndarray:
    """Rows after their tagger's last probation rating: the game score starts again from 0
    there, as the tagger's screen says. A source keeps each laptop's rows in the order they
    were rated (session files and the panel by their sequence number)."""
    last = np.full(len(table.taggers), -1, dtype=np.int64)
    probation = np.flatnonzero(table.phase == PROBATION)
    np.maximum.at(last, table.tagger[probation], probation)
    after: np.ndarray = np.arange(len(table.tagger)) > last[table.tagger]
    return after


def _points_by_tagger(table: RatingTable, rows: np.ndarray, phase: str) -> list[Figure]:
    """Sum of the stored points of each tagger's rows of one phase."""
    n_t = len(table.taggers)
    stored = rows & ~np.isnan(table.points)
    n_rows = np.zeros(n_t, dtype=np.int64)
    for block in blocks(len(rows)):  # no copy of the taggers of every row
        n_rows += np.bincount(table.tagger[block][rows[block]], minlength=n_t)
    tagger = table.tagger[stored]
    n_stored = np.bincount(tagger, minlength=n_t)
    total = np.bincount(tagger, weights=table.points[stored], minlength=n_t)
    no_rows = Undefined(f"no {phase} ratings")
    no_points = Undefined(
        f"none of the {phase} ratings was scored: the game showed no consensus for them "
        "(feedback off, or too few earlier ratings by others and priors)"
        if table.stores_points else
        f"no points are stored for the {phase} ratings (e.g. a ratings CSV)")
    return [no_rows if not n_rows[i] else no_points if not n_stored[i] else float(total[i])
            for i in range(n_t)]


def _median_by_tagger(tagger: np.ndarray, seconds: np.ndarray, n_t: int) -> np.ndarray:
    """Median seconds on screen per tagger (NaN where none is known), by one sort."""
    known = ~np.isnan(seconds)
    t, s = tagger[known], seconds[known]
    # By seconds, then stably by tagger (a radix sort on small integers): several times
    # faster than a lexsort; equal seconds are equal values, so their order is no matter.
    by_seconds = np.argsort(s)
    codes = t[by_seconds].astype(np.int16 if n_t <= np.iinfo(np.int16).max else np.int64)
    ordered = s[by_seconds[np.argsort(codes, kind="stable")]]
    count = np.bincount(t, minlength=n_t)
    start = np.cumsum(count) - count
    has = count > 0
    low = np.where(has, start + (count - 1) // 2, 0)
    high = np.where(has, start + count // 2, 0)
    if not len(ordered):
        return np.full(n_t, np.nan)
    return np.where(has, (ordered[low] + ordered[high]) / 2, np.nan).astype(float)


def level_name(value: float) -> str:
    """A level as a JSON key: '3' for 3.0, '0.25' for 0.25."""
    return f"{value:g}"


def _histogram(codes: np.ndarray, levels: np.ndarray) -> dict[str, int]:
    counts = np.bincount(codes, minlength=len(levels))
    return {level_name(v): int(c) for v, c in zip(levels, counts, strict=True)}


def item_summary(data: RatingTable, rng: np.random.Generator) -> ItemSummary:
    """Per item: n, mean, majority vote (ties broken at random by ``rng``), sd (n − 1).

    Items without a data rating have n = 0 and NaN figures; sd is NaN below 2 ratings.
    """
    k = data.n_levels
    counts = np.bincount(data.item * k + data.level,
                         minlength=data.n_items * k).reshape(data.n_items, k)
    n = counts.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = counts @ data.levels / n
        squares = counts @ (data.levels**2)
        sd = np.sqrt(np.maximum(squares - n * mean**2, 0) / (n - 1))
    sd[n < 2] = np.nan
    top = counts == counts.max(axis=1, keepdims=True)
    vote_code = np.argmax(np.where(top, rng.random(counts.shape), -1.0), axis=1)
    vote = np.where(n > 0, data.levels[vote_code], np.nan)
    return ItemSummary(n=n, mean=mean, vote=vote, sd=sd)


def items(data: RatingTable, summary: ItemSummary, how_many: int = DISPUTED) -> Items:
    """The items with the largest sd of their ratings, for the panel to discuss; equal sds
    (compared exactly) by item id."""
    order = most_spread(item_counts(data), data.levels, data.item_ids, how_many)
    return Items(tuple(DisputedItem(data.item_ids[i], int(summary.n[i]),
                                    float(summary.mean[i]), float(summary.sd[i]))
                       for i in order), summary)


def sources(data: RatingTable, summary: ItemSummary) -> dict[str, SourceFigures] | Undefined:
    """Per caption source (Ruiz et al. 2025, VCRScore, Table 4): the items' means and
    majority votes, each averaged over the source's items."""
    if data.item_sources is None:
        return Undefined("the input names no caption source (items.csv or CSV `source`)")
    names = np.array([s or "(none)" for s in data.item_sources], dtype=object)
    rated = summary.n > 0
    out: dict[str, SourceFigures] = {}
    for name in sorted(set(names[rated])):
        mine = rated & (names == name)
        out[name] = SourceFigures(int(mine.sum()), int(summary.n[mine].sum()),
                                  float(summary.mean[mine].mean()),
                                  float(summary.vote[mine].mean()))
    return out


def distribution(data: RatingTable, summary: ItemSummary) -> dict[str, int]:
    """Histogram of item means rounded to the nearest level (Narins et al. 2023, VICR,
    Figure 4)."""
    rated = summary.n > 0
    return _histogram(nearest_level(summary.mean[rated], data.levels), data.levels)
