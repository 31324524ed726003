"""A rubric's several questions as another tool's controls, where that tool can ask them:
Label Studio's ``<Choices>`` and ``<TextArea>`` (a conditional question shown with
``visibleWhen="choice-selected"``), Potato's ``radio`` and ``text`` schemes.

Both tools show the image with the text at once, so only questions asked with the image
(``stages = ["post"]``) can be carried; a question asked before the image is refused by name.
The questions come in the rubric file's order, "overall" last (the tools have no order of
each rater's own). Their answers are read back by the lab from the tool's export: ``annotator
import-ratings`` reads one question's answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, assert_never
from xml.sax.saxutils import quoteattr

from annotator.errors import AnnotatorError
from annotator.project.answer_model import OVERALL, AnswerKind, Question
from annotator.project.model import Project, Rubric

FLAG_LABELS = (("Yes", "yes"), ("No", "no"))
"""A flag's answers as the tools show them (value) and store them (alias)."""


def carried_questions(project: Project, tool: str, *, several: bool) -> tuple[Question, ...]:
    """The rubric's questions in the order the tool asks them (none for a single-question
    rubric); AnnotatorError when the tool (``several``: whether it can ask several at all)
    cannot ask one of them."""
    rubric = project.rubric
    if not rubric.questions:
        return ()
    if not several:
        raise AnnotatorError(
            f"The {rubric.rubric_id} rubric asks {len(rubric.questions)} questions; {tool} "
            "tasks carry one question, so rate this project in the app.", file=project.root)
    before = next((q for q in rubric.questions if "pre" in q.stages), None)
    if before is not None:
        raise AnnotatorError(
            f"The {rubric.rubric_id} rubric asks {before.question_id!r} before the image is "
            f"shown; {tool} shows the image with the text at once, so it cannot. Rate this "
            'project in the app, or ask every question only with the image (stages = ["post"] '
            "in the rubric).", file=project.root)
    return (*(q for q in rubric.questions if q.question_id != OVERALL),
            *(q for q in rubric.questions if q.question_id == OVERALL))


def options(question: Question, rubric: Rubric) -> list[tuple[str, str, str]]:
    """A scale, flag or choice question's answers as (shown value, stored alias, hint),
    a scale's best level first."""
    match question.kind:
        case AnswerKind.SCALE:
            levels = sorted(rubric.scale_of(question).levels, key=lambda level: -level.value)
            return [(f"{level.value:g} – {level.label}", f"{level.value:g}", level.text)
                    for level in levels]
        case AnswerKind.FLAG:
            return [(shown, alias, "") for shown, alias in FLAG_LABELS]
        case AnswerKind.CHOICE:
            return [(choice.label, choice.choice_id, "") for choice in question.choices]
        case AnswerKind.TEXT:
            return []
        case _:
            assert_never(question.kind)


def label_studio_controls(questions: tuple[Question, ...], rubric: Rubric) -> Iterator[str]:
    """The config lines asking ``questions``: a header and a control each."""
    for question in questions:
        yield f"  <Header value={quoteattr(question.text)}/>"
        shown = _visible_when(question, rubric)
        if question.kind is AnswerKind.TEXT:
            required = "true" if question.required else "false"
            yield (f"  <TextArea name={quoteattr(question.question_id)} toName=\"image\" "
                   f'rows="3" maxSubmissions="1" required="{required}"{shown}/>')
            continue
        yield (f"  <Choices name={quoteattr(question.question_id)} toName=\"image\" "
               f'choice="single-radio" required="true"{shown}>')
        yield from (f"    <Choice value={quoteattr(value)} alias={quoteattr(alias)}"
                    + (f" hint={quoteattr(hint)}" if hint else "") + "/>"
                    for value, alias, hint in options(question, rubric))
        yield "  </Choices>"


def _visible_when(question: Question, rubric: Rubric) -> str:
    """Label Studio's condition for a question asked only after an answer: the control is
    shown once that answer (its shown value) is chosen."""
    condition = question.show_if
    if condition is None:
        return ""
    target = rubric.question_by_id(condition.question_id)
    assert target is not None  # the rubric checked its conditions
    value = next(shown for shown, alias, _ in options(target, rubric)
                 if alias == condition.answer)
    return (f' visibleWhen="choice-selected" whenTagName={quoteattr(target.question_id)} '
            f"whenChoiceValue={quoteattr(value)}")


def potato_schemes(questions: tuple[Question, ...], rubric: Rubric) -> list[dict[str, Any]]:
    """Potato's annotation schemes asking ``questions``: a radio scheme per scale, flag or
    choice question (labels as the tool stores them), a text scheme per free text; a
    condition Potato cannot show is said in the question's description."""
    schemes: list[dict[str, Any]] = []
    for question in questions:
        description = question.text
        if question.show_if is not None:
            description += (f" (Only if you answered {question.show_if.answer} to "
                            f"{question.show_if.question_id}.)")
        if question.kind is AnswerKind.TEXT:
            schemes.append({"annotation_type": "text", "name": question.question_id,
                            "description": description})
            continue
        schemes.append({"annotation_type": "radio", "name": question.question_id,
                        "description": description,
                        "labels": [{"name": alias, "tooltip": hint or value}
                                   for value, alias, hint in options(question, rubric)]})
    return schemes
