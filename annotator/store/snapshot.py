"""Consensus snapshots: the panel's game and retest ratings, carried back to the laptops.

Only ratings that answer no question are carried: snapshots exist for the game's consensus,
and a multi-question protocol (ContextRef, Kreiss et al. 2024) is played without one.

The lead exports a snapshot from the panel database; a laptop imports it into the project's
``snapshots/`` folder, and from then on the game's consensus there includes the panel's
ratings. A snapshot is named by a hash of its content, so importing the same
one twice changes nothing, and a later snapshot simply sits beside an earlier one (the
consensus counts each rating once, by its id).

A snapshot comes from another computer: its fingerprint shows an accident, but anyone can
recompute it, so every rating is also checked against the project's rubric, and a snapshot
holding anything the panel could not hold is refused whole
(:mod:`annotator.store.validation`).
"""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from annotator import __version__
from annotator.errors import AnnotatorError
from annotator.files import refuse_link, write_bytes, write_with
from annotator.project.model import Project
from annotator.store.panel import Panel
from annotator.store.refusals import read_sqlite_file
from annotator.store.validation import DATA_PHASES, BadRow, RowRules, first_bad_row

SNAPSHOT_FORMAT = 1
SNAPSHOTS_FOLDER = "snapshots"
_KIND = "consensus snapshot"
_COLUMNS = ("rating_id", "tagger", "item_id", "round", "phase", "value", "laptop_id")


class SnapshotError(AnnotatorError):
    """A snapshot file that cannot be used: not a snapshot, another project's, damaged."""


@dataclass(frozen=True)
class Snapshot:
    """One snapshot file's identity."""

    path: Path
    snapshot_id: str
    project_id: str
    ratings: int
    created_at: str


def export_snapshot(panel_path: Path, target: Path) -> Snapshot:
    """Write the panel's game and retest ratings that answer no question to ``target``
    (renamed into place)."""
    panel = Panel.open(Path(panel_path), create=False)
    try:
        project_id = panel.project_id
        rows = panel.data_ratings()
    finally:
        panel.close()
    if project_id is None:
        raise SnapshotError("This panel is empty: merge session files into it first.",
                            file=panel_path)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    snapshot_id = _content_id(project_id, rows)
    target = Path(target)

    def fill(scratch: Path) -> None:
        conn = sqlite3.connect(scratch, isolation_level=None)
        try:
            conn.execute("BEGIN")
            conn.execute("CREATE TABLE snapshot_info (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.execute("CREATE TABLE ratings (rating_id TEXT PRIMARY KEY, tagger TEXT NOT NULL,"
                         " item_id TEXT NOT NULL, round INTEGER NOT NULL, phase TEXT NOT NULL,"
                         " value REAL NOT NULL, laptop_id TEXT NOT NULL)")
            conn.executemany("INSERT INTO snapshot_info VALUES (?, ?)", [
                ("kind", _KIND), ("project_id", project_id), ("snapshot_id", snapshot_id),
                ("created_at", created), ("app_version", __version__),
                ("ratings", str(len(rows)))])
            conn.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            conn.execute(f"PRAGMA user_version = {SNAPSHOT_FORMAT}")
            conn.execute("COMMIT")
        finally:
            conn.close()

    target.parent.mkdir(parents=True, exist_ok=True)
    write_with(target, fill)
    return Snapshot(target, snapshot_id, project_id, len(rows), created)


def import_snapshot(snapshot_path: Path, project: Project) -> tuple[Snapshot, bool]:
    """Copy a checked snapshot into the project's ``snapshots/`` folder.

    Returns the snapshot as imported and whether it was new (False: already imported).
    """
    project_id = project.project_id
    snapshot, _ = read_snapshot(Path(snapshot_path), project_id=project_id,
                                rules=RowRules.of(project))
    folder = project.root / SNAPSHOTS_FOLDER
    target = folder / f"snapshot-{snapshot.snapshot_id[:16]}.sqlite"
    if target.exists():
        return Snapshot(target, snapshot.snapshot_id, project_id, snapshot.ratings,
                        snapshot.created_at), False
    refuse_link(folder)  # the write rule: never into a folder elsewhere
    folder.mkdir(parents=True, exist_ok=True)
    write_bytes(target, Path(snapshot_path).read_bytes())
    return Snapshot(target, snapshot.snapshot_id, project_id, snapshot.ratings,
                    snapshot.created_at), True


def read_snapshot(path: Path, *, project_id: str, rules: RowRules | None = None,
                  check_fingerprint: bool = True) -> tuple[Snapshot, list[tuple[Any, ...]]]:
    """A snapshot's identity and ratings (``rating_id, tagger, item_id, round, phase, value,
    laptop_id``), refused unless it is an intact snapshot of ``project_id`` whose every
    rating is a game or retest rating on ``rules`` (the project's rubric).

    ``check_fingerprint=False`` skips re-hashing every rating: for a copy already checked
    when it was imported, read at every session start (about half the time at VICR size).
    """
    path = Path(path)
    if not path.is_file():
        raise SnapshotError("This snapshot file does not exist.", file=path)
    info, rows, version, bad = read_sqlite_file(
        path, lambda conn: _read(conn, rules), error=SnapshotError, kind="consensus snapshot")
    if info.get("kind") != _KIND:
        raise SnapshotError("This file is not a consensus snapshot; export one from the panel "
                            "database (annotator snapshot export).", file=path)
    if version > SNAPSHOT_FORMAT:
        raise SnapshotError("This snapshot was written by a newer version of the app; update "
                            "the app on this laptop to import it.", file=path)
    if info.get("project_id") != project_id:
        raise SnapshotError(f"This snapshot belongs to another project (project id "
                            f"{info.get('project_id')}, this project is {project_id}); it was "
                            "not imported.", file=path)
    if check_fingerprint and _content_id(project_id, rows) != info.get("snapshot_id"):
        raise SnapshotError("This snapshot's ratings do not match its fingerprint: it was "
                            "changed or damaged after export. Export it again.", file=path)
    if bad is not None:
        raise SnapshotError(
            f"Rating {bad.place} of this snapshot (id {bad.rating_id:.40}) {bad.reason}. A "
            "panel's export never writes that, so the snapshot was changed by hand or by "
            "another program; it was refused whole and none of its ratings is used. Export "
            "it again from the panel database.", file=path)
    return Snapshot(path, info["snapshot_id"], project_id, len(rows),
                    info.get("created_at", "")), rows


def _read(conn: sqlite3.Connection, rules: RowRules | None
          ) -> tuple[dict[str, str], list[tuple[Any, ...]], int, BadRow | None]:
    tables = {name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"snapshot_info", "ratings"} <= tables:
        return {}, [], 0, None
    info = dict(conn.execute("SELECT key, value FROM snapshot_info").fetchall())
    rows = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM ratings").fetchall()
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    return info, rows, version, first_bad_row(conn, rules, phases=DATA_PHASES)


def _content_id(project_id: str, rows: list[tuple[Any, ...]]) -> str:
    digest = hashlib.sha256(project_id.encode())
    for row in sorted(rows):
        digest.update(repr(tuple(row)).encode())
    return digest.hexdigest()
