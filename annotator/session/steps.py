"""The steps of one pair in a multi-question protocol (ContextRef, Kreiss et al. 2024, §4.2).

Each question of the rubric is answered before the image is shown ("pre": text and context
only), then after ("post"), questions with a single stage once. Within a stage the
questions come in a random order of the tagger's own, the same for every pair of a round,
with "overall" always last. Which steps a tagger has answered is read back from the stored
ratings, so a restart continues at the next unanswered step of the same pair.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from annotator.project.model import OVERALL, STAGES, Question


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
    """Every step of a pair for one tagger's round: all "pre" steps, then all "post" steps."""
    others = sorted((q for q in questions if q.question_id != OVERALL),
                    key=lambda q: q.question_id)
    random.Random(f"questions:{seed}:{round_number}").shuffle(others)
    ordered = [*others, *(q for q in questions if q.question_id == OVERALL)]
    return [Step(q, stage) for stage in STAGES for q in ordered if stage in q.stages]
