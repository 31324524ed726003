"""VICR's and ContextRef's tables on simulated panels, recomputed answer by answer
(statistics, scipy.stats pearsonr and ttest_ind(equal_var=False))."""

from __future__ import annotations

import statistics
from collections import defaultdict

import numpy as np
import pytest
from scipy import stats as scipy_stats

from annotator.analysis.paper_tables import PAPERS
from annotator.analysis.paper_tables.contextref import FLAGS
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import DATA_PHASES, PHASES, STAGE_NAMES
from annotator.analysis.results import MetricBenchmark
from annotator.project.answer_model import AnswerKind
from annotator.store.records import Phase
from tests.analysis.paper_tables.conftest import Simulated


def test_vicr_taggers_against_the_expert_gold(simulated: Simulated) -> None:
    analysis = simulated("vicr-demo")
    assert analysis.input.project is not None
    gold = {pair.item.item_id: pair.rating for pair in analysis.input.project.gold}
    table = analysis.table
    distances: dict[str, list[int]] = defaultdict(list)
    by_level: dict[float, list[int]] = defaultdict(list)
    for i, t, v in zip(table.item, table.tagger, table.values, strict=True):
        if table.item_ids[i] in gold:
            expert = gold[table.item_ids[i]]
            distances[table.taggers[t]].append(abs(int(v) - int(expert)))  # levels 1–5
            by_level[expert].append(abs(int(v) - int(expert)))
    distances["(panel)"] = [d for name in table.taggers for d in distances[name]]
    per_tagger, per_level = PAPERS["vicr"](analysis).tables[:2]
    assert {row[0] for row in per_tagger.rows} == set(distances)
    assert per_tagger.rows[-1][0] == "(panel)"
    for name, n, exact, adjacent in per_tagger.rows:
        mine = distances[name]
        assert n == len(mine) > 0
        assert exact == pytest.approx(mine.count(0) / n, abs=1e-12)
        assert adjacent == pytest.approx(sum(d <= 1 for d in mine) / n, abs=1e-12)
    assert [row[0] for row in per_level.rows] == [f"{v:g}" for v in sorted(by_level)]
    for level, n, exact, adjacent in per_level.rows:
        mine = by_level[float(level)]
        assert (n, exact, adjacent) == (len(mine), pytest.approx(mine.count(0) / n),
                                        pytest.approx(sum(d <= 1 for d in mine) / n))


def test_vicr_seconds_and_metric_table(simulated: Simulated) -> None:
    analysis = simulated("vicr-demo")
    data = analysis.table.data()
    tables = PAPERS["vicr"](analysis).tables
    seconds = {name: [float(s) for s, t in zip(data.seconds, data.tagger, strict=True)
                      if data.taggers[t] == name] for name in data.taggers}
    seconds["(panel)"] = [float(s) for s in data.seconds]
    assert len(tables[2].rows) == 7
    for name, n, mean, median in tables[2].rows:
        assert n == len(seconds[name])
        assert mean == pytest.approx(statistics.fmean(seconds[name]), abs=1e-9)
        assert median == pytest.approx(statistics.median(seconds[name]), abs=1e-12)
    benchmark = analysis.results.metrics
    assert isinstance(benchmark, MetricBenchmark)
    assert [row[0] for row in tables[3].rows] == list(benchmark.by_metric)
    for metric, n, tau_c, *_ in tables[3].rows:
        assert (n, tau_c) == (benchmark.by_metric[metric].n_items,
                              benchmark.by_metric[metric].tau_c.value)


def _answers(simulated: Simulated) -> tuple[list[tuple[str, str, str, float, bool]], Analysis]:
    """(item, question, stage, value, data?) of every answer but tutorial and probation."""
    analysis = simulated("contextref-demo")
    table = analysis.table
    assert table.question is not None and table.stage is not None
    shown = {PHASES.index(Phase.TUTORIAL), PHASES.index(Phase.PROBATION)}
    rows = [(table.item_ids[i], table.questions[q], STAGE_NAMES[s], float(v),
             bool(DATA_PHASES[p]))
            for i, q, s, v, p in zip(table.item, table.question, table.stage, table.values,
                                     table.phase, strict=True) if p not in shown]
    return rows, analysis


def test_contextref_metrics_against_every_question_and_stage(simulated: Simulated) -> None:
    answers, analysis = _answers(simulated)
    scores = analysis.metrics
    assert scores is not None
    by_cell: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for item, question, stage, value, data in answers:
        if data:
            by_cell[question, stage, item].append(value)
    table = PAPERS["contextref"](analysis).tables[0]
    assert len(table.rows) == 2 * len({(q, s) for q, s, _ in by_cell})
    for metric, question, stage, n, r, p, low, high in table.rows:
        m = scores.metrics.index(metric)
        pairs = [(float(s), statistics.fmean(by_cell[question, stage, item]))
                 for item, s in zip(scores.item_ids, scores.scores[m], strict=True)
                 if (question, stage, item) in by_cell and not np.isnan(s)]
        x, y = zip(*pairs, strict=True)
        theirs = scipy_stats.pearsonr(x, y)
        interval = theirs.confidence_interval()
        assert n == len(pairs)
        assert (r, p, low, high) == pytest.approx(
            (theirs.statistic, theirs.pvalue, interval.low, interval.high), abs=1e-9)


@pytest.mark.filterwarnings("ignore:Precision loss occurred:RuntimeWarning")  # constant a
def test_contextref_welch_tests_and_length(simulated: Simulated) -> None:
    answers, analysis = _answers(simulated)
    project = analysis.input.project
    assert project is not None
    identical = {"check-fig", "check-dragonfly"}  # the item checks repeat their figure caption
    assert project.checks.items == identical
    tables = PAPERS["contextref"](analysis)
    asks_flag = any(q.kind is AnswerKind.FLAG for q in project.rubric.questions)
    assert tables.not_reproduced == (() if asks_flag else (FLAGS,))
    same, stage = tables.tables[1], tables.tables[2]
    assert len(same.rows) == 9 and len(stage.rows) == 4
    for question, look, n_a, mean_a, n_b, mean_b, t, df, p in same.rows:
        a = [v for i, q, s, v, _ in answers if i in identical and (q, s) == (question, look)]
        b = [v for i, q, s, v, d in answers
             if d and i not in identical and (q, s) == (question, look)]
        theirs = scipy_stats.ttest_ind(a, b, equal_var=False)
        assert (n_a, n_b) == (len(a), len(b))
        assert (mean_a, mean_b) == pytest.approx((statistics.fmean(a), statistics.fmean(b)))
        assert (t, df, p) == pytest.approx((theirs.statistic, theirs.df, theirs.pvalue),
                                           abs=1e-9)
    for question, n_a, _, n_b, _, t, df, p in stage.rows:
        a, b = ([v for _, q, s, v, d in answers if d and (q, s) == (question, look)]
                for look in ("pre", "post"))
        theirs = scipy_stats.ttest_ind(a, b, equal_var=False)
        assert (n_a, n_b) == (len(a), len(b))
        assert (t, df, p) == pytest.approx((theirs.statistic, theirs.df, theirs.pvalue),
                                           abs=1e-9)
    overall: dict[str, list[float]] = defaultdict(list)
    for item, question, look, value, data in answers:
        if data and (question, look) == ("overall", "post"):
            overall[item].append(value)
    words = {item.item_id: len(item.caption.split()) for item in project.items}
    items = sorted(overall)
    theirs = scipy_stats.pearsonr([words[i] for i in items],
                                  [statistics.fmean(overall[i]) for i in items])
    n, r, p, low, high = tables.tables[3].rows[0]
    assert n == len(items) == 10  # the item checks are data
    assert (r, p) == pytest.approx((theirs.statistic, theirs.pvalue), abs=1e-9)
    interval = theirs.confidence_interval()
    assert (low, high) == pytest.approx((interval.low, interval.high), abs=1e-9)


def test_a_single_question_protocol_has_no_contextref_tables(simulated: Simulated) -> None:
    tables = PAPERS["contextref"](simulated("vicr-demo")).tables
    assert tables and all(t.missing is not None and "single-question" in t.missing
                          for t in tables)
