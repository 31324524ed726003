"""Read a session file without changing it: for the analysis and, later, for merging.

:meth:`SessionStore.open` opens read-write and applies migrations; the lab lead's copy of a
tagger's file must never be touched, so this opens it with SQLite's ``mode=ro`` (as
``immutable`` when no app has it open: nothing is then left beside it, see
:func:`~annotator.store.refusals.read_only_uri`). A file in WAL mode whose last ratings are
still in its ``-wal`` file is read completely. Where SQLite cannot open read-only in place
(a read-only folder, or a ``-wal`` copied without its ``-shm`` index), a private copy of the
file and its ``-wal`` is read instead. The refusals are the same as when the app opens a file
(:mod:`annotator.store.refusals`).
"""

from __future__ import annotations

import itertools
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TypeVar

from annotator.errors import SessionFileError
from annotator.store.records import SIMULATED_KEY, SKIPPED_AFTER_ERROR
from annotator.store.refusals import (
    bounded_reading,
    check_schema_version,
    damaged_file_error,
    read_only_uri,
    refuse_foreign_database,
    refuse_foreign_objects,
    refuse_non_sqlite,
    wal_holds_data,
)
from annotator.store.validation import RowRules, first_bad_row

_ADVICE = "It was left untouched; copy it again from the laptop it came from."
T = TypeVar("T")


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
    answer: tuple[str, ...] = ()  # "scale" (a level), "flag", "choice" or "text"
    answer_text: tuple[str, ...] = ()  # a choice's id, a free text; "" otherwise

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
_LATER_COLUMNS = {"question": "''", "stage": "''", "answer": "'scale'", "answer_text": "''"}
"""Columns added after the first schema, with what a file from before them holds."""
_FORGED = ("A laptop's app never writes that, so the file was changed by hand or by another "
           "program. It was refused whole and nothing of it was used; copy it again from the "
           "laptop it came from.")


def rating_columns(conn: sqlite3.Connection) -> set[str]:
    """The columns a file's ``ratings`` table has: what it holds is read from its structure,
    never from the schema number in its header, which anyone can set."""
    return {name for (name,) in conn.execute("SELECT name FROM pragma_table_info('ratings')")}


def select_list(columns: Iterable[str], *, present: Collection[str]) -> str:
    """``columns`` for a SELECT from a ratings table whose ``present`` columns may predate
    questions or answer types.

    Files opened read-only are never migrated, so a table without ``question`` and
    ``stage`` (session schema 1 and 2, panel schema 1) reads both as empty, no question;
    one without ``answer`` and ``answer_text`` reads every row as a level.
    """
    return ", ".join(name if name in present or name not in _LATER_COLUMNS
                     else f"{_LATER_COLUMNS[name]} AS {name}" for name in columns)


@dataclass(frozen=True)
class SessionContents:
    """What the analysis needs from one session file: its identity and its ratings.

    ``ratings`` leaves out the pairs skipped after an error (not a judgement, so in no
    figure); ``skipped_after_error`` counts them.
    """

    path: Path
    info: dict[str, str]
    ratings: RatingRows
    skipped_after_error: int = 0

    @property
    def simulated(self) -> bool:
        """Whether ``annotator simulate`` wrote the file (its ratings are no person's)."""
        return bool(self.info.get(SIMULATED_KEY))


def read_session_file(path: Path, *, project_id: str | None = None,
                      rules: RowRules | None = None) -> SessionContents:
    """All ratings of the session file at ``path``, read without writing to it.

    With ``project_id``, a file of another project is refused (:class:`SessionFileError`);
    with ``rules`` (the project's rubric), a file holding any value a laptop's app never
    writes is refused too, naming its first such rating (:mod:`annotator.store.validation`).
    """
    path = Path(path)
    with open_read_only(path) as conn:
        try:
            info = dict(conn.execute("SELECT key, value FROM session_info").fetchall())
            columns = select_list(RATING_ROWS_COLUMNS, present=rating_columns(conn))
            rows = conn.execute(f"SELECT {columns} FROM ratings ORDER BY rowid").fetchall()
            bad = first_bad_row(conn, rules) if rules is not None else None
        except sqlite3.DatabaseError as error:
            raise damaged_file_error(path, error, _ADVICE) from error
    if project_id is not None and info.get("project_id") != project_id:
        raise SessionFileError(
            f"This session file belongs to another project (project id "
            f"{info.get('project_id')}, this project is {project_id}); it was not read.",
            file=path,
        )
    changed = rules.other_rubric(info) if rules is not None else None
    if changed is not None:
        raise SessionFileError(changed, file=path)
    if bad is not None:
        raise SessionFileError(f"Rating {bad.place} of this file (id {bad.rating_id:.40}) "
                               f"{bad.reason}. {_FORGED}", file=path)
    by_column = [tuple(column) for column in zip(*rows, strict=True)] if rows else []
    ratings = RatingRows(*by_column)
    kept, skipped = _without_skips_after_error(ratings)
    return SessionContents(path=path, info=info, ratings=kept, skipped_after_error=skipped)


def _without_skips_after_error(rows: RatingRows) -> tuple[RatingRows, int]:
    """The rows that are ratings, and how many pairs were skipped after an error."""
    if SKIPPED_AFTER_ERROR not in set(rows.question):
        return rows, 0
    keep = [n for n, question in enumerate(rows.question) if question != SKIPPED_AFTER_ERROR]
    kept = RatingRows(*(tuple(getattr(rows, f.name)[n] for n in keep) for f in fields(rows)))
    return kept, len(rows) - len(keep)


def describe_session_file(path: Path) -> str:
    """What a file that cannot be used seems to hold, as far as any of it can be read
    (laptop, ratings, taggers), for the warning that names it; never raises."""
    laptop: str | None = None
    taggers: list[str] | None = None
    count: int | None = None
    try:
        conn = sqlite3.connect(read_only_uri(Path(path)), uri=True)
    except sqlite3.Error:
        conn = None
    if conn is not None:
        try:
            with bounded_reading(conn, Path(path)):
                # A view or trigger of the file is never run: it could be any query at all.
                refuse_foreign_objects(conn, Path(path), error=SessionFileError)
                laptop = _attempt(_laptop_of, conn)
                taggers = _attempt(_taggers_of, conn)
                count = _attempt(_rating_count_of, conn)
        except (sqlite3.Error, SessionFileError, OSError):
            pass
        finally:
            conn.close()
    if laptop is None and taggers is None and count is None:
        try:
            return f"Nothing in it can be read ({Path(path).stat().st_size:,} bytes)."
        except OSError:
            return "Nothing in it can be read."
    whose = f"the laptop {laptop!r}" if laptop else "an unnamed laptop"
    held = ("its ratings cannot be read" if count is None else
            f"{count} rating{'s' if count != 1 else ''}")
    by = f" by {', '.join(taggers)}" if taggers else ""
    return f"It is the file of {whose}: {held}{by}."


def _attempt(read: Callable[[sqlite3.Connection], T], conn: sqlite3.Connection) -> T | None:
    try:
        return read(conn)
    except sqlite3.Error:
        return None


def _laptop_of(conn: sqlite3.Connection) -> str:
    info = dict(conn.execute("SELECT key, value FROM session_info").fetchall())
    return str(info.get("laptop_name") or info.get("laptop_id") or "")


def _taggers_of(conn: sqlite3.Connection) -> list[str]:
    """The taggers who rated, or, when the ratings are unreadable, those who started."""
    for query in ("SELECT DISTINCT tagger FROM ratings ORDER BY tagger",
                  "SELECT name FROM taggers ORDER BY name"):
        try:
            return [str(name) for (name,) in conn.execute(query)]
        except sqlite3.Error:
            continue
    raise sqlite3.DatabaseError("no tagger can be read")


def _rating_count_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM ratings").fetchone()[0])


@contextmanager
def open_read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to a checked session file, every statement on it bounded
    (:func:`~annotator.store.refusals.bounded_reading`); closed (and any copy removed)
    after."""
    path = Path(path)
    if not path.is_file():
        raise SessionFileError("This session file does not exist.", file=path)
    refuse_non_sqlite(path)
    if path.stat().st_size == 0:
        raise SessionFileError("This session file is empty: no rating was ever saved in it.",
                               file=path)
    with ExitStack() as scratch:
        conn = _connect(path, scratch)
        try:
            with bounded_reading(conn, path):
                refuse_foreign_database(conn, path)
                check_schema_version(conn, path)
                yield conn
        except sqlite3.DatabaseError as error:
            raise damaged_file_error(path, error, _ADVICE) from error
        finally:
            conn.close()


def _connect(path: Path, scratch: ExitStack) -> sqlite3.Connection:
    """A read-only connection to ``path``, or to a private copy of it in a folder that
    ``scratch`` removes (made only then: merging opens a hundred files at a time).

    The copy is also read when the file came with a ``-wal`` holding ratings but without
    its ``-shm`` (copied while its app was running): read in place, SQLite would leave a
    new ``-shm`` beside it.
    """
    shm = path.with_name(path.name + "-shm")
    try:
        if shm.exists() or not wal_holds_data(path):
            return _probe(_uri_connect(path))
    except sqlite3.OperationalError:
        # e.g. WAL mode in a read-only folder with no -shm file: SQLite cannot open it
        # read-only in place, so read a private copy of the file and its -wal.
        pass
    except sqlite3.DatabaseError as error:
        raise damaged_file_error(path, error, _ADVICE) from error
    folder = scratch.enter_context(tempfile.TemporaryDirectory(prefix="annotator-read-"))
    copy = Path(folder) / path.name
    shutil.copyfile(path, copy)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    try:
        return _probe(_uri_connect(copy))
    except sqlite3.DatabaseError as error:
        raise damaged_file_error(path, error, _ADVICE) from error


def _uri_connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(read_only_uri(path), uri=True, check_same_thread=False)


def _probe(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Reading the schema is where SQLite finds a damaged file or an unreadable WAL."""
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn
