"""One way from what a lab lead has to every figure: :func:`analyse`.

``annotator analyze``, the analysis pane and the self-test all call it, so they read the
same input the same way and give the same figures for the same seed.

A source is a project folder (its ``sessions/`` merged on the fly, read-only), a panel
database or one session file (told apart by their content), or a ratings CSV. A panel
database or session file holds ratings but no rubric, items, checks or metric scores;
those come from its project folder, which is looked for beside the file and one folder up
(where a lead keeps it) and used only when its project id is the file's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from annotator.analysis.alpha import Level
from annotator.analysis.checks import check_spec
from annotator.analysis.metrics import MetricScores, load_metrics_csv
from annotator.analysis.other_answers import OtherAnswers
from annotator.analysis.rating_table import RatingTable
from annotator.analysis.ratings_csv import load_ratings_csv
from annotator.analysis.report import analyze
from annotator.analysis.results import Results
from annotator.errors import AnnotatorError
from annotator.project.own_files import METRICS_FILE

if TYPE_CHECKING:
    from annotator.project.model import Project

NO_CHECKS_TO_EXCLUDE = ("--exclude-failed-checks needs a project folder with attention checks: "
                        "gold.csv rows with purpose 'check', or items marked check in "
                        "items.csv or listed in [checks] items_file.")
NEGATIVE_RATIO = ("The ratio level needs a scale whose zero means none of the quality, so no "
                  "negative values; this scale has {low:g}. Use --level interval.")


class SourceKind(StrEnum):
    """What a source is, as the pane and messages name it."""

    PROJECT = "project folder"
    PANEL = "panel database"
    SESSION = "session file"
    RATINGS_CSV = "ratings CSV"


@dataclass(frozen=True)
class AnalysisSource:
    """What to analyse: ``path`` is a project folder, panel database or session file, or
    (``ratings_csv``) a ratings CSV, whose scale is ``levels`` (``--levels`` or a project's
    rubric; None: the values rated). ``project``: the project folder of a panel or session
    file, instead of the one looked for beside it."""

    path: Path
    ratings_csv: bool = False
    levels: tuple[float, ...] | None = None
    project: Path | None = None


@dataclass(frozen=True)
class AnalysisOptions:
    """How to analyse; the defaults are the command's and the pane's.

    ``metrics_file`` replaces the project's ``metrics.csv``; with
    ``exclude_failed_checks`` the taggers who failed the attention checks are left out of
    every figure (the project must have checks).
    """

    level: Level = "ordinal"
    reps: int = 100
    bootstrap: int = 1000
    seed: int = 0
    exclude_failed_checks: bool = False
    metrics_file: Path | None = None


@dataclass(frozen=True)
class LoadedInput:
    """The ratings of a source, and its project (images, captions, checks) when known.

    ``left_out``: a warning for each session file of a project folder that could not be
    read (damaged, another project's, holding values off the rubric) and was left out;
    ``skipped_after_error``: pairs skipped because saving them failed (in no figure);
    ``simulated``: the taggers whose ratings ``annotator simulate`` made, not people;
    ``answered_again``: answers a tagger gave again on another laptop
    (:func:`~annotator.analysis.loading.answered_again`, in no figure); ``answers``: the
    answers beside the table (flags, choices, free texts, a question's own levels).
    """

    path: Path
    kind: SourceKind
    table: RatingTable
    project: Project | None = None
    left_out: tuple[str, ...] = ()
    skipped_after_error: int = 0
    answered_again: int = 0
    simulated: tuple[str, ...] = ()
    answers: OtherAnswers = field(default_factory=OtherAnswers)

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the lead must know of the input beside the figures: files left out, and
        simulated taggers among the people."""
        if not self.simulated:
            return self.left_out
        return (*self.left_out, simulated_warning(self.simulated, len(self.table.taggers)))


def simulated_warning(simulated: tuple[str, ...], taggers: int) -> str:
    """One line naming the simulated taggers, so no figure is read as people's."""
    names = ", ".join(simulated[:5]) + (f" and {len(simulated) - 5} more"
                                        if len(simulated) > 5 else "")
    return (f"{len(simulated)} of the {taggers} taggers are simulated (annotator simulate), "
            f"not people: {names}. Their ratings are in every figure.")


@dataclass(frozen=True)
class Analysis:
    """An input with every figure of it; ``metrics`` are the scores benchmarked, if any."""

    input: LoadedInput
    options: AnalysisOptions
    results: Results
    metrics: MetricScores | None = None

    @property
    def table(self) -> RatingTable:
        return self.input.table


def analyse(source: AnalysisSource, options: AnalysisOptions | None = None, *,
            progress: Callable[[str], None] = lambda _: None) -> Analysis:
    """Read ``source`` without writing to it and analyse it, telling ``progress`` each step
    in words; AnnotatorError names what is wrong with the input."""
    progress(f"Reading the ratings of {Path(source.path).name}…")
    loaded = load_source(source)
    progress(f"Computing agreement on {len(loaded.table):,} ratings…")
    return analyse_input(loaded, options or AnalysisOptions())


def load_source(source: AnalysisSource) -> LoadedInput:
    """The ratings of ``source``, with the project they belong to when it can be found."""
    path = Path(source.path)
    if source.ratings_csv:
        return LoadedInput(path, SourceKind.RATINGS_CSV, load_ratings_csv(path, source.levels))
    # The stored ratings' readers (SQLite, the project folder's files) only for them: a
    # ratings CSV is analysed without loading them.
    from annotator.analysis.loading import (
        answered_again,
        answers_from_rows,
        answers_on_rubric,
        readable_sessions,
        refuse_other_rubric,
    )
    from annotator.project.folder import open_project
    from annotator.store.panel_reading import (
        is_panel_file,
        read_panel_item_sources,
        read_panel_project_id,
        read_panel_rows,
        read_panel_simulated_taggers,
        read_panel_skips_after_error,
    )
    from annotator.store.reading import read_session_file

    if path.is_dir():
        if source.project is not None:
            raise AnnotatorError("--project names the project of a panel database or session "
                                 "file; a project folder is its own project.", file=path)
        project = open_project(path)
        folder = readable_sessions(project)
        table, answers = answers_on_rubric(project, folder.ratings, where=project.sessions_dir)
        return LoadedInput(path, SourceKind.PROJECT, table, project,
                           left_out=tuple(entry.warning() for entry in folder.unreadable),
                           skipped_after_error=folder.skipped_after_error,
                           simulated=folder.simulated_taggers,
                           answered_again=answered_again(folder.ratings), answers=answers)
    if not path.exists():
        raise AnnotatorError("There is no such file or folder.", file=path)
    kept_sources = None
    if is_panel_file(path):
        found = _project_of(path, read_panel_project_id(path), source.project)
        if found is not None:
            refuse_other_rubric(path, found)
        rows, skipped = read_panel_rows(path), read_panel_skips_after_error(path)
        kind, simulated = SourceKind.PANEL, read_panel_simulated_taggers(path)
        kept_sources = read_panel_item_sources(path) if found is None else None
    else:
        contents = read_session_file(path)
        found = _project_of(path, contents.info.get("project_id"), source.project)
        rows, skipped, kind = contents.ratings, contents.skipped_after_error, SourceKind.SESSION
        simulated = tuple(sorted(set(rows.tagger))) if contents.simulated else ()
    table, answers = (answers_from_rows(rows, sources=kept_sources) if found is None
                      else answers_on_rubric(found, rows, where=path))
    return LoadedInput(path, kind, table, found, skipped_after_error=skipped,
                       answered_again=answered_again(rows), simulated=simulated,
                       answers=answers)


def _project_of(path: Path, project_id: str | None, named: Path | None) -> Project | None:
    """The project of the file at ``path``: the folder ``named`` (``--project``), which
    must be the file's project, else the one found beside it."""
    if named is None:
        return find_project(path, project_id)
    from annotator.project.folder import open_project

    project = open_project(named)
    if project_id is not None and project.project_id != project_id:
        raise AnnotatorError(f"This file belongs to another project (project id {project_id}; "
                             f"the folder named by --project is {project.project_id}).",
                             file=path)
    return project


def find_project(path: Path, project_id: str | None) -> Project | None:
    """The project folder holding ``path`` (beside it or one up) whose id is ``project_id``."""
    if project_id is None:
        return None
    from annotator.project.folder import open_project

    for folder in (path.parent, path.parent.parent):
        if not (folder / "project.toml").is_file():
            continue
        try:
            project = open_project(folder)
        except AnnotatorError:
            continue
        if project.project_id == project_id:
            return project
    return None


def only_items(loaded: LoadedInput, item_ids: Collection[str]) -> LoadedInput:
    """``loaded`` with the ratings and skips of ``item_ids`` only (a split's items)."""
    table = loaded.table
    wanted = set(item_ids)
    keep = np.array([item in wanted for item in table.item_ids], dtype=bool)
    mine = replace(table.select(keep[table.item]),
                   skips={key: n for key, n in table.skips.items() if keep[key[0]]})
    answers = loaded.answers
    return replace(loaded, table=mine, answers=answers.rows(
        [i for i, item in enumerate(answers.item_id) if item in wanted]))


def analyse_input(loaded: LoadedInput, options: AnalysisOptions) -> Analysis:
    """Every figure of ``loaded``, with its project's attention checks and metric scores
    (``options.metrics_file``, else the project's ``metrics.csv`` when it has one)."""
    project = loaded.project
    levels = loaded.table.levels
    if options.level == "ratio" and len(levels) and levels[0] < 0:
        raise AnnotatorError(NEGATIVE_RATIO.format(low=levels[0]), file=loaded.path)
    checks = check_spec(project) if project is not None else None
    if options.exclude_failed_checks and checks is None:
        raise AnnotatorError(NO_CHECKS_TO_EXCLUDE)
    metrics_file = options.metrics_file
    if metrics_file is None and project is not None and (project.root / METRICS_FILE).is_file():
        metrics_file = project.root / METRICS_FILE
    metrics = (None if metrics_file is None
               else load_metrics_csv(metrics_file, loaded.table.item_ids))
    results = analyze(loaded.table, level=options.level, reps=options.reps,
                      bootstrap=options.bootstrap, seed=options.seed, checks=checks,
                      exclude_failed_checks=options.exclude_failed_checks, metrics=metrics,
                      answers=loaded.answers)
    results = replace(results, skipped_after_error=loaded.skipped_after_error or None,
                      answered_again=loaded.answered_again or None)
    return Analysis(loaded, options, results, metrics)
