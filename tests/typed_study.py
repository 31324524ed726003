"""A held-in study with answers of every type, small enough to check by hand: the lab study
rubric (tests/study_rubric.py) with one more scale question, ``helpful``, on its own three
levels listed best first (10, 5, 0: none of them a level of the rubric's 7-point scale),
answered by three taggers on four items in one round, one session file each.

By hand, with the image (``post``):
- ``wrong_info`` (flag): 12 answers, 6 yes; item000 yes yes no, item001 no no no,
  item002 yes no no, item003 yes yes yes → 3 items with a yes, 2 with more than half yes.
- ``wrong_note`` (text, asked on yes): 6 answers, 4 with words (one left blank, one of
  spaces) on 3 items (item000, item002, item003).
- ``audience`` (choice): everyone 5, blind 5, sighted 2.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from annotator.project.answer_model import AnswerKind
from annotator.store.records import Phase, Rating
from tests.store.sessionfiles import PROJECT, T0, write_session_file
from tests.study_rubric import study_rubric_text, use_study_rubric

TAGGERS = ("ana", "ben", "cy")
ITEMS = ("item000", "item001", "item002", "item003")
FLAGS = {"item000": (1, 1, 0), "item001": (0, 0, 0), "item002": (1, 0, 0),
         "item003": (1, 1, 1)}
NOTES = {("item000", "ana"): "The dog is a cat.", ("item000", "ben"): "",
         ("item002", "ana"): "Wrong colour of the car.", ("item003", "ana"): "   ",
         ("item003", "ben"): "No bridge in the photo.", ("item003", "cy"): "Two people, not three."}
AUDIENCE = {"item000": ("everyone", "everyone", "blind"), "item001": ("blind", "blind", "blind"),
            "item002": ("sighted", "everyone", "everyone"),
            "item003": ("everyone", "sighted", "blind")}
CHOICES = ("everyone", "blind", "sighted")
OVERALL = {"pre": {"item000": (2, 3, 4), "item001": (6, 7, 6), "item002": (3, 5, 4),
                   "item003": (1, 2, 2)},
           "post": {"item000": (2, 2, 5), "item001": (7, 6, 6), "item002": (4, 5, 3),
                    "item003": (1, 1, 3)}}
HELPFUL = {"pre": {"item000": (5, 5, 10), "item001": (10, 10, 5), "item002": (0, 5, 5),
                   "item003": (0, 0, 5)},
           "post": {"item000": (0, 5, 5), "item001": (10, 10, 10), "item002": (5, 5, 0),
                    "item003": (0, 0, 0)}}
HELPFUL_LEVELS = (10, 5, 0)
"""``helpful``'s own levels as the rubric lists them: best first."""


def typed_rubric_text(flag: str = "wrong_info") -> str:
    """The study rubric with ``helpful`` on its own levels, asked before and with the image;
    ``flag``: the id of its yes/no question."""
    own = ('\n[[questions]]\nid = "helpful"\ntext = "How helpful is it?"\norder = "best-first"\n'
           + "".join(f'\n[[questions.levels]]\nvalue = {v}\nkey = "{k}"\nlabel = "L{v}"\n'
                     f'text = "Level {v}."\n' for k, v in enumerate(HELPFUL_LEVELS, start=1)))
    return study_rubric_text().replace('\n[[questions]]\nid = "overall"',
                                       own + '\n[[questions]]\nid = "overall"').replace(
        '"wrong_info"', f'"{flag}"')


def tagger_answers(t: int, flag: str = "wrong_info") -> list[Rating]:
    """Every answer of tagger number ``t`` (of :data:`TAGGERS`), one every 10 s."""
    tagger = TAGGERS[t]
    out: list[tuple[str, str, str, AnswerKind, float, str]] = []
    for item in ITEMS:
        for stage in ("pre", "post"):
            out.append((item, "helpful", stage, AnswerKind.SCALE, HELPFUL[stage][item][t], ""))
            if stage == "post":
                yes = FLAGS[item][t]
                out.append((item, flag, stage, AnswerKind.FLAG, float(yes), ""))
                if yes:
                    out.append((item, "wrong_note", stage, AnswerKind.TEXT, 0.0,
                                NOTES[item, tagger]))
                choice = AUDIENCE[item][t]
                out.append((item, "audience", stage, AnswerKind.CHOICE,
                            float(CHOICES.index(choice)), choice))
            out.append((item, "overall", stage, AnswerKind.SCALE, OVERALL[stage][item][t], ""))
    ratings = []
    for n, (item, question, stage, kind, value, text) in enumerate(out):
        shown = T0 + timedelta(seconds=10 * n)
        ratings.append(Rating(
            rating_id=f"00000000-0000-4000-8000-{t:04d}{n:08d}", tagger=tagger, item_id=item,
            round=1, phase=Phase.GAME, value=float(value), shown_at=shown,
            submitted_at=shown + timedelta(seconds=2), ms_on_screen=2000, question=question,
            stage=stage, answer=kind, answer_text=text))
    return ratings


def typed_study(folder: Path, flag: str = "wrong_info") -> Path:
    """``folder`` (a 4-item project of ``make_project_folder`` with ``project_id=PROJECT``)
    with the rubric and every tagger's session file; ``flag``: the yes/no question's id."""
    use_study_rubric(folder, typed_rubric_text(flag))
    sessions = folder / "sessions"
    sessions.mkdir(exist_ok=True)
    for t, tagger in enumerate(TAGGERS):
        write_session_file(sessions / f"{tagger}.sqlite", tagger_answers(t, flag),
                           project_id=PROJECT)
    return folder
