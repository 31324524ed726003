"""A multi-question protocol (Kreiss et al. 2024, ContextRef, §4.2): each question before
and with the image, and how answers changed once the image was shown.

Per question and stage: how many items and answers, the mean of the item means and
Krippendorff's α over items. Per question asked in both stages: the answers of one tagger
to one item in one round, before and after, paired: how many pairs, the mean before and
after on those pairs alone, the mean change (after − before), and the shares that went
up, down or stayed.
"""

from __future__ import annotations

import numpy as np

from annotator.analysis.alpha import Level, alpha
from annotator.analysis.question_results import AnswerChange, QuestionFigures, StageFigures
from annotator.analysis.rating_table import STAGE_NAMES, RatingTable, item_counts
from annotator.analysis.undefined import Undefined

SINGLE_QUESTION = "a single-question protocol: no per-question figures"


def question_figures(table: RatingTable, level: Level) -> dict[str, QuestionFigures] | Undefined:
    """The figures of every question, by its id."""
    if table.question is None or table.stage is None:  # before copying a table's answers
        return Undefined(SINGLE_QUESTION)
    answers = table.answers()
    assert answers.question is not None and answers.stage is not None
    out: dict[str, QuestionFigures] = {}
    for code, name in enumerate(answers.questions):
        if not name:
            continue
        mine = answers.question == code
        pre, post = (_stage_figures(answers, mine & (answers.stage == STAGE_NAMES.index(stage)),
                                    level) for stage in ("pre", "post"))
        out[name] = QuestionFigures(pre, post, _change(answers, mine))
    return out


def _stage_figures(answers: RatingTable, rows: np.ndarray, level: Level) -> StageFigures | None:
    """The answers of ``rows``, or None when there are none (a stage not asked)."""
    if not rows.any():
        return None
    sub = answers.select(rows)
    counts = item_counts(sub)
    n = counts.sum(axis=1)
    rated = n > 0
    means = counts[rated] @ sub.levels / n[rated]
    return StageFigures(int(rated.sum()), len(sub), float(means.mean()),
                        alpha(counts, sub.levels, level))


def _change(answers: RatingTable, mine: np.ndarray) -> AnswerChange | None:
    """Before and after answers of the same tagger, item and round, paired."""
    key = (answers.tagger * answers.n_items + answers.item) * 1_000 + answers.round
    pre = mine & (answers.stage == STAGE_NAMES.index("pre"))
    post = mine & (answers.stage == STAGE_NAMES.index("post"))
    _, at_pre, at_post = np.intersect1d(key[pre], key[post], return_indices=True)
    if not len(at_pre):
        return None
    before, after = answers.values[pre][at_pre], answers.values[post][at_post]
    diff = after - before
    return AnswerChange(len(diff), float(before.mean()), float(after.mean()),
                        float(diff.mean()), float((diff > 0).mean()),
                        float((diff < 0).mean()), float((diff == 0).mean()))
