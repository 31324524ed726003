"""The Metrics tab: how well each automatic metric agrees with the panel, read against the
human ceiling (seeds/000 Table 4, seeds/002 Table 11; DESIGN §9 "Metric benchmark")."""

from __future__ import annotations

import numpy as np

from annotator.reporting.analysed import Analysed
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.names import unique_stem
from annotator.reporting.svg_charts import bar_chart, scatter

FIGURES = (("tau_b", "τ_b"), ("spearman", "ρ"), ("pearson", "r"))


def metrics_section(analysed: Analysed) -> Section:
    metrics = analysed.report["metrics"]
    if metrics is None:
        return Section(name="metrics", title="Metrics", summary=(
            *analysed.reasons("/metrics"),
            "Put automatic metric scores in metrics.csv in the project folder "
            "(item_id,metric,score, one row per item and metric) to compare them with the "
            "panel here."))
    by_metric = metrics["by_metric"]
    summary = [
        f"{metrics['n_metrics']} metrics from {metrics['file']}; τ_c pairs the metric's "
        "score with each human rating; τ_b, ρ and r use each item's mean rating; 95 % "
        f"intervals from {metrics['bootstrap']:,} resamples of items.",
        "Human ceiling: one rating per item held out at random and scored like a metric "
        f"against the item's other ratings (τ_c, mean of {metrics['ceiling_reps']} draws).",
    ]
    if metrics["unknown_items"]:
        summary.append(f"{metrics['unknown_items']} item ids in the file have no rating "
                       "and were not used.")
    summary += analysed.reasons("/metrics")
    charts = [_tau_chart(by_metric)]
    if analysed.metrics is not None:
        charts += _scatters(analysed)
    tables = [_metrics_table(by_metric), _intervals_table(by_metric)]
    if metrics["comparisons"]:
        tables.append(_comparisons_table(metrics["comparisons"]))
    return Section(name="metrics", title="Metrics", summary=tuple(summary),
                   tables=tuple(tables), charts=tuple(charts))


def _metrics_table(by_metric: dict) -> Table:
    rows = []
    for name, entry in by_metric.items():
        tau = entry["tau_c"]
        ci = tau["ci95"] or (None, None)
        pr = entry["pr"]
        rows.append((name, entry["n_items"], entry["n_ratings"], tau["value"], ci[0], ci[1],
                     *(entry[key]["value"] for key, _ in FIGURES),
                     entry["ceiling"]["mean"], pr["average_precision"] if pr else None))
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
        rows=tuple(rows), description="As seeds/000 Table 4, with the human ceiling beside.")


def _intervals_table(by_metric: dict) -> Table:
    rows = tuple((name, title, entry[key]["value"],
                  *(entry[key]["ci95"] or (None, None)))
                 for name, entry in by_metric.items()
                 for key, title in (("tau_c", "τ_c"), *FIGURES))
    return Table(
        name="metric_intervals", title="Every figure with its 95 % interval",
        columns=(Column("metric", "Metric"), Column("figure", "Figure"),
                 Column("value", "Value", "fraction"),
                 Column("ci95_low", "95 % low", "fraction"),
                 Column("ci95_high", "95 % high", "fraction")),
        rows=rows, description="Percentile intervals over resampled items.")


def _comparisons_table(comparisons: list[dict]) -> Table:
    rows = []
    for entry in comparisons:
        ci = entry["ci95"]
        if entry["difference"] is None or ci is None:
            verdict = "n/a"
        elif ci[0] > 0:
            verdict = f"{entry['a']} agrees better"
        elif ci[1] < 0:
            verdict = f"{entry['b']} agrees better"
        else:
            verdict = "no clear difference"
        rows.append((entry["a"], entry["b"], entry["n_items"], entry["difference"],
                     *(ci or (None, None)), verdict))
    return Table(
        name="metric_comparisons", title="Does one metric beat another? τ_c(A) − τ_c(B)",
        columns=(Column("a", "A"), Column("b", "B"), Column("items", "Items", "int"),
                 Column("difference", "τ_c(A) − τ_c(B)", "fraction"),
                 Column("ci95_low", "95 % low", "fraction"),
                 Column("ci95_high", "95 % high", "fraction"), Column("verdict", "Reading")),
        rows=tuple(rows),
        description="On the items both metrics score, from the same resamples; a difference "
                    "whose interval excludes 0 is one the data support.")


def _tau_chart(by_metric: dict) -> Chart:
    names = list(by_metric)
    values = [by_metric[n]["tau_c"]["value"] for n in names]
    intervals = [tuple(by_metric[n]["tau_c"]["ci95"]) if by_metric[n]["tau_c"]["ci95"]
                 else None for n in names]
    ceilings = [(by_metric[n]["ceiling"]["mean"], by_metric[n]["n_items"]) for n in names
                if by_metric[n]["ceiling"]["mean"] is not None]
    ceiling = max(ceilings, key=lambda c: c[1])[0] if ceilings else None
    known = [(v, n) for v, n in zip(values, names, strict=True) if v is not None]
    best = f"The highest is {max(known)[1]} ({max(known)[0]:.3f})" if known else "No τ_c"
    title = "Kendall τ_c of each metric with the panel"
    description = (f"{best}" + (f"; the human ceiling is {ceiling:.3f}." if ceiling is not None
                                else ".") + " Whiskers: 95 % intervals.")
    return Chart("metrics_tau_c", title, description, bar_chart(
        names, values, title=title, description=description, value_label="τ_c",
        intervals=intervals, horizontal=True, value_format="{:.3f}",
        reference=None if ceiling is None else (ceiling, f"human ceiling {ceiling:.3f}")))


def _scatters(analysed: Analysed) -> list[Chart]:
    """Per metric: its score against each item's mean rating (the items it scores)."""
    scores = analysed.metrics
    table = analysed.table
    means = analysed.result["_item_summary"]["mean"]
    index = {item_id: n for n, item_id in enumerate(table.item_ids)}
    where = np.array([index.get(item_id, -1) for item_id in scores.item_ids])
    charts, taken = [], set()
    for row, name in enumerate(scores.metrics):
        x, y = scores.scores[row], np.full(len(where), np.nan)
        y[where >= 0] = means[where[where >= 0]]
        both = ~np.isnan(x) & ~np.isnan(y)
        title = f"{name}: score against the item's mean rating"
        description = f"{int(both.sum())} items; each point is an item."
        charts.append(Chart(unique_stem("metric_", name, taken), title, description, scatter(
            x[both].tolist(), y[both].tolist(), title=title, description=description,
            x_label=name, y_label="mean rating", size_by_count=False), group="Metric"))
    return charts

