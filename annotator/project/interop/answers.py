"""Answers made in another annotation tool, as the ratings CSV ``analyze --ratings-csv``
reads.

Each tool's reader (:mod:`annotator.project.interop`) turns its export into
:class:`Answer` rows, naming the file and line of each; here they are checked against the
project — the item must be one of its items, the answer one of its rubric's — and written,
or refused whole with every bad entry listed: a ratings file silently missing answers
would change the statistics without anyone knowing.

An answer is the level's value (``4``, ``0.75``), its label as the rubric words it
(``Objects right``), ``skip`` (or the rubric's skip label) for a SKIP answer, or the
level's position on the scale from the lowest, 1 up (a star rating, a Likert point).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from annotator.csvtext import csv_text
from annotator.errors import AnnotatorError
from annotator.files import write_text
from annotator.names import clean_name, name_key, name_problem
from annotator.project.model import Problem, Project, Rubric

SKIP = "skip"
_NUMBERED = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(?:[–—:)-]|\.(?=\s))\s*(.*)", re.DOTALL)
"""A choice worded ``4 – Objects + space``: the level's value, then its label."""
RATINGS_HEADER = ("item_id", "tagger", "round", "rating", "source")


@dataclass(frozen=True)
class Answer:
    """One tagger's answer to one pair; ``choice`` is what the tool stored (a value, a
    label, skip), ``position`` the level counted from the lowest when the tool stores
    that instead (stars)."""

    item_id: str
    tagger: str
    file: Path
    line: int
    choice: str = ""
    position: int | None = None
    wording: str = ""
    """What the tool showed for the choice when it stores an id of its own (a Prodigy
    option's text): tried when ``choice`` is no answer of the rubric."""


@dataclass
class Read:
    """What a tool's file gave: answers, problems by line, and entries that are no answer
    (cancelled, ignored, rejected), counted for the message."""

    answers: list[Answer]
    problems: list[Problem]
    not_answers: int = 0
    warnings: list[Problem] = field(default_factory=list)


class Scale:
    """The answers a rubric accepts, and the value each stands for; ``choice_map`` turns a
    tool's own wording of a choice into one of them (the lead's ``--choice-map``)."""

    def __init__(self, rubric: Rubric, choice_map: Mapping[str, str] | None = None):
        self.rubric = rubric
        self.choice_map = {key.strip().casefold(): value
                           for key, value in (choice_map or {}).items()}
        self.values = sorted(float(level.value) for level in rubric.levels)
        labels = [level.label.casefold() for level in rubric.levels]
        self.by_text = {label: float(level.value) for label, level in zip(
            labels, rubric.levels, strict=True) if labels.count(label) == 1}
        if rubric.skip is not None:
            self.by_text[rubric.skip.label.casefold()] = math.nan
            self.by_text[SKIP] = math.nan

    def value(self, answer: Answer) -> float:
        """The level value of ``answer``, NaN for a SKIP answer; ValueError saying why not."""
        if answer.position is not None:
            if not 1 <= answer.position <= len(self.values):
                raise ValueError(f"{answer.position} is not a level of the "
                                 f"{len(self.values)}-level scale")
            return self.values[answer.position - 1]
        text = answer.choice.strip()
        for given in (answer.choice, answer.wording):
            found = self._named(given.strip())
            if found is not None:
                return found
        allowed = ", ".join(f"{v:g}" for v in self.values)
        skip = ", or skip" if self.rubric.skip is not None else ""
        raise ValueError(f"{text!r} is not an answer of the {self.rubric.rubric_id} rubric: "
                         f"give a value ({allowed}) or a level's label{skip}")

    def _named(self, text: str) -> float | None:
        """The value ``text`` names, through the lead's map, as a value or label, or worded
        ``4 – Objects + space``; None if it names none."""
        text = self.choice_map.get(text.casefold(), text).strip()
        numbered = _NUMBERED.fullmatch(text)
        found = self._worded(text)
        if found is None and numbered is not None:
            found = self._worded(numbered.group(1))
            if found is None:
                found = self._worded(numbered.group(2))
        return found

    def _worded(self, text: str) -> float | None:
        """The value a level's label, skip word or value names, None if it names none."""
        if text.casefold() in self.by_text:
            return self.by_text[text.casefold()]
        try:
            number = float(text)
        except ValueError:
            return None
        return number if number in self.values else None


def one_question(project: Project, tool: str) -> Scale:
    """The project's scale; refused for a rubric that asks several questions, which these
    tools' single choice cannot carry."""
    if project.rubric.questions:
        raise AnnotatorError(
            f"The {project.rubric.rubric_id} rubric asks {len(project.rubric.questions)} "
            f"questions before and with the image; {tool} tasks carry one question, so rate "
            "this project in the app.", file=project.root)
    return Scale(project.rubric)


@dataclass(frozen=True)
class CheckedRating:
    """One answer checked against the project: its item, tagger (clean), round and level
    value (NaN for a SKIP answer), and the item's source."""

    item_id: str
    tagger: str
    round: int
    value: float
    source: str


def write_ratings(read: Read, project: Project, out: Path, *, round_number: int,
                  source: Path, choice_map: Mapping[str, str] | None = None) -> int:
    """Check every answer (:func:`checked_ratings`) and write the ratings CSV; returns how
    many were written."""
    if out.resolve() == source.resolve():
        raise AnnotatorError("The output would overwrite the file it reads; give another "
                             "--out.", file=out)
    rows = [(r.item_id, r.tagger, r.round, SKIP if math.isnan(r.value) else f"{r.value:g}",
             r.source) for r in checked_ratings(read, project, round_number=round_number,
                                                source=source, choice_map=choice_map)]
    write_text(out, csv_text(rows, header=RATINGS_HEADER))
    return len(rows)


def checked_ratings(read: Read, project: Project, *, round_number: int, source: Path,
                    choice_map: Mapping[str, str] | None = None) -> list[CheckedRating]:
    """Every answer of ``read`` checked against ``project``.

    Refuses (AnnotatorError) when the file has problems, an answer is not on the scale or
    names an unknown item, a tagger's name is empty or too long (:mod:`annotator.names`;
    names are given clean), a tagger answered a pair twice, or there is no answer at all."""
    scale = Scale(project.rubric, choice_map)
    problems = list(read.problems)
    items = {item.item_id: item for item in project.items}
    seen: dict[tuple[str, str], Answer] = {}
    rows: list[CheckedRating] = []
    for answer in read.answers:
        try:
            value = scale.value(answer)
        except ValueError as error:
            problems.append(Problem(answer.file, answer.line, f"The answer {error}."))
            continue
        if answer.item_id not in items:
            problems.append(Problem(answer.file, answer.line, f"The item {answer.item_id!r} "
                                    f"is not an item of the project {project.name!r}."))
            continue
        name_wrong = name_problem(answer.tagger, what="tagger's name")
        if name_wrong is not None:
            problems.append(Problem(answer.file, answer.line, name_wrong))
            continue
        tagger = clean_name(answer.tagger)
        first = seen.setdefault((name_key(tagger), answer.item_id), answer)
        if first is not answer:
            problems.append(Problem(answer.file, answer.line, f"{answer.tagger} answered "
                                    f"{answer.item_id} twice (first at {first.file.name}:"
                                    f"{first.line})."))
            continue
        rows.append(CheckedRating(answer.item_id, tagger, round_number, value,
                                  items[answer.item_id].source))
    if problems:
        problems.sort(key=lambda p: (str(p.file), p.line or 0))
        raise AnnotatorError(
            f"{len(problems)} entr{'ies' if len(problems) != 1 else 'y'} cannot be used, so "
            "no ratings were written:\n" + "\n".join(map(str, problems)), file=source)
    if not rows:
        raise AnnotatorError("There is no answer in it to import.", file=source)
    return rows
