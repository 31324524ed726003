"""The Metrics tab: how well each automatic metric agrees with the panel, read against the
human ceiling (as Narins et al. 2023, VICR, Table 4, and Ruiz et al. 2025, VCRScore,
Table 11)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from annotator.analysis.metrics import MetricScores
from annotator.analysis.pipeline import Analysis
from annotator.analysis.results import Comparison, Estimate, MetricResult
from annotator.analysis.undefined import Interval, Undefined, known
from annotator.reporting.analysed import reasons
from annotator.reporting.content import Cell, Chart, Column, Section, Table
from annotator.reporting.names import unique_stem
from annotator.reporting.svg_charts import bar_chart, scatter

FIGURES = (("tau_b", "τ_b"), ("spearman", "ρ"), ("pearson", "r"))


def _against_means(entry: MetricResult) -> tuple[Estimate, Estimate, Estimate]:
    """τ_b, ρ and r, in the order of :data:`FIGURES`."""
    return entry.tau_b, entry.spearman, entry.pearson


def metrics_section(analysis: Analysis) -> Section:
    metrics = analysis.results.metrics
    if isinstance(metrics, Undefined):
        return Section(name="metrics", title="Metrics", summary=(
            *reasons(analysis, "/metrics"),
            "Put automatic metric scores in metrics.csv in the project folder "
            "(item_id,metric,score, one row per item and metric) to compare them with the "
            "panel here."))
    by_metric = metrics.by_metric
    summary = [
        f"{metrics.n_metrics} metrics from {metrics.file}; τ_c pairs the metric's "
        "score with each human rating; τ_b, ρ and r use each item's mean rating; 95 % "
        f"intervals from {metrics.bootstrap:,} resamples of items.",
        "Human ceiling: one rating per item held out at random and scored like a metric "
        f"against the item's other ratings (τ_c, mean of {metrics.ceiling_reps} draws).",
    ]
    if metrics.unknown_items:
        summary.append(f"{metrics.unknown_items} item ids in the file have no rating "
                       "and were not used.")
    summary += reasons(analysis, "/metrics")
    charts = [_tau_chart(by_metric)]
    if analysis.metrics is not None:
        charts += _scatters(analysis, analysis.metrics)
    tables = [_metrics_table(by_metric), _intervals_table(by_metric)]
    if metrics.comparisons:
        tables.append(_comparisons_table(metrics.comparisons))
    return Section(name="metrics", title="Metrics", summary=tuple(summary),
                   tables=tuple(tables), charts=tuple(charts))


def _interval(ci: Interval) -> tuple[float | None, float | None]:
    return (None, None) if isinstance(ci, Undefined) else ci


def _metrics_table(by_metric: Mapping[str, MetricResult]) -> Table:
    rows = []
    for name, entry in by_metric.items():
        tau = entry.tau_c
        pr = entry.pr
        rows.append((name, entry.n_items, entry.n_ratings, known(tau.value),
                     *_interval(tau.ci95),
                     *(known(figure.value) for figure in _against_means(entry)),
                     known(entry.ceiling.mean),
                     None if isinstance(pr, Undefined) else pr.average_precision))
    return Table(
        name="metrics", title="Metrics against the panel",
        columns=(Column("metric", "Metric"), Column("items", "Items", "int"),
                 Column("ratings", "Ratings", "int"),
                 Column("tau_c", "τ_c", "fraction", "Kendall τ_c, each human rating a pair"),
                 Column("tau_c_low", "τ_c 95 % low", "fraction"),
                 Column("tau_c_high", "τ_c 95 % high", "fraction"),
                 *(Column(key, title, "fraction", "Against each item's mean rating")
                   for key, title in FIGURES),
                 Column("ceiling_tau_c", "Human ceiling τ_c", "fraction",
                        "One rating held out against the others, on the same items"),
                 Column("average_precision", "Average precision", "fraction",
                        "0/1 scales: precision–recall against the majority label")),
        rows=tuple(rows),
        description="As Table 4 of Narins et al. (2023, VICR), with the human ceiling "
                    "beside.")


def _intervals_table(by_metric: Mapping[str, MetricResult]) -> Table:
    rows = tuple((name, title, known(figure.value), *_interval(figure.ci95))
                 for name, entry in by_metric.items()
                 for title, figure in (("τ_c", entry.tau_c), *zip(
                     (title for _, title in FIGURES), _against_means(entry), strict=True)))
    return Table(
        name="metric_intervals", title="Every figure with its 95 % interval",
        columns=(Column("metric", "Metric"), Column("figure", "Figure"),
                 Column("value", "Value", "fraction"),
                 Column("ci95_low", "95 % low", "fraction"),
                 Column("ci95_high", "95 % high", "fraction")),
        rows=rows, description="Percentile intervals over resampled items.")


def _comparisons_table(comparisons: tuple[Comparison, ...]) -> Table:
    rows: list[tuple[Cell, ...]] = []
    for entry in comparisons:
        ci = entry.ci95
        if isinstance(entry.difference, Undefined) or isinstance(ci, Undefined):
            verdict = "n/a"
        elif ci[0] > 0:
            verdict = f"{entry.a} agrees better"
        elif ci[1] < 0:
            verdict = f"{entry.b} agrees better"
        else:
            verdict = "no clear difference"
        rows.append((entry.a, entry.b, entry.n_items, known(entry.difference),
                     *_interval(ci), verdict))
    return Table(
        name="metric_comparisons", title="Does one metric beat another? τ_c(A) − τ_c(B)",
        columns=(Column("a", "A"), Column("b", "B"), Column("items", "Items", "int"),
                 Column("difference", "τ_c(A) − τ_c(B)", "fraction"),
                 Column("ci95_low", "95 % low", "fraction"),
                 Column("ci95_high", "95 % high", "fraction"), Column("verdict", "Reading")),
        rows=tuple(rows),
        description="On the items both metrics score, from the same resamples; a difference "
                    "whose interval excludes 0 is one the data support.")


def _tau_chart(by_metric: Mapping[str, MetricResult]) -> Chart:
    names = list(by_metric)
    values = [known(entry.tau_c.value) for entry in by_metric.values()]
    intervals = [None if isinstance(entry.tau_c.ci95, Undefined) else entry.tau_c.ci95
                 for entry in by_metric.values()]
    ceilings = [(entry.ceiling.mean, entry.n_items) for entry in by_metric.values()
                if not isinstance(entry.ceiling.mean, Undefined)]
    ceiling = max(ceilings, key=lambda c: c[1])[0] if ceilings else None
    found = [(v, n) for v, n in zip(values, names, strict=True) if v is not None]
    best = f"The highest is {max(found)[1]} ({max(found)[0]:.3f})" if found else "No τ_c"
    title = "Kendall τ_c of each metric with the panel"
    description = (f"{best}" + (f"; the human ceiling is {ceiling:.3f}." if ceiling is not None
                                else ".") + " Whiskers: 95 % intervals.")
    return Chart("metrics_tau_c", title, description, bar_chart(
        names, values, title=title, description=description, value_label="τ_c",
        intervals=intervals, horizontal=True, value_format="{:.3f}",
        reference=None if ceiling is None else (ceiling, f"human ceiling {ceiling:.3f}")))


def _scatters(analysis: Analysis, scores: MetricScores) -> list[Chart]:
    """Per metric: its score against each item's mean rating (the items it scores)."""
    table = analysis.table
    means = analysis.results.items.summary.mean
    index = {item_id: n for n, item_id in enumerate(table.item_ids)}
    where = np.array([index.get(item_id, -1) for item_id in scores.item_ids])
    charts: list[Chart] = []
    taken: set[str] = set()
    for row, name in enumerate(scores.metrics):
        x, y = scores.scores[row], np.full(len(where), np.nan)
        y[where >= 0] = means[where[where >= 0]]
        both = ~np.isnan(x) & ~np.isnan(y)
        title = f"{name}: score against the item's mean rating"
        description = f"{int(both.sum())} items; each point is an item."
        stem = unique_stem("metric_", name, taken)
        data = Table(stem, title, (Column("item_id", "Item"), Column("score", name, "number"),
                                   Column("mean", "Mean rating", "number")),
                     tuple((item_id, float(score), float(mean)) for item_id, score, mean, shown
                           in zip(scores.item_ids, x, y, both, strict=True) if shown))
        charts.append(Chart(stem, title, description, scatter(
            x[both].tolist(), y[both].tolist(), title=title, description=description,
            x_label=name, y_label="mean rating", size_by_count=False), group="Metric",
            data=data))
    return charts
