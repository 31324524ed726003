"""Each item's median, VICR consensus and Caption-Quality p̂, against plain Python."""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from annotator.analysis.aggregates import item_aggregates
from annotator.analysis.report import analyze

RATINGS = {  # item: the ratings of five taggers (None: not rated)
    "even": [1, 2, 4, 5, None],
    "odd": [3, 3, 4, 5, 5],
    "half": [2, 3, None, None, None],  # mean 2.5: VICR rounds halves up
    "one": [4, None, None, None, None],
}


def test_median_and_consensus_per_item(make_table) -> None:
    rows = [(item, f"t{n}", 1, value) for item, values in RATINGS.items()
            for n, value in enumerate(values) if value is not None]
    table = make_table(rows)
    got = item_aggregates(table.data())
    assert got.p_hat is None and got.skips is None  # a 1–5 scale has no p̂
    for item, values in RATINGS.items():
        rated = [v for v in values if v is not None]
        i = table.item_ids.index(item)
        assert got.median[i] == statistics.median(rated)
        mean = statistics.fmean(rated)
        assert got.consensus[i] == int(mean + 0.5)  # nearest level, halves up
    assert got.consensus[table.item_ids.index("half")] == 3


def test_an_item_only_skipped_has_no_figures(make_table) -> None:
    table = make_table([("a", "t1", 1, 3)], skips={("b", 1): 2})
    got = item_aggregates(table.data())
    b = table.item_ids.index("b")
    assert np.isnan(got.median[b]) and np.isnan(got.consensus[b])


def test_p_hat_of_the_first_round_in_eighths_without_over_skipped_pairs(make_table) -> None:
    yes = {"a": [1, 1, 1, 0, 0, 1, 1], "b": [0, 0, 1], "c": [1, 1]}  # round 1
    rows = [(item, f"t{n}", 1, v) for item, values in yes.items() for n, v in enumerate(values)]
    rows += [("a", "t0", 2, 0), ("a", "t1", 2, 0)]  # round 2 does not count
    table = make_table(rows, levels=(0, 1), skips={("c", 1): 3, ("b", 1): 2, ("b", 2): 9})
    got = item_aggregates(table.data())
    assert got.p_hat is not None and got.skips is not None
    a, b, c = (table.item_ids.index(x) for x in "abc")
    assert got.p_hat[a] == round(5 / 7 * 8) / 8 == 0.75
    assert got.p_hat[b] == pytest.approx(3 / 8)  # 1/3 → 2.67 eighths → 3/8
    assert np.isnan(got.p_hat[c])  # skipped 3 times in round 1: set aside
    assert got.skips.tolist()[b] == 2 and got.skips.tolist()[c] == 3
    binary = analyze(table, reps=2, bootstrap=10).binary  # the report's p̂ of round 1
    assert binary.p_hat_distribution == {f"{v:g}": int((got.p_hat == v).sum())
                                         for v in np.arange(9) / 8}
