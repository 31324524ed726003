"""A lab's own study, for tests of answer types: a 7-point scale listed worst first (the
rubric's levels, asked as "overall" before and after the image), a yes/no flag after the
image with a note asked only on "yes", and a choice of who the description is for."""

from __future__ import annotations

from pathlib import Path

from annotator.session.clock import ManualClock
from annotator.session.flow import RatingSession

LABELS = ("Very poor", "Poor", "Rather poor", "Neither", "Rather good", "Good", "Very good")
AUDIENCES = (("everyone", "Everyone"), ("blind", "Blind readers"), ("sighted", "Sighted readers"))


def study_rubric_text(*, rubric_id: str = "lab-study", note_length: int = 200) -> str:
    """The rubric file's text."""
    text = (f'id = "{rubric_id}"\nname = "A lab study"\n'
            'question = "How good is this caption?"\norder = "worst-first"\n\n'
            "[defaults]\ndwell_seconds = 0\nfeedback = false\ntutorial = false\n"
            "probation = false\n")
    for value, label in enumerate(LABELS, start=1):
        text += (f'\n[[levels]]\nvalue = {value}\nkey = "{value}"\nlabel = "{label}"\n'
                 f'text = "{label}: the caption is {label.lower()}."\n')
    text += (
        '\n[[questions]]\nid = "wrong_info"\ntype = "flag"\nstages = ["post"]\n'
        'text = "Does the description contain potentially wrong information?"\n'
        '\n[[questions]]\nid = "wrong_note"\ntype = "text"\nstages = ["post"]\n'
        f'required = false\nmax_length = {note_length}\n'
        'text = "What is wrong in it?"\n'
        'show_if = { question = "wrong_info", answer = "yes" }\n'
        '\n[[questions]]\nid = "audience"\ntype = "choice"\nstages = ["post"]\n'
        'text = "Who is this description written for?"\n')
    for key, (choice_id, label) in enumerate(AUDIENCES, start=1):
        text += (f'\n[[questions.choices]]\nid = "{choice_id}"\nlabel = "{label}"\n'
                 f'key = "{"ebs"[key - 1]}"\n')
    text += ('\n[[questions]]\nid = "overall"\n'
             'text = "Overall, how good is this caption?"\n')
    return text


def use_study_rubric(folder: Path, text: str | None = None) -> Path:
    """``folder`` (a project of the ``make_project_folder`` fixture) with the study's rubric
    as its own ``rubric.toml``."""
    (folder / "rubric.toml").write_text(text or study_rubric_text(), encoding="utf-8")
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        'rubric = "vicr5"\n', "", 1), encoding="utf-8")
    return folder


def answer_pair(session: RatingSession, clock: ManualClock,
                answers: dict[str, tuple]) -> list[str]:
    """Answer every step of the pair on screen through the real flow, from ``answers``
    (question id → :meth:`RatingSession.submit`'s arguments); the steps asked, in order."""
    asked = []
    item = session.current_pair()
    assert item is not None
    while (pair := session.pair_shown()) is not None and pair.item == item.item:
        assert pair.step is not None
        asked.append(f"{pair.step.question.question_id}:{pair.step.stage}")
        clock.advance(1)
        session.submit(*answers[pair.step.question.question_id])
    return asked
