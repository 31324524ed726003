"""Real session files with real ratings, written through the store, for merge tests."""

from __future__ import annotations

import random
import sqlite3
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlite_utils import Database

from annotator.store.panel import Panel
from annotator.store.records import Phase, Rating
from annotator.store.schema import MIGRATIONS
from annotator.store.session_file import SessionStore

PROJECT = "8d0c1f4e-0000-4000-8000-00000000000a"
OTHER_PROJECT = "8d0c1f4e-0000-4000-8000-00000000000b"
T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def open_store(path: Path, project_id: str = PROJECT) -> SessionStore:
    """A session file of laptop ``lab-1`` bound to ``project_id``, created if missing."""
    return SessionStore.open(path, project_id=project_id, laptop_id="laptop-1", laptop_name="lab-1")


def make_rating(item_id: str = "item001", *, tagger: str = "ana", phase: Phase = Phase.GAME,
                value: float = 3.0) -> Rating:
    """One game rating shown at ``T0`` and submitted 4 s later."""
    return Rating(
        rating_id=str(uuid.uuid4()), tagger=tagger, item_id=item_id, round=1, phase=phase,
        value=value, shown_at=T0, submitted_at=T0 + timedelta(seconds=4), ms_on_screen=4000,
    )


def ratings_for(tagger: str, n: int, *, seed: int, rnd: int = 1) -> list[Rating]:
    """``n`` game ratings of items item0000… by one tagger, one every 7 s."""
    rng = random.Random(f"{tagger}:{seed}")
    phase = Phase.GAME if rnd == 1 else Phase.RETEST
    out = []
    for i in range(n):
        shown = T0 + timedelta(seconds=7 * i)
        out.append(Rating(
            rating_id=str(uuid.UUID(int=rng.getrandbits(128), version=4)), tagger=tagger,
            item_id=f"item{i:04d}", round=rnd, phase=phase, value=float(rng.randint(1, 5)),
            shown_at=shown, submitted_at=shown + timedelta(seconds=5), ms_on_screen=5000,
            consensus=None if i == 0 else 3.0, consensus_n=None if i == 0 else 2,
            points=None if i == 0 else rng.randint(-2, 2)))
    return out


def write_session_file(path: Path, ratings: list[Rating], *, project_id: str = PROJECT,
                       laptop: str | None = None) -> Path:
    """A session file holding ``ratings``, written one by one as the app writes them."""
    laptop = laptop or path.stem
    store = SessionStore.open(path, project_id=project_id, laptop_id=f"id-{laptop}",
                              laptop_name=laptop)
    store._db.execute("PRAGMA synchronous=OFF")  # fixtures need no fsync; the rows are the same
    for rating in ratings:
        store.record_rating(rating)
    store.close()
    return path


def write_schema_1_file(path: Path, ratings: list[Rating], *, laptop: str) -> Path:
    """A file as the app wrote it before the hash chain (schema 1)."""
    conn = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS.apply(Database(conn), stop_before="0002_hash_chain")
    conn.execute("INSERT INTO session_info VALUES ('project_id', ?), ('laptop_id', ?), "
                 "('laptop_name', ?), ('created_at', '2026-01-01T00:00:00.000+00:00'), "
                 "('app_version', '0.1')", [PROJECT, f"id-{laptop}", laptop])
    for r in ratings:
        conn.execute(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [r.rating_id, r.tagger, r.item_id, r.round, r.phase.value, r.value,
             r.shown_at.isoformat(timespec="milliseconds"),
             r.submitted_at.isoformat(timespec="milliseconds"), r.ms_on_screen, r.consensus,
             r.consensus_n, r.points, f"id-{laptop}"])
    conn.close()
    return path


def write_schema_2_file(path: Path, ratings: list[Rating], *, laptop: str) -> Path:
    """A file as the app wrote it before questions (schema 2): its ratings chained by the
    app's own 0002 migration, which chains exactly as the app then chained each write."""
    write_schema_1_file(path, ratings, laptop=laptop)
    conn = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS.apply(Database(conn), stop_before="0003_questions")
    conn.close()
    return path


def answers_for(tagger: str, item_id: str, questions: list[str], *, seed: int,
                rnd: int = 1) -> list[Rating]:
    """Every (question, stage) answer of one item, pre then post per question, 3 s apart."""
    rng = random.Random(f"{tagger}:{item_id}:{seed}")
    phase = Phase.GAME if rnd == 1 else Phase.RETEST
    out = []
    for i, (question, stage) in enumerate(
            (q, s) for q in questions for s in ("pre", "post")):
        shown = T0 + timedelta(seconds=3 * i)
        out.append(Rating(
            rating_id=str(uuid.UUID(int=rng.getrandbits(128), version=4)), tagger=tagger,
            item_id=item_id, round=rnd, phase=phase, value=float(rng.randint(1, 5)),
            shown_at=shown, submitted_at=shown + timedelta(seconds=2), ms_on_screen=2000,
            question=question, stage=stage))
    return out


def content_hash(panel_path: Path) -> str:
    """The content hash of the panel at ``panel_path`` (an existing one)."""
    panel = Panel.open(panel_path, create=False)
    try:
        return panel.content_hash()
    finally:
        panel.close()


def edit(path: Path, sql: str, *params: object) -> None:
    """Change a file by hand with plain sqlite3, as someone tampering would."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(sql, params)
    conn.close()


def content(panel_path: Path) -> tuple[str, int]:
    """The panel's content hash and rating count: what a merge must leave whole."""
    panel = Panel.open(panel_path, create=False)
    try:
        return panel.content_hash(), panel.rating_count()
    finally:
        panel.close()
