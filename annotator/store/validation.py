"""Every value of a rating row from another laptop, checked before anything uses it.

Session files, the files merged into a panel and consensus snapshots come from other
laptops, so they may have been edited by hand or written by some other tool. The hash chain
(:mod:`annotator.store.chain`) shows a hand edit, but anyone who knows the format can
recompute it, so the values themselves are checked too: a value off the project's rubric
(1e308, 99, −7, ``'abc'``) would stop the game's scoring, and one in the wrong place would
silently steer every tagger's consensus and points.

The first row holding something this app never writes refuses the whole file; its reader
names the file and that row. Item ids are checked for form only (text, not empty):
a caption corrected since a rating gives its pair a new id, and an item a lab removed keeps
its ratings, so an id the project does not list today is no sign of a forged file. Rounds
are whole numbers from 1 to :data:`~annotator.project.model.MAX_ROUND`, not bounded by the
rounds this laptop's ``project.toml`` knows, which may lag the lead's copy. Times are real
calendar times (no 30 February, no hour 24).

Each rule is one SQL condition on one stored column, so a file is checked in one scan by
SQLite, written to avoid function calls where a comparison does (text sorts after every
number and before every blob): about 0.17 s per 100,000 ratings, where merging has a
budget. Only the row found is then read again to say which value is wrong.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, assert_never

from annotator.project.answer_model import MAX_TEXT_LENGTH, SKIP_VALUE, AnswerKind, Question
from annotator.project.model import MAX_ROUND, Project
from annotator.store.records import RUBRIC_KEY, SKIPPED_AFTER_ERROR, STAGES, Phase

ALL_PHASES = frozenset(phase.value for phase in Phase)
DATA_PHASES = frozenset(phase.value for phase in Phase if phase.is_data)
_TOP_POINTS = 2
"""The most a rating earns (Algorithm 1 and the gold pairs alike)."""
_LARGEST = 1.7976931348623157e308
"""The largest finite float: anything larger is infinite."""
_TEXT = "{0} > '' AND {0} < x''"
"""Non-empty text: greater than the empty text (so no number), less than any blob."""
_TIME = (f"{_TEXT} AND julianday({{0}}) IS NOT NULL AND "
         "coalesce(strftime('%Y-%m-%dT%H:%M:%S', julianday(substr({0}, 1, 19))) = "
         "substr({0}, 1, 19), 0) AND (substr({0}, -1) = 'Z' OR "
         "substr({0}, -6) GLOB '[+-][01][0-9]:[0-5][0-9]' OR "
         "substr({0}, -6) GLOB '[+-]2[0-3]:[0-5][0-9]')")
"""A real calendar time with its time zone, as the app stores it (UTC ISO-8601,
``2026-11-27T14:19:54.123+00:00``): SQLite reads ``2099-02-30`` and hour 24 as days
later, so the date and time written must be the ones it reads back."""
_QUESTION_ID = f"{_TEXT} AND {{0}} GLOB '[a-z]*' AND NOT {{0}} GLOB '*[^a-z0-9_]*'"
_WHOLE = "typeof({0}) = 'integer'"


@dataclass(frozen=True)
class RowRules:
    """What a rating of one project may hold: the rubric's levels (and SKIP, when the rubric
    offers it) and the ids of its questions."""

    rubric_id: str
    levels: tuple[float, ...]
    skip: bool
    questions: frozenset[str]
    rubric_sha256: str = ""
    """The hash of the project's rubric file ("": not known, nothing compared)."""
    typed: tuple[TypedAnswers, ...] = ()
    """The questions not answered on the rubric's levels: each with what it may store."""

    @classmethod
    def of(cls, project: Project) -> RowRules:
        rubric = project.rubric
        return cls(rubric.rubric_id, tuple(float(level.value) for level in rubric.levels),
                   rubric.skip is not None,
                   frozenset(question.question_id for question in rubric.questions),
                   rubric.sha256,
                   tuple(TypedAnswers.of(question) for question in rubric.questions
                         if not question.on_rubric_levels))

    def other_rubric(self, info: Mapping[str, str]) -> str | None:
        """Why a file whose ``session_info`` names another version of the rubric cannot be
        used with this project, or None (same rubric, or a file from before the hash)."""
        changed = rubric_change(info.get(RUBRIC_KEY, ""), self.rubric_sha256,
                                f"the project's rubric ({self.rubric_id})")
        return None if changed is None else (
            f"{changed} Its answers may mean something else on the new scale, so none were "
            "used. Put back the rubric file the ratings were given on, or analyse this file "
            "with a copy of the project as it was then.")

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
class TypedAnswers:
    """What a row answering a question of another type than the rubric's levels may store:
    its answer type, its values, its texts (None: any text up to ``max_length``)."""

    question_id: str
    kind: AnswerKind
    values: tuple[float, ...]
    texts: tuple[str, ...] | None
    max_length: int = 0

    @classmethod
    def of(cls, question: Question) -> TypedAnswers:
        match question.kind:
            case AnswerKind.SCALE:
                scale = question.scale.levels if question.scale else ()
                return cls(question.question_id, question.kind,
                           tuple(float(level.value) for level in scale), ("",))
            case AnswerKind.FLAG:
                return cls(question.question_id, question.kind, (0.0, 1.0), ("",))
            case AnswerKind.CHOICE:
                return cls(question.question_id, question.kind,
                           tuple(map(float, range(len(question.choices)))),
                           tuple(choice.choice_id for choice in question.choices))
            case AnswerKind.TEXT:
                return cls(question.question_id, question.kind, (0.0,), None,
                           question.max_length)
            case _:
                assert_never(question.kind)

    def condition(self, column: str) -> str:
        """The SQL condition on ``column`` (answer, value or answer_text) of such a row."""
        match column:
            case "answer":
                return f"answer = {_quoted(self.kind.value)}"
            case "value":
                return f"value IN ({', '.join(map(repr, self.values))})"
            case _:
                return (f"length(answer_text) <= {self.max_length}" if self.texts is None
                        else f"answer_text IN ({', '.join(map(_quoted, self.texts))})")


def _typed_rules(rules: RowRules) -> list[_Rule]:
    """The rules of the answer columns of rows answering a question of its own type: one
    CASE on the question each, rows of every other question as the rubric's levels are."""
    def case(column: str, otherwise: str) -> str:
        whens = " ".join(f"WHEN {_quoted(typed.question_id)} THEN {typed.condition(column)}"
                         for typed in rules.typed)
        return f"CASE question {whens} ELSE {otherwise} END"

    levels = ", ".join(repr(level) for level in rules.levels)
    return [
        _Rule("answer", case("answer", "answer = 'scale'"),
              lambda v: f"is a {_shown(v)} answer, which its question does not take"),
        _Rule("value", case("value", f"value IN ({levels}, {SKIP_VALUE!r})"),
              lambda v: f"holds the value {_shown(v)}, not an answer of its question in "
                        f"{rules.answers()}"),
        _Rule("answer_text", case("answer_text", "answer_text = ''"),
              lambda v: f"holds the text {_shown(v)}, not an answer of its question"),
    ]


def rubric_change(recorded: str, expected: str, whose: str) -> str | None:
    """A refusal in words when a file's ratings were given on a rubric file other than
    ``whose`` (both hashes known and different), else None."""
    if not recorded or not expected or recorded == expected:
        return None
    return (f"Its ratings were given on another version of the rubric file than "
            f"{whose}: the scale or its wording changed since (rubric hash "
            f"{recorded[:12]}…, now {expected[:12]}…).")


@dataclass(frozen=True)
class BadRow:
    """The first row of a file that this app would never have written: its place in the
    file (from 1), its rating id, and why."""

    place: int
    rating_id: str
    reason: str


@dataclass(frozen=True)
class _Rule:
    """One stored column: the SQL condition every value must meet, and what a value that
    does not means, in words."""

    column: str
    condition: str
    says: Callable[[Any], str]


def first_bad_row(conn: sqlite3.Connection, rules: RowRules | None, *,
                  phases: Collection[str] = ALL_PHASES, table: str = "ratings",
                  place_by_seq: bool = False) -> BadRow | None:
    """The first row of ``table`` in storage order holding a value no laptop's app writes,
    or None. Only the columns the table has are checked.

    ``rules`` are the project's; without them (a panel merged with no project folder known)
    only the form of each value is checked. ``phases``: the phases such a file may hold.
    ``place_by_seq``: name the row by its place in the hash chain (a session file's ``seq``).
    """
    present = {name for (name,) in conn.execute(f"SELECT name FROM pragma_table_info('{table}')")}
    checks = [rule for rule in _rules(rules, phases) if rule.column in present]
    if rules is not None and rules.typed and {"question", "answer", "answer_text"} <= present:
        typed = _typed_rules(rules)
        checks = [*(rule for rule in checks if rule.column != "value"), *typed]
    if "value" in present and rules is not None and not rules.skip:
        asked = "question" if "question" in present else "''"
        checks.append(_Rule("value", f"value != {SKIP_VALUE!r} OR {asked} = "
                                     f"{_quoted(SKIPPED_AFTER_ERROR)}",
                            lambda _: f"holds a SKIP answer, which {rules.answers()} does "
                                      "not offer"))
    if {"question", "stage"} <= present:
        checks.append(_Rule("stage", "stage = '' OR question NOT IN ('', "
                                     f"{_quoted(SKIPPED_AFTER_ERROR)})",
                            lambda _: "has a stage but answers no question"))
    if not checks:
        return None
    fits = [f"({rule.condition.format(rule.column)})" for rule in checks]
    # Each column's own rule is false, never NULL, on a NULL value (see _rules), so NOT
    # finds it; NOT (… AND …) lets SQLite stop at the first rule that fails.
    found = conn.execute(f"SELECT rowid FROM {table} WHERE NOT ({' AND '.join(fits)}) "
                         "ORDER BY rowid LIMIT 1").fetchone()
    if found is None:
        return None
    row = conn.execute(f"SELECT {', '.join(f'coalesce({fit}, 0)' for fit in fits)}, "
                       f"{', '.join(rule.column for rule in checks)} FROM {table} "
                       "WHERE rowid = ?", found).fetchone()
    failed = next(n for n, fit in enumerate(row[:len(checks)]) if not fit)
    rule, value = checks[failed], row[len(checks) + failed]
    rating_id = conn.execute(f"SELECT rating_id FROM {table} WHERE rowid = ?", found
                             ).fetchone()[0] if "rating_id" in present else ""
    place = (conn.execute(f"SELECT seq FROM {table} WHERE rowid = ?", found).fetchone()[0]
             if place_by_seq and "seq" in present else None)
    if place is None:
        place = conn.execute(f"SELECT count(*) FROM {table} WHERE rowid <= ?",
                             found).fetchone()[0]
    return BadRow(int(place), str(rating_id), rule.says(value))


def _rules(rules: RowRules | None, phases: Collection[str]) -> list[_Rule]:
    """The rule of every stored column, on the project's rubric or (None) on form alone.

    Each is false, never NULL, for a NULL value: ``IS NULL OR …`` where a value may be
    empty, ``IS NOT NULL AND …`` (added by :func:`_not_null`) where it may not."""
    if rules is None:
        value = consensus = f"{{0}} BETWEEN {-_LARGEST!r} AND {_LARGEST!r}"  # finite numbers
        points = _WHOLE
        question = f"{{0}} IN ('', {_quoted(SKIPPED_AFTER_ERROR)}) OR ({_QUESTION_ID})"
        scale = "a finite number"
    else:  # text never equals a number, so a list of numbers is the whole check
        levels = ", ".join(repr(level) for level in rules.levels)
        value = f"{{0}} IN ({levels}, {SKIP_VALUE!r})"
        consensus = f"{{0}} IN ({levels})"
        points = f"{{0}} IN ({', '.join(map(str, range(rules.lowest_points, _TOP_POINTS + 1)))})"
        names = ", ".join(_quoted(name) for name in ("", SKIPPED_AFTER_ERROR,
                                                     *sorted(rules.questions)))
        question = f"{{0}} IN ({names})"
        scale = rules.answers()
    phase_names = sorted(phases)
    return [_not_null(rule) for rule in [
        _Rule("rating_id", _TEXT, lambda v: f"has the rating id {_shown(v)}, not a text"),
        _Rule("tagger", f"{_TEXT} AND trim({{0}}) != ''",
              lambda v: f"has the tagger {_shown(v)}, not a name"),
        _Rule("item_id", _TEXT, lambda v: f"has the item id {_shown(v)}, not a text"),
        _Rule("round", f"{_WHOLE} AND {{0}} BETWEEN 1 AND {MAX_ROUND}",
              lambda v: f"has the round {_shown(v)}, not a whole number from 1 to "
                        f"{MAX_ROUND:,}"),
        _Rule("phase", f"{{0}} IN ({', '.join(map(_quoted, phase_names))})",
              lambda v: f"has the phase {_shown(v)}, which is none of "
                        f"{', '.join(phase_names)}"),
        _Rule("value", value, lambda v: f"holds the value {_shown(v)}, not an answer of {scale}"),
        _Rule("consensus", f"{{0}} IS NULL OR ({consensus})",
              lambda v: f"shows the consensus {_shown(v)}, not a level of {scale}"),
        _Rule("consensus_n", f"{{0}} IS NULL OR ({_WHOLE} AND {{0}} >= 0)",
              lambda v: f"has {_shown(v)} as its consensus's count of ratings"),
        _Rule("points", f"{{0}} IS NULL OR ({points})",
              lambda v: f"earned {_shown(v)} points, more or fewer than any rating can"),
        _Rule("ms_on_screen", f"{_WHOLE} AND {{0}} >= 0",
              lambda v: f"was on screen {_shown(v)} milliseconds, not a time"),
        _Rule("shown_at", _TIME, lambda v: f"was shown at {_shown(v)}, not a time"),
        _Rule("submitted_at", _TIME, lambda v: f"was submitted at {_shown(v)}, not a time"),
        _Rule("laptop_id", "{0} >= '' AND {0} < x''",
              lambda v: f"has the laptop id {_shown(v)}, not a text"),
        _Rule("question", question,
              lambda v: f"answers the question {_shown(v)}, which the rubric does not ask"),
        _Rule("stage", f"{{0}} IN ({', '.join(map(_quoted, STAGES))})",
              lambda v: f"has the stage {_shown(v)}, none of 'pre', 'post' or empty"),
        _Rule("answer", f"{{0}} IN ({', '.join(_quoted(kind.value) for kind in AnswerKind)})",
              lambda v: f"has the answer type {_shown(v)}, none of "
                        f"{', '.join(kind.value for kind in AnswerKind)}"),
        _Rule("answer_text", f"{{0}} >= '' AND {{0}} < x'' AND length({{0}}) <= "
                             f"{MAX_TEXT_LENGTH}",
              lambda v: f"holds {_shown(v)} as its answer's text, not a text of at most "
                        f"{MAX_TEXT_LENGTH:,} characters"),
    ]]


def _not_null(rule: _Rule) -> _Rule:
    if rule.condition.startswith("{0} IS NULL OR"):
        return rule
    return _Rule(rule.column, f"{{0}} IS NOT NULL AND {rule.condition}", rule.says)


def _quoted(text: str) -> str:
    """``text`` as an SQL string literal (the app's own names: phases, question ids)."""
    return "'" + text.replace("'", "''") + "'"


def _shown(value: Any) -> str:
    """A stored value as a person would write it: 1e+308, −7, 'abc', NULL."""
    if value is None:
        return "NULL (empty)"
    if type(value) is float:
        return f"{value:g}"
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}…"
