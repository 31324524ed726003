"""Kendall's τ_b, τ_c and W on discrete ratings, from contingency tables and level counts.

Ratings take a handful of levels, so concordant and discordant pairs are counted from a
levels × levels table with 2-D cumulative sums (O(k²)), never pair by pair. Definitions
match ``scipy.stats.kendalltau`` (variant "b" and "c") and R ``irr::kendall(correct=TRUE)``.
"""

from __future__ import annotations

import numpy as np

from annotator.analysis.undefined import Figure, Undefined

CONSTANT = "one of the two rankings is constant, so there is no order to compare"
TOO_FEW = "fewer than 2 items"


def concordance(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Concordant and discordant pair counts of tables (…, r, c)."""
    t = np.asarray(table, dtype=float)
    # Σ over i' ≥ i, j' ≥ j, then shifted to strictly greater in both.
    ge = t[..., ::-1, ::-1].cumsum(-2).cumsum(-1)[..., ::-1, ::-1]
    after = np.zeros_like(t)
    after[..., :-1, :-1] = ge[..., 1:, 1:]
    # Σ over i' ≥ i, j' ≤ j, then shifted to i' > i, j' < j.
    ge_le = t[..., ::-1, :].cumsum(-2)[..., ::-1, :].cumsum(-1)
    before = np.zeros_like(t)
    before[..., :-1, 1:] = ge_le[..., 1:, :-1]
    return (t * after).sum(axis=(-2, -1)), (t * before).sum(axis=(-2, -1))


def tau_c(table: np.ndarray) -> np.ndarray:
    """Stuart's τ_c of tables (…, r, c); NaN where undefined.

    τ_c = 2(P − Q) / (n² (m − 1)/m), m = the smaller number of distinct values observed
    on either side (as scipy's ``kendalltau(variant="c")``).
    """
    t = np.asarray(table, dtype=float)
    con, dis = concordance(t)
    n = t.sum(axis=(-2, -1))
    m = np.minimum((t.sum(axis=-1) > 0).sum(axis=-1), (t.sum(axis=-2) > 0).sum(axis=-1))
    with np.errstate(divide="ignore", invalid="ignore"):
        value = 2 * (con - dis) / (n**2 * (m - 1) / m)
    return np.where(m >= 2, value, np.nan)


def tau_b(table: np.ndarray) -> np.ndarray:
    """Kendall's τ_b of tables (…, r, c); NaN where a side is constant."""
    t = np.asarray(table, dtype=float)
    con, dis = concordance(t)
    n = t.sum(axis=(-2, -1))
    rows, cols = t.sum(axis=-1), t.sum(axis=-2)
    pairs = n * (n - 1) / 2
    x_ties = (rows * (rows - 1) / 2).sum(axis=-1)
    y_ties = (cols * (cols - 1) / 2).sum(axis=-1)
    denominator = np.sqrt((pairs - x_ties) * (pairs - y_ties))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, (con - dis) / denominator, np.nan)


def figure(value: float, *, n: int) -> Figure:
    """A τ as a report figure: undefined below 2 items or for a constant side."""
    if n < 2:
        return Undefined(TOO_FEW)
    return Undefined(CONSTANT) if np.isnan(value) else float(value)


def kendall_w(ratings: np.ndarray, k: int) -> np.ndarray:
    """Kendall's W with the tie correction for level codes (…, m raters, n items).

    Each rater's ratings are ranked over the items (ties get their mid-rank, found from
    the rater's level counts); W = 12 S / (m²(n³ − n) − m Σ T), T = Σ (t³ − t) per rater.
    NaN where every rater is constant or n < 2.
    """
    r = np.asarray(ratings)
    m, n = r.shape[-2], r.shape[-1]
    flat = r.reshape(-1, n)
    offsets = (np.arange(len(flat)) * k)[:, None]
    counts = np.bincount((flat + offsets).ravel(), minlength=len(flat) * k).reshape(-1, k)
    midrank = np.cumsum(counts, axis=1) - (counts - 1) / 2.0
    ranks = np.take_along_axis(midrank, flat, axis=1).reshape(r.shape)
    totals = ranks.sum(axis=-2)
    s = ((totals - m * (n + 1) / 2.0) ** 2).sum(axis=-1)
    ties = (counts.astype(float) ** 3 - counts).sum(axis=1).reshape(r.shape[:-1]).sum(axis=-1)
    denominator = m**2 * (n**3 - n) - m * ties
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where((denominator > 0) & (n >= 2), 12 * s / denominator, np.nan)
