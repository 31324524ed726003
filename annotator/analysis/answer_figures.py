"""The figures of the answers that are not levels of the rubric's scale
(:class:`~annotator.analysis.other_answers.OtherAnswers`), per question and stage, on the
data answers (game and retest phases):

- a yes/no flag is binary: answers, the share of yes, the items with at least one yes and
  with more than half of their answers yes, Krippendorff's α (nominal) over items;
- a choice is nominal: answers per choice, α (nominal) over items;
- a free text is counted, not scored: the notes (answers with words) and the items with one;
- a scale question with its own levels is analysed on those levels, as the questions on the
  rubric's are (:func:`~annotator.analysis.questions.question_figures`): their values rise
  towards the best level (a rubric file is refused otherwise), so means and ordinal α read
  the declared order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from annotator.analysis.alpha import Level, alpha
from annotator.analysis.other_answers import OtherAnswers
from annotator.analysis.question_results import (
    ByStage,
    ChoiceFigures,
    FlagFigures,
    NoteFigures,
    QuestionFigures,
    S,
)
from annotator.analysis.questions import question_figures
from annotator.analysis.rating_table import build_table
from annotator.analysis.undefined import Undefined
from annotator.project.answer_model import FLAG_YES, AnswerKind

BINARY = np.array([0.0, 1.0])
"""A flag's values, no then yes: α (nominal) compares them as two categories."""


@dataclass(frozen=True)
class AnswerFigures:
    """The figures of every question answered beside the rating table, by its id; a
    mapping is None when no question of its type was answered."""

    own_scale: dict[str, QuestionFigures]
    flags: dict[str, ByStage[FlagFigures]] | None
    choices: dict[str, ByStage[ChoiceFigures]] | None
    notes: dict[str, ByStage[NoteFigures]] | None


def answer_figures(answers: OtherAnswers, level: Level) -> AnswerFigures:
    """The figures of ``answers`` (all phases: the data answers are picked here); ``level``
    is the level of measurement of a scale question with its own levels."""
    data = answers.data()
    return AnswerFigures(
        own_scale={name: _own_scale(data.rows(rows.tolist()), name, level)
                   for name, rows in data.of_kind(AnswerKind.SCALE).items()},
        flags=_by_question(data, AnswerKind.FLAG, lambda _, sub: flag_figures(sub)),
        choices=_by_question(data, AnswerKind.CHOICE, choice_figures),
        notes=_by_question(data, AnswerKind.TEXT, lambda _, sub: note_figures(sub)),
    )


def _by_question(data: OtherAnswers, kind: AnswerKind,
                 figures: Callable[[str, OtherAnswers], S]) -> dict[str, ByStage[S]] | None:
    """``figures`` of each question of ``kind`` and each stage it was answered in."""
    out: dict[str, ByStage[S]] = {}
    for name, rows in data.of_kind(kind).items():
        stage = np.asarray(data.stage, dtype=object)[rows]
        out[name] = ByStage(**{look: figures(name, data.rows(rows[stage == look].tolist()))
                               for look in ("pre", "post") if (stage == look).any()})
    return out or None


def item_counts(items: tuple[str, ...], codes: np.ndarray, k: int) -> np.ndarray:
    """Answers per item (rows, in item id order) and category ``codes`` (0 … k − 1)."""
    _, item = np.unique(np.asarray(items, dtype=str), return_inverse=True)
    counts = np.zeros((int(item.max(initial=-1)) + 1, k), dtype=np.int64)
    np.add.at(counts, (item.ravel(), codes), 1)
    return counts


def flag_figures(answers: OtherAnswers) -> FlagFigures:
    """One flag question at one stage: its answers read as yes (1) or no (0)."""
    yes = np.asarray(answers.value, dtype=float) == FLAG_YES
    counts = item_counts(answers.item_id, yes.astype(np.int64), 2)
    n, n_yes = counts.sum(axis=1), counts[:, 1]
    return FlagFigures(
        n_answers=len(answers), n_items=len(counts), share_yes=float(yes.mean()),
        items_with_yes=int((n_yes >= 1).sum()), items_mostly_yes=int((2 * n_yes > n).sum()),
        alpha=alpha(counts, BINARY, "nominal"))


def choice_figures(name: str, answers: OtherAnswers) -> ChoiceFigures:
    """One choice question at one stage: answers per choice (the rubric's list, in its
    order; without the rubric, the choices answered) and α nominal."""
    question = answers.declared.get(name)
    ids = ([choice.choice_id for choice in question.choices] if question is not None
           else sorted(set(answers.text)))
    codes = np.array([ids.index(text) for text in answers.text], dtype=np.int64)
    counts = item_counts(answers.item_id, codes, len(ids))
    return ChoiceFigures(
        n_answers=len(answers), n_items=len(counts),
        counts={choice: int(n) for choice, n in zip(ids, counts.sum(axis=0), strict=True)},
        alpha=alpha(counts, np.arange(len(ids), dtype=float), "nominal"))


def note_figures(answers: OtherAnswers) -> NoteFigures:
    """One free-text question at one stage: the answers with words in them, counted."""
    written = [n for n, text in enumerate(answers.text) if text.strip()]
    return NoteFigures(n_answers=len(answers), n_notes=len(written),
                       items_with_note=len({answers.item_id[n] for n in written}))


def _own_scale(answers: OtherAnswers, name: str, level: Level) -> QuestionFigures:
    """A scale question on its own levels (worst to best, as their values rise)."""
    scale = answers.declared[name].scale
    assert scale is not None  # only a question with its own levels is among the answers
    levels = tuple(float(lv.value) for lv in scale.worst_to_best)
    table = build_table(item_ids=answers.item_id, taggers=answers.tagger,
                        rounds=answers.round, values=answers.value, phases=answers.phase,
                        levels=levels, questions=answers.question, stages=answers.stage)
    figures = question_figures(table, level)
    assert not isinstance(figures, Undefined)  # the table has its question and stages
    return replace(figures[name], levels=levels)
