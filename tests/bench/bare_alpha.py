"""The yardstick of ``bench_cli_csv.py``: ordinal α of a ratings CSV with the ``csv`` module
and the ``krippendorff`` package alone, as a lab would script it.

Run: ``python tests/bench/bare_alpha.py RATINGS.csv``. Each (tagger, round) is a coder,
each item a unit; ``skip`` answers are left out.
"""

from __future__ import annotations

import csv
import sys

import krippendorff
import numpy as np


def main(path: str) -> None:
    coders: dict[tuple[str, str], int] = {}
    units: dict[str, int] = {}
    cells = []
    with open(path, newline="", encoding="utf-8-sig") as handle:  # noqa: PTH123
        for row in csv.DictReader(handle):
            if row["rating"] == "skip":
                continue
            coder = coders.setdefault((row["tagger"], row["round"]), len(coders))
            unit = units.setdefault(row["item_id"], len(units))
            cells.append((coder, unit, float(row["rating"])))
    data = np.full((len(coders), len(units)), np.nan)
    for coder, unit, value in cells:
        data[coder, unit] = value
    print(krippendorff.alpha(reliability_data=data, level_of_measurement="ordinal"))


if __name__ == "__main__":
    main(sys.argv[1])
