"""What a tagger is told on each step of a study's own questions: the keys of that question
(never a level's "1–7" on a yes/no step), how to answer in words, the answer given before
the image, and what each key answers."""

from __future__ import annotations

import pytest

from annotator.project.folder import open_project
from annotator.session.answer_texts import (
    answer_keys,
    answer_options,
    answer_said,
    count_text,
    step_note,
)
from annotator.session.pair import Pair
from tests.session.helpers import FakeClock, start
from tests.study_rubric import study_rubric_text, use_study_rubric


def pair_at(session, clock: FakeClock, question_id: str, answers: dict) -> Pair:
    """The pair on screen once ``question_id`` is asked (earlier steps from ``answers``)."""
    for _ in range(10):
        pair = session.pair_shown()
        assert pair is not None and pair.step is not None
        if pair.step.question.question_id == question_id:
            return pair
        clock.advance(1)
        session.submit(*ANSWERS[pair.step.question.question_id])
    raise AssertionError(f"{question_id} never asked")


ANSWERS = {"overall": (4,), "wrong_info": (1,), "wrong_note": (0, "x"), "audience": (2,)}


@pytest.mark.parametrize(("question", "says", "never"), [
    ("wrong_info", "Press Y or N (or click) to choose an answer.", "1–"),
    ("audience", "Press e, b or s (or click) to choose an answer.", "1–"),
    ("wrong_note", "Type your answer in the box (or leave it empty): Enter starts a new "
                   "line, Ctrl+Enter goes on.", "Press"),
])
def test_each_step_says_its_own_keys(make_project_folder, question: str, says: str,
                                     never: str) -> None:
    folder = use_study_rubric(make_project_folder(2))
    clock = FakeClock()
    project, _, session = start(folder, clock=clock)
    note = step_note(pair_at(session, clock, question, ANSWERS), project.rubric)
    assert note == says and never not in note


def test_the_answer_before_the_image_is_said_by_its_key_and_label(make_project_folder) -> None:
    text = study_rubric_text().replace('stages = ["post"]\n', "")
    folder = use_study_rubric(make_project_folder(2), text)
    clock = FakeClock()
    project, _, session = start(folder, clock=clock)
    first = pair_at(session, clock, "wrong_info", ANSWERS)
    assert step_note(first, project.rubric).startswith(
        "The image is hidden: answer from the text and its context. Press Y or N")
    for question, said in (("wrong_info", "you chose Y — Yes"),
                           ("audience", "you chose s — Sighted readers"),
                           ("wrong_note", "you wrote the text in the box")):
        pair = pair_at(session, clock, question, ANSWERS)
        while pair.step.stage == "pre":
            clock.advance(1)
            session.submit(*ANSWERS[pair.step.question.question_id])
            pair = pair_at(session, clock, question, ANSWERS)
        assert pair.earlier is not None
        assert said in step_note(pair, project.rubric)
        clock.advance(1)
        session.submit(*ANSWERS[question])


def test_keys_and_answers_of_each_question(make_project_folder) -> None:
    rubric = open_project(use_study_rubric(make_project_folder(1))).rubric
    assert answer_keys(rubric) == ["1", "2", "3", "4", "5", "6", "7", "Y", "N", "e", "b", "s"]
    flag, note, audience = (rubric.question_by_id(q)
                            for q in ("wrong_info", "wrong_note", "audience"))
    assert [(o.key, o.label, o.value) for o in answer_options(rubric, flag)] == [
        ("Y", "Yes", 1.0), ("N", "No", 0.0)]
    assert answer_options(rubric, note) == ()
    choices = answer_options(rubric, audience)
    assert answer_said(choices, 1.0, "") == "b — Blind readers"
    assert answer_said((), 0.0, "3 legs") == "your answer in words (6 characters)"
    assert answer_said((), 0.0, "") == "no answer"
    assert count_text(12, 500) == "12 of 500 characters"
    assert count_text(500, 500) == "500 of 500 characters: the limit"
