"""Which taggers share items: pair counts and the groups they link into."""

from __future__ import annotations

import numpy as np


def pair_counts(blocks: np.ndarray, n_taggers: int) -> np.ndarray:
    """Items shared by each pair of taggers, from blocks of ascending tagger indices."""
    t = n_taggers
    flat = np.zeros(t * t, dtype=np.int64)
    k = blocks.shape[1] if blocks.ndim == 2 else 0
    for i in range(k):
        for j in range(i + 1, k):
            flat += np.bincount(blocks[:, i] * t + blocks[:, j], minlength=t * t)
    counts = flat.reshape(t, t)
    return counts + counts.T


def components(adjacent: np.ndarray) -> np.ndarray:
    """Each tagger's group (0, 1, …) of taggers linked through shared items."""
    group = np.full(len(adjacent), -1)
    label = 0
    for start in range(len(adjacent)):
        if group[start] >= 0:
            continue
        frontier = np.zeros(len(adjacent), dtype=bool)
        frontier[start] = True
        group[start] = label
        while frontier.any():
            reached = adjacent[frontier].any(axis=0) & (group < 0)
            group[reached] = label
            frontier = reached
        label += 1
    return group
