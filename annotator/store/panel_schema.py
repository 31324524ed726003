"""The panel database's tables, built and brought up to date by its migrations.

A panel records each migration it has had; opening one applies those it lacks. The schema
number (``PRAGMA user_version``) changes only when an older app could no longer read the
panel right: a migration that only reorders a key keeps it.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from annotator import __version__
from annotator.store.sqlite_db import Migrations, database

if TYPE_CHECKING:
    from sqlite_utils import Database

_KIND = "panel"
_CACHE_KIB = 128 * 1024
"""Page cache of the merging connection: a VICR-sized panel's indexes stay in memory."""
_PAGE_BYTES = 16 * 1024
"""Page size of a new panel: a quarter of the leaves in its index of random rating ids,
which each merged file touches nearly all of, to journal and commit."""
PANEL_MIGRATIONS = Migrations("annotator.panel")
PANEL_SCHEMA_VERSION = 3
QUESTIONS_PANEL_SCHEMA = 2
"""The first panel schema with ``question`` and ``stage`` (an older panel read without
being migrated reads both as empty)."""


@PANEL_MIGRATIONS(name="0001_panel")
def _panel_schema(db: Database) -> None:
    for statement in (
        "CREATE TABLE panel_info (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT",
        """CREATE TABLE ratings (
            rating_id TEXT PRIMARY KEY, tagger TEXT NOT NULL, item_id TEXT NOT NULL,
            round INTEGER NOT NULL, phase TEXT NOT NULL, value REAL NOT NULL,
            shown_at TEXT NOT NULL, submitted_at TEXT NOT NULL, ms_on_screen INTEGER NOT NULL,
            consensus REAL, consensus_n INTEGER, points INTEGER, laptop_id TEXT NOT NULL,
            seq INTEGER, chain TEXT
        ) STRICT""",
        "CREATE INDEX ratings_by_pair ON ratings (tagger, round, item_id)",
        """CREATE TABLE sources (
            source_id INTEGER PRIMARY KEY, source_key TEXT NOT NULL UNIQUE,
            project_id TEXT NOT NULL, laptop_id TEXT NOT NULL, laptop_name TEXT NOT NULL,
            created_at TEXT NOT NULL
        ) STRICT""",
        """CREATE TABLE rating_sources (
            rating_id TEXT NOT NULL REFERENCES ratings (rating_id),
            source_id INTEGER NOT NULL REFERENCES sources (source_id),
            PRIMARY KEY (rating_id, source_id)
        ) STRICT, WITHOUT ROWID""",
        """CREATE TABLE merges (
            merge_id INTEGER PRIMARY KEY, merged_at TEXT NOT NULL, path TEXT NOT NULL,
            source_key TEXT NOT NULL, new INTEGER NOT NULL, present INTEGER NOT NULL,
            verified INTEGER NOT NULL
        ) STRICT""",
        "PRAGMA user_version = 1",
    ):
        db.execute(statement)


@PANEL_MIGRATIONS(name="0002_questions")
def _panel_questions(db: Database) -> None:
    """Which question and stage a rating answers (session schema 3); ratings merged before
    answer none."""
    for statement in (
        "ALTER TABLE ratings ADD COLUMN question TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE ratings ADD COLUMN stage TEXT NOT NULL DEFAULT ''",
        f"PRAGMA user_version = {QUESTIONS_PANEL_SCHEMA}",
    ):
        db.execute(statement)


@PANEL_MIGRATIONS(name="0003_sources_by_file")
def _sources_by_file(db: Database) -> None:
    """Provenance keyed by file, then rating: a merged file's rows are appended together,
    not spread over the table. Only the key's order changes, which no query sees, so older
    apps read and merge into the panel as before and the schema number stays."""
    for statement in (
        """CREATE TABLE rating_sources_by_file (
            rating_id TEXT NOT NULL REFERENCES ratings (rating_id),
            source_id INTEGER NOT NULL REFERENCES sources (source_id),
            PRIMARY KEY (source_id, rating_id)
        ) STRICT, WITHOUT ROWID""",
        "INSERT INTO rating_sources_by_file SELECT rating_id, source_id FROM rating_sources",
        "DROP TABLE rating_sources",
        "ALTER TABLE rating_sources_by_file RENAME TO rating_sources",
    ):
        db.execute(statement)


@PANEL_MIGRATIONS(name="0004_simulated_sources")
def _simulated_sources(db: Database) -> None:
    """What simulated a merged file (``annotator simulate``; empty for people's files), so
    the analysis and an export never take its ratings for people's. An older app merges
    into the panel as before (the column has a default), so the schema number stays."""
    db.execute("ALTER TABLE sources ADD COLUMN simulated TEXT NOT NULL DEFAULT ''")


@PANEL_MIGRATIONS(name="0005_imported_sources")
def _imported_sources(db: Database) -> None:
    """Ratings imported from another tool's file (``import-ratings --into``): the file is a
    source of its own, named by its tool, file name, SHA-256 and the round the lead gave it
    (empty and 0 for laptops' session files). An older app merges into the panel as before
    (the columns have defaults), so the schema number stays."""
    for statement in (
        "ALTER TABLE sources ADD COLUMN tool TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE sources ADD COLUMN file TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE sources ADD COLUMN sha256 TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE sources ADD COLUMN imported_round INTEGER NOT NULL DEFAULT 0",
    ):
        db.execute(statement)


@PANEL_MIGRATIONS(name="0006_item_facts")
def _item_facts(db: Database) -> None:
    """Each item's caption source as the project said at the last merge that named the
    project, so a panel analysed away from its folder keeps its per-source figures. Only a
    table is added, which older apps do not read, so the schema number stays."""
    db.execute("CREATE TABLE item_facts (item_id TEXT PRIMARY KEY, source TEXT NOT NULL) "
               "STRICT, WITHOUT ROWID")


@PANEL_MIGRATIONS(name="0007_answer_types")
def _panel_answer_types(db: Database) -> None:
    """Each rating's answer type and text (session schema 4): a level, a yes/no flag, a
    choice or a free text. Ratings merged before are levels. The schema number rises, as an
    older app would take a flag or a choice for a level."""
    for statement in (
        "ALTER TABLE ratings ADD COLUMN answer TEXT NOT NULL DEFAULT 'scale'",
        "ALTER TABLE ratings ADD COLUMN answer_text TEXT NOT NULL DEFAULT ''",
        f"PRAGMA user_version = {PANEL_SCHEMA_VERSION}",
    ):
        db.execute(statement)


def connect_panel(path: Path, *, new: bool) -> sqlite3.Connection:
    """The merging connection to the panel at ``path``, its schema brought up to date
    (``new``: a file being made, which takes the panel's page size first)."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        if new:
            conn.execute(f"PRAGMA page_size = {_PAGE_BYTES}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")
        conn.execute("PRAGMA temp_store = MEMORY")
        PANEL_MIGRATIONS.apply(database(conn))
        conn.execute(
            "INSERT OR IGNORE INTO panel_info (key, value) VALUES ('kind', ?), "
            "('created_at', ?), ('app_version', ?)",
            [_KIND, datetime.now(UTC).isoformat(timespec="seconds"), __version__],
        )
    except BaseException:
        conn.close()
        raise
    return conn
