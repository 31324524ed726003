"""The answers that are not levels of the rubric's scale: yes/no flags, choices, free texts,
and the levels of a scale question that brings its own. The rating table
(:class:`~annotator.analysis.rating_table.RatingTable`) holds the levels of the rubric's
scale; these are kept beside it, row by row, counted by the same rules (each rating id
once, one answer per tagger, round, pair, question and stage), for
:mod:`annotator.analysis.answer_figures`, the Items tab's notes and the ContextRef tables.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, NamedTuple, TypeVar

import numpy as np

from annotator.project.answer_model import AnswerKind, Question
from annotator.store.records import Phase

if TYPE_CHECKING:
    from annotator.store.reading import RatingRows

T = TypeVar("T")


class Note(NamedTuple):
    """A free-text answer with words in it, and who wrote it where."""

    tagger: str
    round: int
    question: str
    stage: str
    text: str


@dataclass(frozen=True)
class OtherAnswers:
    """One row per answer, all phases, column by column; ``declared``: the rubric's
    questions by id (empty when the project is not known: a choice's list is then the
    choices answered, and every scale answer is on the rubric's levels)."""

    item_id: tuple[str, ...] = ()
    tagger: tuple[str, ...] = ()
    round: tuple[int, ...] = ()
    phase: tuple[Phase, ...] = ()
    question: tuple[str, ...] = ()
    stage: tuple[str, ...] = ()
    kind: tuple[AnswerKind, ...] = ()
    value: tuple[float, ...] = ()
    text: tuple[str, ...] = ()
    declared: Mapping[str, Question] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.item_id)

    def rows(self, keep: Collection[int]) -> OtherAnswers:
        """The rows at the indices ``keep``, in that order."""
        columns = {f.name: tuple(getattr(self, f.name)[i] for i in keep)
                   for f in fields(self) if f.name != "declared"}
        return OtherAnswers(**columns, declared=self.declared)

    def data(self) -> OtherAnswers:
        """The answers of the data phases (the figures' answers)."""
        return self.rows([i for i, phase in enumerate(self.phase) if phase.is_data])

    def without(self, taggers: Collection[str]) -> OtherAnswers:
        """The answers of every tagger but ``taggers`` (those who failed the checks)."""
        left_out = set(taggers)
        return self.rows([i for i, name in enumerate(self.tagger) if name not in left_out])

    @property
    def has_notes(self) -> bool:
        """Free text was asked for (the rubric has such a question) or answered."""
        return any(q.kind is AnswerKind.TEXT for q in self.declared.values()) or (
            AnswerKind.TEXT in self.kind)

    def notes(self, item_id: str) -> tuple[Note, ...]:
        """The notes on ``item_id`` (every phase), by tagger, round, question and stage."""
        return tuple(sorted(
            Note(self.tagger[i], self.round[i], self.question[i], self.stage[i], self.text[i])
            for i, item in enumerate(self.item_id)
            if item == item_id and self.kind[i] is AnswerKind.TEXT and self.text[i].strip()))

    def of_kind(self, kind: AnswerKind) -> dict[str, np.ndarray]:
        """The row indices of each question answered as ``kind``, by question id, in the
        rubric's order (then by id, for a question the rubric does not declare)."""
        order = {question_id: n for n, question_id in enumerate(self.declared)}
        names = sorted({q for q, k in zip(self.question, self.kind, strict=True) if k is kind},
                       key=lambda q: (order.get(q, len(order)), q))
        question = np.asarray(self.question, dtype=object)
        return {name: np.flatnonzero(question == name) for name in names}


def own_scale_questions(declared: Mapping[str, Question]) -> frozenset[str]:
    """The ids of the scale questions answered on their own levels, not the rubric's."""
    return frozenset(q.question_id for q in declared.values() if q.scale is not None)


def other_answers(rows: RatingRows, counted: np.ndarray,
                  declared: Mapping[str, Question]) -> OtherAnswers:
    """The ``counted`` rows (indices into ``rows``) that are not levels of the rubric's
    scale, for the questions ``declared``."""
    own = own_scale_questions(declared)
    if not own and set(rows.answer) <= {AnswerKind.SCALE.value}:
        return OtherAnswers(declared=declared)  # levels only: the usual protocol
    keep = [i for i in counted.tolist()
            if rows.answer[i] != AnswerKind.SCALE.value or rows.question[i] in own]

    def pick(column: Sequence[T]) -> tuple[T, ...]:
        return tuple(column[i] for i in keep)

    return OtherAnswers(
        item_id=pick(rows.item_id), tagger=pick(rows.tagger), round=pick(rows.round),
        phase=tuple(Phase(rows.phase[i]) for i in keep), question=pick(rows.question),
        stage=pick(rows.stage), kind=tuple(AnswerKind(rows.answer[i]) for i in keep),
        value=pick(rows.value), text=pick(rows.answer_text), declared=declared)
