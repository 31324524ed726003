"""The items table's column groups of a multi-question rubric (Kreiss et al. 2024,
ContextRef, §4.2): per question and stage, each item's n, mean and sd of that question's
answers, and on a 0/1 scale p̂ (Levinboim et al. 2021, §3.2) of them.

A group is named ``<question>_<stage>_`` (``overall_post_mean``); the main columns (``n``,
``mean``…) stay those of the overall answers given with the image. A single-question
rubric has no groups, so its ``items.csv`` keeps its columns.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from annotator.analysis.aggregates import first_round_p_hat
from annotator.analysis.rating_table import STAGE_NAMES, RatingTable
from annotator.reporting.content import Cell, Column


@dataclass(frozen=True, eq=False)
class QuestionGroup:
    """One question × stage: its name and, per item (indexed like the table's items), the
    answers' count, mean and sd (n − 1), and p̂ (None unless the scale is 0/1)."""

    question: str
    stage: str
    n: np.ndarray
    mean: np.ndarray
    sd: np.ndarray
    p_hat: np.ndarray | None

    @property
    def prefix(self) -> str:
        return f"{self.question}_{self.stage}_"

    def columns(self) -> list[Column]:
        """The group's columns, each saying which answers it aggregates."""
        what = f"answers to {self.question!r} {_STAGE_WORDS[self.stage]}"
        columns = [Column(f"{self.prefix}n", f"{self.question} {self.stage} n", "int",
                          f"Game and retest {what}"),
                   Column(f"{self.prefix}mean", f"{self.question} {self.stage} mean", "number",
                          f"Mean of the {what}"),
                   Column(f"{self.prefix}sd", f"{self.question} {self.stage} sd", "number",
                          f"Standard deviation (n − 1) of the {what}")]
        if self.p_hat is not None:
            columns.append(Column(f"{self.prefix}p_hat", f"{self.question} {self.stage} p̂",
                                  "fraction", f"p̂ of the {what} in the first round, rounded "
                                  "to eighths; empty after more than 2 skips"))
        return columns

    def cells(self, i: int | None) -> list[Cell]:
        """Item ``i``'s cells (an item without answers: n 0 and empty figures)."""
        if i is None:
            blank: list[Cell] = [0, None, None]
            return blank + ([None] if self.p_hat is not None else [])
        cells: list[Cell] = [int(self.n[i]), number_cell(self.mean[i]), number_cell(self.sd[i])]
        if self.p_hat is not None:
            cells.append(number_cell(self.p_hat[i]))
        return cells


_STAGE_WORDS = {"pre": "before the image was shown", "post": "with the image"}


def question_groups(answers: RatingTable) -> tuple[QuestionGroup, ...]:
    """A group per question and stage that ``answers`` (every data answer) has, in the
    rubric's question order, before the image first; none for a single question."""
    if answers.question is None or answers.stage is None:
        return ()
    binary = np.array_equal(answers.levels, [0.0, 1.0])
    groups = []
    for code, question in enumerate(answers.questions):
        for stage in ("pre", "post"):
            rows = (answers.question == code) & (answers.stage == STAGE_NAMES.index(stage))
            if question and rows.any():
                groups.append(_group(answers, rows, question, stage, binary))
    return tuple(groups)


def _group(answers: RatingTable, rows: np.ndarray, question: str, stage: str,
           binary: bool) -> QuestionGroup:
    items, values = answers.item[rows], answers.values[rows]
    n = np.bincount(items, minlength=answers.n_items)
    total = np.bincount(items, weights=values, minlength=answers.n_items)
    squares = np.bincount(items, weights=values**2, minlength=answers.n_items)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(n > 0, total / n, np.nan)
        sd = np.where(n > 1, np.sqrt(np.maximum(squares - n * mean**2, 0) / (n - 1)), np.nan)
    estimate = first_round_p_hat(answers, rows)[0] if binary else None
    return QuestionGroup(question, stage, n, mean, sd, estimate)


def number_cell(value: float) -> float | None:
    """A figure as a cell: empty where undefined (NaN)."""
    return None if np.isnan(value) else float(value)
