"""The exchange search that evens out a block design: swap two taggers between two items
(every load stays), never moving an overlap further from the band."""

from __future__ import annotations

import numpy as np

from annotator.planning.pairs import components, pair_counts

STEPS = 3_000
"""Exchanges tried, at most, to bring every overlap within one."""
STALL = 150
"""The search stops after this many steps without fewer overlaps out of the band..."""
STALL_LARGE = 30
"""... and after this many on a large design (over :data:`LARGE` ratings), where one swap
moves a few of thousands of overlaps and the search has seldom found more to do."""
LARGE = 20_000


def _outside(value: int, low: int, high: int) -> int:
    gap = low - value if value < low else value - high if value > high else 0
    return gap * gap


class ExchangeSearch:
    """Swap taggers between items (x in item i for y in item j; every load stays) to bring
    every pair's overlap into the band, lowering Σ overlap² (never raising it)."""

    def __init__(self, blocks: np.ndarray, t: int, rng: np.random.Generator,
                 band: tuple[int, int]):
        self.blocks, self.t, self.rng, self.band = blocks, t, rng, band
        self.shared = pair_counts(blocks, t)
        self.holding: list[set[int]] = [set() for _ in range(t)]
        for i, row in enumerate(blocks.tolist()):
            for a in row:
                self.holding[a].add(i)

    def run(self, steps: int) -> None:
        low, high = self.band
        upper = np.triu_indices(self.t, 1)
        fewest, since = self.t * self.t, 0
        stall = STALL if self.blocks.size <= LARGE else STALL_LARGE
        for _ in range(steps):
            values = self.shared[upper]
            wrong = np.flatnonzero((values < low - 1) | (values > high + 1))
            if not len(wrong):
                wrong = np.flatnonzero((values < low) | (values > high))
            if len(wrong) < fewest:
                fewest, since = len(wrong), 0
            since += 1
            if not len(wrong) or since > stall:
                return
            index = wrong[self.rng.integers(len(wrong))]
            a, b = int(upper[0][index]), int(upper[1][index])
            if self.rng.random() < 0.5:
                a, b = b, a
            moves = (self._apart(a, b) if values[index] > high else self._together(a, b))
            best = min(moves, key=lambda move: move[0], default=None)
            if best is not None and best[0] <= 0:
                self._swap(*best[1:])

    def _pick(self, options: set[int] | list[int], count: int) -> list[int]:
        options = list(options)
        if len(options) <= count:
            return options
        return [options[i] for i in self.rng.choice(len(options), count, replace=False)]

    def _apart(self, a: int, b: int) -> list[tuple[int, int, int, int, int]]:
        """Moves taking a out of an item it shares with b."""
        moves = []
        for i in self._pick(self.holding[a] & self.holding[b], 2):
            for y in self._pick([y for y in range(self.t) if i not in self.holding[y]], 16):
                for j in self._pick(self.holding[y] - self.holding[a], 2):
                    moves.append((self._gain(i, j, a, y), i, j, a, y))
        return moves

    def _together(self, a: int, b: int) -> list[tuple[int, int, int, int, int]]:
        """Moves bringing b into an item of a's (in exchange for one of its others)."""
        moves = []
        for i in self._pick(self.holding[a] - self.holding[b], 3):
            for x in (x for x in self.blocks[i].tolist() if x != a):
                for j in self._pick(self.holding[b] - self.holding[x], 3):
                    moves.append((self._gain(i, j, x, b), i, j, x, b))
        return moves

    def _changes(self, i: int, j: int, x: int, y: int) -> list[tuple[int, int, int]]:
        """Overlap changes (tagger, tagger, ±1) when x leaves item i for item j and y
        leaves j for i; a partner in both items sees no change."""
        stay_i = [z for z in self.blocks[i].tolist() if z != x]
        stay_j = [w for w in self.blocks[j].tolist() if w != y]
        only_i = [z for z in stay_i if z not in stay_j]
        only_j = [w for w in stay_j if w not in stay_i]
        return ([(x, z, -1) for z in only_i] + [(y, z, 1) for z in only_i]
                + [(y, w, -1) for w in only_j] + [(x, w, 1) for w in only_j])

    def _gain(self, i: int, j: int, x: int, y: int) -> int:
        """How much the swap changes Σ (distance of an overlap from the band)²."""
        low, high = self.band
        rows = {x: self.shared[x].tolist(), y: self.shared[y].tolist()}
        total = 0
        for p, q, d in self._changes(i, j, x, y):
            before = rows[p][q]
            total += _outside(before + d, low, high) - _outside(before, low, high)
        return total

    def connect(self) -> None:
        """Join the taggers into one group linked by shared items, when the items allow:
        swap a tagger of one group into an item of another, the swap that keeps overlaps
        in the band best first."""
        while True:
            group = components(self.shared > 0)
            if group.max() == 0:
                return
            moves = []
            for i in self._pick(np.flatnonzero(group[self.blocks[:, 0]] == 0).tolist(), 12):
                for j in self._pick(np.flatnonzero(group[self.blocks[:, 0]] != 0).tolist(), 12):
                    for x in self.blocks[i].tolist():
                        for y in self.blocks[j].tolist():
                            if x not in self.blocks[j] and y not in self.blocks[i]:
                                moves.append((self._gain(i, j, x, y), i, j, x, y))
            for move in sorted(moves, key=lambda m: m[0]):
                self._swap(*move[1:])
                if components(self.shared > 0).max() < group.max():
                    break
                self._swap(move[1], move[2], move[4], move[3])  # undo
            else:
                return

    def _swap(self, i: int, j: int, x: int, y: int) -> None:
        for p, q, d in self._changes(i, j, x, y):
            self.shared[p, q] += d
            self.shared[q, p] += d
        row_i, row_j = self.blocks[i], self.blocks[j]
        row_i[row_i == x] = y
        row_j[row_j == y] = x
        self.holding[x].discard(i)
        self.holding[x].add(j)
        self.holding[y].discard(j)
        self.holding[y].add(i)
