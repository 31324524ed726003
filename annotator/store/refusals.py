"""Refusals shared by every way of opening a session file (read-write or read-only).

Each check runs before anything is written, so a file of another program, of a newer
app or a damaged one is named plainly and left exactly as it was.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from annotator.errors import AnnotatorError, SessionFileError
from annotator.store.schema import SCHEMA_VERSION

_SQLITE_MAGIC = b"SQLite format 3\x00"
T = TypeVar("T")


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
    """An SQLite file of some other program must not get our tables added to it."""
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
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return read(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise error(f"This is not a {kind}, or it is damaged ({exc}); it was left as it was.",
                    file=path) from exc
