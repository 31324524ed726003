"""The cyclic part of a block design: base blocks whose shifts cover every difference of
Z_T as evenly as possible (exactly, for a difference set), and the items left over."""

from __future__ import annotations

import functools

import numpy as np

from annotator.planning.pairs import pair_counts

RESTARTS = 4
"""Random restarts per base block while T is small enough for them to be cheap."""
SMALL = 64
CLASS_ROUNDS = 2_000
"""Point moves, at most, evening out how often the base blocks cover each difference."""
SET_SEARCH_BUDGET = 20_000
"""Steps the search for a difference set may take (a plan waits for it)."""


class _Differences:
    """How often each difference class c = min(d, T − d) is covered by the base blocks so
    far. A pair of points with difference T/2 (T even) adds 2 (both orders have it)."""

    def __init__(self, t: int):
        self.t, self.half = t, t // 2
        self.covered = np.zeros(self.half + 1, dtype=np.int64)
        self.weight = np.ones(self.half + 1, dtype=np.int64)
        self.pairs = np.full(self.half + 1, t, dtype=np.int64)  # tagger pairs per class
        if t % 2 == 0:
            self.weight[self.half] = 2
            self.pairs[self.half] = t // 2

    def classes(self, x: np.ndarray, y: np.ndarray | int) -> np.ndarray:
        d = np.abs(np.asarray(x) - y) % self.t
        return np.asarray(np.minimum(d, self.t - d))

    def add(self, points: np.ndarray, sign: int = 1) -> None:
        for i in range(len(points)):
            for j in range(i + 1, len(points)):
                c = int(self.classes(points[i], points[j]))
                self.covered[c] += sign * self.weight[c]

    def cost_of_joining(self, others: np.ndarray) -> np.ndarray:
        """For every point x of Z_T: how much Σ pairs · covered² grows when x joins
        ``others`` (infinite for points already in it)."""
        x = np.arange(self.t)
        cols = [self.classes(x, p) for p in others]
        cost = np.zeros(self.t)
        for c in cols:
            w = self.weight[c]
            cost += self.pairs[c] * ((self.covered[c] + w) ** 2 - self.covered[c] ** 2)
        for i in range(len(cols)):  # two new pairs in one class: their cross term
            for j in range(i + 1, len(cols)):
                same = cols[i] == cols[j]
                c = cols[i]
                cost += np.where(same, 2 * self.pairs[c] * self.weight[c] ** 2, 0)
        for c in cols:
            cost[c == 0] = np.inf
        return cost

    def spread(self) -> int:
        used = self.covered[1:]
        return int(used.max() - used.min()) if len(used) else 0


@functools.lru_cache(maxsize=256)
def difference_set(t: int, k: int) -> tuple[int, ...] | None:
    """A (T, K, λ) cyclic difference set: K points of Z_T whose pairwise differences
    cover every non-zero residue exactly λ = K(K−1)/(T−1) times, so its T shifts are a
    balanced incomplete block design ((7, 3, 1): {0, 1, 3}, the Fano plane). None when λ
    is not a whole number, or the backtracking search finds none within
    :data:`SET_SEARCH_BUDGET` steps.
    """
    if not 2 <= k < t or (k * (k - 1)) % (t - 1):
        return None
    each = k * (k - 1) // (t - 1)
    covered = [0] * t
    budget = [SET_SEARCH_BUDGET]

    def extend(points: list[int]) -> list[int] | None:
        if len(points) == k:
            return points
        budget[0] -= 1
        if budget[0] < 0:
            return None
        for x in range(points[-1] + 1, t - (k - len(points)) + 1):
            differences = [(x - p) % t for p in points] + [(p - x) % t for p in points]
            for d in differences:
                covered[d] += 1
            if all(covered[d] <= each for d in differences):
                found = extend([*points, x])
                if found is not None:
                    return found
            for d in differences:
                covered[d] -= 1
        return None

    # Some pair of a difference set differs by 1; shifted, the set holds 0 and 1.
    covered[1] = covered[t - 1] = 1
    found = extend([0, 1])
    return tuple(found) if found is not None else None


def base_blocks(t: int, k: int, count: int, rng: np.random.Generator) -> list[np.ndarray]:
    """``count`` base blocks covering the differences of Z_T as evenly as possible. Once
    the blocks so far cover every difference equally (a difference family), they are
    repeated, which keeps that balance, and only the blocks beyond are searched for."""
    if count and (found := difference_set(t, k)) is not None:
        return [np.array(found)] * count
    differences = _Differences(t)
    blocks: list[np.ndarray] = []
    for _ in range(count):
        if blocks and differences.spread() == 0 and count >= 2 * len(blocks):
            family = list(blocks)
            repeats, rest = divmod(count, len(family))
            return family * repeats + base_blocks(t, k, rest, rng) if rest else family * repeats
        best: tuple[float, np.ndarray] | None = None
        for _restart in range(RESTARTS if t <= SMALL else 1):
            block = _one_base_block(differences, k, rng)
            differences.add(block)
            score = float((differences.pairs[1:] * differences.covered[1:] ** 2).sum())
            differences.add(block, sign=-1)
            if best is None or score < best[0]:
                best = (score, block)
        assert best is not None
        differences.add(best[1])
        blocks.append(best[1])
    _even_classes(differences, blocks, rng)
    return blocks


def _even_classes(differences: _Differences, blocks: list[np.ndarray],
                  rng: np.random.Generator) -> None:
    """Move points of the base blocks while that lowers Σ pairs · covered², from the most
    covered difference down, until every difference is covered within one of every other."""
    for _ in range(CLASS_ROUNDS):
        if differences.spread() <= 1:
            return
        top = int(np.argmax(np.where(np.arange(len(differences.covered)) > 0,
                                     differences.covered, -1)))
        moved = False
        for index in rng.permutation(len(blocks)):
            block = blocks[index]
            for position in range(len(block)):
                others = np.delete(block, position)
                if top not in differences.classes(block[position], others):
                    continue
                differences.add(block, sign=-1)
                differences.add(others)
                cost = differences.cost_of_joining(others)
                choice = _cheapest(cost, rng)
                if cost[choice] < cost[block[position]]:
                    block[position] = choice
                    moved = True
                differences.add(others, sign=-1)
                differences.add(block)
                if moved:
                    break
            if moved:
                break
        if not moved:
            return


def _one_base_block(differences: _Differences, k: int, rng: np.random.Generator) -> np.ndarray:
    """A K-set of Z_T covering the least-covered differences: greedy from 0, then points
    exchanged while that lowers the cost. ``differences`` is left as it was found."""
    block = np.zeros(1, dtype=np.int64)
    for _ in range(k - 1):
        differences.add(block)
        choice = _cheapest(differences.cost_of_joining(block), rng)
        differences.add(block, sign=-1)
        block = np.append(block, choice)
    for _sweep in range(3):
        improved = False
        for position in range(k):
            others = np.delete(block, position)
            differences.add(others)
            cost = differences.cost_of_joining(others)
            differences.add(others, sign=-1)
            choice = _cheapest(cost, rng)
            if cost[choice] < cost[block[position]]:
                block[position] = choice
                improved = True
        if not improved:
            break
    return block


def _cheapest(cost: np.ndarray, rng: np.random.Generator) -> int:
    """The index of the lowest cost, ties broken at random."""
    best = np.flatnonzero(cost == cost.min())
    return int(best[rng.integers(len(best))])


def leftover(blocks: np.ndarray, t: int, k: int, count: int,
              rng: np.random.Generator) -> np.ndarray:
    """``count`` (< T) more blocks: each takes K of the least-loaded taggers (so loads stay
    within one), preferring partners it shares fewest items with."""
    loads = np.bincount(blocks.ravel(), minlength=t).astype(np.int64)
    shared = pair_counts(np.sort(blocks, axis=1), t) if len(blocks) else np.zeros((t, t), int)
    extra = np.zeros((count, k), dtype=np.int64)
    for row in range(count):
        chosen: list[int] = []
        for _ in range(k):
            free = np.ones(t, dtype=bool)
            free[chosen] = False
            lowest = loads[free].min()
            # Steeply: a pair already shared most often should not be shared once more.
            cost = (np.exp2(shared[:, chosen].astype(float)).sum(axis=1) if chosen
                    else np.zeros(t))
            cost[~free | (loads != lowest)] = np.inf
            chosen.append(_cheapest(cost, rng))
        for i, a in enumerate(chosen):
            loads[a] += 1
            for b in chosen[i + 1:]:
                shared[a, b] += 1
                shared[b, a] += 1
        extra[row] = chosen
    return extra
