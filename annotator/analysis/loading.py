"""Build a :class:`RatingTable` from what a lab lead has: a project folder, one session
file, a merged panel database, or a ratings CSV (legacy data). Stored ratings all take one
path: rows from the store, then :func:`table_from_rows`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from annotator.analysis.csv_input import read_csv_rows
from annotator.analysis.table import RatingTable, build_table
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import SKIP_VALUE, Project
from annotator.store.panel import read_panel_rows
from annotator.store.reading import RatingRows, read_session_file
from annotator.store.records import Phase

CSV_COLUMNS = ("item_id", "tagger", "round", "rating")
SKIP = "skip"


def table_from_rows(rows: RatingRows, *, levels: np.ndarray | None = None,
                    sources: dict[str, str] | None = None) -> RatingTable:
    """A table from stored rows, by the panel's rules (:func:`read_panel_rows`): a rating id
    seen twice (a file copied twice) counts once, and a tagger who rated the same pair in
    the same round on two laptops counts once, with the earlier rating. A SKIP answer is
    not a rating: it is counted as a skip of its pair and round (Levinboim et al. 2021)."""
    counted = _counted_rows(rows)
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


def _counted_rows(rows: RatingRows) -> np.ndarray:
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
    return project_table(open_project(Path(folder)))


def project_table(project: Project) -> RatingTable:
    """The ratings of every session file of ``project``, merged on the fly (read-only)."""
    files = sorted(project.sessions_dir.glob("*.sqlite"))
    if not files:
        raise AnnotatorError("This project has no session files yet: nothing to analyse.",
                             file=project.sessions_dir)
    parts = [read_session_file(path, project_id=project.project_id).ratings for path in files]
    return table_on_rubric(project, RatingRows.concatenate(parts), where=project.sessions_dir)


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
    """A long table ``item_id,tagger,round,rating`` (optional ``source``, ``phase``).

    ``rating`` is a number, or ``skip`` (binary protocol, Levinboim et al. 2021). Every bad
    row is reported, with its line number, in one :class:`AnnotatorError`.
    """
    path = Path(path)
    header, reader = read_csv_rows(path, CSV_COLUMNS, kind="ratings CSV")
    col = {name: header.index(name) for name in header}
    columns: dict[str, list[Any]] = {n: [] for n in ("item", "tagger", "round", "value", "phase")}
    sources: dict[str, str] = {}
    skips: dict[tuple[str, int], int] = {}
    seen: set[tuple[str, str, int]] = set()
    problems: list[str] = []
    for line, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        try:
            item, tagger, rnd, value, phase = _parse_row(row, col)
        except ValueError as error:
            problems.append(f"{path}:{line}: {error}")
            continue
        if "source" in col and len(row) > col["source"] and row[col["source"]].strip():
            sources[item] = row[col["source"]].strip()
        if value is None:
            skips[(item, rnd)] = skips.get((item, rnd), 0) + 1
            continue
        if phase.is_data and (tagger, item, rnd) in seen:
            problems.append(f"{path}:{line}: {tagger} rated {item} twice in round {rnd}.")
            continue
        seen.add((tagger, item, rnd))
        for name, cell in zip(columns, (item, tagger, rnd, value, phase), strict=True):
            columns[name].append(cell)
    if problems:
        raise AnnotatorError(
            f"{len(problems)} row{'s' if len(problems) != 1 else ''} cannot be used:\n"
            + "\n".join(problems), file=path)
    if not columns["value"]:
        raise AnnotatorError("The ratings CSV has no ratings.", file=path)
    return build_table(item_ids=columns["item"], taggers=columns["tagger"],
                       rounds=columns["round"], values=columns["value"],
                       phases=columns["phase"], sources=sources if sources else None,
                       skips=skips)


def _parse_row(row: list[str], col: dict[str, int]
               ) -> tuple[str, str, int, float | None, Phase]:
    def cell(name: str) -> str:
        return row[col[name]].strip() if len(row) > col[name] else ""

    item, tagger, rnd_text, rating = (cell(n) for n in CSV_COLUMNS)
    if not item:
        raise ValueError("item_id is empty.")
    if not tagger:
        raise ValueError("tagger is empty.")
    try:
        rnd = int(rnd_text)
    except ValueError:
        raise ValueError(f"round {rnd_text!r} is not a whole number.") from None
    if rnd < 1:
        raise ValueError("rounds are numbered from 1.")
    phase_text = cell("phase").lower() if "phase" in col else ""
    try:
        phase = Phase(phase_text) if phase_text else Phase.GAME
    except ValueError:
        names = ", ".join(p.value for p in Phase)
        raise ValueError(f"phase {phase_text!r} is not one of {names}.") from None
    if rating.lower() == SKIP:
        return item, tagger, rnd, None, phase
    try:
        value = float(rating)
    except ValueError:
        raise ValueError(f"rating {rating!r} is not a number (or 'skip').") from None
    if not math.isfinite(value):
        raise ValueError(f"rating {rating!r} is not a finite number.")
    return item, tagger, rnd, value, phase
