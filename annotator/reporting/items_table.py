"""The one ``items.csv``: every item with its figures, the same columns wherever it is written.

``annotator analyze --csv-dir``, the pane's Items tab (and its export) and the published
dataset (``annotator export``) all build it here, so a lab reads one schema under one name.
Which columns there are depends only on the input: ``source`` when the items name a caption
source, ``caption`` and ``image`` when the project folder is known, one ``context_<name>``
per context column of its ``items.csv`` when its rubric shows the context with the pair
(``show_context``), ``skips``, ``p_hat`` and ``dropped`` on a 0/1
scale, a column group per question and stage of a multi-question rubric
(:mod:`annotator.reporting.question_columns`), and
``image_licence`` when the project records the images' licences (a ``licence`` or
``license`` column of ``items.csv``, or ``images/licenses.csv`` with ``file`` and
``licence`` columns). Figures are fractions of the scale's own units, never × 100.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

import numpy as np

from annotator.analysis.aggregates import ItemAggregates, item_aggregates
from annotator.analysis.exact_levels import most_spread
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import item_counts
from annotator.analysis.results import ItemSummary
from annotator.project.csv_reader import read_table
from annotator.project.model import Item, Project
from annotator.reporting.analysed import analysed_data
from annotator.reporting.answer_columns import AnswerGroup, answer_groups
from annotator.reporting.content import Cell, Column, Table
from annotator.reporting.question_columns import QuestionGroup, number_cell, question_groups

CONTEXT_PREFIX = "context_"
LICENCE_COLUMN = "image_licence"
LICENCE_NAMES = ("licence", "license")
LICENCES_FILE = "images/licenses.csv"

FIGURE_COLUMNS = (
    Column("n", "n", "int", "Game and retest ratings"),
    Column("mean", "Mean", "number"),
    Column("median", "Median", "number", "Median of the ratings"),
    Column("sd", "sd", "number", "Standard deviation of the ratings (n − 1)"),
    Column("vote", "Vote", "level", "Majority vote; ties broken at random (seeded)"),
    Column("consensus", "Consensus", "level",
           "The mean rounded to the nearest level, halves up (VICR's consensus)"),
)
BINARY_COLUMNS = (
    Column("skips", "Skips", "int", "SKIP answers in the first round"),
    Column("p_hat", "p̂", "fraction",
           "Share of yes in the first round, rounded to eighths (Levinboim et al. 2021); "
           "empty after more than 2 skips"),
    Column("dropped", "Dropped", "int",
           "1: left out by the rule of more than 2 skips in either of the first two rounds "
           "(Levinboim et al. 2021); 0: kept"),
)


@dataclass(frozen=True)
class _Figures:
    summary: ItemSummary
    aggregates: ItemAggregates
    questions: tuple[QuestionGroup, ...] = ()
    answers: tuple[AnswerGroup, ...] = ()


def items_table(analysis: Analysis, *, every_item: bool = False) -> Table:
    """The items table: the rated items, most disputed (largest sd) first; with
    ``every_item``, every item of the project in its order, rated or not, then any rated item
    the project no longer has."""
    table = analysis.table
    project = analysis.input.project
    known = {item.item_id: item for item in project.items} if project is not None else {}
    data = analysed_data(analysis)
    figures = _Figures(analysis.results.items.summary, item_aggregates(data),
                       question_groups(analysed_data(analysis, every_question=True)),
                       answer_groups(analysis))
    index = {item_id: i for i, item_id in enumerate(table.item_ids)}
    rated = figures.summary.n > 0
    if every_item:
        ids = [*known, *sorted(i for i in index if rated[index[i]] and i not in known)]
    else:
        spread = most_spread(item_counts(data), table.levels, table.item_ids)
        ids = [table.item_ids[i] for i in
               [*spread, *np.flatnonzero(rated & (figures.summary.n < 2)).tolist()]]
    # Context columns only where the taggers saw them with the pair (the rubric's
    # show_context): under vicr5 they are no part of what was rated.
    context = (_context_names(known.values())
               if project is not None and project.rubric.show_context else ())
    licences = _licences(project, known.values()) if project is not None else None
    columns = item_columns(analysis, context, licences is not None, figures.questions,
                           figures.answers)
    sources = table.item_sources
    rows = []
    for item_id in ids:
        item, i = known.get(item_id), index.get(item_id)
        row: list[Cell] = [item_id]
        if sources is not None:
            row.append(item.source if item is not None else sources[i] if i is not None else "")
        row += _figure_cells(figures, i)
        row += [cell for group in figures.answers for cell in group.cells(item_id)]
        if project is not None:
            if project.checks.items:
                row.append(int(item_id in project.checks.items))
            row += [item.caption, item.image] if item is not None else ["", ""]
            row += [item.context.get(name, "") if item is not None else "" for name in context]
        if licences is not None:
            row.append(licences.get(item_id, ""))
        rows.append(tuple(row))
    return Table(name="items", title="Items by dispute" if not every_item else "Items",
                 columns=columns, rows=tuple(rows),
                 description="Choose an item to see its image, caption and every rating.")


def item_columns(analysis: Analysis, context: tuple[str, ...], licences: bool,
                 questions: tuple[QuestionGroup, ...] = (),
                 answers: tuple[AnswerGroup, ...] = ()) -> tuple[Column, ...]:
    """The columns of the items table for this input (see the module)."""
    columns = [Column("item_id", "Item")]
    if analysis.table.item_sources is not None:
        columns.append(Column("source", "Source"))
    columns += FIGURE_COLUMNS
    if _binary(analysis):
        columns += BINARY_COLUMNS
    for group in questions:
        columns += group.columns()
    for answer_group in answers:
        columns += answer_group.columns
    if analysis.input.project is not None:
        if analysis.input.project.checks.items:
            columns.append(Column("check", "Check", "int", "1 for an attention check among "
                                  "the items, else 0"))
        columns += [Column("caption", "Caption"),
                    Column("image", "Image", description="Path in the project folder")]
        columns += [Column(f"{CONTEXT_PREFIX}{name}", name, description="Context shown with "
                           "the pair") for name in context]
    if licences:
        columns.append(Column(LICENCE_COLUMN, "Image licence"))
    return tuple(columns)


def _binary(analysis: Analysis) -> bool:
    return np.array_equal(analysis.table.levels, [0.0, 1.0])


def _figure_cells(figures: _Figures, i: int | None) -> list[Cell]:
    summary, aggregates = figures.summary, figures.aggregates
    if i is None:
        blank: list[Cell] = [0, None, None, None, None, None]
        cells = blank + ([0, None, 0] if aggregates.p_hat is not None else [])
    else:
        cells = [int(summary.n[i]), *(number_cell(column[i]) for column in (
            summary.mean, aggregates.median, summary.sd, summary.vote, aggregates.consensus))]
        if (aggregates.p_hat is not None and aggregates.skips is not None
                and aggregates.dropped is not None):
            cells += [int(aggregates.skips[i]), number_cell(aggregates.p_hat[i]),
                      int(aggregates.dropped[i])]
    for group in figures.questions:
        cells += group.cells(i)
    return cells


def _context_names(items: Collection[Item]) -> tuple[str, ...]:
    """Context column names in ``items.csv`` order, the licence column left out."""
    names: dict[str, None] = {}
    for item in items:
        names.update(dict.fromkeys(k for k in item.context if k))
    return tuple(n for n in names if n.lower() not in LICENCE_NAMES)


def _licences(project: Project, items: Collection[Item]) -> Mapping[str, str] | None:
    """The licence of each item's image, by item id, or None when the project has none."""
    column = next((k for item in items for k in item.context if k.lower() in LICENCE_NAMES),
                  None)
    if column is not None:
        return {item.item_id: item.context.get(column, "") for item in items}
    path = project.root / LICENCES_FILE
    if not path.is_file():
        return None
    table = read_table(path, required=("file", "licence"))
    by_file = {f"images/{row.values['file'].strip()}": row.values["licence"].strip()
               for row in table.rows}
    return {item.item_id: by_file.get(item.image, "") for item in items}
