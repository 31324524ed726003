"""A multi-question protocol (seeds/004 §4.2): each question before and with the image,
and how answers changed once the image was shown.

Per question and stage: how many items and answers, the mean of the item means and
Krippendorff's α over items. Per question asked in both stages: the answers of one tagger
to one item in one round, before and after, paired: how many pairs, the mean change
(after − before), and the shares that went up, down or stayed.
"""

from __future__ import annotations

import numpy as np

from annotator.analysis.alpha import Level, alpha
from annotator.analysis.table import STAGE_NAMES, RatingTable, item_counts
from annotator.analysis.undefined import Undefined

SINGLE_QUESTION = "a single-question protocol: no per-question figures"


def question_figures(table: RatingTable, level: Level) -> dict | Undefined:
    """``{question: {"pre"/"post": {...}, "change": {...} | None}}`` for every question."""
    answers = table.answers()
    if answers.question is None or answers.stage is None:
        return Undefined(SINGLE_QUESTION)
    out: dict[str, dict] = {}
    for code, name in enumerate(answers.questions):
        if not name:
            continue
        mine = answers.question == code
        entry: dict = {}
        for stage in ("pre", "post"):
            rows = mine & (answers.stage == STAGE_NAMES.index(stage))
            if rows.any():
                entry[stage] = _stage_figures(answers.select(rows), level)
        entry["change"] = _change(answers, mine)
        out[name] = entry
    return out


def _stage_figures(sub: RatingTable, level: Level) -> dict:
    counts = item_counts(sub)
    n = counts.sum(axis=1)
    rated = n > 0
    means = counts[rated] @ sub.levels / n[rated]
    return {"n_items": int(rated.sum()), "n_answers": len(sub), "mean": float(means.mean()),
            "alpha": alpha(counts, sub.levels, level)}


def _change(answers: RatingTable, mine: np.ndarray) -> dict | None:
    """Before and after answers of the same tagger, item and round, paired."""
    key = (answers.tagger * answers.n_items + answers.item) * 1_000 + answers.round
    pre = mine & (answers.stage == STAGE_NAMES.index("pre"))
    post = mine & (answers.stage == STAGE_NAMES.index("post"))
    _, at_pre, at_post = np.intersect1d(key[pre], key[post], return_indices=True)
    if not len(at_pre):
        return None
    diff = answers.values[post][at_post] - answers.values[pre][at_pre]
    return {"n_pairs": len(diff), "mean_change": float(diff.mean()),
            "share_up": float((diff > 0).mean()), "share_down": float((diff < 0).mean()),
            "share_same": float((diff == 0).mean())}
