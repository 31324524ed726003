"""What a tagger can answer: the levels of a scale, and the questions of a rubric with their
own answer types (a scale, a yes/no flag, a choice, a free text), stages and conditions.

How each answer is stored in a session file's ``ratings`` row (``value``, ``text``):
a level its value; a flag 1 (yes) or 0 (no); a choice its place in the list (0, 1, …)
with its id as the text; a free text 0 with the text itself. The ``answer`` column names the
type, so every row says what its value means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import assert_never


@dataclass(frozen=True)
class Level:
    """One level of a scale: the stored value, its key, a short label, the full text and
    an example (a caption at that level, cited when a paper gives it; "" when none)."""

    value: int | float
    key: str
    label: str
    text: str
    example: str = ""

    def __post_init__(self) -> None:
        if len(self.key) != 1:
            raise ValueError(f"a level's key must be one character, not {self.key!r}")
        if not self.label.strip() or not self.text.strip():
            raise ValueError("a level needs a label and a text")


SKIP_VALUE = -1.0
"""The stored value of a SKIP answer (Levinboim et al., NAACL 2021, §3.2: "skip to the next
sample"): not a level, so no rubric may use it as one; consensus and statistics leave such
rows out and the analysis counts them as skips of their pair."""


STAGES = ("pre", "post")
"""The two looks at a pair in a multi-question protocol (ContextRef, Kreiss et al., ICLR
2024, §4.2): before the image is shown (text and context only) and after."""
OVERALL = "overall"
"""The question every multi-question rubric asks, always last (Kreiss et al., ICLR 2024, §4.2)."""


class ScaleOrder(Enum):
    """Which end of a scale's list of levels is its best answer. The values rise towards
    the best level whichever it is, so every mean, median and statistic reads higher as
    better (the rubric file is refused otherwise)."""

    BEST_FIRST = "best-first"
    WORST_FIRST = "worst-first"


@dataclass(frozen=True)
class Scale:
    """Levels in the order a rubric file lists them, and which end is the best.

    ``order``: as stated in the file, or (None) read from the values: rising values list
    the worst first. A stated order the values contradict is refused.
    """

    levels: tuple[Level, ...]
    order: ScaleOrder | None = None

    def __post_init__(self) -> None:
        if len(self.levels) < 2:
            raise ValueError("a scale needs at least two levels")
        keys = [level.key for level in self.levels]
        values = [float(level.value) for level in self.levels]
        if len(set(keys)) != len(keys) or len(set(values)) != len(values):
            raise ValueError("the levels need distinct keys and values")
        if SKIP_VALUE in values:
            raise ValueError(f"{SKIP_VALUE:g} is kept for SKIP answers; use another value")
        if all(key.isdigit() for key in keys) and keys != [
                str(int(keys[0]) + n) for n in range(len(keys))]:
            raise ValueError("digit keys must count up by one from left to right (the order "
                             f"of the levels in the file), e.g. 1, 2, 3; not {', '.join(keys)}")
        object.__setattr__(self, "order", self._checked_order(values))

    def _checked_order(self, values: list[float]) -> ScaleOrder:
        """The stated order, or the one the values show; refused when the values fall
        towards the stated best level (a mean would then read lower as better)."""
        rising = values == sorted(values)
        if not rising and values != sorted(values, reverse=True):
            raise ValueError("the levels must be listed in the order of their values, best "
                             "first or worst first")
        if self.order is None:
            return ScaleOrder.WORST_FIRST if rising else ScaleOrder.BEST_FIRST
        if (self.order is ScaleOrder.WORST_FIRST) != rising:
            first, last = ("best", "worst") if self.order is ScaleOrder.BEST_FIRST else (
                "worst", "best")
            raise ValueError(
                f'order = "{self.order.value}" says the first level is the {first}, but the '
                f"values {'rise' if rising else 'fall'} from it; give the best level the "
                f"highest value, so every mean and statistic reads higher as better (list "
                f"the {last} level first, or renumber the values)")
        return self.order

    @property
    def best_first(self) -> bool:
        """The scale lists its best level first (leftmost, key 1), as VCRScore's tool did:
        the screen says so above the buttons. Two-level questions (yes/no) read either way."""
        return len(self.levels) > 2 and self.order is ScaleOrder.BEST_FIRST

    @property
    def worst_to_best(self) -> tuple[Level, ...]:
        """The levels from the worst to the best, whatever order the file lists them in."""
        match self.order:
            case ScaleOrder.BEST_FIRST:
                return self.levels[::-1]
            case ScaleOrder.WORST_FIRST | None:  # None only before __post_init__ sets it
                return self.levels
            case _:
                assert_never(self.order)

    def level_for_value(self, value: float) -> Level | None:
        return next((level for level in self.levels if level.value == value), None)


class AnswerKind(Enum):
    """The type of a question's answer, stored in the ``answer`` column of its row."""

    SCALE = "scale"
    FLAG = "flag"
    CHOICE = "choice"
    TEXT = "text"


FLAG_YES = 1.0
FLAG_NO = 0.0
FLAG_ANSWERS = {"yes": FLAG_YES, "no": FLAG_NO}
"""A flag's answers by name, as ``show_if`` and the exports write them."""
DEFAULT_TEXT_LENGTH = 1000
MAX_TEXT_LENGTH = 10_000
"""The longest free text a question may allow: a note, not an essay; every reader of a
session file refuses a longer one."""
_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Choice:
    """One answer of a choice question: its stored id, the key that picks it, its label."""

    choice_id: str
    key: str
    label: str

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.choice_id):
            raise ValueError(f"choice id {self.choice_id!r}: use a-z, 0-9 and _")
        if len(self.key) != 1 or not self.key.isprintable() or self.key.isspace():
            raise ValueError(f"choice {self.choice_id!r}: its key must be one character")
        if not self.label.strip():
            raise ValueError(f"choice {self.choice_id!r} needs a label")


@dataclass(frozen=True)
class ShowIf:
    """Ask a question only when another question of the same stage was answered so:
    ``answer`` is "yes" or "no" for a flag, a choice's id for a choice question."""

    question_id: str
    answer: str


@dataclass(frozen=True)
class Question:
    """One question of a rubric, asked in each of its ``stages`` (imaginability, say, only
    before the image is shown) and answered as its ``kind`` says.

    ``scale``: a scale question's own levels (None: the rubric's). ``choices``: a choice
    question's answers. ``required`` and ``max_length``: a free text's (a flag, a choice and
    a level are always required). ``show_if``: asked only when that answer was given.
    """

    question_id: str
    text: str
    stages: tuple[str, ...] = STAGES
    kind: AnswerKind = AnswerKind.SCALE
    scale: Scale | None = None
    choices: tuple[Choice, ...] = ()
    required: bool = True
    max_length: int = DEFAULT_TEXT_LENGTH
    show_if: ShowIf | None = field(default=None)

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.question_id):
            raise ValueError(f"question id {self.question_id!r}: use a-z, 0-9 and _")
        if not self.stages or any(s not in STAGES for s in self.stages) \
                or len(set(self.stages)) != len(self.stages):
            raise ValueError(f"question {self.question_id!r}: stages are pre and/or post")
        if self.scale is not None and self.kind is not AnswerKind.SCALE:
            raise ValueError(f"question {self.question_id!r}: only a scale question has levels")
        if (self.kind is AnswerKind.CHOICE) != bool(self.choices):
            raise ValueError(f"question {self.question_id!r}: a choice question, and only "
                             "one, lists its choices")
        if self.kind is AnswerKind.CHOICE:
            self._check_choices()
        if not 1 <= self.max_length <= MAX_TEXT_LENGTH:
            raise ValueError(f"question {self.question_id!r}: max_length is from 1 to "
                             f"{MAX_TEXT_LENGTH:,} characters")
        if not self.required and self.kind is not AnswerKind.TEXT:
            raise ValueError(f"question {self.question_id!r}: only a free text may be "
                             "optional")

    @property
    def on_rubric_levels(self) -> bool:
        """Answered on the rubric's own levels (a scale question without levels of its
        own): stored and analysed as the rubric's ratings; every other question's answers
        are kept and checked apart."""
        return self.kind is AnswerKind.SCALE and self.scale is None

    def _check_choices(self) -> None:
        ids = [choice.choice_id for choice in self.choices]
        keys = [choice.key for choice in self.choices]
        if len(ids) < 2 or len(set(ids)) != len(ids) or len(set(keys)) != len(keys):
            raise ValueError(f"question {self.question_id!r}: at least two choices, with "
                             "distinct ids and keys")

    def stored(self, value: float, text: str = "") -> tuple[float, str]:
        """The (value, text) a row stores for an answer, checked: a level's value, a flag's
        1 or 0, a choice's place or id (either picks it), a free text's text."""
        match self.kind:
            case AnswerKind.SCALE:
                return float(value), ""
            case AnswerKind.FLAG:
                if value not in (FLAG_YES, FLAG_NO):
                    raise ValueError(f"{value!r} is not yes (1) or no (0)")
                return float(value), ""
            case AnswerKind.CHOICE:
                ids = [choice.choice_id for choice in self.choices]
                if text:
                    index = ids.index(text) if text in ids else -1
                else:
                    index = int(value) if float(value).is_integer() else -1
                if not 0 <= index < len(ids):
                    raise ValueError(f"{text or value!r} is not one of the choices")
                return float(index), ids[index]
            case AnswerKind.TEXT:
                if len(text) > self.max_length:
                    raise ValueError(f"the text is {len(text):,} characters long; at most "
                                     f"{self.max_length:,} are allowed")
                if self.required and not text.strip():
                    raise ValueError("this question needs an answer in words")
                return 0.0, text
            case _:
                assert_never(self.kind)


def answer_name(kind: AnswerKind, value: float, text: str = "") -> str:
    """An answer as the exports and ``show_if`` name it: "yes"/"no", a choice's id, a
    level's value, the text itself."""
    match kind:
        case AnswerKind.SCALE:
            return f"{value:g}"
        case AnswerKind.FLAG:
            return "yes" if value == FLAG_YES else "no"
        case AnswerKind.CHOICE | AnswerKind.TEXT:
            return text
        case _:
            assert_never(kind)


def check_questions(questions: tuple[Question, ...]) -> None:
    """A rubric's questions fit together: distinct ids, one of them the scale question
    "overall" (asked unconditionally); each ``show_if`` names an earlier-answerable flag or
    choice question asked in every stage of the question it conditions, with one of its
    answers, and no condition leads back to itself."""
    by_id = {question.question_id: question for question in questions}
    if not questions:
        return
    if OVERALL not in by_id or len(by_id) != len(questions):
        raise ValueError(f"questions need distinct ids, one of them {OVERALL!r}")
    overall = by_id[OVERALL]
    if overall.kind is not AnswerKind.SCALE or overall.show_if is not None:
        raise ValueError(f"the {OVERALL!r} question is a scale question asked every time")
    for question in questions:
        if question.show_if is not None:
            _check_condition(question, question.show_if, by_id)


def _check_condition(question: Question, show_if: ShowIf,
                     by_id: dict[str, Question]) -> None:
    where = f"question {question.question_id!r}: show_if"
    target = by_id.get(show_if.question_id)
    if target is None or target is question:
        raise ValueError(f"{where} names {show_if.question_id!r}, not another question of "
                         "the rubric")
    if target.kind is AnswerKind.FLAG:
        answers = tuple(FLAG_ANSWERS)
    elif target.kind is AnswerKind.CHOICE:
        answers = tuple(choice.choice_id for choice in target.choices)
    else:
        raise ValueError(f"{where} names {target.question_id!r}, which is not a yes/no flag "
                         "or a choice question")
    if show_if.answer not in answers:
        raise ValueError(f"{where}: {show_if.answer!r} is not an answer of "
                         f"{target.question_id!r} ({', '.join(answers)})")
    if not set(question.stages) <= set(target.stages):
        raise ValueError(f"{where}: {target.question_id!r} must be asked in every stage "
                         f"{question.question_id!r} is ({', '.join(question.stages)})")
    seen = {question.question_id}
    while target.show_if is not None:
        if target.question_id in seen:
            raise ValueError(f"{where}: the conditions lead back to {target.question_id!r}")
        seen.add(target.question_id)
        target = by_id[target.show_if.question_id]
