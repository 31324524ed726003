"""Refusals shared by every way of opening a session file (read-write or read-only).

Each check runs before anything is written, so a file of another program, of a newer
app or a damaged one is named plainly and left exactly as it was.

A file from another laptop may also have been built to hurt its reader: a ``ratings``
that is a view whose recursive query never ends would hang every reader for ever. The app
never writes a view, a virtual table or a trigger, so a file holding one is refused whole
before any of its tables is read (:func:`refuse_foreign_objects`), and every statement on
such a file is bounded in work by the file's size (:func:`bounded_reading`): whatever else
it holds, reading it stops, and the file is refused by name.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from annotator.errors import AnnotatorError, SessionFileError
from annotator.store.chain import SCHEMA_2_CONTENT_COLUMNS
from annotator.store.schema import SCHEMA_VERSION

_SQLITE_MAGIC = b"SQLite format 3\x00"
T = TypeVar("T")
SESSION_TABLES: Mapping[str, Collection[str]] = {
    "session_info": ("key", "value"), "ratings": SCHEMA_2_CONTENT_COLUMNS}
"""The tables every reader of a session file reads, with the columns every schema has."""


def refuse_non_sqlite(path: Path) -> None:
    """A file that does not even start like SQLite is named plainly, not 'disk I/O error'."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
    except OSError as error:
        raise SessionFileError(f"Cannot read this file ({error.strerror}).", file=path) from error
    if head and head != _SQLITE_MAGIC:
        raise SessionFileError(
            "This is not a session file (it is not an SQLite database).", file=path
        )


def refuse_foreign_database(conn: sqlite3.Connection, path: Path) -> None:
    """An SQLite file of some other program must not get our tables added to it, and one
    holding what this app never writes is not read (:func:`refuse_foreign_objects`)."""
    refuse_foreign_objects(conn, path, error=SessionFileError)
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'session_info'"
    ).fetchone()
    if found is None:
        empty = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        conn.close()
        if empty and not path.with_name(path.name + "-wal").exists():
            raise SessionFileError(
                "This file has no tables yet: it looks like a copy taken while the app was "
                "running, without its companion file. Copy the file ending in .sqlite-wal "
                "next to it as well (or close the app on that laptop and copy again).",
                file=path,
            )
        raise SessionFileError(
            "This SQLite file is not a session file of this app; it was left untouched.",
            file=path,
        )
    refuse_missing_columns(conn, path, SESSION_TABLES, error=SessionFileError,
                           kind="session file")


def schema_of(conn: sqlite3.Connection) -> int:
    """The schema number a session file or panel database was written with."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def check_schema_version(conn: sqlite3.Connection, path: Path) -> None:
    """A file written by a newer app is recognised by ``user_version`` before any table."""
    version = schema_of(conn)
    if version > SCHEMA_VERSION:
        conn.close()
        raise SessionFileError(
            f"This session file was written by a newer version of the app (schema {version}, "
            f"this app knows up to {SCHEMA_VERSION}). Update the app on this computer to open it.",
            file=path,
        )


def damaged_file_error(path: Path, error: sqlite3.DatabaseError, advice: str) -> SessionFileError:
    """The one wording for a file SQLite cannot read; ``advice`` says what to do next."""
    return SessionFileError(
        f"This file is damaged or is not a session file ({error}). {advice}", file=path
    )


def wal_holds_data(path: Path) -> bool:
    """Whether the ``-wal`` beside ``path`` holds anything (ratings not yet in the file)."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except OSError:
        return False


def read_only_uri(path: Path) -> str:
    """The URI that reads ``path`` without writing anything beside it, when that can be.

    SQLite's ``mode=ro`` on a file in WAL mode makes an empty ``-wal`` and ``-shm`` beside
    it and, being read-only, cannot remove them again. With no ``-shm`` there, no app has
    the file open, and with no ``-wal`` holding data everything is in the file itself: it
    is then read as ``immutable``, which makes neither. Otherwise ``mode=ro`` reads the
    file as the app writing it sees it, its ``-wal`` included.
    """
    uri = f"{path.resolve().as_uri()}?mode=ro"
    in_use = path.with_name(path.name + "-shm").exists() or wal_holds_data(path)
    return uri if in_use else f"{uri}&immutable=1"


def read_sqlite_file(path: Path, read: Callable[[sqlite3.Connection], T], *,
                     error: type[AnnotatorError], kind: str) -> T:
    """``read`` on a read-only connection to the panel or snapshot at ``path``.

    A file that is not SQLite, or that SQLite finds damaged, raises ``error`` saying it is
    not a usable ``kind`` (e.g. "panel database"), with the file named.
    """
    try:
        refuse_non_sqlite(path)
    except SessionFileError as exc:
        raise error(f"This is not a {kind} (it is not an SQLite database).", file=path) from exc
    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True)
        try:
            with bounded_reading(conn, path, error=error, kind=kind):
                refuse_foreign_objects(conn, path, error=error)
                return read(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise error(f"This is not a {kind}, or it is damaged ({exc}); it was left as it was.",
                    file=path) from exc


_STEPS_PER_CHECK = 10_000
"""SQLite instructions between two looks at the bound (about 0.2 ms)."""
_STEPS_PER_BYTE = 20
"""The work a file may cost to read, per byte of it (with its ``-wal``): reading a session
file whole, checking SQLite's consistency and every value, or the analysis' reading of a
panel, takes under half an instruction a byte."""
_LEAST_STEPS = 50_000_000
"""The work any file may cost, however small: about one second."""


def refuse_foreign_objects(conn: sqlite3.Connection, path: Path, *,
                           error: type[AnnotatorError]) -> None:
    """Refuse a file holding a view, a virtual table or a trigger: the app writes none, and
    reading one can run any query at all."""
    found = conn.execute(
        "SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger') OR "
        "(type = 'table' AND (rootpage = 0 OR sql LIKE 'CREATE VIRTUAL%')) "
        "ORDER BY rowid LIMIT 1"
    ).fetchone()
    if found is not None:
        what = "virtual table" if found[0] == "table" else found[0]
        conn.close()
        raise error(f"This file holds a {what} named {str(found[1])[:60]!r}, which this app "
                    "never writes: it was made or changed by another program, so it was "
                    "refused whole and none of it was read.", file=path)


def refuse_missing_columns(conn: sqlite3.Connection, path: Path,
                           tables: Mapping[str, Collection[str]], *,
                           error: type[AnnotatorError], kind: str) -> None:
    """Refuse a file (a ``kind``) lacking one of ``tables`` (name: the columns read from it)
    with those columns; after :func:`refuse_foreign_objects`, each is a real table."""
    for table, columns in tables.items():
        present = {name for (name,) in conn.execute(
            "SELECT name FROM pragma_table_info(?)", [table])}
        missing = [column for column in columns if column not in present]
        if not present:
            conn.close()
            raise error(f"This file has no table {table}, which every {kind} of this app has: "
                        "it was refused whole.", file=path)
        if missing:
            conn.close()
            raise error(f"This file's table {table} lacks the column{'s' * (len(missing) > 1)} "
                        f"{', '.join(missing)}, which every {kind} of this app has: it was "
                        "refused whole.", file=path)


@contextmanager
def bounded_reading(conn: sqlite3.Connection, path: Path, *,
                    error: type[AnnotatorError] = SessionFileError,
                    kind: str = "session file") -> Iterator[None]:
    """Bound the work of every statement ``conn`` runs meanwhile by the size of the file at
    ``path`` (and its ``-wal``): a statement that does not end in time is stopped, and the
    reading refused with ``error`` naming the file."""
    size = sum(part.stat().st_size for part in (path, path.with_name(path.name + "-wal"))
               if part.is_file())
    allowed = max(_LEAST_STEPS, _STEPS_PER_BYTE * size) // _STEPS_PER_CHECK
    looks = 0

    def stop() -> int:
        nonlocal looks
        looks += 1
        return int(looks > allowed)

    conn.set_progress_handler(stop, _STEPS_PER_CHECK)
    try:
        yield
    except Exception as exc:
        if looks > allowed:
            raise error(f"Reading this file does not end: it holds a query that runs without "
                        f"end, which no {kind} of this app does. It was refused whole and none "
                        "of it was used.", file=path) from exc
        raise
    finally:
        with suppress(sqlite3.ProgrammingError):  # a refusal closed it already
            conn.set_progress_handler(None, _STEPS_PER_CHECK)
