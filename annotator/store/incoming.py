"""A session file as merging sees it: checked whole, as one image, before anything is merged.

The file is only read (:func:`annotator.store.reading.open_read_only`). On top of the
refusals every reader applies (not SQLite, another program's, a newer schema, damaged),
SQLite's own consistency check must pass, which finds a truncated file, and the hash chain
(:mod:`annotator.store.chain`) must fit, which finds a row edited, removed or added by hand.

Whether a file has a chain to check is read from its structure, never from its header: a
file whose ``ratings`` carry ``seq`` and ``chain`` is always checked, whatever its
``PRAGMA user_version`` says, and one that shows any other trace of a chain (the chain's
length in ``session_info``, the migration that added it, a header saying so) but lacks the
columns had them removed. Only a file with no trace of a chain at all, as written before the
chain existed, is merged unchecked.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from annotator.errors import SessionFileError
from annotator.store.chain import (
    CONTENT_COLUMNS,
    HEAD_HASH_KEY,
    HEAD_LENGTH_KEY,
    ChainBreak,
    genesis,
    verify,
)
from annotator.store.reading import open_read_only, rating_columns, select_list
from annotator.store.refusals import damaged_file_error, schema_of
from annotator.store.validation import BadRow, RowRules, first_bad_row

STORED_COLUMNS = (*CONTENT_COLUMNS, "seq", "chain")
_STORED = ", ".join(STORED_COLUMNS)
_ADVICE = "Nothing was merged from it; copy it again from the laptop it came from."
_UNCHAINED_SCHEMA = 1
"""Files written before the hash chain existed (schema 1) can be merged, unverified."""
_CHAIN_COLUMNS = {"seq", "chain"}
_CHAIN_MIGRATION = "0002_hash_chain"
_HEADER = 100
"""Bytes of an SQLite database header."""


class TamperedFileError(SessionFileError):
    """A session file whose ratings no longer fit their hash chain."""

    def __init__(self, message: str, *, file: Path, ratings: int):
        super().__init__(message, file=file)
        self.ratings = ratings


@dataclass(frozen=True)
class IncomingFile:
    """One checked session file: its identity, its ratings' ids and the image of the file
    they were checked in."""

    path: Path
    info: dict[str, str]
    rating_ids: tuple[Any, ...]
    """Its ratings' ids, in the order of its chain (of its rows, in a file without one)."""
    verified: bool
    """False for a file from before the hash chain: it could not be checked for edits."""
    image: bytes
    """The file as it was checked, a serialized SQLite database: merging copies its rows
    from this image with one statement, so what is merged is what was checked whatever
    happens to the file on disk meanwhile."""
    select: str
    """The select list of ``STORED_COLUMNS`` from the image's ``ratings`` (its schema's)."""

    @property
    def count(self) -> int:
        return len(self.rating_ids)

    def rows(self) -> list[sqlite3.Row]:
        """Every rating in full (``STORED_COLUMNS``, read by name), in the order of
        :attr:`rating_ids`, read again from the image."""
        conn = sqlite3.connect(":memory:")
        conn.row_factory = sqlite3.Row
        try:
            conn.deserialize(self.image)
            if not self.verified:
                return conn.execute(f"SELECT {self.select} FROM ratings ORDER BY rowid").fetchall()
            return _in_chain_order(conn, _STORED, self.select)
        finally:
            conn.close()

    @property
    def project_id(self) -> str:
        return self.info.get("project_id", "")

    @property
    def source_key(self) -> str:
        """The file's identity, the same in every copy of it: laptop id and creation time."""
        return f"{self.info.get('laptop_id', '')}@{self.info.get('created_at', '')}"

    @property
    def laptop(self) -> str:
        return self.info.get("laptop_name") or self.info.get("laptop_id", "")


def read_incoming(path: Path, rules: RowRules | None = None) -> IncomingFile:
    """The session file at ``path``, checked whole and refused if it cannot be trusted:
    damaged, its chain broken, or any value off ``rules`` (the project's rubric; without
    them, of the wrong form). The checks and the image the panel merges
    (:attr:`IncomingFile.image`) are read in one transaction, so they see the same file even
    if it changes meanwhile."""
    return read_image(path, rules).verified()


@dataclass(frozen=True)
class FileImage:
    """A session file read in one transaction and checked by SQLite (its consistency and
    every value), its hash chain not yet checked: :meth:`verified` does that on the image,
    so the two halves of the check can run side by side on different files."""

    path: Path
    info: dict[str, str]
    image: bytes
    select: str
    chained: bool
    """Whether its ratings carry a hash chain (False: written before the chain existed)."""
    bad: BadRow | None
    """Its first value no laptop's app writes: told after the chain, so that an edit
    that broke the chain is said as such."""

    def verified(self) -> IncomingFile:
        """The file, its chain checked on the image; refused if the chain or a value says
        it was edited."""
        conn = sqlite3.connect(":memory:")
        try:
            conn.deserialize(self.image)
            if self.chained:
                ids = _check_chain(conn, self.path, self.info, self.select)
            else:
                ids = tuple(rating_id for (rating_id,) in conn.execute(
                    "SELECT rating_id FROM ratings ORDER BY rowid"))
        except sqlite3.DatabaseError as error:
            raise damaged_file_error(self.path, error, _ADVICE) from error
        finally:
            conn.close()
        _refuse(self.path, self.bad, len(ids))
        return IncomingFile(self.path, self.info, ids, verified=self.chained, image=self.image,
                            select=self.select)


def read_image(path: Path, rules: RowRules | None = None) -> FileImage:
    """The session file at ``path`` as one image, refused if damaged or its chain was
    removed, with its first value off ``rules`` (see :func:`read_incoming`)."""
    path = Path(path)
    with open_read_only(path) as conn:
        try:
            conn.execute("BEGIN")
            return _read(conn, path, rules)
        except sqlite3.DatabaseError as error:
            raise damaged_file_error(path, error, _ADVICE) from error
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")


def _read(conn: sqlite3.Connection, path: Path, rules: RowRules | None) -> FileImage:
    """The file read by ``conn``, checked by SQLite, with its image taken last (in the same
    snapshot)."""
    verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
    if verdict != "ok":
        raise SessionFileError(f"This file is damaged ({verdict}). {_ADVICE}", file=path)
    info = dict(conn.execute("SELECT key, value FROM session_info").fetchall())
    changed = rules.other_rubric(info) if rules is not None else None
    if changed is not None:
        raise SessionFileError(changed, file=path)
    columns = rating_columns(conn)
    content = select_list(CONTENT_COLUMNS, present=columns)
    chained = columns >= _CHAIN_COLUMNS
    if not chained and _chain_traces(conn, info):
        raise TamperedFileError(
            "Its ratings were edited by hand: the file was chained against edits, "
            "but its chain was removed. The file was refused whole, so the panel "
            "has none of its ratings. Ask for an untouched copy from the laptop it "
            "came from.", file=path,
            ratings=conn.execute("SELECT count(*) FROM ratings").fetchone()[0])
    select = f"{content}, seq, chain" if chained else f"{content}, NULL AS seq, NULL AS chain"
    bad = first_bad_row(conn, rules, place_by_seq=True)
    return FileImage(path, info, _image_of(conn), select, chained, bad)


def _in_chain_order(conn: sqlite3.Connection, columns: str, select: str) -> list[Any]:
    """``columns`` of every rating, over ``select`` (the file's ``STORED_COLUMNS``), in chain
    order, rows without a place last in file order: two queries, so that the index on seq
    spares SQLite sorting the whole table."""
    query = f"SELECT {columns} FROM (SELECT {select}, rowid AS file_order FROM ratings)"
    return [*conn.execute(f"{query} WHERE seq IS NOT NULL ORDER BY seq"),
            *conn.execute(f"{query} WHERE seq IS NULL ORDER BY file_order")]


def _image_of(conn: sqlite3.Connection) -> bytes:
    """The database as ``conn`` reads it (with anything still in its WAL), as bytes.

    The header is set to say "not WAL" (bytes 18 and 19: the file format's read and write
    versions, 2 for WAL, 1 for the rollback journal), since SQLite opens no image in WAL
    mode; nothing else in a page changes with the journal mode.
    """
    image = bytearray(conn.serialize())
    if len(image) >= _HEADER and image[18:20] == b"\x02\x02":
        image[18:20] = b"\x01\x01"
    return bytes(image)


def _chain_traces(conn: sqlite3.Connection, info: dict[str, str]) -> bool:
    """Whether a file without chain columns shows that it had them: the app adds the columns,
    the chain's record and the migration's row together, and never removes any."""
    if schema_of(conn) > _UNCHAINED_SCHEMA or HEAD_LENGTH_KEY in info or HEAD_HASH_KEY in info:
        return True
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
    return "_sqlite_migrations" in tables and conn.execute(
        "SELECT 1 FROM _sqlite_migrations WHERE name = ?", [_CHAIN_MIGRATION]
    ).fetchone() is not None


def _check_chain(conn: sqlite3.Connection, path: Path, info: dict[str, str],
                 select: str) -> tuple[Any, ...]:
    """Refuse the file unless its chain fits; its ratings' ids in chain order.

    Each link is written by :func:`link` from the values as Python reads them, as the
    file's writer did. (Having SQLite write the links' text is less work alone, but
    its many small allocations take a lock that the merge of the file before also
    needs, so the two would no longer run side by side.)"""
    rows = _in_chain_order(conn, f"seq, chain, {', '.join(CONTENT_COLUMNS)}", select)
    if "project_id" not in info or "laptop_id" not in info:
        raise TamperedFileError(f"This session file has lost its project or laptop id. "
                                f"{_ADVICE}", file=path, ratings=len(rows))
    head_length = info.get(HEAD_LENGTH_KEY)
    found = verify(
        rows, start=genesis(info["project_id"], info["laptop_id"]),
        head_length=int(head_length) if head_length and head_length.isdigit() else None,
        head_hash=info.get(HEAD_HASH_KEY))
    if found is not None:
        raise TamperedFileError(_tamper_message(found), file=path, ratings=len(rows))
    return tuple(rating_id for _seq, _chain, rating_id, *_content in rows)


def _tamper_message(found: ChainBreak) -> str:
    where = "Its ratings were edited by hand: "
    if found.rating_id is not None:
        place = f"rating {found.seq} " if found.seq is not None else "a rating "
        where += f"{place}(id {found.rating_id}) {found.reason}."
    else:
        where += f"{found.reason}."
    return (f"{where} The file was refused whole, so the panel has none of its ratings. "
            "Ask for an untouched copy from the laptop it came from.")



def _refuse(path: Path, bad: BadRow | None, count: int) -> None:
    """Refuse the whole file when a rating holds a value no laptop's app writes: a chain
    that fits proves only that nobody edited the file without recomputing it."""
    if bad is not None:
        raise TamperedFileError(
            f"Its rating {bad.place} (id {bad.rating_id:.40}) {bad.reason}. A laptop's app "
            "never writes that, so the file was changed by hand or by another program. The "
            "file was refused whole, so the panel has none of its ratings. Ask for an "
            "untouched copy from the laptop it came from.", file=path, ratings=count)
