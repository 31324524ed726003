"""Fleiss' κ (generalised), Gwet's AC1 and percent agreement from per-item value counts.

With unequal numbers of ratings per item these use Gwet's generalised forms (Handbook of
Inter-Rater Reliability, 4th ed.; R ``irrCAC::fleiss.kappa.raw`` / ``gwet.ac1.raw``):
  p_a = mean over items with r_i ≥ 2 of Σ_k r_ik (r_ik − 1) / (r_i (r_i − 1)),
  π_k = mean over items with r_i ≥ 1 of r_ik / r_i,
  Fleiss: p_e = Σ π_k²;  AC1: p_e = Σ π_k (1 − π_k) / (q − 1), q = levels of the scale.
With the same number of ratings on every item Fleiss' form is Fleiss (1971) exactly.
"""

from __future__ import annotations

import numpy as np

from annotator.analysis.undefined import Figure, Undefined

NO_PAIRS = "no item has two or more ratings, so there is nothing to agree on"


def _agreement(counts: np.ndarray) -> tuple[float, np.ndarray] | Undefined:
    c = np.asarray(counts, dtype=float)
    r = c.sum(axis=1)
    pairable = r >= 2
    if not pairable.any():
        return Undefined(NO_PAIRS)
    cp, rp = c[pairable], r[pairable]
    pa = float(((cp * (cp - 1)).sum(axis=1) / (rp * (rp - 1))).mean())
    rated = r >= 1
    pi = (c[rated] / r[rated, None]).mean(axis=0)
    return pa, pi


def percent_agreement(counts: np.ndarray) -> Figure:
    """Share of agreeing rating pairs within items (Gwet's p_a)."""
    found = _agreement(counts)
    return found if isinstance(found, Undefined) else found[0]


def fleiss_kappa(counts: np.ndarray) -> Figure:
    """Fleiss' κ, generalised to unequal ratings per item (Gwet)."""
    found = _agreement(counts)
    if isinstance(found, Undefined):
        return found
    pa, pi = found
    pe = float((pi**2).sum())
    if pe >= 1 - 1e-12:
        return Undefined("every rating has the same value: chance agreement is 1")
    return (pa - pe) / (1 - pe)


def gwet_ac1(counts: np.ndarray) -> Figure:
    """Gwet's AC1; ``counts`` must have one column per level of the scale (q = columns)."""
    q = np.shape(counts)[1]
    if q < 2:
        return Undefined("the scale has a single level")
    found = _agreement(counts)
    if isinstance(found, Undefined):
        return found
    pa, pi = found
    pe = float((pi * (1 - pi)).sum() / (q - 1))
    return (pa - pe) / (1 - pe)
