"""What one stored rating is: the row format shared by the flow, the store and merging."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import assert_never

from annotator.project.answer_model import MAX_TEXT_LENGTH, AnswerKind
from annotator.project.answer_model import STAGES as LOOKS


class Phase(Enum):
    """Why a rating was given. Only GAME and RETEST ratings are data: tutorial and
    probation ratings never enter the dataset, as in VICR (Narins et al. 2023, §3.2)."""

    TUTORIAL = "tutorial"
    PROBATION = "probation"
    GAME = "game"
    RETEST = "retest"
    CHECK = "check"

    @property
    def is_data(self) -> bool:
        match self:
            case Phase.GAME | Phase.RETEST:
                return True
            case Phase.TUTORIAL | Phase.PROBATION | Phase.CHECK:
                return False
            case _:
                assert_never(self)


STAGES = ("", *LOOKS)
"""When an answer was given: no stage (single question), or one of the looks of a
multi-question protocol (before or after the image)."""
SKIPPED_AFTER_ERROR = "!skipped-after-error"

RUBRIC_KEY = "rubric_sha256"
"""``session_info`` (and ``panel_info``) key: the SHA-256 of the rubric file the ratings
were given on, so a file or panel always names the exact scale of its answers, and a file
rated on another version of the project's rubric is refused rather than mixed in."""

SIMULATED_KEY = "simulated"
"""``session_info`` key of a file written by ``annotator simulate``: what simulated it. Kept
inside the file (a file name is lost on a rename) so a merge, the analysis and an export
never take its ratings for people's."""
"""The ``question`` of a pair the tagger skipped because saving it failed unexpectedly
(stored with the SKIP value). No question id can take this form (ids are ``a-z0-9_``), so
every reader of the data already leaves such a row out: the game's consensus and the
snapshots take only rows that answer no question, and the store's readers drop it for the
analysis, which counts it instead. The file's schema is unchanged."""


@dataclass(frozen=True)
class Rating:
    """One submitted rating, exactly as stored (one row, random UUID key).

    ``consensus`` is what the rating was scored against and shown: the experts' rating in
    tutorial and probation, the panel's consensus in the game (None: nobody had rated the
    pair, or the round is blind); ``consensus_n`` how many ratings that consensus rests on
    (None for an expert rating); ``points`` what the rating earned (None: not scored).
    ``question`` and ``stage`` say which answer of a multi-question protocol this is
    (ContextRef, Kreiss et al. 2024, §4.2: each question asked before the image is shown,
    ``"pre"``, and after, ``"post"``); a single-question protocol leaves both empty.
    ``answer`` and ``answer_text``: the question's answer type and, for a choice its id, for a free
    text the text (:mod:`annotator.project.answer_model` says how each is stored).
    """

    rating_id: str
    tagger: str
    item_id: str
    round: int
    phase: Phase
    value: float
    shown_at: datetime
    submitted_at: datetime
    ms_on_screen: int
    consensus: float | None = None
    consensus_n: int | None = None
    points: int | None = None
    question: str = ""
    stage: str = ""
    answer: AnswerKind = AnswerKind.SCALE
    answer_text: str = ""

    def __post_init__(self) -> None:
        if not self.tagger.strip():
            raise ValueError("a rating needs a tagger")
        if self.round < 1:
            raise ValueError("rounds are numbered from 1")
        if self.ms_on_screen < 0:
            raise ValueError("time on screen cannot be negative")
        if self.submitted_at < self.shown_at:
            raise ValueError("a rating cannot be submitted before it was shown")
        if self.stage not in STAGES:
            raise ValueError(f"stage {self.stage!r} is not one of {', '.join(map(repr, STAGES))}")
        if self.stage and not self.question:
            raise ValueError("an answer with a stage needs the question it answers")
        if self.answer is not AnswerKind.SCALE and not self.question:
            raise ValueError("only a question of a rubric's [[questions]] has another answer "
                             "type than a level")
        if len(self.answer_text) > MAX_TEXT_LENGTH:
            raise ValueError(f"an answer's text holds at most {MAX_TEXT_LENGTH:,} characters")

    @property
    def skipped_after_error(self) -> bool:
        """A pair skipped because saving its rating failed: not a judgement, no data."""
        return self.question == SKIPPED_AFTER_ERROR
