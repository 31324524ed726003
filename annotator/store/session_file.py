"""Open, create and write one laptop's session file.

Guarantees: the file is in WAL mode with ``synchronous=FULL``; every write is one
transaction that has been committed (and fsynced) when the call returns, so a rating the
tagger saw acknowledged survives the app being killed or the laptop losing power.
A file of another project, of a newer schema, or that is not a session file at all, is
refused with :class:`SessionFileError` before anything is written to it. A read-only
project folder is named as such, with what to do, and nothing is written anywhere else.
While a store is open it holds the file's lock (:mod:`annotator.store.lock`), so a second
window cannot rate into the same file. A symbolic link at the sessions folder, the file or
a journal file beside it is refused by name (:func:`annotator.files.refuse_database_links`):
the app never writes through one.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from annotator import __version__
from annotator.errors import SessionFileError
from annotator.files import refuse_database_links, refuse_link
from annotator.project.answer_model import SKIP_VALUE
from annotator.store.chain import CONTENT_COLUMNS, HEAD_HASH_KEY, HEAD_LENGTH_KEY, genesis, link
from annotator.store.lock import FolderNotWritableError, SessionLock, read_only_message
from annotator.store.records import RUBRIC_KEY, SIMULATED_KEY, Phase, Rating
from annotator.store.refusals import (
    check_schema_version,
    damaged_file_error,
    refuse_foreign_database,
    refuse_non_sqlite,
)
from annotator.store.schema import MIGRATIONS
from annotator.store.sqlite_db import database
from annotator.store.stored_rows import rating_from_row, stored_row, to_iso
from annotator.store.validation import rubric_change

if TYPE_CHECKING:
    from sqlite_utils import Database

_RATING_COLUMNS = ", ".join(CONTENT_COLUMNS)
_INSERT_RATING = (
    f"INSERT INTO ratings ({_RATING_COLUMNS}, seq, chain) "
    f"VALUES ({', '.join(f':{column}' for column in CONTENT_COLUMNS)}, :seq, :chain)"
)
"""Generated from the columns the chain links, each value bound by its column's name."""
_DATA_PHASES = tuple(phase.value for phase in Phase if phase.is_data)
_DATA_MARKS = ", ".join("?" for _ in _DATA_PHASES)
_READ_ONLY_CODES = {8, 14}  # SQLITE_READONLY, SQLITE_CANTOPEN (and their extended codes)


class SessionStore:
    """One session file: taggers, per-tagger orders and ratings of one project."""

    def __init__(self, db: Database, path: Path, laptop_id: str,
                 lock: SessionLock | None = None):
        self._db = db
        self.path = path
        self.laptop_id = laptop_id
        self._lock = lock

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        project_id: str,
        laptop_id: str,
        laptop_name: str = "",
        create: bool = True,
    ) -> SessionStore:
        """Open (or create) the session file at ``path`` for ``project_id``."""
        path = Path(path)
        refuse_link(path.parent)
        refuse_database_links(path)
        if not path.exists() and not create:
            raise SessionFileError("This session file does not exist.", file=path)
        existing = path.exists() and path.stat().st_size > 0
        if existing:
            refuse_non_sqlite(path)
        _make_folder(path.parent)
        lock = SessionLock.acquire(path, laptop=laptop_name or laptop_id)
        try:
            return cls._open_locked(path, lock, existing=existing, project_id=project_id,
                                    laptop_id=laptop_id, laptop_name=laptop_name)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _open_locked(cls, path: Path, lock: SessionLock, *, existing: bool, project_id: str,
                     laptop_id: str, laptop_name: str) -> SessionStore:
        try:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.OperationalError as error:
            raise _cannot_write(path, error) from error
        try:
            db = database(conn)
            if existing:
                refuse_foreign_database(conn, path)
                check_schema_version(conn, path)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            MIGRATIONS.apply(db)
            store = cls(db, path, laptop_id, lock)
            store._bind_to_project(project_id, laptop_name)
        except sqlite3.DatabaseError as error:
            conn.close()
            if getattr(error, "sqlite_errorcode", 0) & 0xFF in _READ_ONLY_CODES:
                raise _cannot_write(path, error) from error
            raise damaged_file_error(
                path,
                error,
                "Keep it for your lab lead, and move it out of the sessions folder to start "
                "a new one.",
            ) from error
        return store

    def _bind_to_project(self, project_id: str, laptop_name: str) -> None:
        info = self.info()
        if "project_id" not in info:
            now = to_iso(datetime.now(UTC))
            with self._db.atomic():
                self._db.execute(
                    "INSERT INTO session_info (key, value) VALUES "
                    "('project_id', ?), ('laptop_id', ?), ('laptop_name', ?), "
                    "('created_at', ?), ('app_version', ?), (?, '0'), (?, ?)",
                    [project_id, self.laptop_id, laptop_name, now, __version__,
                     HEAD_LENGTH_KEY, HEAD_HASH_KEY, genesis(project_id, self.laptop_id)],
                )
            return
        if info["project_id"] != project_id:
            self.close()
            raise SessionFileError(
                "This session file belongs to another project "
                f"(project id {info['project_id']}, this project is {project_id}). "
                "Copy it into the sessions/ folder of the project it came from.",
                file=self.path,
            )

    def mark_simulated(self, description: str) -> None:
        """Record inside the file that its ratings are a simulation's, not a person's."""
        with self._db.atomic():
            self._db.execute("INSERT OR REPLACE INTO session_info (key, value) VALUES (?, ?)",
                             [SIMULATED_KEY, description])

    def bind_rubric(self, sha256: str) -> None:
        """Record the rubric file this file's ratings are given on (the first time), and
        refuse to add ratings on another version of it, so a file never mixes two scales."""
        if not sha256:
            return
        recorded = self.info().get(RUBRIC_KEY, "")
        changed = rubric_change(recorded, sha256, "the project's rubric now")
        if changed is not None:
            raise SessionFileError(
                f"{changed} New ratings would mix two scales in one file. Ask your lab lead: "
                "the rubric the ratings were given on can be put back, or this file moved "
                "out of the sessions folder so a new one starts.", file=self.path)
        if not recorded:
            with self._db.atomic():
                self._db.execute("INSERT INTO session_info (key, value) VALUES (?, ?)",
                                 [RUBRIC_KEY, sha256])

    def info(self) -> dict[str, str]:
        """The file's identity: project id, laptop id and name, creation time, app version."""
        rows = self._db.execute("SELECT key, value FROM session_info").fetchall()
        return dict(rows)

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        """Close the file and let another window open it."""
        self._db.conn.close()
        if self._lock is not None:
            self._lock.release()

    # taggers ------------------------------------------------------------------

    def taggers(self) -> list[str]:
        rows = self._db.execute("SELECT name FROM taggers ORDER BY name COLLATE NOCASE")
        return [name for (name,) in rows.fetchall()]

    def add_tagger(self, name: str, *, now: datetime) -> None:
        """Record a tagger name; adding an existing name changes nothing."""
        with self._db.atomic():
            self._db.execute(
                "INSERT OR IGNORE INTO taggers (name, added_at) VALUES (?, ?)",
                [name, to_iso(now)],
            )

    # orders -------------------------------------------------------------------

    def order(self, tagger: str, round_number: int) -> list[str]:
        """The tagger's recorded order of item ids for a round (empty if none yet)."""
        rows = self._db.execute(
            "SELECT item_id FROM orders WHERE tagger = ? AND round = ? ORDER BY position",
            [tagger, round_number],
        )
        return [item_id for (item_id,) in rows.fetchall()]

    def order_seed(self, tagger: str, round_number: int) -> int | None:
        row = self._by_name(
            "SELECT seed FROM order_seeds WHERE tagger = ? AND round = ?",
            [tagger, round_number],
        ).fetchone()
        return None if row is None else int(row["seed"])

    def extend_order(
        self, tagger: str, round_number: int, item_ids: Sequence[str], *, seed: int, now: datetime
    ) -> None:
        """Append items to the tagger's order for a round (the first call records the seed)."""
        with self._db.atomic():
            self._db.execute(
                "INSERT OR IGNORE INTO order_seeds (tagger, round, seed, created_at) "
                "VALUES (?, ?, ?, ?)",
                [tagger, round_number, seed, to_iso(now)],
            )
            start = self._db.execute(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM orders WHERE tagger = ? AND round = ?",
                [tagger, round_number],
            ).fetchone()[0]
            self._db.conn.executemany(
                "INSERT INTO orders (tagger, round, position, item_id) VALUES (?, ?, ?, ?)",
                [(tagger, round_number, start + i, item) for i, item in enumerate(item_ids)],
            )

    # ratings ------------------------------------------------------------------

    def record_rating(self, rating: Rating) -> None:
        """Commit one rating; when this returns the rating is on disk.

        A full disk or a file made read-only raises :class:`SessionFileError`, and the
        rating is not stored: the screen must keep the pair and say so.
        """
        try:
            self._insert_rating(rating)
        except sqlite3.Error as error:
            raise SessionFileError(
                f"The rating could not be saved ({error}). Nothing was lost before it; "
                "check that the disk is not full and the file is writable, then submit again.",
                file=self.path,
            ) from error

    def _insert_rating(self, rating: Rating) -> None:
        row = stored_row(rating, self.laptop_id)
        with self._db.atomic():
            head = dict(self._db.execute(
                "SELECT key, value FROM session_info WHERE key IN (?, ?)",
                [HEAD_LENGTH_KEY, HEAD_HASH_KEY],
            ).fetchall())
            seq = int(head[HEAD_LENGTH_KEY]) + 1
            chain = link(head[HEAD_HASH_KEY], [row[column] for column in CONTENT_COLUMNS])
            self._db.execute(_INSERT_RATING, {**row, "seq": seq, "chain": chain})
            self._db.conn.executemany(
                "UPDATE session_info SET value = ? WHERE key = ?",
                [(str(seq), HEAD_LENGTH_KEY), (chain, HEAD_HASH_KEY)],
            )

    def rated_item_ids(
        self, tagger: str, round_number: int, phases: Iterable[Phase]
    ) -> set[str]:
        """Items the tagger has already rated in a round, in the given phases."""
        phase_values = [phase.value for phase in phases]
        marks = ", ".join("?" for _ in phase_values)
        rows = self._db.execute(
            f"SELECT item_id FROM ratings WHERE tagger = ? AND round = ? AND phase IN ({marks})",
            [tagger, round_number, *phase_values],
        )
        return {item_id for (item_id,) in rows.fetchall()}

    def ratings(self, *, tagger: str | None = None) -> list[Rating]:
        """All ratings of the file (or of one tagger) in the order they were stored.

        Storage order, not the clock: a laptop's clock can jump, and the game replays a
        tagger's ratings in the order they happened.
        """
        where, params = ("WHERE tagger = ?", [tagger]) if tagger is not None else ("", [])
        rows = self._by_name(
            f"SELECT {_RATING_COLUMNS} FROM ratings {where} ORDER BY rowid", params
        ).fetchall()
        return [rating_from_row(row) for row in rows]

    def has_answer(self, tagger: str, item_id: str, shown_at: datetime, *,
                   question: str = "", stage: str = "") -> bool:
        """Whether ``tagger``'s answer to ``question`` at ``stage`` ("" for a
        single-question protocol) of the pair shown at ``shown_at`` is stored: how a submit
        that failed is known to have been saved or not."""
        found = self._db.execute(
            "SELECT 1 FROM ratings WHERE tagger = ? AND item_id = ? AND shown_at = ? "
            "AND question = ? AND stage = ? LIMIT 1",
            [tagger, item_id, to_iso(shown_at), question, stage]).fetchone()
        return found is not None

    def rating_ids(self) -> set[str]:
        """The ids of every rating in the file (to recognise copies of them elsewhere)."""
        return {rating_id for (rating_id,) in self._db.execute("SELECT rating_id FROM ratings")}

    def data_values_by_item(self, *, except_tagger: str) -> dict[str, list[float]]:
        """Every game and retest rating value per item, leaving out one tagger's own.

        What the game's consensus rests on: the other players' ratings, never the tagger's own
        (VICR, Narins et al. 2023, §3.2), no SKIP answers, and only ratings that answer no
        question: a multi-question protocol (ContextRef, Kreiss et al. 2024) is played without
        consensus feedback.
        """
        rows = self._db.execute(
            f"SELECT item_id, value FROM ratings WHERE tagger != ? AND phase IN ({_DATA_MARKS}) "
            "AND value != ? AND question = ''",
            [except_tagger, *_DATA_PHASES, SKIP_VALUE],
        )
        values: dict[str, list[float]] = {}
        for item_id, value in rows:
            values.setdefault(item_id, []).append(value)
        return values

    def _by_name(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        """``sql`` run on a cursor whose rows are read by column name."""
        cursor = self._db.conn.cursor()
        cursor.row_factory = sqlite3.Row
        return cursor.execute(sql, params)

    def integrity_check(self) -> str:
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])


def _make_folder(folder: Path) -> None:
    """Make the session file's folder; a refusal names the folder that cannot be written
    (the nearest one that exists), not the one that could not be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            existing = next(parent for parent in (folder, *folder.parents) if parent.exists())
            raise FolderNotWritableError(read_only_message(error), file=existing) from error
        raise


def _cannot_write(path: Path, error: sqlite3.Error) -> SessionFileError:
    """SQLite could not open or write the file: read-only when the folder or the file is."""
    writable = os.access(path.parent, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))
    if writable:
        return SessionFileError(f"This session file cannot be opened for writing ({error}).",
                                file=path)
    reason = OSError(errno.EACCES, "read-only")
    return FolderNotWritableError(read_only_message(reason), file=path)
