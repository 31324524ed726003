"""A study's own questions in the rating flow: a flag, a note asked only after "yes", a
choice, each stored with its type, checked on submit, and continued after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.project.answer_model import AnswerKind
from annotator.session.flow import RatingSession
from annotator.store.records import Rating
from tests.session.helpers import FakeClock, start
from tests.study_rubric import answer_pair, use_study_rubric

ANSWERS = {"overall": (6,), "wrong_info": (1,), "wrong_note": (0, "The dog is a cat."),
           "audience": (0, "blind")}


def test_the_note_is_asked_only_after_yes_and_every_answer_keeps_its_type(
        make_project_folder) -> None:
    folder = use_study_rubric(make_project_folder(3))
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    first = answer_pair(session, clock, ANSWERS)
    assert first[0] == "overall:pre" and first[-1] == "overall:post"
    assert first.index("wrong_note:post") == first.index("wrong_info:post") + 1
    second = answer_pair(session, clock, {**ANSWERS, "wrong_info": (0,)})
    assert "wrong_note:post" not in second and len(second) == len(first) - 1
    stored = {(r.item_id, r.question): r for r in store.ratings()}
    item = session.order[0]
    note = stored[item, "wrong_note"]
    assert (note.answer, note.value, note.answer_text) == (AnswerKind.TEXT, 0.0,
                                                           "The dog is a cat.")
    flag = stored[item, "wrong_info"]
    assert (flag.answer, flag.value, flag.answer_text) == (AnswerKind.FLAG, 1.0, "")
    choice = stored[item, "audience"]
    assert (choice.answer, choice.value, choice.answer_text) == (AnswerKind.CHOICE, 1.0, "blind")
    assert stored[item, "overall"].answer is AnswerKind.SCALE


def answer_until(session: RatingSession, clock: FakeClock, question: str) -> None:
    """Answer the first pair's steps from :data:`ANSWERS` until ``question`` is on screen."""
    while True:
        pair = session.pair_shown()
        assert pair is not None and pair.step is not None
        clock.advance(1)
        if pair.step.question.question_id == question:
            return
        session.submit(*ANSWERS[pair.step.question.question_id])


@pytest.mark.parametrize(("question", "bad", "says"), [
    ("wrong_info", (0.5,), r"not yes \(1\) or no \(0\)"),
    ("audience", (0, "nobody"), "not one of the choices"),
    ("audience", (7,), "not one of the choices"),
    ("wrong_note", (0, "x" * 201), "at most 200 are allowed"),
    ("overall", (9,), "not a level"),
    ("overall", (6, "text"), "not a level"),
])
def test_an_answer_its_question_does_not_take_is_refused_and_nothing_stored(
        make_project_folder, question: str, bad: tuple, says: str) -> None:
    folder = use_study_rubric(make_project_folder(2))
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    answer_until(session, clock, question)
    before = len(store.ratings())
    with pytest.raises(ValueError, match=says):
        session.submit(*bad)
    assert len(store.ratings()) == before


def test_a_restart_after_yes_asks_the_note_next(make_project_folder) -> None:
    folder = use_study_rubric(make_project_folder(2))
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    answer_until(session, clock, "wrong_note")  # "yes" to wrong_info: the note is asked
    store.close()
    _, _, again = start(folder, clock=clock)
    pair = again.pair_shown()
    assert pair is not None and pair.step is not None
    assert pair.step.question.question_id == "wrong_note"


def test_an_optional_note_may_be_left_empty(make_project_folder) -> None:
    folder = use_study_rubric(make_project_folder(1))
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    answer_pair(session, clock, {**ANSWERS, "wrong_note": (0, "")})
    notes = [r for r in store.ratings() if r.question == "wrong_note"]
    assert [(n.answer_text, n.answer) for n in notes] == [("", AnswerKind.TEXT)]
    assert session.current_pair() is None


def test_a_stored_answer_row_reads_back_equal(make_project_folder) -> None:
    folder = use_study_rubric(make_project_folder(1))
    clock = FakeClock()
    _, store, session = start(folder, clock=clock)
    answer_pair(session, clock, ANSWERS)
    ratings: list[Rating] = store.ratings()
    store.close()
    _, again, _ = start(folder, clock=clock)
    assert again.ratings() == ratings
    assert Path(again.path).exists()
