"""The results of a rubric's questions, one block of the JSON report each: the questions
answered on a scale (``questions``), the yes/no flags (``flags``), the choice lists
(``choices``) and the free texts (``notes``), every one per stage (before the image,
``pre``; with it, ``post``). Field names are the report's JSON keys, as in
:mod:`annotator.analysis.results`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from annotator.analysis.json_form import OMITTED_WHEN_NONE
from annotator.analysis.undefined import Figure


@dataclass(frozen=True)
class StageFigures:
    """One question at one stage: items, answers, mean of the item means, α."""

    n_items: int
    n_answers: int
    mean: float
    alpha: Figure


@dataclass(frozen=True)
class AnswerChange:
    """Answers with the image minus before it, paired by tagger, item and round: every
    figure rests on these ``n_pairs`` pairs only, so before and after are the same answers
    of the same taggers on the same items."""

    n_pairs: int
    mean_before: float
    mean_after: float
    mean_change: float
    share_up: float
    share_down: float
    share_same: float


@dataclass(frozen=True)
class QuestionFigures:
    """One question before (``pre``) and with (``post``) the image; ``change`` is None
    when no answer pair exists. ``levels``: a question answered on its own levels (their
    values, worst to best), every figure of it on those levels; None (left out of the
    JSON) for a question on the rubric's levels."""

    pre: StageFigures | None = field(metadata=OMITTED_WHEN_NONE)
    post: StageFigures | None = field(metadata=OMITTED_WHEN_NONE)
    change: AnswerChange | None
    levels: tuple[float, ...] | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class FlagFigures:
    """A yes/no question at one stage, its answers read as binary: how many answers and
    items, the share of yes answers, the items with at least one yes and those where more
    than half of their answers are yes, and Krippendorff's α (nominal) over items."""

    n_answers: int
    n_items: int
    share_yes: float
    items_with_yes: int
    items_mostly_yes: int
    alpha: Figure


@dataclass(frozen=True)
class ChoiceFigures:
    """A choice question at one stage, its answers read as nominal: how many answers and
    items, the answers per choice (every listed choice, in the rubric's order) and
    Krippendorff's α (nominal) over items."""

    n_answers: int
    n_items: int
    counts: Mapping[str, int]
    alpha: Figure


@dataclass(frozen=True)
class NoteFigures:
    """A free-text question at one stage: counted, not scored. ``n_answers`` includes an
    optional question left blank; ``n_notes`` are the answers with words in them, on
    ``items_with_note`` items."""

    n_answers: int
    n_notes: int
    items_with_note: int


S = TypeVar("S", FlagFigures, ChoiceFigures, NoteFigures)


@dataclass(frozen=True)
class ByStage(Generic[S]):
    """One question's figures before (``pre``) and with (``post``) the image; a stage it
    was not answered in is None (left out of the JSON)."""

    pre: S | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    post: S | None = field(default=None, metadata=OMITTED_WHEN_NONE)

    def stages(self) -> tuple[tuple[str, S], ...]:
        """The stages answered, before the image first."""
        return tuple((name, figures) for name, figures in (("pre", self.pre),
                                                          ("post", self.post))
                     if figures is not None)
