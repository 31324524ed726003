"""Build a :class:`RatingTable` from what a lab lead has: a project folder, one session
file, a merged panel database, or a ratings CSV (legacy data). Stored ratings all take one
path: rows from the store, then :func:`table_from_rows`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np

from annotator.analysis.table import RatingTable, build_table
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import SKIP_VALUE, Project
from annotator.project.table import RowChecks, parse_cells, read_table
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


def load_ratings_csv(path: Path) -> RatingTable:
    """A long table ``item_id,tagger,round,rating`` (optional ``source``, ``phase``, ``skip``).

    ``rating`` is a number, or ``skip`` (binary protocol, Levinboim et al., NAACL 2021); a
    published dataset's ``ratings.csv`` says a SKIP answer with ``skip`` true and an empty
    rating. Every bad row is reported, with its line number, in one :class:`AnnotatorError`.
    """
    path = Path(path)
    table = read_table(path, required=CSV_COLUMNS, known=CSV_OPTIONAL, skip_bad_rows=False)
    items, taggers, round_texts, ratings, sources, phase_texts, skip_texts = (
        list(map(str.strip, table.column(name))) for name in (*CSV_COLUMNS, *CSV_OPTIONAL))
    phase_texts = list(map(str.lower, phase_texts))
    checks = RowChecks(table)
    flags = list(map(str.lower, skip_texts))
    checks.add((n for n, flag in enumerate(flags) if flag not in ("", "true", "false")),
               lambda n: f"skip {skip_texts[n]!r} is not true or false.")
    checks.add((n for n, flag in enumerate(flags)
                if flag == "true" and ratings[n].lower() not in ("", SKIP)),
               lambda n: f"skip is true but the rating is {ratings[n]!r}; leave it empty.")
    ratings = [SKIP if flag == "true" else rating
               for rating, flag in zip(ratings, flags, strict=True)]
    checks.add((n for n, item in enumerate(items) if not item), lambda n: "item_id is empty.")
    checks.add((n for n, tagger in enumerate(taggers) if not tagger),
               lambda n: "tagger is empty.")
    rounds, failed = parse_cells(round_texts, int)
    checks.add(failed, lambda n: f"round {round_texts[n]!r} is not a whole number.")
    checks.add((n for n, rnd in enumerate(rounds) if rnd is not None and rnd < 1),
               lambda n: "rounds are numbered from 1.")
    phases = list(map(_PHASES.get, phase_texts))
    checks.add((n for n, phase in enumerate(phases) if phase is None),
               lambda n: f"phase {phase_texts[n]!r} is not one of {_PHASE_NAMES}.")
    # A skip parses to None, like a failed cell; mypy would solve T = float | None to float.
    values, failed = parse_cells(ratings, cast("Callable[[str], float]", _rating))
    checks.add(failed, lambda n: f"rating {ratings[n]!r} is not a number (or 'skip').")
    checks.add((n for n, value in enumerate(values) if value is not None
                and not math.isfinite(value)),
               lambda n: f"rating {ratings[n]!r} is not a finite number.")
    checks.add_repeats(
        zip(taggers, items, rounds, strict=True),
        lambda n, first: f"{taggers[n]} rated {items[n]} twice in round {rounds[n]} (first on "
                         f"line {table.lines[first]}).",
        counted=(value is not None and phase in _DATA_PHASES
                 for value, phase in zip(values, phase_texts, strict=True)))
    checks.refuse()
    rated = [n for n, value in enumerate(values) if value is not None]
    if not rated:
        raise AnnotatorError("The ratings CSV has no ratings.", file=path)
    skips = Counter((items[n], int(rounds[n] or 0)) for n, value in enumerate(values)
                    if value is None)
    source_of = {item: source for item, source in zip(items, sources, strict=True) if source}

    def pick(column: list[Any]) -> list[Any]:
        return [column[n] for n in rated]

    return build_table(item_ids=pick(items), taggers=pick(taggers), rounds=pick(rounds),
                       values=pick(values), phases=pick(phases), sources=source_of or None,
                       skips=dict(skips))


def _rating(text: str) -> float | None:
    """A rating cell: a number, or None for ``skip``; ValueError for anything else."""
    return None if text.lower() == SKIP else float(text)
