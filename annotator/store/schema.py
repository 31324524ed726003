"""Numbered schema migrations of a session file.

Each migration is applied once, in one transaction, and recorded by sqlite-utils in
``_sqlite_migrations``; ``PRAGMA user_version`` mirrors the number applied so a file
written by a newer app is recognised before anything touches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from annotator.project.answer_model import MAX_TEXT_LENGTH
from annotator.store.chain import (
    HEAD_HASH_KEY,
    HEAD_LENGTH_KEY,
    SCHEMA_2_CONTENT_COLUMNS,
    genesis,
    link,
)
from annotator.store.sqlite_db import Migrations

if TYPE_CHECKING:
    from sqlite_utils import Database

MIGRATIONS = Migrations("annotator.session")


@MIGRATIONS(name="0001_initial")
def _initial(db: Database) -> None:
    # One statement at a time: executescript() would COMMIT and break the transaction.
    for statement in _statements(
        """
        CREATE TABLE session_info (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) STRICT;
        CREATE TABLE taggers (
            name TEXT PRIMARY KEY,
            added_at TEXT NOT NULL
        ) STRICT;
        CREATE TABLE order_seeds (
            tagger TEXT NOT NULL,
            round INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (tagger, round)
        ) STRICT;
        CREATE TABLE orders (
            tagger TEXT NOT NULL,
            round INTEGER NOT NULL,
            position INTEGER NOT NULL,
            item_id TEXT NOT NULL,
            PRIMARY KEY (tagger, round, position),
            UNIQUE (tagger, round, item_id)
        ) STRICT;
        CREATE TABLE ratings (
            rating_id TEXT PRIMARY KEY,
            tagger TEXT NOT NULL,
            item_id TEXT NOT NULL,
            round INTEGER NOT NULL CHECK (round >= 1),
            phase TEXT NOT NULL
                CHECK (phase IN ('tutorial', 'probation', 'game', 'retest', 'check')),
            value REAL NOT NULL,
            shown_at TEXT NOT NULL,
            submitted_at TEXT NOT NULL,
            ms_on_screen INTEGER NOT NULL CHECK (ms_on_screen >= 0),
            consensus REAL,
            consensus_n INTEGER,
            points INTEGER,
            laptop_id TEXT NOT NULL
        ) STRICT;
        CREATE INDEX ratings_by_item ON ratings (item_id);
        CREATE INDEX ratings_by_tagger_round ON ratings (tagger, round);
        CREATE UNIQUE INDEX ratings_once_per_round ON ratings (tagger, round, item_id)
            WHERE phase IN ('game', 'retest');
        """
    ):
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")


@MIGRATIONS(name="0002_hash_chain")
def _hash_chain(db: Database) -> None:
    """Tamper evidence (:mod:`annotator.store.chain`); ratings already saved are chained
    in storage order, so a file from before this version is protected from now on."""
    db.execute("ALTER TABLE ratings ADD COLUMN seq INTEGER")
    db.execute("ALTER TABLE ratings ADD COLUMN chain TEXT")
    db.execute("CREATE UNIQUE INDEX ratings_by_seq ON ratings (seq)")
    info = dict(db.execute("SELECT key, value FROM session_info").fetchall())
    if "project_id" in info:
        head = genesis(info["project_id"], info["laptop_id"])
        rows = db.execute(
            f"SELECT rowid, {', '.join(SCHEMA_2_CONTENT_COLUMNS)} FROM ratings ORDER BY rowid"
        ).fetchall()
        for seq, (rowid, *content) in enumerate(rows, start=1):
            head = link(head, content)
            db.execute("UPDATE ratings SET seq = ?, chain = ? WHERE rowid = ?", [seq, head, rowid])
        db.execute(
            "INSERT INTO session_info (key, value) VALUES (?, ?), (?, ?)",
            [HEAD_LENGTH_KEY, str(len(rows)), HEAD_HASH_KEY, head],
        )
    db.execute("PRAGMA user_version = 2")


@MIGRATIONS(name="0003_questions")
def _questions(db: Database) -> None:
    """Several answers per item and round (ContextRef, Kreiss et al. 2024, §4.2): which
    question each answers, and whether before (``pre``) or after (``post``) the image. Ratings
    already saved answer no question; their chain links stay as they were
    (:func:`annotator.store.chain.link`)."""
    for statement in (
        "ALTER TABLE ratings ADD COLUMN question TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE ratings ADD COLUMN stage TEXT NOT NULL DEFAULT '' "
        "CHECK (stage IN ('', 'pre', 'post') AND (stage = '' OR question != ''))",
        "DROP INDEX ratings_once_per_round",
        "CREATE UNIQUE INDEX ratings_once_per_answer "
        "ON ratings (tagger, round, item_id, question, stage) WHERE phase IN ('game', 'retest')",
        "PRAGMA user_version = 3",
    ):
        db.execute(statement)


@MIGRATIONS(name="0004_answer_types")
def _answer_types(db: Database) -> None:
    """Answers other than a level (:mod:`annotator.project.answer_model`): a yes/no flag, a
    choice, a free text. Every row says its type, so no reader takes a flag's 1 for a level;
    ratings already saved are levels, and their chain links stay as they were. The schema
    number rises: an older app would read a flag or a note as a rating, so it refuses the
    file instead."""
    for statement in (
        "ALTER TABLE ratings ADD COLUMN answer TEXT NOT NULL DEFAULT 'scale' "
        "CHECK (answer IN ('scale', 'flag', 'choice', 'text') "
        "AND (answer = 'scale' OR question != ''))",
        "ALTER TABLE ratings ADD COLUMN answer_text TEXT NOT NULL DEFAULT '' "
        f"CHECK (length(answer_text) <= {MAX_TEXT_LENGTH})",
        "PRAGMA user_version = 4",
    ):
        db.execute(statement)


SCHEMA_VERSION = 4
"""Number of migrations this app knows. Each migration sets ``user_version`` to its own
number, which is how an older app recognises a newer file without reading its tables."""


def _statements(script: str) -> list[str]:
    return [part.strip() for part in script.split(";") if part.strip()]
