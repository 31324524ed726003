"""VCRScore's tables (Ruiz, Ramírez & Moctezuma, 2025): agreement between taggers by
Kendall's τ (Table 3), each tagger's ratings by caption source and round (Fig. 3), the
metrics per source (Fig. 5) and the caption models ranked (Fig. 9)."""

from __future__ import annotations

import itertools

import numpy as np

from annotator.analysis.kendall import kendall_w, tau_b
from annotator.analysis.paper_tables.items import (
    CORRELATION_COLUMNS,
    NO_METRICS,
    correlation_cells,
    item_means,
    metric_columns,
)
from annotator.analysis.paper_tables.stats import bootstrap_mean, pearson
from annotator.analysis.paper_tables.table import (
    Cell,
    PaperTable,
    PaperTables,
    ends,
    unavailable,
)
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import RatingTable
from annotator.analysis.tagger_figures import level_name
from annotator.analysis.undefined import Figure, Undefined

PAPER = "VCRScore (Ruiz, Ramírez & Moctezuma, 2025)"
NO_SOURCES = "the items name no caption source (items.csv `source`)"
RANKING_RESAMPLES = 2000


def vcrscore_tables(analysis: Analysis) -> PaperTables:
    """Every VCRScore table the project's data gives."""
    data = analysis.table.data()
    scores = metric_columns(data, analysis.metrics)
    return PaperTables(PAPER, (
        inter_tagger_tau(data),
        by_tagger_source_round(data),
        source_metric_correlations(data, scores, analysis.metrics is not None),
        model_ranking(data, analysis.options.seed),
    ))


def first_ratings(data: RatingTable, rnd: int) -> np.ndarray:
    """Taggers × items level codes of round ``rnd``: each tagger's first stored rating of
    an item in it, −1 where they gave none."""
    codes = np.full((len(data.taggers), data.n_items), -1, dtype=np.int64)
    rows = np.flatnonzero(data.round == rnd)
    pair = data.tagger[rows] * data.n_items + data.item[rows]
    _, first = np.unique(pair, return_index=True)  # the first row of each pair
    rows = rows[first]
    codes[data.tagger[rows], data.item[rows]] = data.level[rows]
    return codes


def inter_tagger_tau(data: RatingTable) -> PaperTable:
    """Per round: the mean of τ_b over the tagger pairs with ≥ 2 items in common (and
    their number), and Kendall's W on the items every tagger of the round rated."""
    rows: list[tuple[Cell, ...]] = []
    k = data.n_levels
    for rnd in data.round_numbers.tolist():
        codes = first_ratings(data, rnd)
        codes = codes[(codes >= 0).any(axis=1)]
        taus = []
        for a, b in itertools.combinations(range(len(codes)), 2):
            both = (codes[a] >= 0) & (codes[b] >= 0)
            if both.sum() < 2:
                continue
            table = np.bincount(codes[a][both] * k + codes[b][both],
                                minlength=k * k).reshape(k, k)
            value = float(tau_b(table))
            if not np.isnan(value):
                taus.append(value)
        complete = (codes >= 0).all(axis=0)
        w = (float(kendall_w(codes[:, complete], k)) if len(codes) >= 2 and complete.sum() >= 2
             else np.nan)
        mean: Figure = (float(np.mean(taus)) if taus
                        else Undefined("no two taggers have a τ_b on 2 or more shared items"))
        rows.append((rnd, len(codes), len(taus), mean, int(complete.sum()),
                     Undefined("fewer than 2 taggers rated 2 or more of the same items, or "
                               "all their ratings are equal") if np.isnan(w) else w))
    return PaperTable("Table 3", "Agreement between taggers by Kendall's τ", "vcrscore-tau",
                      ("round", "taggers", "tagger pairs", "mean pairwise τ_b",
                       "items rated by all", "Kendall's W"), tuple(rows))


def by_tagger_source_round(data: RatingTable) -> PaperTable:
    """Each tagger's mean rating and votes per level, by caption source and round."""
    title = "Each tagger's ratings by caption source and round"
    if data.item_sources is None:
        return unavailable("Fig. 3", title, "vcrscore-sources", NO_SOURCES)
    source = np.array([s or "(none)" for s in data.item_sources], dtype=object)[data.item]
    rows: list[tuple[Cell, ...]] = []
    for t, name in enumerate(data.taggers):
        for src in sorted(set(source[data.tagger == t])):
            for rnd in data.round_numbers.tolist():
                mine = (data.tagger == t) & (source == src) & (data.round == rnd)
                if not mine.any():
                    continue
                votes = np.bincount(data.level[mine], minlength=data.n_levels)
                rows.append((name, src, rnd, int(mine.sum()), float(data.values[mine].mean()),
                             *(int(v) for v in votes)))
    return PaperTable("Fig. 3", title, "vcrscore-sources",
                      ("tagger", "source", "round", "ratings", "mean",
                       *(f"votes {level_name(v)}" for v in data.levels)), tuple(rows))


def source_metric_correlations(data: RatingTable, scores: dict[str, np.ndarray],
                               has_metrics: bool) -> PaperTable:
    """Per source and metric: Pearson's r of the metric against the items' mean rating."""
    title = "Metrics against the panel's mean rating, per caption source"
    if data.item_sources is None or not has_metrics:
        return unavailable("Fig. 5", title, "vcrscore-metrics",
                           NO_SOURCES if data.item_sources is None else NO_METRICS)
    means = item_means(data)
    names = np.array(data.item_sources, dtype=object)
    rows = [(src or "(none)", metric, *correlation_cells(pearson(column[mine], means[mine])))
            for src in sorted(set(names)) for metric, column in scores.items()
            for mine in [names == src]]
    return PaperTable("Fig. 5", title, "vcrscore-metrics",
                      ("source", "metric", *CORRELATION_COLUMNS), tuple(rows))


def model_ranking(data: RatingTable, seed: int) -> PaperTable:
    """Caption sources ranked by the mean of their items' mean ratings, with a 95 %
    percentile bootstrap interval over their items (seeded: one stream per source, in
    the order of their names)."""
    title = "Caption sources ranked by their mean rating"
    if data.item_sources is None:
        return unavailable("Fig. 9", title, "vcrscore-ranking", NO_SOURCES)
    means = item_means(data)
    names = np.array([s or "(none)" for s in data.item_sources], dtype=object)
    sources = sorted(set(names[~np.isnan(means)]))
    streams = np.random.SeedSequence(seed).spawn(len(sources))
    figures = []
    for src, stream in zip(sources, streams, strict=True):
        mine = means[(names == src) & ~np.isnan(means)]
        interval = bootstrap_mean(mine, RANKING_RESAMPLES, np.random.default_rng(stream))
        figures.append((src, len(mine), float(mine.mean()), *ends(interval)))
    figures.sort(key=lambda figure: (-figure[2], figure[0]))  # by mean, then source
    return PaperTable("Fig. 9", title, "vcrscore-ranking",
                      ("rank", "source", "items", "mean", "mean 95% low", "mean 95% high"),
                      tuple((n, *row) for n, row in enumerate(figures, start=1)))
