"""A panel database read without writing to it: its ratings and what the merges recorded
(project, rubric, simulated taggers, item sources), each query bounded as for any file from
elsewhere; and the refusal of a file that is no panel. The merging side is
:mod:`annotator.store.panel`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.store.panel_items import read_item_sources
from annotator.store.panel_schema import PANEL_SCHEMA_VERSION, QUESTIONS_PANEL_SCHEMA
from annotator.store.reading import RATING_ROWS_COLUMNS, RatingRows, rating_columns, select_list
from annotator.store.records import RUBRIC_KEY, SKIPPED_AFTER_ERROR, Phase
from annotator.store.refusals import read_sqlite_file, schema_of

PANEL_NAME = "panel.sqlite"
"""The panel database's usual place: this name in the project folder."""
_DATA_PHASES = tuple(phase.value for phase in Phase if phase.is_data)


class PanelError(AnnotatorError):
    """The panel database cannot be used: not a panel, a newer schema, another project."""


def read_panel_rows(path: Path) -> RatingRows:
    """Every rating of the panel at ``path``, each with its laptop, read without writing to
    it. When a tagger gave the same answer (pair, question, stage) in the same round on two
    laptops, both are here; the analysis counts the earlier one
    (:func:`annotator.analysis.loading.counted_rows`), the published dataset keeps both.
    Pairs skipped after an error are no ratings: :func:`read_panel_skips_after_error`
    counts them.
    """
    path = Path(path)
    refuse_non_panel(path)
    return read_sqlite_file(path, _rating_rows, error=PanelError, kind="panel database")


def read_panel_skips_after_error(path: Path) -> int:
    """How many pairs the panel's taggers skipped because saving them failed."""
    path = Path(path)
    refuse_non_panel(path)
    return read_sqlite_file(path, _skips_after_error, error=PanelError, kind="panel database")


def _skips_after_error(conn: sqlite3.Connection) -> int:
    if schema_of(conn) < QUESTIONS_PANEL_SCHEMA:
        return 0
    return int(conn.execute("SELECT count(*) FROM ratings WHERE question = ?",
                            [SKIPPED_AFTER_ERROR]).fetchone()[0])


def read_panel_last_ratings(path: Path, round_number: int) -> dict[str, str]:
    """When each tagger gave their last data rating of ``round_number`` in the panel at
    ``path`` (UTC ISO-8601, as stored): what the washout before the next round counts
    from once the session files are merged and put away."""
    path = Path(path)
    refuse_non_panel(path)

    def last_ratings(conn: sqlite3.Connection) -> dict[str, str]:
        marks = ", ".join("?" * len(_DATA_PHASES))
        return {str(tagger): str(last) for tagger, last in conn.execute(
            "SELECT tagger, max(submitted_at) FROM ratings "
            f"WHERE round = ? AND phase IN ({marks}) GROUP BY tagger",
            [round_number, *_DATA_PHASES])}

    return read_sqlite_file(path, last_ratings, error=PanelError, kind="panel database")


def read_panel_item_sources(path: Path) -> dict[str, str] | None:
    """The caption source of each item, as the panel at ``path`` keeps them (or None)."""
    return read_item_sources(path, error=PanelError)


def read_panel_project_id(path: Path) -> str | None:
    """The project id of the panel at ``path`` (None for a panel nothing was merged into)."""
    path = Path(path)
    refuse_non_panel(path)
    return read_sqlite_file(path, stored_project_id, error=PanelError, kind="panel database")


def read_panel_simulated_taggers(path: Path) -> tuple[str, ...]:
    """The taggers of the panel at ``path`` whose ratings came from files ``annotator
    simulate`` wrote, sorted (none in a panel merged before the app recorded it)."""
    return read_sqlite_file(Path(path), _simulated_taggers, error=PanelError,
                            kind="panel database")


def _simulated_taggers(conn: sqlite3.Connection) -> tuple[str, ...]:
    columns = {name for (name,) in conn.execute("SELECT name FROM pragma_table_info('sources')")}
    if "simulated" not in columns:
        return ()
    return tuple(tagger for (tagger,) in conn.execute(
        "SELECT DISTINCT r.tagger FROM ratings r JOIN rating_sources USING (rating_id) "
        "JOIN sources s USING (source_id) WHERE s.simulated != '' ORDER BY r.tagger"))


def read_panel_rubric_sha256(path: Path) -> str | None:
    """The hash of the rubric file the panel's answers were given on (None: no merged file
    named one)."""
    path = Path(path)
    refuse_non_panel(path)
    return read_sqlite_file(path, stored_rubric_sha256, error=PanelError, kind="panel database")


def stored_rubric_sha256(conn: sqlite3.Connection) -> str | None:
    found = conn.execute("SELECT value FROM panel_info WHERE key = ?", [RUBRIC_KEY]).fetchone()
    return None if found is None else str(found[0])


def stored_project_id(conn: sqlite3.Connection) -> str | None:
    found = conn.execute("SELECT value FROM panel_info WHERE key = 'project_id'").fetchone()
    return None if found is None else str(found[0])


def is_panel_file(path: Path) -> bool:
    """Whether ``path`` is a panel database (and not a session file or anything else)."""
    try:
        refuse_non_panel(Path(path))
    except PanelError:
        return False
    return True


def _rating_rows(conn: sqlite3.Connection) -> RatingRows:
    present = rating_columns(conn)
    no_skip_after_error = (f"WHERE r.question != '{SKIPPED_AFTER_ERROR}' "
                           if "question" in present else "")
    rows = conn.execute(
        f"SELECT {select_list(RATING_ROWS_COLUMNS, present=present)} "
        f"FROM ratings r {no_skip_after_error}ORDER BY laptop_id, seq, rating_id").fetchall()
    columns = [tuple(column) for column in zip(*rows, strict=True)] if rows else []
    return RatingRows(*columns)


def refuse_non_panel(path: Path) -> None:
    """Name what the file is when it is not a panel: merging into it would damage it."""

    def describe(conn: sqlite3.Connection) -> tuple[set[str], int]:
        tables = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        return tables, schema_of(conn)

    tables, version = read_sqlite_file(path, describe, error=PanelError, kind="panel database")
    if "session_info" in tables:
        raise PanelError("This is a laptop's session file, not a panel database: name a new "
                         "file for the panel (for example panel.sqlite).", file=path)
    if "panel_info" not in tables:
        raise PanelError("This SQLite file is not a panel database of this app; it was left "
                         "untouched.", file=path)
    if version > PANEL_SCHEMA_VERSION:
        raise PanelError(
            f"This panel database was written by a newer version of the app (schema "
            f"{version}, this app knows up to {PANEL_SCHEMA_VERSION}). Update the app to use it.",
            file=path)
