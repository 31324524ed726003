"""VCRScore's tables on a simulated vcr5 panel, recomputed from the ratings one by one
with scipy.stats (kendalltau, rankdata, pearsonr, bootstrap)."""

from __future__ import annotations

import itertools
import statistics
from collections import Counter, defaultdict

import numpy as np
import pytest
from scipy import stats as scipy_stats

from annotator.analysis.paper_tables import PAPERS
from annotator.analysis.paper_tables.table import PaperTable
from annotator.analysis.paper_tables.vcrscore import RANKING_RESAMPLES
from annotator.analysis.pipeline import Analysis
from tests.analysis.paper_tables.conftest import Simulated


def _rows(analysis: Analysis) -> list[tuple[str, str, int, float, str]]:
    """(item, tagger, round, value, source) of every data rating, in stored order."""
    data = analysis.table.data()
    assert data.item_sources is not None
    return [(data.item_ids[i], data.taggers[t], int(r), float(v), data.item_sources[i])
            for i, t, r, v in zip(data.item, data.tagger, data.round, data.values,
                                  strict=True)]


def _table(analysis: Analysis, name: str) -> PaperTable:
    return next(t for t in PAPERS["vcrscore"](analysis).tables if t.name == name)


def _kendall_w(matrix: np.ndarray) -> float:
    """W with the tie correction, from scipy's mid-ranks (m raters × n items)."""
    m, n = matrix.shape
    ranks = np.array([scipy_stats.rankdata(row) for row in matrix])
    s = float(((ranks.sum(axis=0) - m * (n + 1) / 2) ** 2).sum())
    ties = sum(sum(c**3 - c for c in Counter(row.tolist()).values()) for row in matrix)
    return 12 * s / (m**2 * (n**3 - n) - m * ties)


def test_inter_tagger_tau_and_w(simulated: Simulated) -> None:
    analysis = simulated("vcr5-demo")
    first: dict[tuple[int, str], dict[str, float]] = defaultdict(dict)
    for item, tagger, rnd, value, _ in _rows(analysis):
        first[rnd, tagger].setdefault(item, value)
    table = _table(analysis, "Table 3")
    assert [row[0] for row in table.rows] == [1, 2]
    for rnd, taggers, pairs, mean_tau, complete, w in table.rows:
        mine = {t: r for (n, t), r in first.items() if n == rnd}
        taus = []
        for a, b in itertools.combinations(sorted(mine), 2):
            shared = sorted(set(mine[a]) & set(mine[b]))
            taus.append(scipy_stats.kendalltau([mine[a][i] for i in shared],
                                               [mine[b][i] for i in shared]).statistic)
        everyone = sorted(set.intersection(*(set(r) for r in mine.values())))
        matrix = np.array([[mine[t][i] for i in everyone] for t in sorted(mine)])
        assert (taggers, pairs, complete) == (len(mine), len(taus), len(everyone))
        assert mean_tau == pytest.approx(statistics.fmean(taus), abs=1e-9)
        assert w == pytest.approx(_kendall_w(matrix), abs=1e-9)


def test_tagger_by_source_by_round(simulated: Simulated) -> None:
    analysis = simulated("vcr5-demo")
    cells: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    for _, tagger, rnd, value, source in _rows(analysis):
        cells[tagger, source, rnd].append(value)
    table = _table(analysis, "Fig. 3")
    levels = [0.0, 0.25, 0.5, 0.75, 1.0]
    assert table.columns[-5:] == tuple(f"votes {v:g}" for v in levels)
    assert {row[:3] for row in table.rows} == set(cells)
    for tagger, source, rnd, n, mean, *votes in table.rows:
        values = cells[tagger, source, rnd]
        assert n == len(values)
        assert mean == pytest.approx(statistics.fmean(values), abs=1e-12)
        assert votes == [values.count(v) for v in levels]


def _item_means(analysis: Analysis) -> tuple[dict[str, float], dict[str, str]]:
    ratings: dict[str, list[float]] = defaultdict(list)
    source = {}
    for item, _, _, value, src in _rows(analysis):
        ratings[item].append(value)
        source[item] = src
    return {i: statistics.fmean(v) for i, v in ratings.items()}, source


def test_metric_correlations_per_source(simulated: Simulated) -> None:
    analysis = simulated("vcr5-demo")
    assert analysis.metrics is not None
    means, source = _item_means(analysis)
    scores = {(m, item): float(analysis.metrics.scores[n, k])
              for n, m in enumerate(analysis.metrics.metrics)
              for k, item in enumerate(analysis.metrics.item_ids)}
    table = _table(analysis, "Fig. 5")
    assert len(table.rows) == len(set(source.values())) * 2
    for src, metric, n, r, p, low, high in table.rows:
        items = [i for i in sorted(means) if source[i] == src
                 and not np.isnan(scores[metric, i])]
        theirs = scipy_stats.pearsonr([scores[metric, i] for i in items],
                                      [means[i] for i in items])
        interval = theirs.confidence_interval()
        assert n == len(items)
        assert (r, p) == pytest.approx((theirs.statistic, theirs.pvalue), abs=1e-9)
        assert (low, high) == pytest.approx((interval.low, interval.high), abs=1e-9)


def test_model_ranking_with_bootstrap_intervals(simulated: Simulated) -> None:
    """The means exactly; the interval ends within Monte-Carlo error of scipy's
    percentile bootstrap on 50,000 resamples: a source has 5–6 items whose means' sd is
    at most 0.5, so the mean's sd is at most 0.23 and an end of 2,000 resamples has a
    Monte-Carlo sd under 0.02; allowed 0.1 (the resampled means also move in steps of
    a sixth of a level's spread)."""
    analysis = simulated("vcr5-demo")
    means, source = _item_means(analysis)
    table = _table(analysis, "Fig. 9")
    by_source = {s: [means[i] for i in sorted(means) if source[i] == s]
                 for s in set(source.values())}
    expected = sorted(by_source, key=lambda s: (-statistics.fmean(by_source[s]), s))
    assert [row[1] for row in table.rows] == expected
    assert [row[0] for row in table.rows] == list(range(1, len(expected) + 1))
    for _, src, n, mean, low, high in table.rows:
        values = by_source[src]
        theirs = scipy_stats.bootstrap((np.array(values),), np.mean, n_resamples=50_000,
                                       method="percentile", rng=np.random.default_rng(3))
        assert n == len(values)
        assert mean == pytest.approx(statistics.fmean(values), abs=1e-12)
        assert low == pytest.approx(theirs.confidence_interval.low, abs=0.1)
        assert high == pytest.approx(theirs.confidence_interval.high, abs=0.1)
    assert RANKING_RESAMPLES == 2000
    assert PAPERS["vcrscore"](analysis).tables[3] == table  # seeded: the same again


def test_a_tagger_s_first_rating_of_an_item_in_a_round_counts() -> None:
    """A pair rated again in the same round (a retest) counts with its first rating."""
    from annotator.analysis.paper_tables.vcrscore import inter_tagger_tau
    from annotator.analysis.rating_table import build_table
    from annotator.store.records import Phase

    rows = [("i1", "a", 1, 1), ("i2", "a", 1, 2), ("i3", "a", 1, 3), ("i1", "a", 1, 5),
            ("i1", "b", 1, 1), ("i2", "b", 1, 3), ("i3", "b", 1, 2)]
    items, taggers, rounds, values = zip(*rows, strict=True)
    phases = [Phase.RETEST if n == 3 else Phase.GAME for n in range(len(rows))]
    table = build_table(item_ids=items, taggers=taggers, rounds=rounds, values=values,
                        levels=(1, 2, 3, 4, 5), phases=phases)
    (row,) = inter_tagger_tau(table.data()).rows
    assert row[3] == pytest.approx(scipy_stats.kendalltau([1, 2, 3], [1, 3, 2]).statistic)
    assert row[5] == pytest.approx(_kendall_w(np.array([[1, 2, 3], [1, 3, 2]])))
