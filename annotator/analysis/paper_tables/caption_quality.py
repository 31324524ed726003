"""Caption-Quality's tables (Levinboim et al., NAACL 2021): p̂ per round with the pairs
set aside by the > 2 skips rule (§3.2), the metrics against p̂ (Table 3) and the
histogram of p̂₁ − p̂₂ between two rounds (§3.3, Fig. 3).

p̂ is a multiple of 1/8, so differences are counted in whole eighths: a difference of
exactly 0.25 is within 0.25, whatever floating point would make of it."""

from __future__ import annotations

import numpy as np

from annotator.analysis.aggregates import MAX_SKIPS
from annotator.analysis.paper_tables.items import (
    CORRELATION_COLUMNS,
    NO_METRICS,
    correlation_cells,
    metric_columns,
)
from annotator.analysis.paper_tables.stats import pearson, spearman
from annotator.analysis.paper_tables.table import Cell, PaperTable, PaperTables, unavailable
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import RatingTable
from annotator.analysis.retest import p_hat
from annotator.analysis.undefined import Figure, Undefined

PAPER = "Caption-Quality (Levinboim et al., 2021)"
NOT_BINARY = "not a binary (0/1) scale"
TWO_ROUNDS = "the data have fewer than 2 rounds"


def caption_quality_tables(analysis: Analysis) -> PaperTables:
    """Every Caption-Quality table the project's data give."""
    data = analysis.table.data()
    if not np.array_equal(data.levels, [0.0, 1.0]):
        return PaperTables(PAPER, tuple(unavailable(name, title, method, NOT_BINARY)
                                        for name, title, method in TITLES))
    eighths, dropped, rounds = round_eighths(data)
    scores = metric_columns(data, analysis.metrics)
    return PaperTables(PAPER, (
        per_round_table(data, eighths, dropped, rounds),
        metric_table(scores, eighths[0] / 8 if len(rounds) else np.full(data.n_items, np.nan),
                     analysis.metrics is not None),
        difference_histogram(eighths, rounds),
    ))


TITLES = (("§3.2", "p̂ of each pair per round, and the pairs set aside", "caption-quality-p"),
          ("Table 3", "Metrics against p̂ (first round, pairs set aside left out)",
           "caption-quality-metrics"),
          ("Fig. 3", "Histogram of p̂₁ − p̂₂ between the first two rounds",
           "caption-quality-histogram"))


def round_eighths(data: RatingTable) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """p̂ × 8 per item in each of the first two rounds (NaN: no answer, or set aside), the
    pairs set aside (skipped more than :data:`MAX_SKIPS` times in either round), and
    those rounds."""
    rounds = data.round_numbers[:2].tolist()
    dropped = np.zeros(data.n_items, dtype=bool)
    for (item, rnd), count in data.skips.items():
        dropped[item] |= rnd in rounds and count > MAX_SKIPS
    eighths = np.full((len(rounds), data.n_items), np.nan)
    for n, rnd in enumerate(rounds):
        mine = data.round == rnd
        answers = np.bincount(data.item[mine], minlength=data.n_items)
        yes = np.bincount(data.item[mine], weights=data.values[mine], minlength=data.n_items)
        with np.errstate(invalid="ignore", divide="ignore"):
            eighths[n] = np.where((answers > 0) & ~dropped, p_hat(yes / answers) * 8, np.nan)
    return eighths, dropped, rounds


def per_round_table(data: RatingTable, eighths: np.ndarray, dropped: np.ndarray,
                    rounds: list[int]) -> PaperTable:
    """Per pair: its skips and p̂ in each of the first two rounds, and whether it is set
    aside."""
    name, title, method = TITLES[0]
    rows: list[tuple[Cell, ...]] = []
    for i, item_id in enumerate(data.item_ids):
        cells: list[Cell] = [item_id, "yes" if dropped[i] else "no"]
        for n, rnd in enumerate(rounds):
            cells.append(data.skips.get((i, rnd), 0))
            cells.append(Undefined("set aside (more than 2 skips)") if dropped[i]
                         else Undefined(f"no answer in round {rnd}")
                         if np.isnan(eighths[n, i]) else float(eighths[n, i] / 8))
        rows.append(tuple(cells))
    columns = ("pair", "set aside", *(f"{what} round {rnd}" for rnd in rounds
                                      for what in ("skips", "p̂")))
    return PaperTable(name, title, method, columns, tuple(rows))


def metric_table(scores: dict[str, np.ndarray], first: np.ndarray,
                 has_metrics: bool) -> PaperTable:
    """Per metric: Pearson's r and Spearman's ρ against p̂ of the first round."""
    name, title, method = TITLES[1]
    if not has_metrics:
        return unavailable(name, title, method, NO_METRICS)
    rows = [(metric, *correlation_cells(pearson(column, first)),
             *correlation_cells(spearman(column, first))[1:])
            for metric, column in scores.items()]
    return PaperTable(name, title, method,
                      ("metric", *(f"Pearson {c}" for c in CORRELATION_COLUMNS),
                       *(f"Spearman {c}" for c in CORRELATION_COLUMNS[1:])), tuple(rows))


def difference_histogram(eighths: np.ndarray, rounds: list[int]) -> PaperTable:
    """The count of pairs at each p̂₁ − p̂₂ (−1 to 1 by eighths), then their mean, sd
    (n − 1) and the share within 0.25."""
    name, title, method = TITLES[2]
    if len(rounds) < 2:
        return unavailable(name, title, method, TWO_ROUNDS)
    both = ~np.isnan(eighths).any(axis=0)
    diff = (eighths[0, both] - eighths[1, both]).astype(np.int64)
    counts = np.bincount(diff + 8, minlength=17)
    rows: list[tuple[Cell, ...]] = [(f"{(d - 8) / 8:g}", int(c)) for d, c in enumerate(counts)]
    mean: Figure = float(diff.mean() / 8) if len(diff) else Undefined("no pair in both rounds")
    sd: Figure = (float(diff.std(ddof=1) / 8) if len(diff) >= 2
                  else Undefined("fewer than 2 pairs with p̂ in both rounds"))
    within: Figure = (float((np.abs(diff) <= 2).mean()) if len(diff)
                      else Undefined("no pair in both rounds"))
    rows += [("pairs", len(diff)), ("mean", mean), ("sd", sd), ("share within 0.25", within)]
    return PaperTable(name, title, method, ("p̂₁ − p̂₂", "pairs"), tuple(rows))
