"""What a tagger can answer to the step on screen, and the words about it: the buttons of a
scale, a yes/no flag or a choice question (as levels with their keys), the free text's
hint, and the notes and key hints of each step of a multi-question protocol.

Plain data and text, so the screen only shows them and the wording is tested without one.
"""

from __future__ import annotations

from typing import assert_never

from annotator.project.answer_model import FLAG_NO, FLAG_YES, AnswerKind, Level, Question
from annotator.project.model import Rubric
from annotator.session.messages import STAGE_WORDS, options_hint
from annotator.session.pair import Pair

FLAG_LEVELS = (Level(FLAG_YES, "Y", "Yes", "Yes"), Level(FLAG_NO, "N", "No", "No"))
"""A flag's two answers as buttons: Yes (key Y, stored 1) and No (key N, stored 0)."""


def answer_options(rubric: Rubric, question: Question | None) -> tuple[Level, ...]:
    """The buttons of ``question`` (None: the rubric's one question), left to right: a
    scale's levels (its own, or the rubric's with SKIP when offered), Yes and No, the
    choices (each stored as its place in the list), none for a free text."""
    if question is None:
        return rubric.options
    match question.kind:
        case AnswerKind.SCALE:
            return rubric.options if question.scale is None else question.scale.levels
        case AnswerKind.FLAG:
            return FLAG_LEVELS
        case AnswerKind.CHOICE:
            return tuple(Level(float(place), choice.key, choice.label, choice.label)
                         for place, choice in enumerate(question.choices))
        case AnswerKind.TEXT:
            return ()
        case _:
            assert_never(question.kind)


def answer_keys(rubric: Rubric) -> list[str]:
    """Every key that answers some question of ``rubric``, each once (a key's case does
    not count: Y and y are one key)."""
    keys: dict[str, str] = {}
    for question in (None, *rubric.questions):
        for option in answer_options(rubric, question):
            keys.setdefault(option.key.casefold(), option.key)
    return list(keys.values())


def option_for_key(options: tuple[Level, ...], key: str) -> Level | None:
    """The button ``key`` presses among ``options`` (None: no answer of the step)."""
    return next((o for o in options if o.key.casefold() == key.casefold()), None)


def text_label(question: Question) -> str:
    """The label of a free text's box: whether it may stay empty, and its limit."""
    need = "required" if question.required else "optional"
    return f"Your answer in words ({need}, up to {question.max_length:,} characters)"


def text_hint(question: Question) -> str:
    """How to answer a free text from the keyboard."""
    empty = "" if question.required else " (or leave it empty)"
    return (f"Type your answer in the box{empty}: Enter starts a new line, Ctrl+Enter goes "
            "on.")


def count_text(typed: int, limit: int) -> str:
    """Under the box: ``12 of 500 characters``, and when the limit is reached, says so."""
    full = ": the limit" if typed >= limit else ""
    return f"{typed:,} of {limit:,} characters{full}"


TEXT_MISSING = ("This question needs an answer in words: type it in the box, then press "
                "Ctrl+Enter.")
"""Why a required free text left empty cannot go on."""


def answer_hint(rubric: Rubric, question: Question | None) -> str:
    """How to answer ``question`` (None: the rubric's one question): its keys, or the box."""
    if question is not None and question.kind is AnswerKind.TEXT:
        return text_hint(question)
    return options_hint(answer_options(rubric, question))


def answer_said(options: tuple[Level, ...], value: float, text: str) -> str:
    """An answer as a tagger is told it: ``Y — Yes``, ``4 — Accurate``; a free text by its
    length."""
    option = next((o for o in options if o.value == value), None) if options else None
    if option is not None:
        return f"{option.key} — {option.label}"
    if not options:
        return f"your answer in words ({len(text):,} characters)" if text else "no answer"
    return f"{value:g}"


def step_hint(pair: Pair, rubric: Rubric) -> str:
    """What a screen reader says when a question of a multi-question protocol comes up."""
    assert pair.step is not None
    return (f"Question {pair.step_number} of {pair.steps}, {STAGE_WORDS[pair.step.stage]}: "
            f"{pair.step.question.text} {step_note(pair, rubric)}")


def step_note(pair: Pair, rubric: Rubric) -> str:
    """The line under the answers during a step: how to answer this question now (the
    answer given before the image is given again)."""
    assert pair.step is not None
    question = pair.step.question
    earlier = pair.earlier
    if earlier is not None and question.kind is AnswerKind.TEXT:
        return ("Before seeing the image you wrote the text in the box: press Ctrl+Enter to "
                "keep it, or change it." if earlier.text else
                "Before seeing the image you left this empty: press Ctrl+Enter to leave it "
                "so, or type an answer.")
    if earlier is not None:
        chosen = answer_said(answer_options(rubric, question), earlier.value, earlier.text)
        return (f"Before seeing the image you chose {chosen}: it is chosen again; press Enter "
                "to keep it, or choose another.")
    how = answer_hint(rubric, question)
    if pair.step.stage == "pre":
        return f"The image is hidden: answer from the text and its context. {how}"
    return how
