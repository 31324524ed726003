"""VICR's tables (Narins et al., NeurIPS 2023): the taggers against the expert gold
ratings (exact, adjacent, by level), the seconds spent per pair, and the metric benchmark
(Table 4) restated from the analysis."""

from __future__ import annotations

import numpy as np

from annotator.analysis.paper_tables.table import Cell, PaperTable, PaperTables, ends, unavailable
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import RatingTable
from annotator.analysis.results import MetricBenchmark
from annotator.analysis.tagger_figures import level_name
from annotator.analysis.undefined import Figure, Undefined

PAPER = "VICR (Narins et al., 2023)"
PANEL = "(panel)"
NO_GOLD = "the project has no gold.csv ratings (tutorial, probation or check)"
NO_SECONDS = "no seconds on screen are stored (e.g. a ratings CSV)"
SPLIT = ("Table 4 of the paper is on a held-out 20 % test split; this one is on the items "
         "analysed (every rated item, or the split given with --split test)")


def vicr_tables(analysis: Analysis) -> PaperTables:
    """Every VICR table the project's data give."""
    project = analysis.input.project
    gold = {} if project is None else {pair.item.item_id: pair.rating for pair in project.gold}
    return PaperTables(PAPER, (
        *gold_tables(analysis.table, gold),
        seconds_table(analysis.table.data()),
        metric_table(analysis.results.metrics),
    ), not_reproduced=(SPLIT,))


def gold_tables(table: RatingTable, gold: dict[str, float]) -> tuple[PaperTable, PaperTable]:
    """Every rating of a gold pair (any phase) against its expert rating: per tagger and
    for the panel, and for the panel per gold level. Adjacent: at most one level away."""
    by_tagger = ("EA/AA", "Taggers against the expert gold ratings", "vicr-gold")
    by_level = ("EA by level", "The panel against the expert gold, per gold level",
                "vicr-gold")
    expert = np.array([gold.get(i, np.nan) for i in table.item_ids])[table.item]
    rows = np.flatnonzero(~np.isnan(expert))
    if not len(rows):
        return unavailable(*by_tagger, NO_GOLD), unavailable(*by_level, NO_GOLD)
    expert_level = np.searchsorted(table.levels, expert[rows])
    distance = np.abs(table.level[rows] - expert_level)
    tagger = table.tagger[rows]
    per_tagger = [_agreement(name, distance[tagger == t])
                  for t, name in enumerate(table.taggers) if (tagger == t).any()]
    per_level = [_agreement(level_name(value), distance[expert_level == n])
                 for n, value in enumerate(table.levels) if (expert_level == n).any()]
    columns = ("ratings", "exact", "adjacent")
    return (PaperTable(*by_tagger, ("tagger", *columns),
                       (*per_tagger, _agreement(PANEL, distance))),
            PaperTable(*by_level, ("gold level", *columns), tuple(per_level)))


def _agreement(name: str, distance: np.ndarray) -> tuple[Cell, ...]:
    return name, len(distance), float((distance == 0).mean()), float((distance <= 1).mean())


def seconds_table(data: RatingTable) -> PaperTable:
    """Mean and median seconds on screen per data rating, per tagger and for the panel."""
    name, title, method = "§5", "Seconds per pair", "vicr-seconds"
    known = ~np.isnan(data.seconds)
    if not known.any():
        return unavailable(name, title, method, NO_SECONDS)
    rows = [(tagger, *_seconds(data.seconds[known & (data.tagger == t)]))
            for t, tagger in enumerate(data.taggers) if (known & (data.tagger == t)).any()]
    rows.append((PANEL, *_seconds(data.seconds[known])))
    return PaperTable(name, title, method, ("tagger", "ratings", "mean s", "median s"),
                      tuple(rows))


def _seconds(seconds: np.ndarray) -> tuple[Cell, ...]:
    return len(seconds), float(seconds.mean()), float(np.median(seconds))


def metric_table(benchmark: MetricBenchmark | Undefined) -> PaperTable:
    """The analysis's metric benchmark as the paper's Table 4 lays it out."""
    name, title, method = "Table 4", "Metrics against the panel", "vicr-metrics"
    if isinstance(benchmark, Undefined):
        return unavailable(name, title, method, benchmark.reason)
    rows: list[tuple[Cell, ...]] = []
    for metric, result in benchmark.by_metric.items():
        ceiling: Figure = result.ceiling.mean
        rows.append((metric, result.n_items, result.tau_c.value, *ends(result.tau_c.ci95),
                     result.tau_b.value, result.spearman.value, result.pearson.value, ceiling))
    return PaperTable(name, title, method,
                      ("metric", "items", "τ_c", "τ_c 95% low", "τ_c 95% high", "τ_b",
                       "Spearman", "Pearson", "human ceiling τ_c"), tuple(rows))
