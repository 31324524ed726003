"""The dataset a lab publishes: every rating (long form) and every item with its figures.

Both are plain CSV built as :class:`~annotator.reporting.content.Table` rows, so numbers are
written exactly as in the pane's CSV exports (full precision, an unknown value is an empty
cell) and one line loads each: ``pandas.read_csv(path)``, R ``readr::read_csv(path)``.

Encoding: the exporter writes these files (like every CSV it writes) as UTF-8 *with* a
byte-order mark and ``\\n`` line ends. Excel on Windows reads a CSV file without the mark
as the local code page, turning "café" into "cafÃ©"; with it, a double-click shows the
captions right. ``pandas.read_csv`` (C and Python engines) and readr drop the mark; Python's
``csv`` module needs ``open(path, encoding="utf-8-sig")``, base R ``read.csv`` needs
``fileEncoding="UTF-8-BOM"``. Excel, pandas and R all read ``\\n`` line ends, and a caption's
own line breaks stay inside its quoted cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from annotator.analysis.loading import SKIP
from annotator.analysis.results import ItemSummary
from annotator.analysis.table import PHASES, STAGE_NAMES, RatingTable
from annotator.project.model import Item
from annotator.reporting.content import Cell, Column, Table

RATINGS_COLUMNS = ("item_id", "tagger", "round", "phase", "rating", "seconds", "points")
ITEMS_COLUMNS = ("item_id", "image", "caption", "source", "n", "mean", "vote", "sd")


def ratings_csv(table: RatingTable) -> str:
    """One row per rating of every phase, ordered by item, tagger, round and phase, and
    one per SKIP answer (rating ``skip``, as ``annotator analyze --ratings-csv`` reads it).

    Tutorial, probation and check ratings are kept (the ``phase`` column lets a reader
    filter them out); only ``game`` and ``retest`` ratings are data. A
    multi-question protocol adds the columns ``question`` and ``stage`` (pre, post).
    """
    columns = (
        np.asarray(table.item_ids, dtype=object)[table.item],
        np.asarray(table.taggers, dtype=object)[table.tagger],
        table.round.tolist(),
        [PHASES[code].value for code in table.phase],
        table.values.tolist(),
        _cells(table.seconds),
        _cells(table.points),
    )
    keys = RATINGS_COLUMNS
    if table.question is not None and table.stage is not None:
        keys = (*RATINGS_COLUMNS, "question", "stage")
        columns = (*columns, np.asarray(table.questions, dtype=object)[table.question],
                   np.asarray(STAGE_NAMES, dtype=object)[table.stage])
    rows: list[tuple[Cell, ...]] = list(zip(*columns, strict=True))
    blank = ("",) * (len(keys) - len(RATINGS_COLUMNS))
    rows += [(item, tagger, rnd, phase, SKIP, seconds, None, *blank)
             for item, tagger, rnd, phase, seconds in table.skipped]
    order = [p.value for p in PHASES]
    rows.sort(key=lambda r: (r[0], r[1], r[2], order.index(str(r[3])), *map(str, r[7:])))
    return _csv(keys, rows)


def items_csv(table: RatingTable, summary: ItemSummary,
              items: Mapping[str, Item] | None) -> str:
    """One row per item with its data-rating figures (``summary``, indexed like
    ``table.item_ids``).

    With the project's ``items`` (by id, in project order), every item of the project is
    listed, rated or not (n = 0, blank figures), then any rated item the project no longer
    has. Without them (a panel database on its own) only rated items are listed, with blank
    image and caption, since only the project folder knows them.
    """
    index = {item_id: i for i, item_id in enumerate(table.item_ids)}
    n = summary.n
    known = items or {}
    unknown = [item_id for item_id, i in index.items() if n[i] > 0 and item_id not in known]
    figures = (_cells(summary.mean), _cells(summary.vote), _cells(summary.sd))
    rows = []
    for item_id in [*known, *unknown]:
        item = known.get(item_id)
        i = index.get(item_id)
        source = item.source if item is not None else (
            table.item_sources[i] if table.item_sources is not None and i is not None else "")
        rows.append((
            item_id,
            item.image if item is not None else "",
            item.caption if item is not None else "",
            source,
            0 if i is None else int(n[i]),
            *(None if i is None else column[i] for column in figures),
        ))
    return _csv(ITEMS_COLUMNS, rows)


def _cells(values: np.ndarray) -> list[float | None]:
    """Floats with NaN (unknown, undefined) as None, which the CSV writes as an empty cell."""
    return [None if v != v else v for v in values.tolist()]


def _csv(keys: tuple[str, ...], rows: Iterable[tuple[Cell, ...]]) -> str:
    columns = tuple(Column(key, key) for key in keys)
    return Table(name="", title="", columns=columns, rows=tuple(rows)).csv_text()
