"""Krippendorff's α from per-item value counts (as Ruiz et al. 2025, VCRScore, Tables 1–2).

Definition: Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": units are
items, every rating of an item is a pairable value (an item with one rating adds nothing);
α = 1 − D_o / D_e from the coincidence matrix o and the difference metric δ
(nominal, ordinal with Krippendorff's rank-based δ, interval, ratio). Coders' identities
do not enter α, so all of it is built from the items × levels count matrix. Resamples and
leave-one-tagger-out only change which counts enter one coincidence matrix, so they are
matrix products over the distinct count patterns, not loops over items or pairs.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

import numpy as np

from annotator.analysis.rating_table import blocks, distinct_keys
from annotator.analysis.undefined import Figure, Interval, Undefined

if TYPE_CHECKING:
    from annotator.analysis.rating_table import Pairs

Level = Literal["nominal", "ordinal", "interval", "ratio"]

NO_PAIRS = "no item has two or more ratings, so there is nothing to agree on"
ONE_ITEM = ("only one item has two or more ratings: α compares the disagreement within items "
            "with that between them, which needs two items or more")
NO_VARIATION = "every rating has the same value: agreement is not defined without variation"


def coincidences(counts: np.ndarray) -> np.ndarray:
    """Coincidence contributions of count rows (…, k) → (…, k, k); rows with < 2 values add 0.

    o_ck = (n_c n_k − [c = k] n_c) / (m − 1), m = the item's number of values.
    """
    counts = np.asarray(counts, dtype=float)
    m = counts.sum(axis=-1)
    scale = np.divide(1.0, m - 1, out=np.zeros_like(m), where=m >= 2)
    outer = counts[..., :, None] * counts[..., None, :]
    k = counts.shape[-1]
    outer[..., np.arange(k), np.arange(k)] -= counts
    return np.asarray(outer * scale[..., None, None])


def delta(levels: np.ndarray, marginals: np.ndarray, level: Level) -> np.ndarray:
    """Squared difference δ² between levels; (…, k, k) when ``marginals`` is (…, k).

    Ordinal uses the marginal counts n_g of the data analysed (Krippendorff 2011, §C):
    δ_ck = (Σ_{g=c..k} n_g − (n_c + n_k)/2)², which equals (N_k − N_c + (n_c − n_k)/2)²
    with N the cumulative counts, for either order of c and k.
    """
    v = np.asarray(levels, dtype=float)
    if level == "nominal":
        d = 1.0 - np.eye(len(v))
    elif level == "interval":
        d = (v[:, None] - v[None, :]) ** 2
    elif level == "ratio":
        total = v[:, None] + v[None, :]
        diff = v[:, None] - v[None, :]
        d = np.divide(diff, total, out=np.zeros_like(diff), where=total != 0) ** 2
    elif level == "ordinal":
        n = np.asarray(marginals, dtype=float)
        cum = np.cumsum(n, axis=-1)
        d = (cum[..., None, :] - cum[..., :, None] + (n[..., :, None] - n[..., None, :]) / 2) ** 2
        return np.asarray(d)
    else:
        raise ValueError(f"unknown level of measurement {level!r}")
    return np.broadcast_to(d, np.shape(marginals)[:-1] + d.shape)


def alpha_from_coincidences(o: np.ndarray, levels: np.ndarray, level: Level) -> np.ndarray:
    """α for each coincidence matrix in ``o`` (…, k, k); NaN where undefined."""
    o = np.asarray(o, dtype=float)
    n_c = o.sum(axis=-1)
    n = n_c.sum(axis=-1)
    d = delta(levels, n_c, level)
    observed = (o * d).sum(axis=(-2, -1))
    expected = (n_c[..., :, None] * n_c[..., None, :] * d).sum(axis=(-2, -1))
    with np.errstate(divide="ignore", invalid="ignore"):
        result = 1.0 - (n - 1) * observed / expected
    return np.where((n >= 2) & (expected > 0), result, np.nan)


def undefined_reason(o: np.ndarray) -> str:
    """Why α is undefined for this coincidence matrix (call only when it is)."""
    return NO_PAIRS if np.asarray(o).sum() < 2 else NO_VARIATION


def alpha(counts: np.ndarray, levels: np.ndarray, level: Level = "ordinal") -> Figure:
    """Krippendorff's α of an items × levels count matrix; undefined below two items with
    two or more ratings (one item's α is 0 or a number with no meaning)."""
    if np.count_nonzero(np.asarray(counts).sum(axis=1) >= 2) == 1:
        return Undefined(ONE_ITEM)
    o = total_coincidences(counts, len(levels))
    value = float(alpha_from_coincidences(o, levels, level))
    return Undefined(undefined_reason(o)) if np.isnan(value) else value


def total_coincidences(counts: np.ndarray, k: int) -> np.ndarray:
    """Σ over items of :func:`coincidences`, as one (k × items) @ (items × k) product."""
    c = np.asarray(counts, dtype=float).reshape(-1, k)
    m = c.sum(axis=1)
    weighted = c * np.divide(1.0, m - 1, out=np.zeros_like(m), where=m >= 2)[:, None]
    o: np.ndarray = weighted.T @ c
    o[np.arange(k), np.arange(k)] -= weighted.sum(axis=0)
    return o


def distinct_rows(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct rows of a count matrix in ascending (lexicographic) order, each row's
    index among them and how often each occurs: ``np.unique(counts, axis=0)``'s answer.

    Counts are small whole numbers, so a row is coded as one integer (its counts as digits
    in base max + 1, which keeps the order) and :func:`distinct_keys` finds them, several
    times faster than sorting rows; a matrix too wide for that code takes ``np.unique``.
    """
    c = np.asarray(counts, dtype=np.int64)
    n, k = c.shape
    base = int(c.max(initial=0)) + 1
    if not n or k * math.log2(base) >= 62 or c.min() < 0:
        patterns, inverse, frequency = np.unique(c, axis=0, return_inverse=True,
                                                 return_counts=True)
        return patterns, inverse.reshape(n), frequency
    digits = base ** np.arange(k - 1, -1, -1, dtype=np.int64)
    keys, inverse = distinct_keys(c @ digits)
    return keys[:, None] // digits % base, inverse, np.bincount(inverse, minlength=len(keys))


def count_patterns(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct pairable count rows, how often each occurs, and their coincidences.

    A VICR-sized panel (15,646 items, 3–7 ratings on 5 levels) has a few hundred patterns.
    """
    pairable = counts[counts.sum(axis=1) >= 2]
    if not len(pairable):
        k = counts.shape[1]
        return np.zeros((0, k), int), np.zeros(0, int), np.zeros((0, k, k))
    patterns, _, frequency = distinct_rows(pairable)
    return patterns, frequency, coincidences(patterns)


def bootstrap_ci(
    counts: np.ndarray, levels: np.ndarray, level: Level, *, resamples: int,
    rng: np.random.Generator,
) -> Interval:
    """95 % percentile interval of α over items resampled with replacement.

    Resampling the pairable items is a multinomial draw over their distinct count
    patterns, which is exact and costs one (resamples × patterns) matrix product.
    """
    _, frequency, contributions = count_patterns(counts)
    n_items = int(frequency.sum())
    if n_items < 2:
        return Undefined("fewer than 2 items have two or more ratings")
    draws = rng.multinomial(n_items, frequency / n_items, size=resamples)
    k = len(levels)
    o = (draws @ contributions.reshape(len(frequency), k * k)).reshape(resamples, k, k)
    values = alpha_from_coincidences(o, levels, level)
    values = values[~np.isnan(values)]
    if len(values) < resamples / 2:
        return Undefined("α is undefined in most resamples (too little variation)")
    low, high = np.percentile(values, [2.5, 97.5])
    return float(low), float(high)


def _own_patterns(pairs: Pairs, level_codes: np.ndarray, k: int
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`distinct_rows` of each pair's own level counts (the patterns, each pair's
    index among them), and an array as long as the pairs to reuse.

    The counts are not built as a pairs × levels matrix: each pair's row is coded as
    an integer (its counts as digits in base 1 + the most ratings of a pair, above every
    count, so the order and the distinct rows are those of distinct_rows) by adding
    each rating's digit, a block of ratings at a time.
    """
    n_pairs = len(pairs.item)
    base = int(pairs.n_ratings.max(initial=0)) + 1
    if k * math.log2(base) >= 62:  # too wide for one integer: the matrix
        own = np.bincount(pairs.of_rating * k + level_codes,
                          minlength=n_pairs * k).reshape(-1, k)
        patterns, inverse, _ = distinct_rows(own)
        return patterns, inverse, np.empty(n_pairs, dtype=np.int64)
    digits = base ** np.arange(k - 1, -1, -1, dtype=np.int64)
    key = np.zeros(n_pairs, dtype=np.int64)
    for block in blocks(len(level_codes)):
        np.add.at(key, pairs.of_rating[block], digits[level_codes[block]])
    keys, inverse = distinct_keys(key)
    return keys[:, None] // digits % base, inverse, key


def leave_one_out(
    counts: np.ndarray, pairs: Pairs, level_codes: np.ndarray, n_taggers: int,
    levels: np.ndarray, level: Level,
) -> list[Figure]:
    """α without each tagger's ratings (Ruiz et al. 2025, VCRScore, Table 2), one entry per
    tagger index; ``pairs`` and ``level_codes`` are those of the ratings counted.

    Removing a tagger changes only the items they rated: the coincidence matrix loses
    each such item's contribution and gains it back computed without the tagger.
    Arrays as long as the pairs are few and filled a block at a time: at millions of
    ratings, fresh memory is most of their cost.
    """
    k = len(levels)
    total = total_coincidences(counts, k)
    n_pairs = len(pairs.item)
    # A pair's change depends only on its item's counts and its own: computed once per
    # distinct (item pattern, own pattern), never as a pairs × k × k array.
    item_patterns, item_pattern, _ = distinct_rows(counts)
    own_patterns, own_pattern, key = _own_patterns(pairs, level_codes, k)
    for block in blocks(n_pairs):  # the combo's key, in the own key's place
        np.multiply(item_pattern[pairs.item[block]], len(own_patterns), out=key[block])
        key[block] += own_pattern[block]
    combos, combo = distinct_keys(key)
    before = item_patterns[combos // len(own_patterns)]
    after = before - own_patterns[combos % len(own_patterns)]
    change = (coincidences(before) - coincidences(after)).reshape(-1, k * k)
    weight = np.empty(n_pairs)
    removed = np.empty((n_taggers, k * k))
    for cell in range(k * k):  # the indices are valid: "clip" only spares numpy a buffer
        np.ascontiguousarray(change[:, cell]).take(combo, out=weight, mode="clip")
        removed[:, cell] = np.bincount(pairs.tagger, weights=weight, minlength=n_taggers)
    remaining = total - removed.reshape(n_taggers, k, k)
    remaining[np.abs(remaining) < 1e-9] = 0.0  # what cancels exactly must not leave dust
    values = alpha_from_coincidences(remaining, levels, level)
    m = counts.sum(axis=1)
    lost = np.zeros(n_taggers, dtype=np.int64)  # per tagger: items left with < 2 ratings
    for block in blocks(n_pairs):
        m_pair = m[pairs.item[block]]
        leaves_few = (m_pair >= 2) & (m_pair - pairs.n_ratings[block] < 2)
        lost += np.bincount(pairs.tagger[block][leaves_few], minlength=n_taggers)
    items_left = np.count_nonzero(counts.sum(axis=1) >= 2) - lost
    return [
        Undefined(ONE_ITEM) if items_left[t] == 1
        else Undefined(undefined_reason(remaining[t])) if np.isnan(v) else float(v)
        for t, v in enumerate(values)
    ]
