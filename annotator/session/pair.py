"""What a rating session hands the screen: the pair on it, the feedback after a submit, the
answer being given; and the errors of calls made out of order."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from annotator.project.model import GoldItem, Item
from annotator.session.game import FirstPairsCheck, Notice
from annotator.session.scoring import Consensus
from annotator.session.steps import Answer, Step
from annotator.store.records import Phase, Rating


@dataclass(frozen=True)
class Pair:
    """The pair on screen and where the tagger stands in the current phase.

    ``position`` of ``total`` counts within the phase: "3 of 10" in the tutorial,
    "23 of 120" in a round.
    """

    item: Item
    position: int
    total: int
    round: int
    phase: Phase
    step: Step | None = None
    """In a multi-question protocol: the question and stage asked now."""
    step_number: int = 0
    steps: int = 0
    earlier: Answer | None = None
    """After the image is shown: the tagger's answer to the same question before it."""


@dataclass(frozen=True)
class Feedback:
    """What the screen shows after a submit.

    ``show`` says whether the game's feedback is to be shown at all (a blind round shows
    none). ``score`` is the running score of the phase the rating was given in (tutorial
    points, the probation attempt's points, or the game score), including this rating.
    ``consensus`` is what the game rating was scored against (None: fewer earlier ratings
    than ``min_consensus``, or feedback is off); ``gold`` the expert's rating in tutorial
    and probation. ``notice``: a step just ended (tutorial passed, probation due…); show it
    before the next pair. ``first_pairs``: the first-pairs check, while it is still ahead.
    """

    rating: Rating
    next_pair: Pair | None
    show: bool = False
    score: int | None = None
    consensus: Consensus | None = None
    gold: GoldItem | None = None
    notice: Notice | None = None
    first_pairs: FirstPairsCheck | None = None


@dataclass(frozen=True)
class OnScreen:
    """The pair on screen: its item, the phase a rating of it is stored in, when it appeared,
    and in a multi-question protocol the question and stage asked ("" otherwise): an
    answer's identity, since several answers of one screen share its time."""

    item_id: str
    phase: Phase
    shown_at: datetime
    question: str = ""
    stage: str = ""


class FlowError(Exception):
    """A call made out of order (a programming error, not a user's)."""


class TooSoonError(FlowError):
    """Submit during the minimum dwell after a pair appeared (3 s in VICR)."""
