"""Every value of a rating row from another laptop, checked before anything uses it.

Session files, the files merged into a panel and consensus snapshots come from other
laptops, so they may have been edited by hand or written by some other tool. The hash chain
(:mod:`annotator.store.chain`) shows a hand edit, but anyone who knows the format can
recompute it, so the values themselves are checked too: a value off the project's rubric
(1e308, 99, −7, ``'abc'``) would stop the game's scoring, and a plausible-looking one in the
wrong place would silently steer every tagger's consensus and points.

The first row holding something this app never writes refuses the whole file; its reader
names the file and that row. Item ids are checked for form only (text, not empty, no NUL):
a caption corrected since a rating gives its pair a new id, and an item a lab removed keeps
its ratings, so an id the project does not list today is no sign of a forged file. Rounds
are whole numbers from 1, not bounded by the rounds this laptop's ``project.toml`` knows,
which may lag the lead's copy.

Checks run on each column's distinct values, so a file of 100,000 ratings costs
milliseconds; only a file that fails is searched for its first bad row.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from annotator.project.model import SKIP_VALUE, Project
from annotator.store.records import SKIPPED_AFTER_ERROR, STAGES, Phase

ALL_PHASES = frozenset(phase.value for phase in Phase)
DATA_PHASES = frozenset(phase.value for phase in Phase if phase.is_data)
_QUESTION_ID = re.compile(r"[a-z][a-z0-9_]*")
_TOP_POINTS = 2
"""The most a rating earns (Algorithm 1 and the gold pairs alike)."""


@dataclass(frozen=True)
class RowRules:
    """What a rating of one project may hold: the rubric's levels (and SKIP, when the rubric
    offers it) and the ids of its questions."""

    rubric_id: str
    levels: tuple[float, ...]
    skip: bool
    questions: frozenset[str]

    @classmethod
    def of(cls, project: Project) -> RowRules:
        rubric = project.rubric
        return cls(rubric.rubric_id, tuple(float(level.value) for level in rubric.levels),
                   rubric.skip is not None,
                   frozenset(question.question_id for question in rubric.questions))

    @property
    def lowest_points(self) -> int:
        """The fewest points a rating can earn: −2 in the game, 2 − (levels − 1) for a
        gold pair rated at the far end of the scale."""
        return min(-2, _TOP_POINTS - (len(self.levels) - 1))

    def answers(self) -> str:
        """The rubric's answers in words, for a refusal."""
        shown = ", ".join(f"{value:g}" for value in self.levels)
        return f"the rubric {self.rubric_id}: {shown}" + (", or skip" if self.skip else "")


@dataclass(frozen=True)
class BadRow:
    """The first row of a file that this app would never have written, and why."""

    index: int
    reason: str


Rule = Callable[[Any], bool]
Check = tuple[str, Rule, Callable[[Any], str]]
"""A column, what each of its values must satisfy, and what a failing value means."""


def first_bad_row(columns: Mapping[str, Sequence[Any]], rules: RowRules | None, *,
                  phases: Collection[str] = ALL_PHASES) -> BadRow | None:
    """The first row of ``columns`` (equal-length columns by stored name; those absent are
    not checked) holding a value no laptop's app writes, or None.

    ``rules`` are the project's; without them (a panel merged with no project folder known)
    only the form of each value is checked. ``phases``: the phases such a file may hold.
    """
    found = [bad for bad in (_first_failure(columns, check)
                             for check in _checks(rules, phases)) if bad is not None]
    found.extend(bad for bad in (_skip_outside_rubric(columns, rules),
                                 _stage_without_question(columns)) if bad is not None)
    return min(found, key=lambda bad: bad.index, default=None)


def _checks(rules: RowRules | None, phases: Collection[str]) -> list[Check]:
    value_ok, consensus_ok, points_ok, question_ok, scale = (
        _form_only() if rules is None else _on_rubric(rules))
    phase_names = ", ".join(sorted(phases))
    return [
        ("rating_id", _is_text, lambda v: f"has the rating id {_shown(v)}, not a text"),
        ("tagger", lambda v: _is_text(v) and bool(v.strip()),
         lambda v: f"has the tagger {_shown(v)}, not a name"),
        ("item_id", _is_text, lambda v: f"has the item id {_shown(v)}, not a text"),
        ("round", lambda v: _is_int(v) and v >= 1,
         lambda v: f"has the round {_shown(v)}, not a whole number from 1"),
        ("phase", lambda v: v in phases,
         lambda v: f"has the phase {_shown(v)}, which is none of {phase_names}"),
        ("value", value_ok, lambda v: f"holds the value {_shown(v)}, not an answer of {scale}"),
        ("consensus", lambda v: v is None or consensus_ok(v),
         lambda v: f"shows the consensus {_shown(v)}, not a level of {scale}"),
        ("consensus_n", lambda v: v is None or (_is_int(v) and v >= 0),
         lambda v: f"has {_shown(v)} as its consensus's count of ratings"),
        ("points", lambda v: v is None or points_ok(v),
         lambda v: f"earned {_shown(v)} points, more or fewer than any rating can"),
        ("ms_on_screen", lambda v: _is_int(v) and v >= 0,
         lambda v: f"was on screen {_shown(v)} milliseconds, not a time"),
        ("shown_at", _is_time, lambda v: f"was shown at {_shown(v)}, not a time"),
        ("submitted_at", _is_time, lambda v: f"was submitted at {_shown(v)}, not a time"),
        ("laptop_id", _is_any_text, lambda v: f"has the laptop id {_shown(v)}, not a text"),
        ("question", question_ok,
         lambda v: f"answers the question {_shown(v)}, which the rubric does not ask"),
        ("stage", lambda v: v in STAGES,
         lambda v: f"has the stage {_shown(v)}, none of 'pre', 'post' or empty"),
    ]


def _on_rubric(rules: RowRules) -> tuple[Rule, Rule, Rule, Rule, str]:
    """Values, consensus, points and questions as the project's rubric allows them."""
    levels = frozenset(rules.levels)
    answers = levels | {SKIP_VALUE}  # a SKIP the rubric does not offer: _skip_outside_rubric
    low = rules.lowest_points
    questions = rules.questions | {"", SKIPPED_AFTER_ERROR}

    def points_ok(value: Any) -> bool:
        return _is_int(value) and low <= value <= _TOP_POINTS

    return (answers.__contains__, levels.__contains__, points_ok, questions.__contains__,
            rules.answers())


def _form_only() -> tuple[Rule, Rule, Rule, Rule, str]:
    """The same, when no rubric is known: numbers, whole points, question ids' form."""

    def question_ok(value: Any) -> bool:
        return type(value) is str and (value in ("", SKIPPED_AFTER_ERROR)
                                       or _QUESTION_ID.fullmatch(value) is not None)

    return _is_finite, _is_finite, _is_int, question_ok, "a finite number"


def _first_failure(columns: Mapping[str, Sequence[Any]], check: Check) -> BadRow | None:
    name, ok, says = check
    column = columns.get(name)
    if column is None or all(map(ok, set(column))):
        return None
    index = next(n for n, value in enumerate(column) if not ok(value))
    return BadRow(index, says(column[index]))


def _skip_outside_rubric(columns: Mapping[str, Sequence[Any]],
                         rules: RowRules | None) -> BadRow | None:
    """A SKIP answer on a rubric that offers none: only a pair skipped after an error."""
    values, questions = columns.get("value"), columns.get("question")
    if rules is None or rules.skip or values is None or SKIP_VALUE not in set(values):
        return None
    asked = questions if questions is not None else [""] * len(values)
    index = next((n for n, (value, question) in enumerate(zip(values, asked, strict=True))
                  if value == SKIP_VALUE and question != SKIPPED_AFTER_ERROR), None)
    return None if index is None else BadRow(
        index, f"holds a SKIP answer, which {rules.answers()} does not offer")


def _stage_without_question(columns: Mapping[str, Sequence[Any]]) -> BadRow | None:
    questions, stages = columns.get("question"), columns.get("stage")
    if questions is None or stages is None or set(stages) <= {""}:
        return None
    index = next((n for n, (question, stage) in enumerate(zip(questions, stages, strict=True))
                  if stage and question in ("", SKIPPED_AFTER_ERROR)), None)
    return None if index is None else BadRow(index, "has a stage but answers no question")


def _is_text(value: Any) -> bool:
    """Non-empty text without a NUL character (which no id the app makes contains)."""
    return type(value) is str and value != "" and "\x00" not in value


def _is_any_text(value: Any) -> bool:
    return type(value) is str


def _is_time(value: Any) -> bool:
    """An ISO-8601 time with its time zone, as the app stores every time."""
    if type(value) is not str:
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_finite(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _shown(value: Any) -> str:
    """A stored value as a person would write it: 1e+308, −7, 'abc', NULL."""
    if value is None:
        return "NULL (empty)"
    if type(value) is float:
        return f"{value:g}"
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}…"
