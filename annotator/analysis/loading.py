"""Build a :class:`RatingTable` from the stored ratings a lab lead has: a project folder,
one session file or a merged panel database. They all take one path: rows from the store,
then :func:`answers_from_rows`. (A ratings CSV, legacy data, has its own reader:
:mod:`annotator.analysis.ratings_csv`.)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from annotator.analysis.other_answers import OtherAnswers, other_answers, own_scale_questions
from annotator.analysis.rating_table import RatingTable, Skip, build_table
from annotator.errors import AnnotatorError
from annotator.names import clean_name, name_key
from annotator.project.answer_model import SKIP_VALUE, AnswerKind, Question
from annotator.project.model import Project
from annotator.store.panel_reading import read_panel_rubric_sha256
from annotator.store.reading import RatingRows
from annotator.store.records import Phase
from annotator.store.sessions_folder import SessionsFolder, read_sessions_folder
from annotator.store.validation import rubric_change

_DATA_PHASES = [phase.value for phase in Phase if phase.is_data]


def answers_from_rows(rows: RatingRows, *, levels: np.ndarray | None = None,
                      sources: dict[str, str] | None = None,
                      declared: Mapping[str, Question] | None = None,
                      ) -> tuple[RatingTable, OtherAnswers]:
    """A table from stored rows, and the answers beside it: a rating id seen twice (a file
    copied twice) counts once, names that :func:`~annotator.names.name_key` makes equal
    are one tagger (:func:`one_spelling`), and a tagger who rated the same pair in the same
    round on two laptops counts once, with the earlier rating (:func:`counted_rows`; the
    other is :func:`answered_again`). A SKIP answer is not a rating: it is counted as a
    skip of its pair and round (Levinboim et al. 2021). Only the levels of the rubric's
    scale are in the table: the answers of another type (a flag, a choice, a free text)
    and those of a question ``declared`` with its own levels are the other answers."""
    declared = declared or {}
    rows = one_spelling(rows)
    counted = counted_rows(rows)
    own = own_scale_questions(declared)
    on_scale = (counted.tolist() if not own and set(rows.answer) <= {AnswerKind.SCALE.value}
                else [i for i in counted.tolist() if rows.answer[i] == AnswerKind.SCALE.value
                      and rows.question[i] not in own])  # levels only: the usual protocol
    skipped = [i for i in on_scale if rows.value[i] == SKIP_VALUE]
    skips = Counter((rows.item_id[i], rows.round[i]) for i in skipped
                    if Phase(rows.phase[i]).is_data)
    records = [Skip(rows.item_id[i], rows.tagger[i], rows.round[i], rows.phase[i],
                    rows.ms_on_screen[i] / 1000) for i in skipped]
    keep = [i for i in on_scale if rows.value[i] != SKIP_VALUE]

    def pick(column: Sequence[Any]) -> list[Any]:
        return [column[i] for i in keep]

    table = build_table(
        item_ids=pick(rows.item_id), taggers=pick(rows.tagger), rounds=pick(rows.round),
        values=pick(rows.value), phases=[Phase(p) for p in pick(rows.phase)],
        points=pick(rows.points), seconds=[ms / 1000 for ms in pick(rows.ms_on_screen)],
        levels=levels, sources=sources, skips=dict(skips), skipped=records,
        questions=pick(rows.question), stages=pick(rows.stage),
    )
    return table, other_answers(rows, counted, declared)


def one_spelling(rows: RatingRows) -> RatingRows:
    """``rows`` with each tagger under one spelling: names that
    :func:`~annotator.names.name_key` makes equal (``Rater 1 `` and ``rater 1``, an accent
    typed in two Unicode forms) are one person, named as in their earliest answer (made
    clean: :func:`~annotator.names.clean_name`)."""
    names = set(rows.tagger)
    keys = {name: name_key(name) for name in names}
    if len(set(keys.values())) == len(names) and all(clean_name(n) == n for n in names):
        return rows
    first: dict[str, tuple[str, str]] = {}
    for name, when in zip(rows.tagger, rows.submitted_at, strict=True):
        key = keys[name]
        if key not in first or (when, name) < first[key]:
            first[key] = (when, name)
    spelling = {name: clean_name(first[keys[name]][1]) for name in names}
    return dataclasses.replace(rows, tagger=tuple(spelling[name] for name in rows.tagger))


def counted_rows(rows: RatingRows) -> np.ndarray:
    """Indices (in storage order) of the rows the analysis counts: each rating id once, and
    of the data phases one rating per tagger, round, pair, question and stage (the earliest
    by time, then by rating id: the same whatever the order the files were read in)."""
    rating_id, keep, candidates = _distinct_ids(rows)
    if not len(candidates):
        return keep
    order = candidates[np.lexsort((rating_id[candidates],
                                   np.asarray(rows.submitted_at, dtype=str)[candidates]))]
    answer = np.array([f"{rows.tagger[i]}\x00{rows.round[i]}\x00{rows.item_id[i]}\x00"
                       f"{rows.question[i]}\x00{rows.stage[i]}" for i in order])
    _, earliest = np.unique(answer, return_index=True)
    return np.sort(np.concatenate([np.setdiff1d(keep, candidates), order[earliest]]))


def answered_again(rows: RatingRows) -> int:
    """Data answers a tagger gave again to a pair (question, stage) in a round they had
    answered it in, on another laptop: kept in the panel and the published dataset, left
    out of every figure (:func:`counted_rows` takes the earlier)."""
    rows = one_spelling(rows)
    _, _, candidates = _distinct_ids(rows)
    answers = {(rows.tagger[i], rows.round[i], rows.item_id[i], rows.question[i],
                rows.stage[i]) for i in candidates.tolist()}
    return len(candidates) - len(answers)


def _distinct_ids(rows: RatingRows) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rating ids as an array, the indices of each one's first row, and those of them
    in a data phase."""
    rating_id = np.asarray(rows.rating_id, dtype=str)
    _, first = np.unique(rating_id, return_index=True)
    keep = np.sort(first)
    data = np.isin(np.asarray(rows.phase, dtype=str)[keep], _DATA_PHASES)
    return rating_id, keep, keep[data]


def project_table(project: Project) -> tuple[RatingTable, SessionsFolder]:
    """The ratings of every readable session file of ``project``, merged on the fly
    (read-only), and the folder as read: the files left out are in its ``unreadable``."""
    folder = readable_sessions(project)
    return table_on_rubric(project, folder.ratings, where=project.sessions_dir), folder


def project_rows(project: Project) -> RatingRows:
    """The stored rows of every readable session file of ``project``, one file after
    another."""
    return readable_sessions(project).ratings


def readable_sessions(project: Project) -> SessionsFolder:
    """The project's ``sessions/`` as read; refused when no file there can be read."""
    folder = read_sessions_folder(project)
    if not folder.files:
        reasons = "".join(f"\n{entry.warning()}" for entry in folder.unreadable)
        raise AnnotatorError(("None of the session files can be read: nothing to analyse."
                              if reasons else
                              "This project has no session files yet: nothing to analyse.")
                             + reasons, file=project.sessions_dir)
    return folder


def refuse_other_rubric(path: Path, project: Project) -> None:
    """Refuse a panel database whose answers were given on another version of the
    project's rubric: its figures would be read on the wrong scale."""
    changed = rubric_change(read_panel_rubric_sha256(Path(path)) or "", project.rubric.sha256,
                            f"the project's rubric ({project.rubric.rubric_id})")
    if changed is not None:
        raise AnnotatorError(f"{changed} Its figures would be read on the wrong scale, so "
                             "nothing was analysed. Analyse it with a copy of the project "
                             "holding the rubric file its ratings were given on.", file=path)


def table_on_rubric(project: Project, rows: RatingRows, *, where: Path) -> RatingTable:
    """The rating table of :func:`answers_on_rubric`."""
    return answers_on_rubric(project, rows, where=where)[0]


def answers_on_rubric(project: Project, rows: RatingRows, *,
                      where: Path) -> tuple[RatingTable, OtherAnswers]:
    """``rows`` on the project's rubric, with its caption sources, and the answers of its
    other questions; ``where`` names the input in the message when a rating is not on the
    rubric."""
    sources = {item.item_id: item.source for item in project.items}
    has_sources = any(sources.values())
    levels = np.array([level.value for level in project.rubric.levels], dtype=float)
    declared = {q.question_id: q for q in project.rubric.questions}
    try:
        return answers_from_rows(rows, levels=levels, declared=declared,
                                 sources=sources if has_sources else None)
    except ValueError as error:
        raise AnnotatorError(f"A stored rating is not on the project's rubric: {error}.",
                             file=where) from error
