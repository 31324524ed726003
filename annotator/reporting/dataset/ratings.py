"""``ratings.csv``: one row per answer as stored, each rating id once, with its laptop.

The rows come from the session files or the panel database themselves (the analysis's
table keeps neither rating ids nor times), under the analysis's tagger names
(:func:`annotator.analysis.loading.one_spelling`). A pair one tagger answered twice in a
round (on two laptops) keeps both answers; ``counted`` marks the one the analysis counts,
the earlier (:func:`annotator.analysis.loading.counted_rows`), so the file's game and
retest rows are the panel's and its counted ones the analysis's. Taggers left out for
failing the attention checks are left out here too, every answer of theirs.

Pseudonyms are ``T01``, ``T02``… in the order taggers first answered (ties by name), so
they stay the same when the panel grows and say nothing about the names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from annotator.analysis.loading import counted_rows, one_spelling, project_rows
from annotator.analysis.pipeline import Analysis, SourceKind
from annotator.analysis.results import AttentionChecks
from annotator.errors import AnnotatorError
from annotator.project.answer_model import FLAG_YES, SKIP_VALUE, AnswerKind
from annotator.reporting.content import Cell
from annotator.store.panel_reading import read_panel_rows
from annotator.store.reading import RatingRows, read_session_file
from annotator.store.records import Phase

PHASE_ORDER = {phase.value: n for n, phase in enumerate(Phase)}


@dataclass(frozen=True)
class Answers:
    """The counted stored rows of the dataset, and each tagger's published name."""

    rows: RatingRows
    indices: tuple[int, ...]
    names: Mapping[str, str]
    counted: frozenset[int]
    """The indices the analysis counts."""


def stored_answers(analysis: Analysis, *, pseudonymise: bool) -> Answers:
    """The rows ``ratings.csv`` publishes; AnnotatorError for a ratings CSV, which holds
    neither rating ids nor times."""
    source = analysis.input
    match source.kind:
        case SourceKind.PROJECT if source.project is not None:
            rows = project_rows(source.project)
        case SourceKind.PANEL:
            rows = read_panel_rows(source.path)
        case SourceKind.SESSION:
            rows = read_session_file(source.path).ratings
        case SourceKind.RATINGS_CSV | SourceKind.PROJECT:
            raise AnnotatorError("The dataset is exported from a project folder or a panel "
                                 "database: a ratings CSV has no rating ids or times to "
                                 "publish.", file=source.path)
        case _:
            assert_never(source.kind)
    checks = analysis.results.checks
    left_out = (set(checks.excluded.taggers)
                if isinstance(checks, AttentionChecks) and checks.excluded is not None else set())
    rows = one_spelling(rows)
    counted = frozenset(counted_rows(rows).tolist())
    first: dict[str, int] = {}
    for i, rating_id in enumerate(rows.rating_id):
        first.setdefault(rating_id, i)  # a rating copied into two files is one answer
    kept = tuple(i for i in first.values() if rows.tagger[i] not in left_out)
    names = pseudonyms(rows, kept) if pseudonymise else {rows.tagger[i]: rows.tagger[i]
                                                         for i in kept}
    return Answers(rows, kept, names, counted)


def pseudonyms(rows: RatingRows, kept: Sequence[int]) -> dict[str, str]:
    """``{name: "T01"…}`` numbered by each tagger's first answer."""
    first: dict[str, str] = {}
    for i in kept:
        name, when = rows.tagger[i], rows.submitted_at[i]
        if name not in first or when < first[name]:
            first[name] = when
    ordered = sorted(first, key=lambda name: (first[name], name))
    width = max(2, len(str(len(ordered))))
    return {name: f"T{n:0{width}d}" for n, name in enumerate(ordered, start=1)}


def rating_rows(answers: Answers, *, questions: bool,
                typed: tuple[AnswerKind, ...] | None = None) -> list[tuple[Cell, ...]]:
    """One row per answer in the order of :func:`annotator.reporting.dataset.fields.
    rating_fields`, sorted by item, tagger, round, phase, question, stage and time;
    ``typed``: with the ``answer`` column and those of these types (the rubric's)."""
    rows, names = answers.rows, answers.names
    order = sorted(answers.indices, key=lambda i: (
        rows.item_id[i], names[rows.tagger[i]], rows.round[i], PHASE_ORDER[rows.phase[i]],
        rows.question[i], rows.stage[i], rows.submitted_at[i], rows.rating_id[i]))
    renamed = _renaming(names)
    out: list[tuple[Cell, ...]] = []
    for i in order:
        skip, points = rows.value[i] == SKIP_VALUE, rows.points[i]
        asked: tuple[Cell, ...] = (rows.question[i], rows.stage[i]) if questions else ()
        level = rows.answer[i] == AnswerKind.SCALE.value
        kinds = _typed_cells(AnswerKind(rows.answer[i]), rows.value[i],
                             renamed(rows.answer_text[i]), typed) if typed is not None else ()
        out.append((rows.rating_id[i], rows.item_id[i], names[rows.tagger[i]],
                    rows.laptop_id[i], rows.round[i], rows.phase[i], *asked,
                    float(rows.value[i]) if level and not skip else None, *kinds, skip,
                    rows.ms_on_screen[i] / 1000, rows.submitted_at[i],
                    None if points is None else float(points), i in answers.counted))
    return out


def _typed_cells(kind: AnswerKind, value: float, text: str,
                 columns: tuple[AnswerKind, ...]) -> tuple[Cell, ...]:
    """The ``answer`` cell of one answer, then its cell in each typed column (empty but in
    its own type's)."""
    said: Cell = (int(value == FLAG_YES) if kind is AnswerKind.FLAG else
                  None if kind is AnswerKind.SCALE else text)
    return (kind.value, *(said if column is kind else None for column in columns))


def _renaming(names: Mapping[str, str]) -> Callable[[str], str]:
    """What a free text becomes in the dataset: each rater's name written in it replaced
    by their pseudonym (whole words, any case), so a note does not undo the pseudonyms;
    unchanged when the names are published."""
    changed = sorted((name for name, shown in names.items() if shown != name), key=len,
                     reverse=True)
    if not changed:
        return lambda text: text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, changed)) + r")\b", re.IGNORECASE)
    folded = {name.casefold(): names[name] for name in changed}
    return lambda text: pattern.sub(lambda m: folded.get(m.group(0).casefold(), "T?"), text)
