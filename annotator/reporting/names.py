"""File stems for charts named after people or metrics (exports are named by chart)."""

from __future__ import annotations

import re

MAX_STEM = 80
"""The most characters of a stem: with the folder and ``.svg`` well under the 255 bytes
a file name may have everywhere (a tagger's or a metric's name may be long)."""


def unique_stem(prefix: str, name: str, taken: set[str]) -> str:
    """``prefix`` + ``name`` made a plain file stem of at most :data:`MAX_STEM` characters,
    unique among ``taken`` (which it joins) ignoring case, as Windows and macOS compare file
    names: "a b" and "a_b" both read a_b, so the second becomes a_b-2; so do "Ana" and
    "ana", and two long names that begin alike."""
    plain = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "unnamed"
    base = (prefix + plain)[:MAX_STEM]
    stem, n = base, 1
    folded = {stem.casefold() for stem in taken}
    while stem.casefold() in folded:
        n += 1
        suffix = f"-{n}"
        stem = base[:MAX_STEM - len(suffix)] + suffix
    taken.add(stem)
    return stem
