"""Ratings given in another tool, stored in the panel beside the laptops' files
(``annotator import-ratings … --into PANEL``).

An imported file is a source of the panel like a session file (``sources``), keyed by its
SHA-256 and the round the lead gave it, and named by its tool and file name, so the
dataset card can say where its ratings came from. Its ratings are game ratings of that
round; each rating id is derived from the file's hash, the round, the tagger and the item,
so importing the same file again adds nothing, and the panel's content does not depend on
the order things were imported or merged in. Such ratings have no time on screen (0 ms)
and no hash chain: the tool kept neither.
"""

from __future__ import annotations

import hashlib
import sqlite3
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from annotator.store.panel import Panel
from annotator.store.panel_reading import PanelError
from annotator.store.records import Phase
from annotator.store.refusals import read_sqlite_file

IMPORTED_LAPTOP = "imported"
"""The ``laptop_id`` of an imported rating: no laptop of the panel rated it."""
_IDS = uuid.UUID("6f1c2a52-31d0-4c55-9a38-1b8e2f0c7d31")
"""The namespace of imported ratings' ids (uuid5)."""
_CHUNK = 1 << 20


@dataclass(frozen=True)
class ImportedSource:
    """One imported file: its tool, its name, its SHA-256, when it was imported and the
    round its ratings were given."""

    tool: str
    file: str
    sha256: str
    imported_at: str
    round: int

    @classmethod
    def of(cls, path: Path, tool: str, round_number: int) -> ImportedSource:
        """``path`` (a file, or a tool's output folder) as a source imported now."""
        return cls(tool, Path(path).name, content_sha256(Path(path)),
                   datetime.now(UTC).isoformat(timespec="seconds"), round_number)

    @property
    def key(self) -> str:
        return f"import:{self.sha256}:round {self.round}"

    def provenance(self) -> str:
        """One sentence for the dataset card."""
        return (f"Round {self.round} holds ratings imported from {self.tool}: the file "
                f"`{self.file}` (SHA-256 `{self.sha256}`), imported {self.imported_at[:10]}.")


@dataclass(frozen=True)
class ImportedRating:
    """One imported answer: the tagger's level value of the item (SKIP_VALUE for skip)."""

    item_id: str
    tagger: str
    value: float


@dataclass(frozen=True)
class ImportOutcome:
    new: int
    present: int


def content_sha256(path: Path) -> str:
    """SHA-256 of a file, or of a folder's files (their relative paths and contents, in
    name order): what names an imported source whatever it is called."""
    digest = hashlib.sha256()
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for file in files:
        if path.is_dir():
            digest.update(f"{file.relative_to(path).as_posix()}\0".encode())
        with file.open("rb") as read:
            while chunk := read.read(_CHUNK):
                digest.update(chunk)
    return digest.hexdigest()


def import_into_panel(panel_path: Path, source: ImportedSource,
                      ratings: Sequence[ImportedRating], *, project_id: str,
                      waiting: Callable[[str], None] = lambda _: None) -> ImportOutcome:
    """Store ``ratings`` in the panel at ``panel_path`` (made if missing) as ``source``'s,
    all or nothing; a panel of another project is refused (PanelError)."""
    panel = Panel.open(panel_path, waiting=waiting)
    try:
        current = panel.project_id
        if current is not None and current != project_id:
            raise PanelError(f"This panel belongs to another project (project id {current}; "
                             f"the project named is {project_id}); nothing was imported.",
                             file=panel.path)
        conn = panel.connection
        conn.execute("BEGIN IMMEDIATE")
        try:
            outcome = _store(conn, source, ratings, project_id, new_panel=current is None)
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    except sqlite3.Error as error:
        raise PanelError(f"The panel database could not be written ({error}); nothing was "
                         "imported.", file=panel_path) from error
    finally:
        panel.close()
    return outcome


def _store(conn: sqlite3.Connection, source: ImportedSource,
           ratings: Sequence[ImportedRating], project_id: str, *, new_panel: bool
           ) -> ImportOutcome:
    if new_panel:
        conn.execute("INSERT INTO panel_info (key, value) VALUES ('project_id', ?)",
                     [project_id])
    conn.execute(
        "INSERT OR IGNORE INTO sources (source_key, project_id, laptop_id, laptop_name, "
        "created_at, tool, file, sha256, imported_round) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [source.key, project_id, IMPORTED_LAPTOP, source.file, source.imported_at,
         source.tool, source.file, source.sha256, source.round])
    source_id = conn.execute("SELECT source_id FROM sources WHERE source_key = ?",
                             [source.key]).fetchone()[0]
    rows = [(_rating_id(source, rating), rating.tagger, rating.item_id, source.round,
             Phase.GAME.value, rating.value, source.imported_at, source.imported_at, 0,
             IMPORTED_LAPTOP) for rating in ratings]
    before = conn.total_changes
    conn.executemany(
        "INSERT OR IGNORE INTO ratings (rating_id, tagger, item_id, round, phase, value, "
        "shown_at, submitted_at, ms_on_screen, laptop_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows)
    new = conn.total_changes - before
    conn.executemany("INSERT OR IGNORE INTO rating_sources (rating_id, source_id) VALUES (?, ?)",
                     [(rating_id, source_id) for rating_id, *_ in rows])
    conn.execute(
        "INSERT INTO merges (merged_at, path, source_key, new, present, verified) "
        "VALUES (?, ?, ?, ?, ?, 0)",
        [datetime.now(UTC).isoformat(timespec="seconds"), source.file, source.key, new,
         len(rows) - new])
    return ImportOutcome(new, len(rows) - new)


def _rating_id(source: ImportedSource, rating: ImportedRating) -> str:
    return str(uuid.uuid5(_IDS, "\x1f".join(
        (source.sha256, str(source.round), rating.tagger, rating.item_id))))


def read_imported_sources(path: Path) -> tuple[ImportedSource, ...]:
    """The imported sources of the panel at ``path``, by round then file (none in a panel
    made before the app could import into it)."""
    return read_sqlite_file(Path(path), _sources, error=PanelError, kind="panel database")


def _sources(conn: sqlite3.Connection) -> tuple[ImportedSource, ...]:
    columns = {name for (name,) in conn.execute("SELECT name FROM pragma_table_info('sources')")}
    if "tool" not in columns:
        return ()
    return tuple(ImportedSource(*row) for row in conn.execute(
        "SELECT tool, file, sha256, created_at, imported_round FROM sources WHERE tool != '' "
        "ORDER BY imported_round, file, sha256"))

