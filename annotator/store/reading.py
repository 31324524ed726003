"""Read a session file without changing it: for the analysis and, later, for merging.

:meth:`SessionStore.open` opens read-write and applies migrations; the lab lead's copy of a
tagger's file must never be touched, so this opens it with SQLite's ``mode=ro``. A file in
WAL mode whose last ratings are still in its ``-wal`` file is read completely. Where SQLite
cannot open read-only (a read-only folder without the ``-shm`` index), a private copy of the
file and its ``-wal`` is read instead. The refusals are the same as when the app opens a file
(:mod:`annotator.store.checks`).
"""

from __future__ import annotations

import itertools
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path

from annotator.errors import SessionFileError
from annotator.store.checks import (
    check_schema_version,
    damaged_file_error,
    refuse_foreign_database,
    refuse_non_sqlite,
    schema_of,
)
from annotator.store.schema import QUESTIONS_SCHEMA

_ADVICE = "It was left untouched; copy it again from the laptop it came from."


@dataclass(frozen=True)
class RatingRows:
    """Ratings of one or more files, column by column (all phases, as stored)."""

    rating_id: tuple[str, ...] = ()
    tagger: tuple[str, ...] = ()
    item_id: tuple[str, ...] = ()
    round: tuple[int, ...] = ()
    phase: tuple[str, ...] = ()
    value: tuple[float, ...] = ()
    ms_on_screen: tuple[int, ...] = ()
    points: tuple[int | None, ...] = ()
    laptop_id: tuple[str, ...] = ()
    submitted_at: tuple[str, ...] = ()  # UTC ISO-8601, as stored
    question: tuple[str, ...] = ()  # "" in a single-question protocol and in older files
    stage: tuple[str, ...] = ()  # "", "pre" or "post"

    def __len__(self) -> int:
        return len(self.rating_id)

    @classmethod
    def concatenate(cls, parts: Iterable[RatingRows]) -> RatingRows:
        """The rows of several files, one after the other."""
        parts = list(parts)
        return cls(*(tuple(itertools.chain.from_iterable(getattr(p, f.name) for p in parts))
                     for f in fields(cls)))


RATING_ROWS_COLUMNS = tuple(f.name for f in fields(RatingRows))
"""The stored columns :class:`RatingRows` holds, in its order."""
_QUESTION_COLUMNS = ("question", "stage")


def select_list(columns: Iterable[str], *, has_questions: bool) -> str:
    """``columns`` for a SELECT from a ratings table that may predate questions.

    Files opened read-only are never migrated, so a table without ``question`` and
    ``stage`` (session schema 1 and 2, panel schema 1) reads both as empty: no question.
    """
    return ", ".join(name if has_questions or name not in _QUESTION_COLUMNS else f"'' AS {name}"
                     for name in columns)


@dataclass(frozen=True)
class SessionContents:
    """What the analysis needs from one session file: its identity and its ratings."""

    path: Path
    info: dict[str, str]
    ratings: RatingRows


def read_session_file(path: Path, *, project_id: str | None = None) -> SessionContents:
    """All ratings of the session file at ``path``, read without writing to it.

    With ``project_id``, a file of another project is refused (:class:`SessionFileError`).
    """
    path = Path(path)
    with open_read_only(path) as conn:
        try:
            info = dict(conn.execute("SELECT key, value FROM session_info").fetchall())
            has_questions = schema_of(conn) >= QUESTIONS_SCHEMA
            columns = select_list(RATING_ROWS_COLUMNS, has_questions=has_questions)
            rows = conn.execute(f"SELECT {columns} FROM ratings ORDER BY rowid").fetchall()
        except sqlite3.DatabaseError as error:
            raise damaged_file_error(path, error, _ADVICE) from error
    if project_id is not None and info.get("project_id") != project_id:
        raise SessionFileError(
            f"This session file belongs to another project (project id "
            f"{info.get('project_id')}, this project is {project_id}); it was not read.",
            file=path,
        )
    by_column = [tuple(column) for column in zip(*rows, strict=True)] if rows else []
    return SessionContents(path=path, info=info, ratings=RatingRows(*by_column))


@contextmanager
def open_read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to a checked session file; closed (and any copy removed) after."""
    path = Path(path)
    if not path.is_file():
        raise SessionFileError("This session file does not exist.", file=path)
    refuse_non_sqlite(path)
    if path.stat().st_size == 0:
        raise SessionFileError("This session file is empty: no rating was ever saved in it.",
                               file=path)
    with tempfile.TemporaryDirectory(prefix="annotator-read-") as scratch:
        conn = _connect(path, Path(scratch))
        try:
            refuse_foreign_database(conn, path)
            check_schema_version(conn, path)
            yield conn
        except sqlite3.DatabaseError as error:
            raise damaged_file_error(path, error, _ADVICE) from error
        finally:
            conn.close()


def _connect(path: Path, scratch: Path) -> sqlite3.Connection:
    try:
        return _probe(_uri_connect(path))
    except sqlite3.OperationalError:
        # e.g. WAL mode in a read-only folder with no -shm file: SQLite cannot open it
        # read-only in place, so read a private copy of the file and its -wal.
        pass
    except sqlite3.DatabaseError as error:
        raise damaged_file_error(path, error, _ADVICE) from error
    copy = scratch / path.name
    shutil.copyfile(path, copy)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    try:
        return _probe(_uri_connect(copy))
    except sqlite3.DatabaseError as error:
        raise damaged_file_error(path, error, _ADVICE) from error


def _uri_connect(path: Path) -> sqlite3.Connection:
    uri = f"{path.resolve().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, check_same_thread=False)


def _probe(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Reading the schema is where SQLite finds a damaged file or an unreadable WAL."""
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn
