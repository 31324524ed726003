"""The steps of one pair in a multi-question protocol (ContextRef, Kreiss et al. 2024, §4.2).

Each question of the rubric is answered before the image is shown ("pre": text and context
only), then after ("post"), questions with a single stage once. Within a stage the
questions come in a random order of the tagger's own, the same for every pair of a round,
with "overall" always last. Which steps a tagger has answered is read back from the stored
ratings, so a restart continues at the next unanswered step of the same pair.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from annotator.project.answer_model import (
    OVERALL,
    SKIP_VALUE,
    STAGES,
    AnswerKind,
    Question,
    answer_name,
)
from annotator.project.model import Rubric
from annotator.store.records import Rating


@dataclass(frozen=True)
class Step:
    """One question in one stage."""

    question: Question
    stage: str

    @property
    def key(self) -> tuple[str, str]:
        """How the answer is stored: (question id, stage)."""
        return self.question.question_id, self.stage


def pair_steps(questions: Sequence[Question], *, seed: int, round_number: int) -> list[Step]:
    """Every step of a pair for one tagger's round: all "pre" steps, then all "post" steps.

    A question asked only on a condition (``show_if``) follows the question it depends on
    directly, in the order of the rubric file; the rest are shuffled, "overall" last.
    """
    others = sorted((q for q in questions if q.question_id != OVERALL and q.show_if is None),
                    key=lambda q: q.question_id)
    random.Random(f"questions:{seed}:{round_number}").shuffle(others)
    ordered: list[Question] = []
    for question in [*others, *(q for q in questions if q.question_id == OVERALL)]:
        ordered.extend(_with_dependents(question, questions))
    return [Step(q, stage) for stage in STAGES for q in ordered if stage in q.stages]


def _with_dependents(question: Question, questions: Sequence[Question]) -> list[Question]:
    """``question`` followed by every question asked on a condition on its answer (and
    theirs, in turn)."""
    found = [question]
    for dependent in questions:
        if dependent.show_if is not None and dependent.show_if.question_id == question.question_id:
            found.extend(_with_dependents(dependent, questions))
    return found


def asked(step: Step, answered: Mapping[tuple[str, str], Answer]) -> bool:
    """Whether ``step`` is asked, given the pair's ``answered`` steps: always, unless its
    question is asked on a condition that the answer of the same stage does not meet (or
    that is not answered at all, being itself not asked)."""
    condition = step.question.show_if
    if condition is None:
        return True
    given = answered.get((condition.question_id, step.stage))
    return given is not None and given.name == condition.answer


@dataclass(frozen=True)
class Answer:
    """One stored answer of a pair's step: its value, its text, and its name as a
    ``show_if`` names it ("yes", a choice's id, a level's value)."""

    value: float
    text: str
    name: str


def answer_of(rating: Rating) -> Answer:
    """The answer a stored rating gives."""
    return Answer(rating.value, rating.answer_text,
                  answer_name(rating.answer, rating.value, rating.answer_text))


def checked_answer(rubric: Rubric, step: Step | None, value: float,
                   text: str) -> tuple[float, str]:
    """The (value, text) to store for the answer to ``step`` (None: the rubric's one
    question); ValueError when it is no answer of that question (SKIP only on the rubric's
    own levels, when it offers it)."""
    if step is None or step.question.kind is AnswerKind.SCALE:
        own_scale = step is not None and step.question.scale is not None
        scale = rubric.scale if step is None else rubric.scale_of(step.question)
        skip = value == SKIP_VALUE and rubric.skip is not None and not own_scale
        if text or (scale.level_for_value(value) is None and not skip):
            raise ValueError(f"{value!r} is not a level of the rubric {rubric.rubric_id}")
        return float(value), ""
    return step.question.stored(value, text)
