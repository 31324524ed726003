"""Metric benchmark: every figure against scipy on expanded data, the ceiling by its
definition, PR by hand, seeded intervals, a simulated panel's truth, bad CSV rows."""

from __future__ import annotations

import csv
import itertools
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from threadpoolctl import threadpool_info

from annotator.analysis import metrics
from annotator.analysis.json_form import json_form
from annotator.analysis.kendall import CONSTANT
from annotator.analysis.metrics import (
    NO_SCORES,
    SAME_SCORE,
    MetricScores,
    load_metrics_csv,
    metric_benchmark,
    precision_recall,
)
from annotator.analysis.rating_table import item_counts
from annotator.analysis.report import analyze
from annotator.analysis.results import PrecisionRecall
from annotator.analysis.undefined import Undefined
from annotator.errors import AnnotatorError
from tests.project_ratings import project_ratings


def scores_of(table, **metrics) -> MetricScores:
    """Metrics given as arrays over ``table.item_ids`` (NaN = no score)."""
    names = tuple(metrics)
    return MetricScores(None, names, table.item_ids,
                        np.array([np.asarray(metrics[n], float) for n in names]))


def random_panel(make_table, rng, n_items=40, levels=(1, 2, 3, 4, 5)):
    rows, quality = [], rng.uniform(0, len(levels) - 1, n_items)
    for i in range(n_items):
        for t in rng.choice(12, size=int(rng.integers(1, 6)), replace=False):
            level = int(np.clip(round(quality[i] + rng.normal(0, 0.8)), 0, len(levels) - 1))
            rows.append((f"i{i:03d}", f"t{t:02d}", 1, levels[level]))
    return make_table(rows, levels=levels), quality


@pytest.mark.parametrize("seed", range(6))
def test_point_figures_equal_scipy_on_expanded_and_mean_data(make_table, seed) -> None:
    rng = np.random.default_rng(seed)
    table, quality = random_panel(make_table, rng)
    # integer scores give long runs of ties; seed 0 uses only 3 distinct scores
    score = (np.round(quality + rng.normal(0, 1, len(quality))) if seed % 2
             else rng.integers(0, 3 if seed == 0 else 50, len(quality)).astype(float))
    block = metric_benchmark(table, scores_of(table, m=score), reps=5, bootstrap=20,
                             rng=np.random.default_rng(1)).by_metric["m"]
    x = score[table.item]
    assert block.tau_c.value == pytest.approx(
        stats.kendalltau(x, table.values, variant="c").statistic, abs=1e-12)
    counts = item_counts(table)
    means = (counts @ table.levels) / counts.sum(axis=1)
    assert block.tau_b.value == pytest.approx(stats.kendalltau(score, means).statistic,
                                              abs=1e-12)
    assert block.spearman.value == pytest.approx(stats.spearmanr(score, means).statistic,
                                                 abs=1e-12)
    assert block.pearson.value == pytest.approx(stats.pearsonr(score, means).statistic,
                                                abs=1e-12)
    assert (block.n_items, block.n_ratings) == (len(score), len(table))


def test_the_figures_do_not_depend_on_how_many_threads_weigh_them(make_table,
                                                                   monkeypatch) -> None:
    """Batches are weighed on threads; every draw stays in order, so one thread or three
    give the same report to the last digit (metrics with different items included)."""
    rng = np.random.default_rng(3)
    table, quality = random_panel(make_table, rng, n_items=120)
    partial = quality + rng.normal(0, 1, 120)
    partial[::7] = np.nan
    scores = scores_of(table, a=quality + rng.normal(0, 1, 120), b=np.round(quality),
                       c=partial)
    reports = []
    for workers in (1, 3):
        monkeypatch.setattr(metrics, "_WORKERS", workers)
        reports.append(json_form(metric_benchmark(table, scores, reps=10, bootstrap=50,
                                                  rng=np.random.default_rng(5)))[0])
    assert reports[0] == reports[1]
    assert reports[0]["comparisons"][1]["ci95"] != reports[0]["comparisons"][0]["ci95"]


def test_the_figures_do_not_depend_on_how_many_resamples_a_batch_holds(make_table,
                                                                      monkeypatch) -> None:
    """Batches are sized to the cache; the draws go on from one batch to the next, so
    batches of 8 or of 256 resamples give the same report (on an odd number of items)."""
    rng = np.random.default_rng(4)
    table, quality = random_panel(make_table, rng, n_items=101)
    scores = scores_of(table, a=quality + rng.normal(0, 1, 101), b=np.round(quality))
    reports = []
    for cache in (1, 10**9):  # batches of 8, then of 256
        monkeypatch.setattr(metrics, "_BATCH_BYTES", cache)
        reports.append(json_form(metric_benchmark(table, scores, reps=10, bootstrap=300,
                                                  rng=np.random.default_rng(5)))[0])
    assert metrics.batch_size(101) == 256 and reports[0] == reports[1]


def blas_threads() -> list[int]:
    return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]


def test_blas_is_on_one_thread_while_the_pool_runs_and_as_before_after(make_table,
                                                                      monkeypatch) -> None:
    """The pool's threads are the parallelism; BLAS's own are held back only meanwhile."""
    before = blas_threads()
    assert before  # numpy's BLAS
    seen = []
    ceilings = metrics._ceilings

    def observed(*args):
        seen.append(blas_threads())  # on a thread of the pool
        return ceilings(*args)

    monkeypatch.setattr(metrics, "_ceilings", observed)
    rng = np.random.default_rng(2)
    table, quality = random_panel(make_table, rng)
    metric_benchmark(table, scores_of(table, a=quality), reps=5, bootstrap=20,
                     rng=np.random.default_rng(1))
    assert seen == [[1] * len(before)]
    assert blas_threads() == before


def test_intervals_repeat_with_a_seed_and_change_with_another(make_table) -> None:
    rng = np.random.default_rng(3)
    table, quality = random_panel(make_table, rng, n_items=60)
    scores = scores_of(table, a=quality + rng.normal(0, 1, 60), b=rng.random(60))

    def run(seed):
        return metric_benchmark(table, scores, reps=10, bootstrap=200,
                                rng=np.random.default_rng(seed))

    first, again, other = run(5), run(5), run(6)
    assert first == again
    for name in ("a", "b"):
        mine, others = first.by_metric[name], other.by_metric[name]
        for figure, changed in ((mine.tau_c, others.tau_c), (mine.tau_b, others.tau_b),
                                (mine.spearman, others.spearman),
                                (mine.pearson, others.pearson)):
            assert isinstance(figure.ci95, tuple)
            low, high = figure.ci95
            assert low <= figure.value <= high
            assert changed.ci95 != (low, high) and changed.value == figure.value
    assert other.by_metric["a"].ceiling != first.by_metric["a"].ceiling


def test_the_ceiling_is_one_held_out_rating_against_the_others(make_table) -> None:
    """Its mean over many draws approaches the exact mean over every equally likely choice
    of held-out ratings, each computed with scipy on the expanded pairs."""
    ratings = {"a": (1, 2, 5), "b": (4, 4), "c": (5, 3), "d": (2,)}
    rows = [(item, f"t{n}", 1, v) for item, values in ratings.items()
            for n, v in enumerate(values)]
    table = make_table(rows)
    reps = 4000
    block = metric_benchmark(table, scores_of(table, m=[1.0, 2.0, 3.0, 4.0]), reps=reps,
                             bootstrap=10, rng=np.random.default_rng(0)).by_metric["m"]
    ceiling = block.ceiling
    assert ceiling.n_items == 3  # d has one rating
    outcomes = []
    for choice in itertools.product(*(range(len(ratings[i])) for i in "abc")):
        held, rest = [], []
        for item, c in zip("abc", choice, strict=True):
            others = ratings[item][:c] + ratings[item][c + 1:]
            held += [ratings[item][c]] * len(others)
            rest += others
        outcomes.append(stats.kendalltau(held, rest, variant="c").statistic)
    assert np.std(outcomes) > 0.1  # the draw matters here
    assert ceiling.mean == pytest.approx(np.mean(outcomes), abs=4 * np.std(outcomes)
                                         / np.sqrt(reps))
    assert ceiling.sd == pytest.approx(np.std(outcomes), rel=0.1)


def test_precision_recall_and_average_precision_by_hand(make_table) -> None:
    # item: ratings (majority), score
    rows = [("a", "t1", 1, 1), ("a", "t2", 1, 1), ("a", "t3", 1, 0),   # 1, score .9
            ("b", "t1", 1, 0), ("b", "t2", 1, 0),                      # 0, score .8
            ("c", "t1", 1, 1),                                         # 1, score .8
            ("d", "t1", 1, 0), ("d", "t2", 1, 1),                      # tie: left out
            ("e", "t1", 1, 1), ("e", "t2", 1, 1),                      # 1, score .2
            ("f", "t1", 1, 0)]                                         # 0, score .1
    table = make_table(rows, levels=(0, 1))
    score = np.array([0.9, 0.8, 0.8, 0.5, 0.2, 0.1])
    pr = precision_recall(score, item_counts(table), table.levels, np.ones(6, bool))
    assert isinstance(pr, PrecisionRecall)
    assert pr.thresholds == (0.9, 0.8, 0.2, 0.1)
    assert pr.precision == pytest.approx([1, 2 / 3, 3 / 4, 3 / 5])
    assert pr.recall == pytest.approx([1 / 3, 2 / 3, 1, 1])
    assert (pr.n_items, pr.n_positive, pr.tied_left_out) == (5, 3, 1)
    # direct: the paper's sums at each threshold, then AP = Σ (R_n − R_{n−1}) P_n
    label = {"a": 1, "b": 0, "c": 1, "e": 1, "f": 0}
    s = {"a": 0.9, "b": 0.8, "c": 0.8, "e": 0.2, "f": 0.1}
    ap, previous = 0.0, 0.0
    for t in sorted(set(s.values()), reverse=True):
        chosen = [i for i in s if s[i] >= t]
        hits = sum(label[i] for i in chosen)
        precision, recall = hits / len(chosen), hits / sum(label.values())
        ap += (recall - previous) * precision
        previous = recall
    assert pr.average_precision == pytest.approx(ap, abs=1e-12)
    assert pr.average_precision == pytest.approx(1 / 3 + 1 / 3 * 2 / 3 + 1 / 3 * 3 / 4)
    assert precision_recall(score, item_counts(table), np.array([1.0, 2.0]),
                            np.ones(6, bool)).reason == "not a binary (0/1) scale"


def test_missing_and_constant_metrics_give_null_with_a_reason(make_table) -> None:
    rng = np.random.default_rng(2)
    table, quality = random_panel(make_table, rng, n_items=30)
    scores = scores_of(table, good=quality, empty=np.full(30, np.nan), flat=np.ones(30),
                       one=np.r_[1.0, np.full(29, np.nan)])
    report, reasons = json_form(metric_benchmark(table, scores, reps=5, bootstrap=50,
                                                 rng=np.random.default_rng(0)))
    by = report["by_metric"]
    assert by["good"]["tau_c"]["value"] > 0.3
    for name, reason in (("empty", NO_SCORES), ("flat", SAME_SCORE),
                         ("one", "fewer than 2 items")):
        assert by[name]["tau_c"]["value"] is None and by[name]["spearman"]["ci95"] is None
        assert reasons[f"/by_metric/{name}/tau_c/value"] == reason
    assert by["empty"]["n_items"] == 0 and by["empty"]["ceiling"]["mean"] is None
    pair = next(c for c in report["comparisons"] if (c["a"], c["b"]) == ("good", "flat"))
    assert pair["difference"] is None and pair["n_items"] == 30
    same = make_table([("a", "t1", 1, 3), ("b", "t1", 1, 3), ("b", "t2", 1, 3)])
    block = metric_benchmark(same, scores_of(same, m=[1.0, 2.0]), reps=3, bootstrap=5,
                             rng=np.random.default_rng(0))
    assert block.by_metric["m"].tau_c.value == Undefined(CONSTANT)


def test_no_metrics_file_is_a_null_with_the_reason(make_table) -> None:
    table = make_table([("a", "t1", 1, 3), ("b", "t1", 1, 4)])
    report = analyze(table, reps=2, bootstrap=5).to_json()
    assert report["metrics"] is None
    assert report["reasons"]["/metrics"] == ("no metrics.csv in the project and no "
                                             "--metrics given")


def test_a_noisy_copy_of_the_hidden_truth_beats_a_random_metric(simulated_project: Path
                                                                ) -> None:
    table = project_ratings(simulated_project)
    truth_file = next((simulated_project / "simulation").glob("truth-*.csv"))
    with truth_file.open(encoding="utf-8") as handle:
        truth = {row["item_id"]: float(row["quality_level"]) for row in csv.DictReader(handle)}
    rng = np.random.default_rng(11)
    items = table.item_ids
    noisy = np.array([truth.get(i, np.nan) for i in items]) + rng.normal(0, 0.5, len(items))
    scores = scores_of(table, random=rng.random(len(items)), noisy_truth=noisy)
    report = analyze(table, reps=20, bootstrap=500, seed=2, metrics=scores).to_json()
    block = report["metrics"]
    by = block["by_metric"]
    assert by["noisy_truth"]["tau_c"]["value"] > by["random"]["tau_c"]["value"] + 0.2
    assert by["noisy_truth"]["ceiling"] == by["random"]["ceiling"]  # the same items
    (pair,) = block["comparisons"]
    assert (pair["a"], pair["b"]) == ("random", "noisy_truth")
    assert pair["difference"] == pytest.approx(
        by["random"]["tau_c"]["value"] - by["noisy_truth"]["tau_c"]["value"])
    assert pair["ci95"][1] < 0  # the interval excludes 0


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_text(text, encoding=encoding)
    return path


def test_the_csv_reads_with_bom_any_header_case_and_empty_scores(tmp_path: Path) -> None:
    path = write(tmp_path / "m.csv", "Item_ID,Score,METRIC\n"
                 "a,0.5,bleu\nb,,bleu\na,7,words\nzz,1,words\n\n", encoding="utf-8-sig")
    scores = load_metrics_csv(path, item_ids=["a", "b", "c"])
    assert scores.metrics == ("bleu", "words") and scores.item_ids == ("a", "b")
    assert scores.unknown_items == ("zz",)
    assert np.array_equal(scores.scores, [[0.5, np.nan], [7.0, np.nan]], equal_nan=True)


def test_lines_count_quoted_line_breaks_and_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path / "m.csv", 'item_id,metric,score\na,"bleu\n4",0.5\nb,bleu,high\n')
    with pytest.raises(AnnotatorError) as caught:
        load_metrics_csv(path)
    assert str(caught.value) == (f"{path}:4: score 'high' is not a number (leave it empty for "
                                 "no score).")
    scores = load_metrics_csv(write(path, 'item_id,metric,score\na,"bleu\n4",0.5\n'))
    assert scores.metrics == ("bleu 4",)  # a name's white space is one space (names.py)
    path.write_bytes(b"item_id,metric,score\na,bleu,1\nb,bl\xe9u,1\n")
    with pytest.raises(AnnotatorError, match="not UTF-8") as caught:
        load_metrics_csv(path)
    assert (caught.value.file, caught.value.line) == (path, 3)


def test_every_bad_row_is_reported_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path / "m.csv", "item_id,metric,score\n"
                 "a,bleu,high\n,bleu,1\nb,,1\nc,bleu,nan\nd,bleu,0.1\nd,bleu,0.2\n"
                 "e,bleu,inf\n")
    with pytest.raises(AnnotatorError) as caught:
        load_metrics_csv(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: 6 problems, so nothing was read from this file")
    for line, text in ((2, "'high' is not a number"), (3, "item_id is empty"),
                       (4, "metric is empty"), (5, "'nan' is not a finite"),
                       (7, "second bleu score (first on line 6)"), (8, "'inf' is not a finite")):
        assert f"{path}:{line}: " in message and text in message
    with pytest.raises(AnnotatorError, match="no 'score' column"):
        load_metrics_csv(write(tmp_path / "h.csv", "item_id,metric\na,b\n"))
    with pytest.raises(AnnotatorError, match="not UTF-8"):
        load_metrics_csv(write(tmp_path / "l.csv", "item_id,metric,score\né,b,1\n",
                               encoding="latin-1"))
    with pytest.raises(AnnotatorError, match="no such metrics file"):
        load_metrics_csv(tmp_path / "none.csv")

