"""Questions with their own answer types in a rubric file: a scale (the rubric's or its own
levels), a yes/no flag, a choice list, a free text; stages and conditions; every mistake
named with the file and the line of its [[questions]] table."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.errors import RubricError
from annotator.project.answer_model import AnswerKind, ScaleOrder, ShowIf
from annotator.project.folder import open_project
from annotator.project.rubric import load_rubric_file
from tests.study_rubric import study_rubric_text, use_study_rubric


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rubric.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_study_rubric_reads_each_type(tmp_path: Path) -> None:
    rubric = load_rubric_file(write(tmp_path, study_rubric_text()), named_by_id=False)
    kinds = {q.question_id: q.kind for q in rubric.questions}
    assert kinds == {"wrong_info": AnswerKind.FLAG, "wrong_note": AnswerKind.TEXT,
                     "audience": AnswerKind.CHOICE, "overall": AnswerKind.SCALE}
    note = rubric.question_by_id("wrong_note")
    assert note is not None and note.show_if == ShowIf("wrong_info", "yes")
    assert not note.required and note.max_length == 200 and note.stages == ("post",)
    audience = rubric.question_by_id("audience")
    assert audience is not None
    assert [(c.choice_id, c.key) for c in audience.choices] == [
        ("everyone", "e"), ("blind", "b"), ("sighted", "s")]
    assert rubric.order is ScaleOrder.WORST_FIRST and len(rubric.levels) == 7


def test_a_scale_question_may_bring_its_own_levels_best_first(tmp_path: Path) -> None:
    own = ('\n[[questions]]\nid = "helpful"\ntext = "How helpful is it?"\norder = "best-first"\n'
           + "".join(f'\n[[questions.levels]]\nvalue = {v}\nkey = "{k}"\nlabel = "L{v}"\n'
                     f'text = "Level {v}."\n' for k, v in ((1, 3), (2, 2), (3, 1))))
    text = study_rubric_text().replace('\n[[questions]]\nid = "overall"', own
                                       + '\n[[questions]]\nid = "overall"')
    rubric = load_rubric_file(write(tmp_path, text), named_by_id=False)
    helpful = rubric.question_by_id("helpful")
    assert helpful is not None and helpful.scale is not None
    assert rubric.scale_of(helpful).order is ScaleOrder.BEST_FIRST
    assert [level.value for level in rubric.scale_of(helpful).worst_to_best] == [1, 2, 3]
    overall = rubric.question_by_id("overall")
    assert overall is not None and rubric.scale_of(overall) is rubric.scale


def header_line(text: str, question_id: str) -> int:
    """The line of the [[questions]] header of ``question_id``."""
    lines = text.splitlines()
    at = lines.index(f'id = "{question_id}"')
    return next(n for n in range(at, 0, -1) if lines[n - 1] == "[[questions]]")


@pytest.mark.parametrize(("old", "new", "question", "says"), [
    ('id = "wrong_info"\ntype = "flag"', 'id = "wrong_info"\ntype = "yesno"', "wrong_info",
     "type must be one of scale, flag, choice, text, not 'yesno'"),
    ('id = "wrong_note"\ntype = "text"', 'id = "wrong_note"\ntype = "text"\nshow-if = 1',
     "wrong_note", "'show-if' is not a key of a question"),
    ('required = false\nmax_length = 200', 'required = false\nmax_length = 20000', "wrong_note",
     "max_length is from 1 to 10,000 characters"),
    ('id = "wrong_info"\ntype = "flag"', 'id = "wrong_info"\ntype = "flag"\nrequired = false',
     "wrong_info", "only a free text may be optional"),
    ('id = "audience"\ntype = "choice"', 'id = "audience"\ntype = "text"', "audience",
     "a choice question, and only one, lists its choices"),
])
def test_a_wrong_question_is_named_with_its_line(tmp_path: Path, old: str, new: str,
                                                 question: str, says: str) -> None:
    text = study_rubric_text()
    assert old in text
    changed = text.replace(old, new, 1)
    with pytest.raises(RubricError) as caught:
        load_rubric_file(write(tmp_path, changed), named_by_id=False)
    assert says in str(caught.value)
    assert caught.value.line == header_line(changed, question)
    assert "rubric.toml" in str(caught.value)


@pytest.mark.parametrize(("condition", "says"), [
    ('{ question = "nothing", answer = "yes" }', "names 'nothing', not another question"),
    ('{ question = "wrong_info", answer = "maybe" }', "'maybe' is not an answer of 'wrong_info'"),
    ('{ question = "overall", answer = "yes" }', "'overall', which is not a yes/no flag"),
    ('{ question = "wrong_note", answer = "x" }', "names 'wrong_note', not another question"),
    ('{ question = "audience", answer = "x" }', "'x' is not an answer of 'audience'"),
])
def test_a_condition_that_cannot_hold_is_refused(tmp_path: Path, condition: str,
                                                 says: str) -> None:
    text = study_rubric_text().replace(
        '{ question = "wrong_info", answer = "yes" }', condition)
    with pytest.raises(RubricError, match="do not fit together") as caught:
        load_rubric_file(write(tmp_path, text), named_by_id=False)
    assert says in str(caught.value)


def test_a_condition_on_a_question_of_another_stage_is_refused(tmp_path: Path) -> None:
    text = study_rubric_text().replace(
        'id = "wrong_note"\ntype = "text"\nstages = ["post"]',
        'id = "wrong_note"\ntype = "text"\nstages = ["pre", "post"]')
    with pytest.raises(RubricError, match="must be asked in every stage 'wrong_note' is"):
        load_rubric_file(write(tmp_path, text), named_by_id=False)


def test_overall_must_be_a_scale_question(tmp_path: Path) -> None:
    text = study_rubric_text().replace(
        'id = "overall"\n', 'id = "overall"\ntype = "flag"\n')
    with pytest.raises(RubricError, match="'overall' question is a scale question"):
        load_rubric_file(write(tmp_path, text), named_by_id=False)


def test_a_project_with_the_study_rubric_opens_without_problems(make_project_folder) -> None:
    project = open_project(use_study_rubric(make_project_folder(4)))
    assert project.problems == ()
    assert project.rubric.rubric_id == "lab-study"
    assert [q.question_id for q in project.rubric.questions][-1] == "overall"
