"""The panel database: every laptop's ratings of one project, merged.

The panel holds each rating once (its random UUID is its identity), where every copy of it
came from (``rating_sources``: the session files, known by laptop id and creation time;
the numbers of ``source_id`` depend on merge order, so the content hash uses the names),
the files themselves (``sources``) and a log of merges. Ratings, sources and provenance
are sets, so merging the same files in any order gives the same content
(:meth:`Panel.content_hash`); only the log records the order things happened in.

Merging is all or nothing per file (:meth:`Panel.merge_all`): a file that fails half-way
leaves the panel exactly as it was before that file, and a crash as it was before the merge.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.files import make_folder, refuse_database_links, write_with
from annotator.store.chain import CONTENT_COLUMNS
from annotator.store.incoming import STORED_COLUMNS, IncomingFile
from annotator.store.lock import Holder, SessionLock
from annotator.store.panel_items import record_item_sources
from annotator.store.panel_reading import (
    PanelError,
    refuse_non_panel,
    stored_project_id,
    stored_rubric_sha256,
)
from annotator.store.panel_schema import (
    connect_panel,
)
from annotator.store.records import RUBRIC_KEY, SIMULATED_KEY, Phase
from annotator.store.validation import rubric_change

_IMAGE = "incoming_file"
"""The schema the file being merged is read from (:attr:`IncomingFile.image`)."""
_DATA_PHASES = ", ".join(f"'{phase.value}'" for phase in Phase if phase.is_data)


@dataclass(frozen=True)
class FileMerge:
    """What merging one file did (or, in a preview, would do) to the panel."""

    new: int
    present: int
    repeats: int
    """Ratings of a pair the same tagger had already rated in that round from another laptop,
    answering the same question at the same stage (both are kept; the analysis uses the
    earlier one)."""


class ConflictError(AnnotatorError):
    """A file holds a rating whose id is in the panel with different content."""


class Panel:
    """One panel database, open for reading and merging."""

    def __init__(self, conn: sqlite3.Connection, path: Path, lock: SessionLock | None = None):
        self._conn = conn
        self.path = path
        self._lock = lock

    @classmethod
    def open(cls, path: Path, *, create: bool = True,
             waiting: Callable[[str], None] = lambda _: None) -> Panel:
        """Open (or create) the panel database at ``path``; refuse anything else.

        The panel is held (:class:`SessionLock` on ``panel.sqlite-lock``) until
        :meth:`close`: another merge into it waits, and ``waiting`` hears who holds it. A
        new panel is built whole under a temporary name and renamed into place, so a crash
        while it is made leaves no panel rather than one without tables.
        """
        path = refuse_database_links(Path(path))
        if not path.exists() and not create:
            raise PanelError("This panel database does not exist.", file=path)
        if _exists(path):
            refuse_non_panel(path)
        make_folder(path.parent)
        lock = SessionLock.acquire(path, laptop="", wait=lambda holder: waiting(
            _held_message(path, holder)))
        try:
            try:
                if _exists(path):
                    refuse_non_panel(path)  # another merge may have made it while this waited
                else:
                    write_with(path, lambda scratch: connect_panel(scratch, new=True).close())
                conn = connect_panel(path, new=False)
            except sqlite3.DatabaseError as error:
                raise _unusable(path, error) from error
        except BaseException:
            lock.release()
            raise
        return cls(conn, path, lock)

    def close(self) -> None:
        self._conn.close()
        if self._lock is not None:
            self._lock.release()

    @property
    def connection(self) -> sqlite3.Connection:
        """The open connection, for the writer of imported ratings (:mod:`.imported`)."""
        return self._conn

    @property
    def project_id(self) -> str | None:
        """The project the panel belongs to (None until the first file is merged)."""
        return stored_project_id(self._conn)

    def merge(self, incoming: IncomingFile, *, project_id: str | None = None,
              preview: bool = False) -> FileMerge:
        """Merge one file (see :meth:`merge_all`); a refusal is raised."""
        (outcome,) = self.merge_all([incoming], project_id=project_id,
                                    preview=preview) or []
        if isinstance(outcome, AnnotatorError):
            raise outcome
        return outcome

    def merge_all(self, files: Iterable[IncomingFile], *, project_id: str | None = None,
                  preview: bool = False,
                  keep: Callable[[], bool] = lambda: True
                  ) -> list[FileMerge | AnnotatorError] | None:
        """Add each file's ratings not yet in the panel; all or nothing per file.

        One transaction holds the whole call and a savepoint each file: a file refused
        half-way (a rating already present with different content, another project's) is
        rolled back to the panel as it was before it, and an interruption or crash rolls
        back the call. Writing once at the end instead of once per file is what keeps
        merging fast: new ratings land all over the panel's index. With ``preview`` the same
        work is done and then rolled back, so the preview is exactly what merging would do.
        ``project_id``: the project a new panel is for (default: the files').

        ``files`` may still be checked while the first are merged; ``keep``, asked once all
        are merged, can roll the whole call back (and get None) when they turn out not to
        belong in one merge.
        """
        try:
            return self._merge_all(files, project_id=project_id, preview=preview, keep=keep)
        except sqlite3.Error as error:  # a full disk, an I/O error: never half a merge
            raise _unusable(self.path, error) from error

    def _merge_all(self, files: Iterable[IncomingFile], *, project_id: str | None,
                   preview: bool, keep: Callable[[], bool]
                   ) -> list[FileMerge | AnnotatorError] | None:
        conn = self._conn
        outcomes: list[FileMerge | AnnotatorError] = []
        conn.execute(f"ATTACH ':memory:' AS {_IMAGE}")  # not possible inside a transaction
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for incoming in files:
                    conn.execute("SAVEPOINT one_file")
                    try:
                        outcomes.append(self._merge_rows(incoming, project_id))
                    except AnnotatorError as refusal:
                        conn.execute("ROLLBACK TO one_file")
                        outcomes.append(refusal)
                    conn.execute("RELEASE one_file")
                kept = keep()
            except BaseException:
                if conn.in_transaction:  # SQLite ends it itself when interrupted mid-statement
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT" if kept and not preview else "ROLLBACK")
        finally:
            conn.execute(f"DETACH {_IMAGE}")
        return outcomes if kept else None

    def _merge_rows(self, incoming: IncomingFile, project_id: str | None) -> FileMerge:
        conn = self._conn
        current = self.project_id
        panel_project = current or project_id or incoming.project_id
        if incoming.project_id != panel_project:
            raise PanelError(
                f"This session file belongs to another project (project id "
                f"{incoming.project_id}; the panel is {panel_project}); nothing of it was "
                "merged.", file=incoming.path)
        if current is None:
            conn.execute("INSERT INTO panel_info (key, value) VALUES ('project_id', ?)",
                         [panel_project])
        self._bind_rubric(incoming)
        conn.deserialize(incoming.image, name=_IMAGE)
        rows = f"(SELECT {incoming.select} FROM {_IMAGE}.ratings)"  # read in place
        repeats = conn.execute(
            f"SELECT count(*) FROM {rows} i WHERE i.phase IN ({_DATA_PHASES}) "
            "AND EXISTS (SELECT 1 FROM ratings r WHERE r.tagger = i.tagger AND "
            "r.round = i.round AND r.item_id = i.item_id AND r.question = i.question AND "
            "r.stage = i.stage AND r.rating_id != i.rating_id "
            f"AND r.phase IN ({_DATA_PHASES}))").fetchone()[0]
        columns = ", ".join(STORED_COLUMNS)
        new = conn.execute(f"INSERT OR IGNORE INTO ratings ({columns}) "
                           f"SELECT {columns} FROM {rows}").rowcount
        present = incoming.count - new
        if present:
            # Inserted first, as most files bring only new ratings: the ones left out are
            # then compared with the panel's (the savepoint undoes the insert on a conflict).
            self._compare(incoming, rows)
        self._record_source(incoming, new=new, present=present)
        return FileMerge(new=new, present=present, repeats=repeats)

    def _bind_rubric(self, incoming: IncomingFile) -> None:
        """The panel records the rubric hash of the first file that names one and refuses
        a file rated on another, so its answers are all on one known scale (a file from
        before the hash names none and is taken as it is)."""
        recorded = incoming.info.get(RUBRIC_KEY, "")
        if not recorded:
            return
        current = stored_rubric_sha256(self._conn)
        if current is None:
            self._conn.execute("INSERT INTO panel_info (key, value) VALUES (?, ?)",
                               [RUBRIC_KEY, recorded])
            return
        changed = rubric_change(recorded, current, "the panel's")
        if changed is not None:
            raise PanelError(f"{changed} Its answers would mean something else beside the "
                             "panel's, so nothing of it was merged.", file=incoming.path)

    def _compare(self, incoming: IncomingFile, rows: str) -> None:
        """Refuse the file if the panel holds one of its ratings with other content, naming
        the first (by id); a copy written before the hash chain (schema 1) gains its chain
        from a later copy, whichever was merged first."""
        conn = self._conn
        differs = " OR ".join(f"i.{name} IS NOT r.{name}" for name in CONTENT_COLUMNS)
        conflict, unchained = conn.execute(
            f"SELECT min(i.rating_id) FILTER (WHERE {differs}), "
            f"count(*) FILTER (WHERE r.chain IS NULL) FROM {rows} i "
            "JOIN ratings r USING (rating_id)").fetchone()
        if conflict is not None:
            raise ConflictError(
                f"Rating {conflict} is already in the panel with different content, so "
                "this file or a file merged before was changed; nothing of this file was "
                "merged.", file=incoming.path)
        if unchained and incoming.verified:
            conn.execute(f"UPDATE ratings SET seq = i.seq, chain = i.chain FROM {rows} i"
                         " WHERE ratings.rating_id = i.rating_id AND ratings.chain IS NULL")

    def _record_source(self, incoming: IncomingFile, *, new: int, present: int) -> None:
        conn, info, key = self._conn, incoming.info, incoming.source_key
        conn.execute(
            "INSERT OR IGNORE INTO sources (source_key, project_id, laptop_id, laptop_name, "
            "created_at, simulated) VALUES (?, ?, ?, ?, ?, ?)",
            [key, incoming.project_id, info.get("laptop_id", ""), info.get("laptop_name", ""),
             info.get("created_at", ""), info.get(SIMULATED_KEY, "")])
        source_id = conn.execute("SELECT source_id FROM sources WHERE source_key = ?",
                                 [key]).fetchone()[0]
        conn.execute(f"INSERT OR IGNORE INTO rating_sources SELECT rating_id, ? "
                     f"FROM {_IMAGE}.ratings ORDER BY rating_id", [source_id])
        conn.execute(
            "INSERT INTO merges (merged_at, path, source_key, new, present, verified) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [datetime.now(UTC).isoformat(timespec="seconds"), str(incoming.path), key, new,
             present, int(incoming.verified)])

    def record_item_sources(self, sources: Mapping[str, str]) -> None:
        """Keep the project's item sources in the panel (:mod:`.panel_items`)."""
        record_item_sources(self._conn, sources)

    # reading ------------------------------------------------------------------

    def rating_count(self) -> int:
        return int(self._conn.execute("SELECT count(*) FROM ratings").fetchone()[0])

    def content_hash(self) -> str:
        """SHA-256 of the panel's ratings, sources and provenance, in a fixed order.

        Equal for equal content however and in whatever order it was merged (the merge log
        is left out: it is a diary, not content).
        """
        digest = hashlib.sha256()
        for query in (
            f"SELECT {', '.join(STORED_COLUMNS)} FROM ratings ORDER BY rating_id",
            "SELECT source_key, project_id, laptop_id, laptop_name, created_at FROM sources "
            "ORDER BY source_key",
            "SELECT rating_id, source_key FROM rating_sources JOIN sources USING (source_id) "
            "ORDER BY rating_id, source_key",
        ):
            for row in self._conn.execute(query):
                digest.update(repr(row).encode())
        return digest.hexdigest()

    def data_ratings(self) -> list[tuple[str, str, str, int, str, float, str]]:
        """Game and retest ratings (id, tagger, item, round, phase, value, laptop) that answer
        no question: what a consensus snapshot carries (the game's consensus; multi-question
        protocols are played without it)."""
        return self._conn.execute(
            "SELECT rating_id, tagger, item_id, round, phase, value, laptop_id FROM ratings "
            f"WHERE phase IN ({_DATA_PHASES}) AND question = '' ORDER BY rating_id").fetchall()


def _exists(path: Path) -> bool:
    """Whether a panel is there (an empty file is none: SQLite makes a database of it)."""
    return path.exists() and path.stat().st_size > 0


def _unusable(path: Path, error: sqlite3.Error) -> PanelError:
    """SQLite's error as the lead reads it: the panel could not be written (a full disk, an
    I/O error, no permission) or is damaged; either way nothing of the merge was kept."""
    if isinstance(error, sqlite3.OperationalError):
        return PanelError(f"The panel database could not be written ({error}): the disk may "
                          "be full, or the folder read-only. Nothing of this merge was kept; "
                          "the panel is as it was before it. Free some space (or choose "
                          "another folder) and merge again.", file=path)
    return PanelError(f"This panel database is damaged ({error}); it was left as it was. "
                      "Merge the session files into a new panel.", file=path)


def _held_message(path: Path, holder: Holder | None) -> str:
    who = holder.describe() if holder is not None else "by a merge that is just starting"
    return (f"{path}: another merge into this panel is running ({who}); waiting for it to "
            "finish…")
