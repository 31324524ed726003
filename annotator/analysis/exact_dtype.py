"""The narrowest numpy type that holds every whole number up to a bound exactly.

The weighted figures count units, pairs and ranks: whole numbers, so each array (and each
partial sum numpy forms while reducing it) can live in the narrowest type that cannot lose
one. Narrow types are faster here (half the memory traffic of int64 for int32; float32
matrix products twice as fast as float64), so every such choice in the analysis goes
through :func:`exact_dtype`, given the bound its caller proves beside the call.

Why the limits are the largest whole numbers each type holds exactly:

- a signed integer of b bits is two's complement: it holds every whole number from
  −2^(b−1) to 2^(b−1) − 1 and nothing beyond (numpy wraps around silently), so int8 holds
  |x| ≤ 127, int32 |x| ≤ 2³¹ − 1, int64 |x| ≤ 2⁶³ − 1;
- an IEEE 754 float with a p-bit significand (24 for float32, 53 for float64, the leading
  bit implied) holds every whole number |x| ≤ 2^p: below 2^p its unit in the last place is
  at most 1, and 2^p is a power of two; 2^p + 1 needs p + 1 significant bits and rounds
  away. A sum or product of whole numbers is computed exactly when the exact result is
  representable, so a reduction whose every partial sum stays within 2^p is exact in any
  order (numpy's pairwise sums and BLAS's blocked products included).

A bound passes when every value (and partial sum) is at most the limit in magnitude. When
none of the candidates holds the bound the last is returned: the caller's widest type, the
best available (each caller states beside its call why its widest suffices in practice).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np

Kind = TypeVar("Kind", bound=np.number[Any])

WHOLE_LIMIT: dict[type[np.number[Any]], int] = {
    np.int8: 2**7 - 1,
    np.int16: 2**15 - 1,
    np.int32: 2**31 - 1,
    np.int64: 2**63 - 1,
    np.float32: 2**24,
    np.float64: 2**53,
}
"""The largest whole number each type holds exactly, with every smaller one (see above)."""

INTEGERS: tuple[type[np.signedinteger[Any]], ...] = (np.int32, np.int64)
"""Counts kept as integers: int32 while they fit, else int64."""
FLOATS: tuple[type[np.floating[Any]], ...] = (np.float32, np.float64)
"""Whole numbers in a matrix product (BLAS multiplies floats only): float32 while exact."""


def exact_dtype(bound: float, among: Sequence[type[Kind]]) -> type[Kind]:
    """The first type of ``among`` that holds every whole number of magnitude ≤ ``bound``
    exactly (:data:`WHOLE_LIMIT`), else the last of them."""
    for kind in among:
        if bound <= WHOLE_LIMIT[kind]:
            return kind
    return among[-1]
