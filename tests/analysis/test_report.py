"""The whole report: the issue's keys, fractions, and a reason for every null."""

from __future__ import annotations

import json

import numpy as np
import pytest

from annotator.analysis.alpha import alpha
from annotator.analysis.rating_table import item_counts
from annotator.analysis.report import analyze
from tests.bench._panels import synthetic_panel

KEYS = ["n_items", "n_taggers", "n_ratings", "alpha", "alpha_by_round", "alpha_leave_one_out",
        "virtual_raters", "virtual_raters_chance", "retest", "retest_stability", "taggers",
        "items", "sources", "distribution", "percent_agreement", "gwet_ac1", "fleiss_kappa",
        "binary", "reasons"]


def nulls(value, pointer=""):
    if value is None:
        yield pointer
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from nulls(v, f"{pointer}/{k.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(value, list):
        for n, v in enumerate(value):
            yield from nulls(v, f"{pointer}/{n}")


@pytest.fixture(scope="module")
def small_panel():
    return synthetic_panel(n_items=300, n_taggers=12, n_ratings=1500, low=3, high=7,
                           levels=np.arange(1.0, 6.0), noise=0.6, seed=1, retest_items=40)


def test_the_issue_keys_as_plain_fractions(small_panel) -> None:
    report = analyze(small_panel, reps=20, bootstrap=200, seed=3).to_json()
    json.dumps(report, allow_nan=False)
    assert all(key in report for key in KEYS)
    assert report["n_ratings"] == 1500 and report["n_items"] == 300
    a = report["alpha"]
    assert a["value"] == pytest.approx(alpha(item_counts(small_panel), small_panel.levels))
    assert a["ci95"][0] < a["value"] < a["ci95"][1] and a["level"] == "ordinal"
    assert set(report["alpha_by_round"]) == {"1", "2"}
    for rnd, (low, high) in report["alpha_by_round_ci95"].items():
        assert low < report["alpha_by_round"][rnd] < high
    assert len(report["alpha_leave_one_out"]) == 12
    for name in ("tau_x_yz", "tau_y_xz", "tau_z_xy", "kendall_w", "fleiss_kappa",
                 "fleiss_kappa_45"):
        figure = report["virtual_raters"][name]
        assert 0 < figure["mean"] < 1 and figure["sd"] > 0
    assert report["virtual_raters"]["reps"] == 20
    assert report["virtual_raters"]["tau_y_xz"]["mean"] > report["virtual_raters_chance"][
        "tau_y_xz"]["mean"]
    entry = next(iter(report["retest"].values()))
    assert set(entry) >= {"alpha", "tau", "n_items"}
    tagger = next(iter(report["taggers"].values()))
    assert set(tagger) >= {"n", "ea", "aa", "la", "bias", "score", "median_seconds"}
    assert tagger["ea"] + tagger["aa"] + tagger["la"] == pytest.approx(1.0)
    assert sum(report["distribution"].values()) == 300
    assert set(report["sources"]) == {f"model-{i}" for i in range(5)}
    assert report["binary"] is None and "/binary" in report["reasons"]


def test_the_same_seed_gives_the_same_report(small_panel) -> None:
    one = analyze(small_panel, reps=5, bootstrap=50, seed=9).to_json()
    assert one == analyze(small_panel, reps=5, bootstrap=50, seed=9).to_json()
    assert one != analyze(small_panel, reps=5, bootstrap=50, seed=10).to_json()


@pytest.mark.parametrize("rows", [
    [("a", "ana", 1, 3)],                                             # one rating
    [("a", "ana", 1, 3), ("a", "ben", 1, 3), ("b", "ana", 1, 3)],     # no variation
    [("a", "ana", 1, 2), ("a", "ben", 1, 4)],                         # one item
    [("a", "ana", 1, 2), ("a", "ana", 2, 2), ("b", "ana", 1, 5)],     # one tagger, retest
], ids=["one-rating", "constant", "one-item", "one-tagger"])
def test_degenerate_panels_give_nulls_with_reasons_never_nan(make_table, rows) -> None:
    report = analyze(make_table(rows), reps=3, bootstrap=20).to_json()
    json.dumps(report, allow_nan=False)
    missing = [p for p in nulls(report) if p not in report["reasons"]]
    assert missing == []
    assert set(report["reasons"]) == set(nulls(report))
    assert report["alpha"]["value"] is None or len(rows) == 2
