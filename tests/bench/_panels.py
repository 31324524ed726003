"""Synthetic rating panels at realistic sparsity, for the analysis benchmark and tests.

Each item has a true quality; each tagger a small bias; a rating is the quality plus
bias plus noise, rounded onto the scale. Taggers of an item are distinct.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from annotator.analysis.rating_table import GAME, RatingTable


def ratings_per_item(rng: np.random.Generator, n_items: int, n_ratings: int,
                     low: int, high: int) -> np.ndarray:
    """Counts in [low, high] per item that add up to exactly ``n_ratings``."""
    p = (n_ratings / n_items - low) / (high - low)
    m = low + rng.binomial(high - low, p, size=n_items)
    while (gap := n_ratings - int(m.sum())) != 0:
        movable = np.flatnonzero(m < high) if gap > 0 else np.flatnonzero(m > low)
        chosen = rng.choice(movable, size=min(abs(gap), len(movable)), replace=False)
        m[chosen] += 1 if gap > 0 else -1
    return m


def synthetic_panel(*, n_items: int, n_taggers: int, n_ratings: int, low: int, high: int,
                    levels: np.ndarray, noise: float, seed: int = 0,
                    retest_items: int = 0) -> RatingTable:
    """A panel of round-1 ratings; ``retest_items`` items are rated again in round 2 by
    the same taggers (those ratings are part of ``n_ratings``)."""
    rng = np.random.default_rng(seed)
    k = len(levels)
    m = ratings_per_item(rng, n_items, n_ratings, low, high)
    again = rng.choice(n_items, size=retest_items, replace=False)
    if retest_items:  # the other items give up as many ratings as round 2 adds
        other = np.setdiff1d(np.arange(n_items), again)
        repeated = int(m[again].sum())
        m[other] = ratings_per_item(rng, len(other), int(m[other].sum()) - repeated, low, high)
    item = np.repeat(np.arange(n_items), m)
    position = np.arange(len(item)) - np.repeat(np.cumsum(m) - m, m)
    tagger = (rng.integers(0, n_taggers, size=n_items)[item] + position) % n_taggers
    quality = rng.uniform(-0.5, k - 0.5, size=n_items)
    bias = rng.normal(0, 0.3, size=n_taggers)
    rounds = np.ones(len(item), dtype=np.int64)
    if retest_items:
        repeat = np.isin(item, again)
        item = np.concatenate([item, item[repeat]])
        tagger = np.concatenate([tagger, tagger[repeat]])
        rounds = np.concatenate([rounds, np.full(int(repeat.sum()), 2)])
    level = np.clip(np.rint(quality[item] + bias[tagger] + rng.normal(0, noise, len(item))),
                    0, k - 1).astype(np.int64)
    n = len(item)
    return RatingTable(
        item=item, tagger=tagger, round=rounds, level=level,
        phase=np.full(n, GAME, dtype=np.int8), points=rng.integers(-2, 3, n).astype(float),
        seconds=rng.gamma(4.0, 2.0, n), item_ids=tuple(f"item{i:05d}" for i in range(n_items)),
        taggers=tuple(f"tagger{t:03d}" for t in range(n_taggers)),
        levels=np.asarray(levels, dtype=float),
        item_sources=tuple(f"model-{i % 5}" for i in range(n_items)),
    )


def vicr_scale(seed: int = 0) -> RatingTable:
    """VICR (seeds/000): 15,646 items, 113 taggers, 68,217 ratings, 3–7 per item, 1–5."""
    return synthetic_panel(n_items=15_646, n_taggers=113, n_ratings=68_217, low=3, high=7,
                           levels=np.arange(1.0, 6.0), noise=0.7, seed=seed,
                           retest_items=500)


def caption_quality_scale(seed: int = 0) -> RatingTable:
    """Caption-Quality (seeds/003): 65,000 items, ~600,000 binary ratings, 8–10 per item."""
    return synthetic_panel(n_items=65_000, n_taggers=1_000, n_ratings=600_000, low=8, high=10,
                           levels=np.array([0.0, 1.0]), noise=0.3, seed=seed,
                           retest_items=509)


def scaling_panel(n_ratings: int, seed: int = 0) -> RatingTable:
    """Caption-Quality's shape at any size: binary, 8–10 ratings per item, one tagger per
    600 ratings, about 1 % of the items rated again in round 2."""
    n_items = max(2, round(n_ratings / 9.23))
    return synthetic_panel(n_items=n_items, n_taggers=max(20, n_ratings // 600),
                           n_ratings=n_ratings, low=8, high=10, levels=np.array([0.0, 1.0]),
                           noise=0.3, seed=seed, retest_items=max(1, n_items // 128))


def write_ratings_csv(table: RatingTable, path: Path, *, chunk: int = 200_000) -> None:
    """``item_id,tagger,round,rating,source`` as ``annotator analyze --ratings-csv`` reads
    it, written a chunk at a time so that 5 million ratings fit in memory."""
    items = np.asarray(table.item_ids, dtype=object)
    taggers = np.asarray(table.taggers, dtype=object)
    sources = np.asarray(table.item_sources or ("",) * table.n_items, dtype=object)
    values = np.asarray([f"{v:g}" for v in table.levels], dtype=object)
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write("item_id,tagger,round,rating,source\n")
        for start in range(0, len(table), chunk):
            part = slice(start, start + chunk)
            item = table.item[part]
            handle.writelines(map("{},{},{},{},{}\n".format, items[item],
                                  taggers[table.tagger[part]], table.round[part].tolist(),
                                  values[table.level[part]], sources[item]))
