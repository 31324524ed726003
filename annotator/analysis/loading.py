"""Build a :class:`RatingTable` from what a lab lead has: a project folder, one session
file, a merged panel database, or a ratings CSV (legacy data). Stored ratings all take one
path: rows from the store, then :func:`table_from_rows`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from annotator.analysis.csv_columns import CodedColumn, read_columns
from annotator.analysis.table import PHASES, RatingTable, build_table, coded_table, sorted_names
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import SKIP_VALUE, Project
from annotator.project.table import RowChecks
from annotator.store.panel import read_panel_rows
from annotator.store.reading import RatingRows
from annotator.store.records import Phase
from annotator.store.sessions_folder import SessionsFolder, read_sessions_folder

CSV_COLUMNS = ("item_id", "tagger", "round", "rating")
CSV_OPTIONAL = ("source", "phase", "skip")
_PHASES = {"": Phase.GAME, **{phase.value: phase for phase in Phase}}
_PHASE_NAMES = ", ".join(phase.value for phase in Phase)
_DATA_PHASES = frozenset(text for text, phase in _PHASES.items() if phase.is_data)
SKIP = "skip"
T = TypeVar("T")


def table_from_rows(rows: RatingRows, *, levels: np.ndarray | None = None,
                    sources: dict[str, str] | None = None) -> RatingTable:
    """A table from stored rows, by the panel's rules (:func:`read_panel_rows`): a rating id
    seen twice (a file copied twice) counts once, and a tagger who rated the same pair in
    the same round on two laptops counts once, with the earlier rating. A SKIP answer is
    not a rating: it is counted as a skip of its pair and round (Levinboim et al. 2021)."""
    counted = counted_rows(rows)
    skipped = [i for i in counted if rows.value[i] == SKIP_VALUE]
    skips = Counter((rows.item_id[i], rows.round[i]) for i in skipped
                    if Phase(rows.phase[i]).is_data)
    records = [(rows.item_id[i], rows.tagger[i], rows.round[i], rows.phase[i],
                rows.ms_on_screen[i] / 1000) for i in skipped]
    keep = [i for i in counted if rows.value[i] != SKIP_VALUE]

    def pick(column: Sequence[Any]) -> list[Any]:
        return [column[i] for i in keep]

    return build_table(
        item_ids=pick(rows.item_id), taggers=pick(rows.tagger), rounds=pick(rows.round),
        values=pick(rows.value), phases=[Phase(p) for p in pick(rows.phase)],
        points=pick(rows.points), seconds=[ms / 1000 for ms in pick(rows.ms_on_screen)],
        levels=levels, sources=sources, skips=dict(skips), skipped=records,
        questions=pick(rows.question), stages=pick(rows.stage),
    )


def counted_rows(rows: RatingRows) -> np.ndarray:
    """Indices (in storage order) of the rows the analysis counts: each rating id once, and
    of the data phases one rating per tagger, round, pair, question and stage (the earliest)."""
    rating_id = np.asarray(rows.rating_id, dtype=str)
    _, first = np.unique(rating_id, return_index=True)
    keep = np.sort(first)
    data = np.array([Phase(rows.phase[i]).is_data for i in keep], dtype=bool)
    candidates = keep[data]
    if not len(candidates):
        return keep
    order = candidates[np.lexsort((rating_id[candidates],
                                   np.asarray(rows.submitted_at, dtype=str)[candidates]))]
    answer = np.array([f"{rows.tagger[i]}\x00{rows.round[i]}\x00{rows.item_id[i]}\x00"
                       f"{rows.question[i]}\x00{rows.stage[i]}" for i in order])
    _, earliest = np.unique(answer, return_index=True)
    return np.sort(np.concatenate([keep[~data], order[earliest]]))


def load_project(folder: Path) -> RatingTable:
    """Every session file in the project's ``sessions/`` folder, on the project's rubric."""
    return project_table(open_project(Path(folder)))[0]


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


def load_panel(path: Path, project: Project | None = None) -> RatingTable:
    """A panel database; on ``project``'s rubric and caption sources when it is known."""
    rows = read_panel_rows(Path(path))
    return table_from_rows(rows) if project is None else table_on_rubric(project, rows, where=path)


def table_on_rubric(project: Project, rows: RatingRows, *, where: Path) -> RatingTable:
    """``rows`` on the project's rubric, with its caption sources; ``where`` names the input
    in the message when a rating is not on the rubric."""
    sources = {item.item_id: item.source for item in project.items}
    has_sources = any(sources.values())
    levels = np.array([level.value for level in project.rubric.levels], dtype=float)
    try:
        return table_from_rows(rows, levels=levels, sources=sources if has_sources else None)
    except ValueError as error:
        raise AnnotatorError(f"A stored rating is not on the project's rubric: {error}.",
                             file=where) from error


def load_ratings_csv(path: Path, levels: Sequence[float] | None = None) -> RatingTable:
    """A long table ``item_id,tagger,round,rating`` (optional ``source``, ``phase``, ``skip``).

    ``rating`` is a number, or ``skip`` (binary protocol, Levinboim et al., NAACL 2021); a
    published dataset's ``ratings.csv`` says a SKIP answer with ``skip`` true and an empty
    rating.
    ``levels`` is the scale (``--levels``, or a project's rubric): a rating off it is
    refused; without it the distinct values rated are the scale. Every bad row is
    reported, with its line number, in one :class:`AnnotatorError`. The file is read a
    column at a time (:mod:`annotator.analysis.csv_columns`) and every check and
    conversion runs once per distinct cell, so millions of ratings load in seconds.
    """
    path = Path(path)
    read = read_columns(path, required=CSV_COLUMNS, known=CSV_OPTIONAL)
    items, taggers, round_texts, ratings, sources = (
        read[name].mapped(str.strip) for name in (*CSV_COLUMNS, "source"))
    phases = read["phase"].mapped(lambda text: text.strip().lower())
    flags = read["skip"].mapped(lambda text: text.strip().lower())
    flagged = flags.where(lambda t: t == "true")
    round_of = _parsed(round_texts, int)
    value_of = _parsed(ratings, _rating)
    round_values = np.array([round_of.get(t, 0) for t in round_texts.texts], dtype=np.int64)
    rounds = round_values[round_texts.codes]
    skip = np.flatnonzero(ratings.where(lambda t: t.lower() == SKIP) | flagged).tolist()
    checks = RowChecks(read.table)
    checks.add(flags.rows_where(lambda t: t not in ("", "true", "false")),
               lambda n: f"skip {flags.cell(n)!r} is not true or false.")
    checks.add(np.flatnonzero(flagged & ratings.where(lambda t: t.lower() not in ("", SKIP)))
               .tolist(),
               lambda n: f"skip is true but the rating is {ratings.cell(n)!r}; leave it empty.")
    checks.add(items.rows_where(lambda t: not t), lambda n: "item_id is empty.")
    checks.add(taggers.rows_where(lambda t: not t), lambda n: "tagger is empty.")
    checks.add(round_texts.rows_where(lambda t: t not in round_of),
               lambda n: f"round {round_texts.cell(n)!r} is not a whole number.")
    checks.add(round_texts.rows_where(lambda t: round_of.get(t, 1) < 1),
               lambda n: "rounds are numbered from 1.")
    checks.add(phases.rows_where(lambda t: t not in _PHASES),
               lambda n: f"phase {phases.cell(n)!r} is not one of {_PHASE_NAMES}.")
    checks.add(np.flatnonzero(ratings.where(lambda t: t not in value_of) & ~flagged).tolist(),
               lambda n: f"rating {ratings.cell(n)!r} is not a number (or 'skip').")
    checks.add(ratings.rows_where(lambda t: not math.isfinite(value_of.get(t) or 0.0)),
               lambda n: f"rating {ratings.cell(n)!r} is not a finite number.")
    if levels is not None:
        scale = np.unique(np.asarray(levels, dtype=float))
        on_scale = set(scale.tolist())
        off_scale = {t for t, value in value_of.items() if value is not None
                     and math.isfinite(value) and value not in on_scale}
        checks.add(ratings.rows_where(off_scale.__contains__),
                   lambda n: f"rating {ratings.cell(n)!r} is not on the scale "
                             f"({', '.join(f'{v:g}' for v in scale)}).")
    counted = phases.where(lambda t: t in _DATA_PHASES)
    counted[skip] = False
    by_round = np.unique(round_values, return_inverse=True)[1][round_texts.codes]
    _add_repeats(checks, counted, (taggers.codes, items.codes, by_round),
                 lambda n, first: f"{taggers.cell(n)} rated {items.cell(n)} twice in round "
                                  f"{rounds[n]} (first on line {read.table.lines[first]}).")
    checks.refuse()
    rated = np.ones(read.rows, dtype=bool)
    rated[skip] = False
    if not rated.any():
        raise AnnotatorError("The ratings CSV has no ratings.", file=path)
    skips = Counter(zip(map(items.texts.__getitem__, items.codes[skip].tolist()),
                        rounds[skip].tolist(), strict=True))
    values = np.array([value_of.get(t) or 0.0 for t in ratings.texts])[ratings.codes[rated]]
    if levels is None:
        scale = np.unique(values)
    item_ids, item = sorted_names(items.texts, items.codes[rated])
    used = np.unique(taggers.codes[rated])
    tagger_ids, tagger = sorted_names([taggers.texts[c] for c in used.tolist()],
                                      np.searchsorted(used, taggers.codes[rated]))
    phase = np.array([PHASES.index(_PHASES[t]) for t in phases.texts], dtype=np.int8)
    return coded_table(
        item=item, item_ids=item_ids, tagger=tagger, taggers=tagger_ids,
        rounds=rounds[rated], level=np.searchsorted(scale, values), levels=scale,
        phase=phase[phases.codes[rated]], sources=_sources(items, sources) or None,
        skips=dict(skips))


def _parsed(column: CodedColumn, parse: Callable[[str], T]) -> dict[str, T]:
    """``parse`` of each distinct cell of ``column``; a cell it refuses (ValueError) is left
    out."""
    parsed: dict[str, T] = {}
    for text in column.texts:
        try:
            parsed[text] = parse(text)
        except ValueError:
            continue
    return parsed


def _add_repeats(checks: RowChecks, counted: np.ndarray, keys: tuple[np.ndarray, ...],
                 message: Callable[[int, int], str]) -> None:
    """``message(row, first)`` for each counted row, not already wrong, whose key (the
    codes ``keys`` together) an earlier such row has: :meth:`RowChecks.add_repeats` by
    one sort of whole numbers instead of a dictionary of tuples."""
    rows = np.flatnonzero(counted)
    if checks.found:
        rows = rows[~np.isin(rows, list(checks.found))]
    key = np.zeros(len(rows), dtype=np.int64)
    for codes in keys:
        key = key * (int(codes.max(initial=0)) + 1) + codes[rows]
    if len(rows) < 2 or not (np.diff(np.sort(key)) == 0).any():
        return
    order = np.argsort(key, kind="stable")
    starts = np.r_[True, key[order][1:] != key[order][:-1]]
    first = rows[order][np.maximum.accumulate(np.where(starts, np.arange(len(order)), 0))]
    repeat = dict(zip(rows[order][~starts].tolist(), first[~starts].tolist(), strict=True))
    checks.add(sorted(repeat), lambda n: message(n, repeat[n]))


def _sources(items: CodedColumn, sources: CodedColumn) -> dict[str, str]:
    """Each item's caption source: the last non-empty one given for it."""
    named = np.flatnonzero(sources.where(bool))
    last = np.full(len(items.texts), -1)
    np.maximum.at(last, items.codes[named], named)  # each item's last row with a source
    item = np.flatnonzero(last >= 0)
    return dict(zip(map(items.texts.__getitem__, item.tolist()),
                    map(sources.texts.__getitem__, sources.codes[last[item]].tolist()),
                    strict=True))


def _rating(text: str) -> float | None:
    """A rating cell: a number, or None for ``skip``; ValueError for anything else."""
    return None if text.lower() == SKIP else float(text)
