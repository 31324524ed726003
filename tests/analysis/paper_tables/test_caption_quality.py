"""Caption-Quality's tables on a simulated good-bad-skip panel, with pairs skipped more
than twice added, recomputed pair by pair (fractions, statistics, scipy.stats)."""

from __future__ import annotations

import dataclasses
import statistics
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats as scipy_stats

from annotator.analysis.paper_tables import PAPERS
from annotator.analysis.paper_tables.table import PaperTables
from annotator.analysis.pipeline import Analysis
from tests.analysis.paper_tables.conftest import Simulated

SKIPS = {("clock-a", 1): 3, ("fig-b", 2): 5, ("nuthatch-a", 1): 2}
"""Two pairs set aside (more than 2 skips, in round 1 or round 2), one kept (2 skips)."""


@pytest.fixture(scope="module")
def with_skips(simulated: Simulated) -> Analysis:
    analysis = simulated("good-bad-skip-demo")
    table = analysis.table
    skips = {(table.item_ids.index(item), rnd): n for (item, rnd), n in SKIPS.items()}
    return dataclasses.replace(analysis, input=dataclasses.replace(
        analysis.input, table=dataclasses.replace(table, skips=skips)))


def _p_hats(analysis: Analysis) -> dict[tuple[str, int], Fraction]:
    """p̂ of each kept pair and round: the share of yes rounded to eighths, halves up."""
    data = analysis.table.data()
    answers: dict[tuple[str, int], list[int]] = defaultdict(list)
    for i, r, v in zip(data.item, data.round, data.values, strict=True):
        answers[data.item_ids[i], int(r)].append(int(v))
    aside = {item for (item, _), n in SKIPS.items() if n > 2}
    out = {}
    for (item, rnd), values in answers.items():
        if item not in aside:
            share = Fraction(sum(values), len(values))
            out[item, rnd] = Fraction(int(share * 8 + Fraction(1, 2)), 8)
    return out


def _tables(analysis: Analysis) -> PaperTables:
    return PAPERS["caption-quality"](analysis)


def test_p_hat_per_round_and_the_pairs_set_aside(with_skips: Analysis) -> None:
    expected = _p_hats(with_skips)
    table = _tables(with_skips).tables[0]
    assert table.columns == ("pair", "set aside", "skips round 1", "p̂ round 1",
                             "skips round 2", "p̂ round 2")
    assert len(table.rows) == 17
    for item, aside, skips_1, p_1, skips_2, p_2 in table.rows:
        assert aside == ("yes" if item in ("clock-a", "fig-b") else "no")
        assert (skips_1, skips_2) == (SKIPS.get((item, 1), 0), SKIPS.get((item, 2), 0))
        if aside == "yes":
            assert not isinstance(p_1, float) and not isinstance(p_2, float)
        else:
            assert (p_1, p_2) == (float(expected[item, 1]), float(expected[item, 2]))


def test_metrics_against_p_hat_leave_out_the_pairs_set_aside(with_skips: Analysis) -> None:
    assert with_skips.metrics is not None
    p_hat = _p_hats(with_skips)
    table = _tables(with_skips).tables[1]
    assert [row[0] for row in table.rows] == ["rounded", "smooth"]
    for metric, n, r, p, low, high, rho, rho_p, rho_low, rho_high in table.rows:
        row = with_skips.metrics.metrics.index(metric)
        pairs = [(float(s), float(p_hat[item, 1]))
                 for item, s in zip(with_skips.metrics.item_ids,
                                    with_skips.metrics.scores[row], strict=True)
                 if (item, 1) in p_hat and not np.isnan(s)]
        x, y = zip(*pairs, strict=True)
        pearson, rank = scipy_stats.pearsonr(x, y), scipy_stats.spearmanr(x, y)
        assert n == len(pairs) == 17 - 2 - (metric == "smooth")
        assert (r, p) == pytest.approx((pearson.statistic, pearson.pvalue), abs=1e-9)
        interval = pearson.confidence_interval()
        assert (low, high) == pytest.approx((interval.low, interval.high), abs=1e-9)
        assert (rho, rho_p) == pytest.approx((rank.statistic, rank.pvalue), abs=1e-9)
        assert isinstance(rho_low, float) and isinstance(rho_high, float)


def test_histogram_of_the_change_between_rounds(with_skips: Analysis) -> None:
    p_hat = _p_hats(with_skips)
    diffs = [p_hat[item, 1] - p_hat[item, 2] for item, rnd in p_hat
             if rnd == 1 and (item, 2) in p_hat]
    rows = dict(_tables(with_skips).tables[2].rows)
    for eighth in range(-8, 9):
        assert rows[f"{eighth / 8:g}"] == diffs.count(Fraction(eighth, 8))
    assert rows["pairs"] == len(diffs) == 15
    assert rows["mean"] == pytest.approx(float(statistics.mean(diffs)), abs=1e-12)
    assert rows["sd"] == pytest.approx(float(statistics.stdev(diffs)), abs=1e-12)
    assert rows["share within 0.25"] == pytest.approx(
        sum(abs(d) <= Fraction(1, 4) for d in diffs) / len(diffs), abs=1e-12)


def test_a_scale_that_is_not_binary_gives_no_tables(simulated: Simulated) -> None:
    tables = _tables(simulated("vcr5-demo")).tables
    assert len(tables) == 3
    assert all(t.missing == "not a binary (0/1) scale" and not t.rows for t in tables)
