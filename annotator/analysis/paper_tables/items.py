"""Per-item figures the papers' tables share: item means and metric scores by item."""

from __future__ import annotations

import numpy as np

from annotator.analysis.metrics import NO_FILE, MetricScores
from annotator.analysis.paper_tables.stats import Correlation
from annotator.analysis.paper_tables.table import Cell, ends
from annotator.analysis.rating_table import RatingTable

CORRELATION_COLUMNS = ("n", "r", "p", "r 95% low", "r 95% high")
NO_METRICS = NO_FILE


def item_means(table: RatingTable, where: np.ndarray | None = None) -> np.ndarray:
    """Each item's mean rating (of the ratings ``where``), NaN for an item without one."""
    item, values = table.item, table.values
    if where is not None:
        item, values = item[where], values[where]
    n = np.bincount(item, minlength=table.n_items)
    total = np.bincount(item, weights=values, minlength=table.n_items)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(np.where(n > 0, total / np.maximum(n, 1), np.nan))


def metric_columns(table: RatingTable, scores: MetricScores | None) -> dict[str, np.ndarray]:
    """Each metric's scores indexed like ``table.item_ids`` (NaN: no score)."""
    if scores is None:
        return {}
    position = {item: n for n, item in enumerate(scores.item_ids)}
    found = np.array([position.get(item, -1) for item in table.item_ids], dtype=np.int64)
    out = {}
    for m, name in enumerate(scores.metrics):
        column = np.full(table.n_items, np.nan)
        column[found >= 0] = scores.scores[m, found[found >= 0]]
        out[name] = column
    return out


def correlation_cells(figure: Correlation) -> tuple[Cell, ...]:
    """A correlation as the cells of :data:`CORRELATION_COLUMNS`."""
    return (figure.n, figure.r, figure.p, *ends(figure.ci95))
