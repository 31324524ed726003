"""Virtual raters (Narins et al. 2023, VICR, §6 and Table 3).

For every item with ≥ 3 ratings draw 3 without replacement and sort them: X ≤ Y ≤ Z.
τ_c of X against Y and Z pools X's rating against Y's and against Z's as separate pairs
("method A": each item gives one (x, y) and one (x, z) pair); likewise Y–XZ and Z–XY.
Kendall's W (tie-corrected) of X, Y, Z; Fleiss' κ of X, Y, Z, and with levels 4 and 5
merged. Repeated ``reps`` times: mean and sd, as fractions (the paper reports × 100).

Sorting manufactures agreement, so the same procedure runs on a chance baseline: all data
ratings shuffled across items, then 3 drawn per item as before.

All repetitions are drawn at once as (reps × items) arrays; the τ tables, level counts and
ranks come from ``np.bincount``; no per-item or per-pair Python loop. The chance baseline
needs only how many ratings each level has, so its triples are drawn as random tables
(:func:`chance_tables`), at a cost that does not grow with the number of ratings.
"""

from __future__ import annotations

import itertools
from functools import partial

import numpy as np

from annotator.analysis.alpha import distinct_rows
from annotator.analysis.kendall import tau_c
from annotator.analysis.rating_table import RatingTable, item_counts, levels_item_by_item
from annotator.analysis.results import Spread, VirtualRaters
from annotator.analysis.undefined import Figure, Undefined

FIGURES = ("tau_x_yz", "tau_y_xz", "tau_z_xy", "kendall_w", "fleiss_kappa", "fleiss_kappa_45")
_CELLS_PER_BATCH = 2_000_000  # (reps × items) or (reps × k³) cells held at once
_SMALL = 30  # items with at most this many ratings draw from their pattern's 3-subsets


class TripleSampler:
    """Draws one sorted triple X ≤ Y ≤ Z per eligible item, coded (x·k + y)·k + z.

    An item's draw depends only on its value counts. For each distinct count pattern the
    C(m, 3) subsets of its sorted values are listed once (each already sorted); a draw is
    then one uniform number per item and one lookup. Items with more than ``_SMALL``
    ratings draw three distinct positions directly (the second skips the first, the third
    skips both).
    """

    def __init__(self, counts: np.ndarray, codes_by_item: np.ndarray, starts: np.ndarray):
        self.k = counts.shape[1]
        m = counts.sum(axis=1)
        self.small = m <= _SMALL
        patterns, self.pattern_of, _ = distinct_rows(counts[self.small])
        self.table, offset, size = subset_keys(patterns, self.k)
        self.size = size[self.pattern_of]
        self.offset = offset[self.pattern_of]
        self.codes, self.large_m = codes_by_item, m[~self.small]
        self.large_starts = starts[~self.small]

    def draw(self, reps: int, rng: np.random.Generator) -> np.ndarray:
        """Sorted-triple keys, shape (reps, eligible items)."""
        u = rng.random((reps, self.size.size))
        u *= self.size  # in place: a batch is megabytes, and fresh memory is most of its cost
        index = u.astype(np.int64)
        index += self.offset
        if self.small.all():
            return np.asarray(self.table[index])
        out = np.empty((reps, self.small.size), dtype=np.int64)
        out[:, self.small] = self.table[index]
        big = self.large_m[None, :]
        u = rng.random((3, reps, big.size))
        first = (u[0] * big).astype(np.int64)
        second = (u[1] * (big - 1)).astype(np.int64)
        second += second >= first
        third = (u[2] * (big - 2)).astype(np.int64)
        low, high = np.minimum(first, second), np.maximum(first, second)
        third += third >= low
        third += third >= high
        a, b, c = (self.codes[self.large_starts + p] for p in (first, second, third))
        out[:, ~self.small] = sorted_key(a, b, c, self.k)
        return out


def subset_keys(patterns: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The sorted 3-subsets of each count pattern's values, coded (x·k + y)·k + z: all in
    one array, each pattern's in the order ``itertools.combinations`` lists them; and per
    pattern where its subsets begin in the array and how many there are.

    Patterns of the same number of values m share one list of the C(m, 3) ascending
    position triples, which picks every subset of all their sorted values at once (a few
    gathers per m, not a list of tuples per pattern).
    """
    m = patterns.sum(axis=1).astype(np.int64)
    size = m * (m - 1) * (m - 2) // 6
    offset = np.zeros(len(patterns), dtype=np.int64)
    keys, at = [], 0
    for n in np.unique(m).tolist():
        triples = np.array(list(itertools.combinations(range(n), 3)),
                           dtype=np.int64).reshape(-1, 3)
        group = np.flatnonzero(m == n)
        step = max(1, _CELLS_PER_BATCH // max(1, triples.size))
        for part in (group[start:start + step] for start in range(0, len(group), step)):
            values = np.repeat(np.tile(np.arange(k), len(part)), patterns[part].ravel())
            x, y, z = values.reshape(len(part), n)[:, triples].transpose(2, 0, 1)
            keys.append(((x * k + y) * k + z).ravel())
            offset[part] = at + np.arange(len(part)) * len(triples)
            at += keys[-1].size
    return (np.concatenate(keys) if keys else np.zeros(0, np.int64)), offset, size


def sorted_key(a: np.ndarray, b: np.ndarray, c: np.ndarray, k: int) -> np.ndarray:
    """The code (x·k + y)·k + z of each triple sorted as x ≤ y ≤ z."""
    x = np.minimum(np.minimum(a, b), c)
    z = np.maximum(np.maximum(a, b), c)
    return np.asarray((x * k + (a + b + c - x - z)) * k + z)


def triple_tables(keys: np.ndarray, k: int) -> np.ndarray:
    """Per repetition, how many items drew each sorted triple: (reps, k, k, k)."""
    reps = keys.shape[0]
    flat = (np.arange(reps)[:, None] * k**3 + keys).ravel()
    return np.bincount(flat, minlength=reps * k**3).reshape(reps, k, k, k)


def triple_figures(triples: np.ndarray, merge: np.ndarray | None) -> dict[str, np.ndarray]:
    """Each figure per repetition from the sorted-triple tables (reps, k, k, k)."""
    xy, xz, yz = triples.sum(axis=3), triples.sum(axis=2), triples.sum(axis=1)
    swap = (0, 2, 1)
    out = {
        "tau_x_yz": tau_c(xy + xz),
        "tau_y_xz": tau_c(xy.transpose(swap) + yz),
        "tau_z_xy": tau_c(xz.transpose(swap) + yz.transpose(swap)),
        "kendall_w": kendall_w_of_three(xy, xz, yz),
        "fleiss_kappa": fleiss_of_three(xy, xz, yz),
    }
    if merge is not None:
        k = xy.shape[-1]
        onto = np.zeros((k, k))
        onto[np.arange(k), merge] = 1

        def merged(t: np.ndarray) -> np.ndarray:
            return np.asarray(onto.T @ t @ onto)

        out["fleiss_kappa_45"] = fleiss_of_three(merged(xy), merged(xz), merged(yz))
    return out


def kendall_w_of_three(xy: np.ndarray, xz: np.ndarray, yz: np.ndarray) -> np.ndarray:
    """Tie-corrected Kendall's W of raters X, Y, Z from their pairwise level tables.

    Σ R_i² over items expands into each rater's Σ rank² (from its level counts) and the
    cross terms Σ rank_x · rank_y (from the X–Y table), so no item is ranked one by one.
    """
    counts = [xy.sum(axis=-1), xy.sum(axis=-2), xz.sum(axis=-2)]
    ranks = [np.cumsum(c, axis=-1) - (c - 1) / 2.0 for c in counts]
    n = counts[0].sum(axis=-1).astype(float)
    squares = sum((c * r**2).sum(axis=-1) for c, r in zip(counts, ranks, strict=True))
    cross = sum(
        np.einsum("bi,bij,bj->b", ranks[i], t, ranks[j])
        for (i, j), t in (((0, 1), xy), ((0, 2), xz), ((1, 2), yz))
    )
    s = squares + 2 * cross - n * (3 * (n + 1) / 2) ** 2
    ties = sum((c.astype(float) ** 3 - c).sum(axis=-1) for c in counts)
    denominator = 9 * (n**3 - n) - 3 * ties
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, 12 * s / denominator, np.nan)


def fleiss_of_three(xy: np.ndarray, xz: np.ndarray, yz: np.ndarray) -> np.ndarray:
    """Fleiss' κ of three raters: p_a is the share of equal pairs among the 3 per item."""
    n = xy.sum(axis=(-2, -1)).astype(float)
    equal = sum(np.trace(t, axis1=-2, axis2=-1) for t in (xy, xz, yz))
    with np.errstate(divide="ignore", invalid="ignore"):
        pa = equal / (3 * n)
        pi = (xy.sum(axis=-1) + xy.sum(axis=-2) + xz.sum(axis=-2)) / (3 * n)[:, None]
        pe = (pi**2).sum(axis=-1)
        return np.where(pe < 1 - 1e-12, (pa - pe) / (1 - pe), np.nan)


def merge_four_five(levels: np.ndarray) -> np.ndarray | None:
    """Level-code map that merges the levels 4 and 5 (Narins et al. 2023, VICR, Table 3),
    if both exist."""
    where = {float(v): n for n, v in enumerate(levels)}
    if 4.0 not in where or 5.0 not in where:
        return None
    merge = np.arange(len(levels))
    merge[where[5.0]] = where[4.0]
    return merge


def _sampled_tables(sampler: TripleSampler, reps: int, *,
                    rng: np.random.Generator) -> np.ndarray:
    return triple_tables(sampler.draw(reps, rng), sampler.k)


def chance_tables(level_counts: np.ndarray, n3: int, reps: int, *,
                  rng: np.random.Generator) -> np.ndarray:
    """Sorted-triple tables (reps, k, k, k) of the chance baseline: every data rating
    shuffled, then three given to each of ``n3`` items.

    Only the levels drawn matter, so no rating is listed: the levels of the items' first,
    second and third ratings are multivariate hypergeometric draws from the level counts,
    and which first goes with which second (then which pair with which third) is a
    uniformly random table with those sums (:func:`random_table`), exactly the law of a
    shuffle.
    """
    k = len(level_counts)
    pool = np.tile(np.asarray(level_counts, dtype=np.int64), (reps, 1))
    drawn = np.full(reps, n3, dtype=np.int64)
    first = multivariate_hypergeometric(pool, drawn, rng)
    second = multivariate_hypergeometric(pool - first, drawn, rng)
    third = multivariate_hypergeometric(pool - first - second, drawn, rng)
    pairs = random_table(first, second, rng).reshape(reps, k * k)
    ordered = random_table(pairs, third, rng).reshape(reps, k**3)
    x, y, z = np.indices((k, k, k)).reshape(3, -1)
    slot = np.arange(reps)[:, None] * k**3 + sorted_key(x, y, z, k)[None, :]
    tables = np.bincount(slot.ravel(), weights=ordered.ravel(), minlength=reps * k**3)
    return tables.astype(np.int64).reshape(reps, k, k, k)


def multivariate_hypergeometric(pool: np.ndarray, drawn: np.ndarray,
                                rng: np.random.Generator) -> np.ndarray:
    """Per row of ``pool`` (rows × colours): how many of each colour ``drawn`` draws without
    replacement take. The colours are halved level by level, one hypergeometric draw per
    level for every row and half at once."""
    rows, k = pool.shape
    width = 1 << (k - 1).bit_length()
    counts = np.zeros((rows, width), dtype=np.int64)
    counts[:, :k] = pool
    taken = np.asarray(drawn, dtype=np.int64).reshape(rows, 1)
    while taken.shape[1] < width:
        halves = counts.reshape(rows, taken.shape[1], 2, -1).sum(axis=3)
        left = rng.hypergeometric(halves[..., 0], halves[..., 1], taken)
        taken = np.stack([left, taken - left], axis=2).reshape(rows, -1)
    return taken[:, :k]


def random_table(row_sums: np.ndarray, column_sums: np.ndarray,
                 rng: np.random.Generator) -> np.ndarray:
    """A uniformly random pairing of rows' slots with columns' items, as counts
    (reps, rows, columns), for each rep's ``row_sums`` (reps × rows) and ``column_sums``
    (reps × columns) of equal totals.

    The rows are halved level by level: the items the first half of a group's slots get
    are a multivariate hypergeometric draw of the group's items.
    """
    reps, n_rows = row_sums.shape
    k = column_sums.shape[1]
    width = 1 << (n_rows - 1).bit_length()
    sizes = np.zeros((reps, width), dtype=np.int64)
    sizes[:, :n_rows] = row_sums
    table = np.asarray(column_sums, dtype=np.int64)[:, None, :]
    while table.shape[1] < width:
        groups = table.shape[1]
        left_sizes = sizes.reshape(reps, groups, 2, -1)[:, :, 0].sum(axis=2)
        left = multivariate_hypergeometric(table.reshape(-1, k), left_sizes.reshape(-1),
                                           rng).reshape(reps, groups, k)
        table = np.stack([left, table - left], axis=2).reshape(reps, 2 * groups, k)
    return table[:, :n_rows]


def virtual_raters(data: RatingTable, *, reps: int, rng: np.random.Generator,
                   chance: bool = False) -> VirtualRaters:
    """Mean and sd of each figure over ``reps`` draws of virtual raters X ≤ Y ≤ Z.

    With ``chance``, the ratings are first shuffled across items (once per repetition).
    """
    counts = item_counts(data)
    m = counts.sum(axis=1)
    eligible = m >= 3
    n3 = int(eligible.sum())
    merge = merge_four_five(data.levels)
    if n3 < 2 or reps < 1:
        reason = Undefined("fewer than 2 items have 3 or more ratings" if n3 < 2
                           else "no repetitions were asked for")
        return VirtualRaters(reps, n3, *(Spread(reason, reason) for _ in FIGURES))
    k = data.n_levels
    runs: dict[str, list[np.ndarray]] = {}
    if chance:
        level_counts = np.bincount(data.level, minlength=k)
        batch = max(1, _CELLS_PER_BATCH // (2 * k**3))
        draw = partial(chance_tables, level_counts, n3, rng=rng)
    else:
        # The levels in item order (ascending in each item, whatever the rows' order), for
        # items of more than _SMALL ratings only: without one, they are not needed.
        codes = (levels_item_by_item(counts) if (m > _SMALL).any()
                 else np.zeros(0, dtype=np.int64))
        sampler = TripleSampler(counts[eligible], codes, (np.cumsum(m) - m)[eligible])
        batch = max(1, _CELLS_PER_BATCH // max(n3, k**3))
        draw = partial(_sampled_tables, sampler, rng=rng)
    for done in range(0, reps, batch):
        for name, values in triple_figures(draw(min(batch, reps - done)), merge).items():
            runs.setdefault(name, []).append(values)
    unmerged = Undefined("the scale has no levels 4 and 5 to merge")
    return VirtualRaters(reps, n3, *(summarise(np.concatenate(runs[name])) if name in runs
                                     else Spread(unmerged, unmerged) for name in FIGURES))


def summarise(values: np.ndarray, *,
              cause: str = "a virtual rater gave one value to every item") -> Spread:
    """Mean and sd (n − 1) over repetitions; undefined if any repetition was (``cause``)."""
    undefined = int(np.isnan(values).sum())
    if undefined:
        reason = Undefined(f"undefined in {undefined} of {len(values)} repetitions ({cause})")
        return Spread(reason, reason)
    sd: Figure = (float(values.std(ddof=1)) if len(values) > 1
                  else Undefined("one repetition has no spread"))
    return Spread(float(values.mean()), sd)
