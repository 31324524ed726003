"""Domain values of a project folder, frozen and validated when built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path, PurePosixPath

from annotator.errors import format_location
from annotator.project.answer_model import (
    SKIP_VALUE,
    Level,
    Question,
    Scale,
    ScaleOrder,
    check_questions,
)
from annotator.project.check_rule import CheckRule
from annotator.project.flow_model import FlowPlan
from annotator.project.plan import Plan


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one line of one file; ``line`` is None for whole-file problems."""

    file: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        return format_location(self.file, self.line, self.message)


@dataclass(frozen=True)
class Item:
    """One image–caption pair to be rated.

    ``image`` is the path relative to the project folder, with forward slashes;
    ``line`` is the line of ``items.csv`` it came from, for messages.
    """

    item_id: str
    image: str
    caption: str
    source: str = ""
    context: Mapping[str, str] = field(default_factory=dict)
    line: int = 0

    def __post_init__(self) -> None:
        if not self.item_id:
            raise ValueError("an item needs an id")
        if not self.caption.strip():
            raise ValueError("an item needs a caption")
        path = PurePosixPath(self.image)
        if not self.image or path.is_absolute() or ".." in path.parts:
            raise ValueError(f"image path must stay inside the project: {self.image!r}")


class GoldPurpose(Enum):
    """What an expert-rated gold pair is used for (tutorial and probation as in VICR's game)."""

    TUTORIAL = "tutorial"
    PROBATION = "probation"
    CHECK = "check"


@dataclass(frozen=True)
class GoldItem:
    """An expert-rated pair from ``gold.csv``; never part of the rated dataset."""

    item: Item
    rating: float
    explanation: str
    purpose: GoldPurpose


PROTOCOL_DEFAULTS = ("dwell_seconds", "feedback", "tutorial", "probation")
"""The flow settings a rubric's ``[defaults]`` table may give as its protocol's own
(``[flow]`` in ``project.toml`` overrides them)."""


@dataclass(frozen=True)
class Rubric:
    """A rating scale as data (``resources/rubrics/*.toml``); ``skip`` is the optional SKIP
    answer offered beside the levels (stored as :data:`SKIP_VALUE`).

    ``questions``: a multi-question protocol (ContextRef), each question answered on the
    levels, "overall" among them; none for the usual one question (``question``).
    ``show_context``: show an item's context columns (page title, paragraph…) with the pair.
    ``text_label``: what the rated text is called on screen ("Description" for alt text).
    ``defaults``: the flow settings of the protocol's paper (:data:`PROTOCOL_DEFAULTS`:
    dwell, feedback, tutorial, probation), which ``[flow]`` in ``project.toml`` overrides.
    ``source``: the published protocol it comes from, as the file cites it.
    ``order``: which end of ``levels`` is the best answer (stated, or read from the values).
    ``sha256``: the hash of the rubric file's bytes, recorded in every session file and
    panel so the ratings always name the exact scale they were given on.
    """

    rubric_id: str
    name: str
    question: str
    levels: tuple[Level, ...]
    skip: Level | None = None
    questions: tuple[Question, ...] = ()
    show_context: bool = False
    text_label: str = "Caption"
    defaults: Mapping[str, float | bool] = field(default_factory=dict)
    source: str = ""
    order: ScaleOrder | None = None
    sha256: str = ""
    scale: Scale = field(init=False, repr=False, compare=False)
    """The levels and their order, as every scale question without its own levels uses them."""

    def __post_init__(self) -> None:
        scale = Scale(self.levels, self.order)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "order", scale.order)
        keys = [level.key for level in self.levels]
        if self.skip is not None and (self.skip.value != SKIP_VALUE or self.skip.key in keys):
            raise ValueError("the skip answer needs its own key")
        check_questions(self.questions)
        unknown = set(self.defaults) - set(PROTOCOL_DEFAULTS)
        if unknown:
            raise ValueError(f"[defaults] may set {', '.join(PROTOCOL_DEFAULTS)}; not "
                             f"{', '.join(sorted(unknown))}")

    @property
    def best_first(self) -> bool:
        """The rubric's own scale lists its best level first (see :attr:`Scale.best_first`)."""
        return self.scale.best_first

    @property
    def worst_to_best(self) -> tuple[Level, ...]:
        """The rubric's levels from the worst to the best."""
        return self.scale.worst_to_best

    def scale_of(self, question: Question) -> Scale:
        """The scale a scale question is answered on: its own, or the rubric's."""
        return question.scale or self.scale

    def question_by_id(self, question_id: str) -> Question | None:
        """The question ``question_id`` of a multi-question rubric (None: it asks none such)."""
        return next((q for q in self.questions if q.question_id == question_id), None)

    @property
    def dwell_seconds(self) -> float | None:
        """The protocol's minimum dwell (None: the app's default)."""
        dwell = self.defaults.get("dwell_seconds")
        return None if dwell is None else float(dwell)

    @property
    def options(self) -> tuple[Level, ...]:
        """What a tagger can answer: the levels, then SKIP when the rubric offers it."""
        return self.levels if self.skip is None else (*self.levels, self.skip)

    def option_for_value(self, value: float) -> Level | None:
        """The level, or the SKIP answer, stored as ``value``."""
        return next((option for option in self.options if option.value == value), None)

    def level_for_value(self, value: float) -> Level | None:
        return next((level for level in self.levels if level.value == value), None)


DEFAULT_WASHOUT_DAYS = 42
MAX_ROUND = 999
"""The highest round number: far more rounds than any test–retest study runs, and a number
every laptop's file and every statistic holds exactly."""
"""Six weeks between rounds, so a tagger no longer remembers their ratings (the interval
VCRScore follows: Ruiz, Ramírez & Moctezuma, arXiv:2501.09155, 2025, §2.1)."""


@dataclass(frozen=True)
class RoundRecord:
    """A round declared in ``project.toml`` ``[rounds.N]``.

    ``started``: when the lead started it (None: settings prepared, not started yet);
    ``items``: the ids of its declared subset, from ``items_file`` (None: every item).
    """

    number: int
    started: datetime | None = None
    items: tuple[str, ...] | None = None
    items_file: str = ""


@dataclass(frozen=True)
class DatasetCard:
    """``[dataset]`` in ``project.toml``: the published dataset's title, description,
    licence (a Hugging Face hub licence id) and how to cite it; empty when not given."""

    title: str = ""
    description: str = ""
    licence: str = "unknown"
    citation: str = ""


@dataclass(frozen=True)
class Project:
    """An opened project folder: everything needed to rate, plus what was wrong with it.

    ``items`` holds only the valid items; every invalid line is in ``problems``.
    """

    root: Path
    project_id: str
    name: str
    rubric: Rubric
    items: tuple[Item, ...]
    gold: tuple[GoldItem, ...] = ()
    problems: tuple[Problem, ...] = ()
    max_megapixels: float = 50.0  # project.toml [images]; larger images are refused (bombs)
    flow: FlowPlan = field(default_factory=FlowPlan)
    priors: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    rounds: Mapping[int, RoundRecord] = field(default_factory=dict)
    washout_days: int = DEFAULT_WASHOUT_DAYS
    checks: CheckRule = field(default_factory=CheckRule)
    plan: Plan | None = None
    """Who rates which items (``[plan]``); None: every tagger rates every item."""
    dataset: DatasetCard = field(default_factory=DatasetCard)

    @property
    def current_round(self) -> int:
        """The round taggers play now: the highest started one (round 1 exists from init)."""
        started = (number for number, record in self.rounds.items() if record.started)
        return max(started, default=1)

    def round_items(self, round_number: int) -> tuple[str, ...]:
        """The ids of the items rated in a round: its declared subset, or every item."""
        record = self.rounds.get(round_number)
        if record is None or record.items is None:
            return tuple(item.item_id for item in self.items)
        return tuple(item_id for item_id in record.items if item_id in self._index())

    def gold_for(self, purpose: GoldPurpose) -> tuple[GoldItem, ...]:
        """The gold pairs of one purpose, in the order of ``gold.csv``."""
        return tuple(pair for pair in self.gold if pair.purpose is purpose)

    @property
    def max_pixels(self) -> int:
        """The image-bomb limit in pixels (``max_megapixels`` is what people write)."""
        return int(self.max_megapixels * 1_000_000)

    @property
    def sessions_dir(self) -> Path:
        return self.root / "sessions"

    def image_path(self, item: Item) -> Path:
        return self.root / item.image

    def item_by_id(self, item_id: str) -> Item | None:
        return self._index().get(item_id)

    def _index(self) -> dict[str, Item]:
        index = self.__dict__.get("_item_index")
        if index is None:
            index = {item.item_id: item for item in self.items}
            object.__setattr__(self, "_item_index", index)
        return index
