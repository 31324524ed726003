"""Block designs: which K of T taggers rate each of N items.

Guaranteed, and checked before :func:`block_design` returns:

* every item has exactly K different taggers;
* loads differ by at most one: each tagger has ⌊NK/T⌋ or ⌈NK/T⌉ items;
* a balanced incomplete block design when a cyclic difference set of K points modulo T
  exists (:func:`~annotator.planning.cyclic.difference_set` finds it) and T divides N:
  every pair of taggers shares the same number of items (7 taggers, K = 3: the Fano plane).

Aimed at, and reported (:class:`DesignFigures`): every pair of taggers sharing ⌊λ̄⌋ or ⌈λ̄⌉
items, λ̄ = N·K(K−1) / (T(T−1)), i.e. overlaps within one of each other, and every tagger
linked to every other through shared items. :func:`overlap_band` says when loads within one
rule the first out. The tests show how close the search comes (within one whenever allowed
with K ≤ 3 and T ≤ 30, within one of the aim with K ≤ 6 and T ≤ 20); some designs do not
exist at all (43 taggers, K = 7, 43 items would be a projective plane of order 6).

Construction. Items come in cycles of T: a base block B ⊂ Z_T and its T shifts B + s give
every tagger exactly K items, and taggers a and b share as many of them as B has ordered
pairs of points with difference a − b. So the base blocks are chosen to cover every
difference as evenly as possible (:mod:`annotator.planning.cyclic`), which evens out every
pair at once. The N mod T items left over go to the least-loaded taggers, each preferring
the partners it shares fewest items with; an exchange search
(:mod:`annotator.planning.exchange`) evens out what remains and links separate groups.
Taggers and items are then relabelled at random (seeded), so no tagger's share follows the
order of ``items.csv``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from annotator.planning.cyclic import base_blocks, leftover
from annotator.planning.exchange import STEPS, ExchangeSearch
from annotator.planning.pairs import components, pair_counts

ATTEMPTS = 4
"""Whole designs tried, keeping the closest to the aim, while they are small..."""
FEW_RATINGS = 2_000
"""... up to this many ratings (N·K)."""


@dataclass(frozen=True, eq=False)
class BlockDesign:
    """``blocks[i]``: the taggers (0 … T−1, ascending) of item ``i``."""

    n_taggers: int
    k: int
    blocks: np.ndarray

    def loads(self) -> np.ndarray:
        """Items per tagger."""
        return np.bincount(self.blocks.ravel(), minlength=self.n_taggers)

    def overlaps(self) -> np.ndarray:
        """T × T: items each pair of taggers shares (0 on the diagonal)."""
        return pair_counts(self.blocks, self.n_taggers)

    def figures(self) -> DesignFigures:
        return design_figures(self)


@dataclass(frozen=True)
class DesignFigures:
    """What a design achieved, for the lead and the tests.

    ``overlap_min``/``overlap_max``: fewest and most items a pair of taggers shares (None
    with one tagger); ``mean_overlap``: λ̄; ``balanced``: every pair shares the same
    number, at least one (a balanced incomplete block design); ``connected``: every tagger
    is linked to every other through shared items.
    """

    items: int
    taggers: int
    k: int
    load_min: int
    load_max: int
    overlap_min: int | None
    overlap_max: int | None
    mean_overlap: float
    balanced: bool
    connected: bool


def design_figures(design: BlockDesign) -> DesignFigures:
    t, k, n = design.n_taggers, design.k, len(design.blocks)
    loads = design.loads()
    shared = design.overlaps()
    upper = shared[np.triu_indices(t, 1)]
    low = int(upper.min()) if len(upper) else None
    high = int(upper.max()) if len(upper) else None
    mean = n * k * (k - 1) / (t * (t - 1)) if t > 1 else 0.0
    return DesignFigures(
        items=n, taggers=t, k=k, load_min=int(loads.min()), load_max=int(loads.max()),
        overlap_min=low, overlap_max=high, mean_overlap=mean,
        balanced=low is not None and low == high and low > 0,
        connected=_connected(shared > 0))


def _connected(adjacent: np.ndarray) -> bool:
    return bool(components(adjacent).max() == 0)


def block_design(n_items: int, n_taggers: int, k: int, *, seed: int) -> BlockDesign:
    """N items × K of T taggers, balanced as described in the module; deterministic in
    ``seed``. ``ValueError`` when K is not between 1 and T or there are no items."""
    if n_items < 1 or n_taggers < 1 or not 1 <= k <= n_taggers:
        raise ValueError(f"cannot give each of {n_items} items {k} of {n_taggers} taggers")
    rng = np.random.default_rng(seed)
    t = n_taggers
    if k == t:
        blocks = np.tile(np.arange(t), (n_items, 1))
    else:
        mean = n_items * k * (k - 1) / (t * (t - 1))
        band = overlap_band(n_items, t, k) or (int(mean), int(np.ceil(mean)))
        attempts = ATTEMPTS if n_items * k <= FEW_RATINGS else 1
        tried = [_attempt(n_items, t, k, band, rng) for _ in range(attempts)]
        blocks = min(tried, key=lambda found: _distance(found, t, band))
    relabel = rng.permutation(t)
    blocks = np.sort(relabel[blocks[rng.permutation(n_items)]], axis=1)
    design = BlockDesign(t, k, blocks)
    _check(design, n_items)
    return design


def _attempt(n_items: int, t: int, k: int, band: tuple[int, int],
             rng: np.random.Generator) -> np.ndarray:
    """Cycles, the items left over, then the exchange search and joining the groups."""
    cycles, rest = divmod(n_items, t)
    parts = [(base[None, :] + np.arange(t)[:, None]) % t
             for base in base_blocks(t, k, cycles, rng)]
    blocks = np.concatenate(parts) if parts else np.zeros((0, k), dtype=np.int64)
    blocks = np.concatenate([blocks, leftover(blocks, t, k, rest, rng)])
    if k >= 2:
        search = ExchangeSearch(blocks, t, rng, band)
        search.run(steps=STEPS)
        search.connect()
    return blocks


def _distance(blocks: np.ndarray, t: int, band: tuple[int, int]) -> tuple[int, int, int]:
    """How far a design is from the aim: separate groups, overlaps outside the band."""
    if blocks.shape[1] < 2:
        return (0, 0, 0)
    shared = pair_counts(blocks, t)
    values = shared[np.triu_indices(t, 1)]
    low, high = band
    outside = np.maximum(low - values, 0) + np.maximum(values - high, 0)
    return (int(components(shared > 0).max()), int(outside.max()), int((outside**2).sum()))


def _check(design: BlockDesign, n_items: int) -> None:
    """The guarantees, verified: a design breaking them is a bug, never a plan."""
    blocks, t, k = design.blocks, design.n_taggers, design.k
    loads = design.loads()
    distinct = k < 2 or bool((np.diff(blocks, axis=1) > 0).all())
    assert blocks.shape == (n_items, k) and distinct, "an item lacks K different taggers"
    assert loads.max() - loads.min() <= 1 and loads.sum() == n_items * k, "loads differ by > 1"
    assert t == len(loads)


def overlap_band(n_items: int, n_taggers: int, k: int) -> tuple[int, int] | None:
    """The overlaps (m, m + 1) a design within one would have, or None when loads within
    one rule it out.

    A tagger with load r shares r(K − 1) partner slots, so with overlaps m or m + 1 it
    has r(K − 1) − m(T − 1) partners at m + 1; those partners form a graph, so their
    counts must be a graphical degree sequence (Erdős–Gallai). That is necessary, not
    sufficient (a projective plane of order 6 passes and does not exist).
    """
    t = n_taggers
    if t < 2 or k < 2:
        return None
    r, heavy = divmod(n_items * k, t)
    sums = [(r + 1) * (k - 1)] * heavy + [r * (k - 1)] * (t - heavy)
    for m in range(max(sums) // (t - 1) + 1):
        degrees = [s - m * (t - 1) for s in sums]
        if all(0 <= d <= t - 1 for d in degrees) and _graphical(degrees):
            return m, m + 1
    return None


def _graphical(degrees: list[int]) -> bool:
    """Erdős–Gallai: some simple graph has these degrees."""
    d = sorted(degrees, reverse=True)
    if sum(d) % 2:
        return False
    total = 0
    for k in range(1, len(d) + 1):
        total += d[k - 1]
        if total > k * (k - 1) + sum(min(x, k) for x in d[k:]):
            return False
    return True


