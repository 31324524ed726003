"""The items table's column groups of the questions not answered on the rubric's levels:
per question and stage, each item's count of answers and what they said — a flag's yes
answers, each choice's count, a free text's notes (answers with words in them), a scale of
its own's mean and sd. Named like the other question groups (``wrong_info_post_yes``), on
the game and retest answers of the taggers the analysis counts (those who failed the
attention checks left out when the analysis leaves them out).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from annotator.analysis.other_answers import OtherAnswers
from annotator.analysis.pipeline import Analysis
from annotator.analysis.results import AttentionChecks
from annotator.project.answer_model import FLAG_YES, AnswerKind, Question
from annotator.reporting.content import Cell, Column

_STAGE_WORDS = {"pre": "before the image was shown", "post": "with the image"}
Summary = Callable[[Sequence[float], Sequence[str]], Cell]


@dataclass(frozen=True)
class AnswerGroup:
    """One question × stage: its columns, and each item's answers' values and texts."""

    prefix: str
    columns: tuple[Column, ...]
    summaries: tuple[Summary, ...]
    values: dict[str, list[float]]
    texts: dict[str, list[str]]

    def cells(self, item_id: str) -> list[Cell]:
        """The item's cells (an item nobody answered: counts 0, figures empty)."""
        values, texts = self.values.get(item_id, []), self.texts.get(item_id, [])
        return [summary(values, texts) for summary in self.summaries]


def answer_groups(analysis: Analysis) -> tuple[AnswerGroup, ...]:
    """A group per question and stage answered otherwise than on the rubric's levels, in
    the rubric's question order, before the image first."""
    answers = analysis.input.answers.data()
    checks = analysis.results.checks
    if isinstance(checks, AttentionChecks) and checks.excluded is not None:
        answers = answers.without(checks.excluded.taggers)
    groups = []
    for question in _questions(answers):
        for stage in ("pre", "post"):
            rows = [i for i in range(len(answers)) if answers.question[i] ==
                    question.question_id and answers.stage[i] == stage]
            if rows:
                groups.append(_group(question, stage, answers, rows))
    return tuple(groups)


def _questions(answers: OtherAnswers) -> list[Question]:
    """The questions of the answers, as the rubric declares them (when known)."""
    declared = list(answers.declared.values())
    known = {q.question_id for q in declared}
    answered = dict.fromkeys(q for q in answers.question if q not in known)
    kinds = {answers.question[i]: answers.kind[i] for i in range(len(answers))}
    return [*declared, *(Question(q, q, kind=kinds[q]) for q in answered
                         if kinds[q] is not AnswerKind.CHOICE)]


def _group(question: Question, stage: str, answers: OtherAnswers,
           rows: list[int]) -> AnswerGroup:
    prefix = f"{question.question_id}_{stage}_"
    what = f"answers to {question.question_id!r} {_STAGE_WORDS[stage]}"
    title = f"{question.question_id} {stage}"
    values: dict[str, list[float]] = defaultdict(list)
    texts: dict[str, list[str]] = defaultdict(list)
    for i in rows:
        values[answers.item_id[i]].append(answers.value[i])
        texts[answers.item_id[i]].append(answers.text[i])
    columns = [Column(f"{prefix}n", f"{title} n", "int", f"Game and retest {what}")]
    summaries: list[Summary] = [lambda v, _: len(v)]
    match question.kind:
        case AnswerKind.FLAG:
            columns.append(Column(f"{prefix}yes", f"{title} yes", "int", f"Yes {what}"))
            summaries.append(lambda v, _: sum(value == FLAG_YES for value in v))
        case AnswerKind.CHOICE:
            for choice in question.choices:
                columns.append(Column(f"{prefix}{choice.choice_id}",
                                      f"{title} {choice.choice_id}", "int",
                                      f"{what.capitalize()} choosing {choice.label!r}"))
                summaries.append(_count_of(choice.choice_id))
        case AnswerKind.TEXT:
            columns.append(Column(f"{prefix}notes", f"{title} notes", "int",
                                  f"{what.capitalize()} with words in them"))
            summaries.append(lambda _, t: sum(bool(text.strip()) for text in t))
        case AnswerKind.SCALE:
            columns += [Column(f"{prefix}mean", f"{title} mean", "number",
                               f"Mean of the {what}, on its own levels"),
                        Column(f"{prefix}sd", f"{title} sd", "number",
                               f"Standard deviation (n − 1) of the {what}")]
            summaries += [lambda v, _: statistics.fmean(v) if v else None,
                          lambda v, _: statistics.stdev(v) if len(v) > 1 else None]
    return AnswerGroup(prefix, tuple(columns), tuple(summaries), dict(values), dict(texts))


def _count_of(choice_id: str) -> Summary:
    """How many of an item's answers picked ``choice_id``."""
    return lambda _, texts: texts.count(choice_id)
