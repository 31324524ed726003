"""File stems for charts named after people or metrics (exports are named by chart)."""

from __future__ import annotations

import re


def unique_stem(prefix: str, name: str, taken: set[str]) -> str:
    """``prefix`` + ``name`` made a plain file stem, unique among ``taken`` (which it joins):
    "a b" and "a_b" both read a_b, so the second becomes a_b-2."""
    base = prefix + (re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "unnamed")
    stem, n = base, 1
    while stem in taken:
        n += 1
        stem = f"{base}-{n}"
    taken.add(stem)
    return stem
