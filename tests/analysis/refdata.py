"""Readers for the reference datasets in tests/analysis/reference/ (see its README.md).

The folder is a byte copy of ``shared/reference/agreement``: published datasets with the
values established implementations assert. Only data are read here; the expected values
come from the JSON files beside them or from the README/KENDALL.md as cited in each test.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np

REFERENCE = Path(__file__).resolve().parent / "reference"
NOT_RATERS = {"group", "units", "unit", "subject"}

RAW_DATASETS = {
    "raw_4raters": "irrCAC_gwet/cac.raw4raters.csv",
    "raw_5observers": "irrCAC_gwet/cac.raw5obser.csv",
    "raw_ben_gerry": "irrCAC_gwet/cac.ben.gerry.csv",
    "raw_g1g2": "irrCAC_gwet/cac.raw.g1g2.csv",
    "raw_gender": "irrCAC_gwet/cac.raw.gender.csv",
}


def rows(relative: str) -> list[list[str]]:
    with (REFERENCE / relative).open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def raw_units(relative: str) -> list[list[str]]:
    """Units × raters as strings, '' for missing (Gwet's files; '.' also means missing)."""
    header, *body = rows(relative)
    keep = [n for n, name in enumerate(header) if name.strip().lower() not in NOT_RATERS]
    return [[_missing(row[n]) for n in keep] for row in body]


def coders_by_units(relative: str) -> list[list[str]]:
    """Krippendorff's layout (coders in rows, units in columns) turned into units × coders."""
    _, *body = rows(relative)
    coders = [row[1:] for row in body]
    return [list(unit) for unit in zip(*coders, strict=True)]


def _missing(text: str) -> str:
    text = text.strip()
    return "" if text in ("", ".", "NA") else text


def counts_of(units: list[list[str]], categories: list[str] | None = None
              ) -> tuple[np.ndarray, list[str]]:
    """Items × categories counts; categories sorted (numerically if they are numbers)."""
    found = sorted({v for unit in units for v in unit if v}, key=_order)
    categories = categories or found
    index = {c: n for n, c in enumerate(categories)}
    counts = np.zeros((len(units), len(categories)), dtype=int)
    for u, unit in enumerate(units):
        for v in unit:
            if v:
                counts[u, index[v]] += 1
    return counts, categories


def _order(value: str) -> tuple[int, float | str]:
    try:
        return (0, float(value))
    except ValueError:
        return (1, value)


def numeric_matrix(units: list[list[str]]) -> np.ndarray:
    """Coders × units floats with NaN for missing: the layout of ``krippendorff.alpha``."""
    return np.array([[float(v) if v else np.nan for v in unit] for unit in units]).T


def table_counts(relative: str) -> np.ndarray:
    """A subject × category count file (first column is the subject)."""
    _, *body = rows(relative)
    return np.array([[float(v) for v in row[1:]] for row in body])


def expected(relative: str) -> dict | list:
    return json.loads((REFERENCE / relative).read_text(encoding="utf-8"))
