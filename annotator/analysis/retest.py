"""Test–retest per tagger (Ruiz et al. 2025, VCRScore, Table 1) and the binary protocol
(Levinboim et al. 2021).

Test–retest compares a tagger's ratings in their first two rounds, on the items they rated
in both: Krippendorff's α (the two rounds as two coders) and Kendall's τ_b. All taggers at
once: one levels × levels table per tagger, whose coincidence matrix is T + Tᵀ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from annotator.analysis.alpha import Level, alpha_from_coincidences, undefined_reason
from annotator.analysis.exact_levels import level_unit, whole_levels
from annotator.analysis.kendall import figure, tau_b
from annotator.analysis.rating_table import RatingTable, blocks
from annotator.analysis.results import (
    BinaryProtocol,
    Histogram,
    PHatStability,
    RetestFigures,
    RoundStability,
)
from annotator.analysis.undefined import Figure, Undefined


def first_two_rounds(tagger: np.ndarray, rounds: np.ndarray, n_taggers: int
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Each tagger's lowest and second-lowest round (second is 0 where there is none)."""
    big = np.iinfo(np.int64).max
    first = np.full(n_taggers, big)
    np.minimum.at(first, tagger, rounds)
    second = np.full(n_taggers, big)
    for block in blocks(len(tagger)):  # no table-long copies
        t, r = tagger[block], rounds[block]
        later = r > first[t]
        np.minimum.at(second, t[later], r[later])
    return first, np.where(second == big, 0, second)


def retest(data: RatingTable, level: Level) -> dict[str, RetestFigures]:
    """The figures of every tagger with two rounds, by name."""
    n_t, k = len(data.taggers), data.n_levels
    first, second = first_two_rounds(data.tagger, data.round, n_t)
    # Each (item, tagger) pair's level in either round: that of its first rating there.
    at1, at2 = _first_rating(data, first), _first_rating(data, second)
    both = (at1 < len(data)) & (at2 < len(data))
    tables = np.bincount((data.pairs.tagger[both] * k + data.level[at1[both]]) * k
                         + data.level[at2[both]], minlength=n_t * k * k).reshape(n_t, k, k)
    alphas = alpha_from_coincidences(tables + tables.transpose(0, 2, 1), data.levels, level)
    taus = tau_b(tables)
    n_items = tables.sum(axis=(1, 2))
    out: dict[str, RetestFigures] = {}
    for t in np.flatnonzero(second > 0):
        n = int(n_items[t])
        a: Figure
        if n < 2:
            a = Undefined("fewer than 2 items were rated in both rounds")
        elif np.isnan(alphas[t]):
            a = Undefined(undefined_reason(tables[t] + tables[t].T))
        else:
            a = float(alphas[t])
        out[data.taggers[t]] = RetestFigures(
            a, figure(float(taus[t]), n=n), n, (int(first[t]), int(second[t])),
            tuple(tuple(int(c) for c in row) for row in tables[t]))
    return out


def _first_rating(data: RatingTable, round_of: np.ndarray) -> np.ndarray:
    """Per pair of ``data``, its first rating in its tagger's round ``round_of[tagger]``
    (len(data) if none). A block of ratings at a time: no table-long copies."""
    first = np.full(len(data.pairs.item), len(data))
    for block in blocks(len(data)):
        rows = np.flatnonzero(data.round[block] == round_of[data.tagger[block]])
        np.minimum.at(first, data.pairs.of_rating[block][rows], rows + block.start)
    return first


STABILITY_BIN = 0.25
"""Bin width of the stability histogram, in scale units (Levinboim et al. 2021, Figure 3,
uses 0.25)."""


def mean_stability(data: RatingTable) -> RoundStability | Undefined:
    """How far each item's mean moved between the panel's first two rounds.

    Levinboim et al. (2021) §3.3 (Figure 3) on any scale: for items rated in both rounds,
    the differences m₁ − m₂ of the item means, their mean and sd, a histogram with bins of
    0.25 scale units, and the share of items that moved by at most a quarter of the scale's
    range (0.25 on a 0/1 scale, as in the paper; 1 level on a 1–5 scale).

    Only the taggers who rated in both rounds count, in both: with one tagger retested,
    round 1's means over the whole panel against that tagger's alone would show how the
    tagger differs from the panel, not how the items moved.
    """
    rounds = data.round_numbers
    if len(rounds) < 2:
        return Undefined("only one round: no round-to-round stability")
    retested = _in_both_rounds(data, rounds[:2])
    if not retested.any():
        return Undefined(f"no tagger rated in both round {rounds[0]} and round {rounds[1]}")
    means: list[np.ndarray] = []
    for n, total in _round_sums(data, rounds[:2], taggers=retested):
        with np.errstate(invalid="ignore", divide="ignore"):
            means.append(np.where(n > 0, total / n, np.nan))
    span = float(data.levels[-1] - data.levels[0]) if data.n_levels else 0.0
    moved = _between_rounds(rounds, means, within=span / 4,
                            too_few="fewer than 2 items were rated in both of the first two "
                                    "rounds")
    if isinstance(moved, Undefined):
        return moved
    bins = max(1, int(np.ceil(span / STABILITY_BIN - 1e-9)))
    edges = np.arange(-bins, bins + 1) * STABILITY_BIN
    counts = np.bincount(_exact_bins(data, rounds[:2], bins, retested), minlength=2 * bins)
    return RoundStability(moved.rounds, len(moved.diff), moved.mean, moved.sd, moved.within,
                          Histogram(tuple(edges.tolist()), tuple(counts.tolist())),
                          int(retested.sum()))


def _in_both_rounds(data: RatingTable, rounds: np.ndarray) -> np.ndarray:
    """Per tagger: whether they have ratings in both of the two ``rounds``."""
    seen = np.zeros((2, len(data.taggers)), dtype=bool)
    for block in blocks(len(data)):
        round_, tagger = data.round[block], data.tagger[block]
        for index, rnd in enumerate(rounds.tolist()):
            seen[index, tagger[round_ == rnd]] = True
    return np.asarray(seen[0] & seen[1])


def _exact_bins(data: RatingTable, rounds: np.ndarray, bins: int,
                taggers: np.ndarray) -> np.ndarray:
    """Each item's histogram bin (0 … 2·bins − 1) of m₁ − m₂ over the ``taggers`` marked
    True, for the items rated in both rounds, decided on exact rationals: with the levels
    in whole units u, m₁ − m₂ = (T₁n₂ − T₂n₁)·u / (n₁n₂), so its bin is a floor division of
    whole numbers. A change of exactly −1 is a bin edge, whatever −1.0000000000000002 the
    float means give. Changes beyond the outer edges count in the outer bins; the top edge
    belongs to the last bin (as in np.histogram)."""
    whole = np.array(whole_levels(data.levels), dtype=np.int64)
    (n1, t1), (n2, t2) = _round_sums(data, rounds, values=whole, taggers=taggers)
    both = (n1 > 0) & (n2 > 0)
    n1, n2 = n1[both].astype(object), n2[both].astype(object)  # products of any size
    step = level_unit(data.levels) / Fraction(STABILITY_BIN)  # bins per whole unit
    numerator = (t1[both].astype(object) * n2 - t2[both].astype(object) * n1) * step.numerator
    index = numerator // (n1 * n2 * step.denominator) + bins
    return np.asarray(np.clip(index.astype(np.int64), 0, 2 * bins - 1))


@dataclass(frozen=True)
class _Moved:
    """Per item, its figure in the first of two rounds minus that in the second, with their
    mean, sd and the share within a bound (Levinboim et al. 2021, §3.3)."""

    rounds: tuple[int, int]
    diff: np.ndarray
    mean: float
    sd: float
    within: float


def _between_rounds(rounds: np.ndarray, per_round: Sequence[np.ndarray], *, within: float,
                    too_few: str) -> _Moved | Undefined:
    """How far a per-item figure (NaN where an item has none) moved between the first two
    of ``rounds`` (``per_round``: one array per round, those two first), on the items that
    have it in both; undefined with one round, or with ``too_few`` such items."""
    if len(rounds) < 2:
        return Undefined("only one round: no round-to-round stability")
    first, second = per_round[0], per_round[1]
    both = ~np.isnan(first) & ~np.isnan(second)
    diff = first[both] - second[both]
    if len(diff) < 2:
        return Undefined(too_few)
    return _Moved((int(rounds[0]), int(rounds[1])), diff, float(diff.mean()),
                  float(diff.std(ddof=1)), float((np.abs(diff) <= within + 1e-12).mean()))


def _round_sums(data: RatingTable, rounds: np.ndarray, *, values: np.ndarray | None = None,
                taggers: np.ndarray | None = None) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each of ``rounds``, per item: how many ratings the round has, and the sum of
    their ``values`` (one per level; the levels themselves by default), of only the
    ``taggers`` marked True when given.

    Each round's items are a range of bins (the rows of other rounds go to one more),
    filled a block of rows at a time by np.add.at, which like a bincount of the round's
    rows adds each item's values one after another in table order: the same sums to the
    bit, without copying each round's rows.
    """
    n_items = data.n_items
    size = len(rounds) * n_items + 1
    per_level = data.levels if values is None else values
    n, total = np.zeros(size, dtype=np.int64), np.zeros(size, dtype=per_level.dtype)
    for block in blocks(len(data)):
        round_, item = data.round[block], data.item[block]
        counted = np.ones(len(item), dtype=bool) if taggers is None else taggers[
            data.tagger[block]]
        code = np.full(len(item), size - 1)
        for index, rnd in enumerate(rounds.tolist()):
            mine = (round_ == rnd) & counted
            code[mine] = index * n_items + item[mine]
        np.add.at(n, code, 1)
        np.add.at(total, code, per_level[data.level[block]])
    return [(n[start:start + n_items], total[start:start + n_items])
            for start in range(0, len(rounds) * n_items, n_items)]



def p_hat(means: np.ndarray) -> np.ndarray:
    """p̂ = round(mean · 8) / 8, halves rounded up (Levinboim et al. 2021, §3.2)."""
    return np.asarray(np.floor(np.asarray(means) * 8 + 0.5) / 8)


def binary_protocol(data: RatingTable) -> BinaryProtocol | Undefined:
    """p̂ per item after dropping items with > 2 skips; stability of p̂ between two rounds.

    Only for a 0/1 scale (GOOD = 1, BAD = 0). Stability (Levinboim et al. 2021, §3.3): for
    items with p̂ in both of the first two rounds, the mean and sd of p̂₁ − p̂₂ and the
    share with |p̂₁ − p̂₂| ≤ 0.25.
    """
    if not np.array_equal(data.levels, [0.0, 1.0]):
        return Undefined("not a binary (0/1) scale")
    rounds = data.round_numbers
    estimates: dict[int, np.ndarray] = {}
    dropped = np.zeros(data.n_items, dtype=bool)
    first_rounds = rounds[:2]
    for rnd, (n, yes) in zip(first_rounds.tolist(), _round_sums(data, first_rounds),
                             strict=True):
        skipped = np.zeros(data.n_items, dtype=int)
        for (item, r), count in data.skips.items():
            if r == rnd:
                skipped[item] = count
        keep = (n > 0) & (skipped <= 2)
        dropped |= skipped > 2  # with or without any YES/NO answer, in either round
        with np.errstate(invalid="ignore", divide="ignore"):
            estimates[int(rnd)] = np.where(keep, p_hat(yes / n), np.nan)
    first = estimates[int(rounds[0])] if len(rounds) else np.zeros(0)
    distribution = {f"{v:g}": int((first == v).sum()) for v in np.arange(9) / 8}
    moved = _between_rounds(rounds, list(estimates.values()), within=0.25,
                            too_few="fewer than 2 items have p̂ in both rounds")
    stability = moved if isinstance(moved, Undefined) else PHatStability(
        moved.rounds, len(moved.diff), moved.mean, moved.sd, moved.within)
    return BinaryProtocol(int(dropped.sum()), distribution, stability)
