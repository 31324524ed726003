"""The session file: creation, migrations, refusals and durable writes (DESIGN §5)."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from annotator.errors import SessionFileError
from annotator.store.chain import CONTENT_COLUMNS
from annotator.store.records import Phase, Rating
from annotator.store.schema import SCHEMA_VERSION
from annotator.store.stored_rows import stored_row
from tests.store.sessionfiles import OTHER_PROJECT, PROJECT, T0, make_rating, open_store


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_new_file_is_migrated_strict_wal_and_bound_to_the_project(tmp_path: Path) -> None:
    path = tmp_path / "sessions" / "lab-1.sqlite"
    store = open_store(path)
    assert store.schema_version == SCHEMA_VERSION == 4
    assert store.info()["project_id"] == PROJECT
    assert store.info()["laptop_id"] == "laptop-1"
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"))
    for name in ("session_info", "taggers", "orders", "order_seeds", "ratings"):
        assert tables[name].rstrip().endswith("STRICT"), name
    applied = conn.execute("SELECT name FROM _sqlite_migrations").fetchall()
    assert applied == [("0001_initial",), ("0002_hash_chain",), ("0003_questions",),
                       ("0004_answer_types",)]
    assert len(applied) == SCHEMA_VERSION  # every migration must also bump user_version


def test_reopening_applies_no_migration_twice_and_keeps_ratings(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = open_store(path)
    rating = make_rating()
    store.record_rating(rating)
    store.close()
    again = open_store(path)
    assert again.ratings() == [rating]
    assert again.schema_version == SCHEMA_VERSION


def test_a_rating_is_readable_by_another_connection_when_record_returns(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = open_store(path)
    rating = make_rating()
    store.record_rating(rating)
    other = sqlite3.connect(path)
    assert other.execute("SELECT rating_id, value FROM ratings").fetchall() == [
        (rating.rating_id, 3.0)
    ]


def test_file_of_another_project_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    open_store(path).close()
    before = sha256(path)
    with pytest.raises(SessionFileError) as caught:
        open_store(path, project_id=OTHER_PROJECT)
    assert str(path) in str(caught.value)
    assert "another project" in str(caught.value)
    assert sha256(path) == before


def test_file_of_a_newer_schema_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    open_store(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 7")
    conn.close()
    before = sha256(path)
    with pytest.raises(SessionFileError) as caught:
        open_store(path)
    assert "newer version" in str(caught.value)
    assert str(path) in str(caught.value)
    assert sha256(path) == before


def test_a_text_file_is_refused_as_not_a_session_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_text("item,rating\n1,3\n", encoding="utf-8")
    with pytest.raises(SessionFileError) as caught:
        open_store(path)
    assert "not a session file" in str(caught.value)
    assert path.read_text(encoding="utf-8") == "item,rating\n1,3\n"


def test_another_programs_sqlite_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.close()
    before = sha256(path)
    with pytest.raises(SessionFileError) as caught:
        open_store(path)
    assert "not a session file" in str(caught.value)
    assert sha256(path) == before


def test_a_truncated_session_file_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = open_store(path)
    for index in range(300):
        store.record_rating(make_rating(f"item{index:03d}"))
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    with pytest.raises(SessionFileError) as caught:
        store = open_store(path)
        store.ratings()
        store.integrity_check()
    assert str(path) in str(caught.value)


def test_one_data_rating_per_item_tagger_and_round(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite")
    store.record_rating(make_rating("item001"))
    with pytest.raises(SessionFileError):
        store.record_rating(make_rating("item001"))
    store.record_rating(make_rating("gold001", phase=Phase.PROBATION))
    store.record_rating(make_rating("gold001", phase=Phase.PROBATION))
    assert len(store.ratings()) == 3


def test_a_failed_write_says_so_and_stores_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite")
    rating = make_rating()
    store.record_rating(rating)
    with pytest.raises(SessionFileError) as caught:
        store.record_rating(rating)  # same primary key
    assert "could not be saved" in str(caught.value)
    assert store.ratings() == [rating]


def test_order_is_recorded_with_its_seed_and_extended_in_place(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite")
    store.extend_order("ana", 1, ["b", "a", "c"], seed=42, now=T0)
    store.extend_order("ana", 1, ["d"], seed=99, now=T0)
    assert store.order("ana", 1) == ["b", "a", "c", "d"]
    assert store.order_seed("ana", 1) == 42
    assert store.order("ana", 2) == []
    assert store.order_seed("bob", 1) is None


def test_taggers_are_listed_once_in_name_order(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite")
    for name in ("zoe", "Ana", "zoe", "bob"):
        store.add_tagger(name, now=T0)
    assert store.taggers() == ["Ana", "bob", "zoe"]


def test_rated_item_ids_filters_by_tagger_round_and_phase(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite")
    store.record_rating(make_rating("a"))
    store.record_rating(make_rating("b", tagger="bob"))
    store.record_rating(make_rating("g", phase=Phase.TUTORIAL))
    assert store.rated_item_ids("ana", 1, [Phase.GAME]) == {"a"}
    assert store.rated_item_ids("ana", 1, [Phase.GAME, Phase.TUTORIAL]) == {"a", "g"}
    assert store.rated_item_ids("ana", 2, [Phase.GAME]) == set()


def test_naive_times_are_rejected() -> None:
    from annotator.store.stored_rows import to_iso

    with pytest.raises(ValueError):
        to_iso(datetime(2026, 1, 1))
    assert to_iso(T0) == "2026-11-22T09:00:00.000+00:00"


def test_a_rating_is_stored_by_column_name_in_the_chain_s_order(tmp_path: Path) -> None:
    """The insert and the chain take their columns from one list: a rating's row names each
    of them once, in that order, and reads back field by field."""
    rating = Rating(
        rating_id="r-1", tagger="ana", item_id="item001", round=2, phase=Phase.RETEST,
        value=4.0, shown_at=T0, submitted_at=T0 + timedelta(seconds=3), ms_on_screen=3000,
        consensus=3.5, consensus_n=4, points=1, question="truthful", stage="post")
    assert tuple(stored_row(rating, "laptop-1")) == CONTENT_COLUMNS
    store = open_store(tmp_path / "s.sqlite")
    store.record_rating(rating)
    assert store.ratings() == [rating]
    store.close()
    with sqlite3.connect(tmp_path / "s.sqlite") as conn:
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT * FROM ratings").fetchone()
    assert {column: row[column] for column in CONTENT_COLUMNS} == stored_row(rating, "laptop-1")
