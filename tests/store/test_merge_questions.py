"""Merging files whose ratings answer several questions, into new and older panels."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from annotator.analysis.loading import counted_rows
from annotator.store.incoming import read_incoming
from annotator.store.merge import merge_session_files
from annotator.store.panel import ConflictError, Panel
from annotator.store.panel_reading import read_panel_rows
from annotator.store.panel_schema import PANEL_MIGRATIONS, PANEL_SCHEMA_VERSION
from tests.store.sessionfiles import (
    answers_for,
    content_hash,
    edit,
    ratings_for,
    write_schema_2_file,
    write_session_file,
)

QUESTIONS = ["truthful", "overall"]


@pytest.fixture
def laptops(tmp_path: Path) -> list[Path]:
    """ana answers item0001 on laptop a, and its 'truthful' question again on laptop b."""
    return [
        write_session_file(tmp_path / "a.sqlite", [
            *ratings_for("ana", 2, seed=3),
            *answers_for("ana", "item0001", QUESTIONS, seed=1)]),
        write_session_file(tmp_path / "b.sqlite",
                           answers_for("ana", "item0001", ["truthful"], seed=2)),
    ]


def test_answers_are_merged_and_repeats_are_counted_per_question_and_stage(
        tmp_path: Path, laptops: list[Path]) -> None:
    panel_path = tmp_path / "panel.sqlite"
    report = merge_session_files(panel_path, laptops)
    assert [(f.new, f.repeats) for f in report.files] == [(6, 0), (2, 2)]
    conn = sqlite3.connect(panel_path)
    stored = conn.execute("SELECT question, stage, count(*) FROM ratings "
                          "GROUP BY question, stage ORDER BY question, stage").fetchall()
    conn.close()
    assert stored == [("", "", 2), ("overall", "post", 1), ("overall", "pre", 1),
                      ("truthful", "post", 2), ("truthful", "pre", 2)]
    rows = read_panel_rows(panel_path)
    assert len(rows) == 8  # every answer, each with its laptop
    counted = [int(i) for i in counted_rows(rows)]
    answers = sorted((rows.item_id[i], rows.question[i], rows.stage[i]) for i in counted)
    assert answers == [("item0000", "", ""), ("item0001", "", ""),
                       ("item0001", "overall", "post"), ("item0001", "overall", "pre"),
                       ("item0001", "truthful", "post"), ("item0001", "truthful", "pre")]
    # Both laptops answered 'truthful' at the same moments: the smaller id is counted.
    by_answer = {(r["question"], r["stage"]): r for r in read_incoming(laptops[1]).rows()}
    for row in read_incoming(laptops[0]).rows():
        if row["question"] == "truthful":
            twin = by_answer[(row["question"], row["stage"])]
            assert min(row["rating_id"], twin["rating_id"]) in {rows.rating_id[i] for i in counted}


def test_merging_answers_again_changes_nothing(tmp_path: Path, laptops: list[Path]) -> None:
    panel_path = tmp_path / "panel.sqlite"
    merge_session_files(panel_path, laptops)
    first = content_hash(panel_path)
    report = merge_session_files(panel_path, laptops[::-1])
    assert report.new == 0 and content_hash(panel_path) == first


def test_the_content_hash_and_the_conflict_check_cover_question_and_stage(
        tmp_path: Path, laptops: list[Path]) -> None:
    panel_path = tmp_path / "panel.sqlite"
    merge_session_files(panel_path, laptops[:1])
    before = content_hash(panel_path)
    edit(panel_path, "UPDATE ratings SET stage = 'post' WHERE question = 'overall' "
                     "AND stage = 'pre'")
    assert content_hash(panel_path) != before
    report = merge_session_files(panel_path, laptops[:1])
    assert "already in the panel with different content" in report.files[0].reason
    panel = Panel.open(panel_path)
    try:
        with pytest.raises(ConflictError):
            panel.merge(read_incoming(laptops[0]))
    finally:
        panel.close()


def schema_1_panel(path: Path) -> Path:
    """A panel as the app wrote it before questions (panel schema 1), nothing merged yet."""
    conn = sqlite3.connect(path, isolation_level=None)
    PANEL_MIGRATIONS.apply(Database(conn), stop_before="0002_questions")
    conn.execute("INSERT INTO panel_info VALUES ('kind', 'panel')")
    conn.close()
    return path


def ratings_sql(path: Path) -> str:
    conn = sqlite3.connect(path)
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'ratings'").fetchone()[0]
    conn.close()
    return sql


def test_an_older_panel_is_read_as_it_is_and_migrated_when_merged_into(
        tmp_path: Path, laptops: list[Path]) -> None:
    old_file = write_schema_2_file(tmp_path / "old.sqlite", ratings_for("cy", 3, seed=5),
                                   laptop="old")
    # The older panel, as that app left it after merging: merged today, then the two
    # columns taken away again (the table is then exactly schema 1's, as checked).
    old_panel = tmp_path / "old-panel.sqlite"
    merge_session_files(old_panel, [old_file])
    for sql in ("ALTER TABLE ratings DROP COLUMN answer_text",
                "ALTER TABLE ratings DROP COLUMN answer",
                "ALTER TABLE ratings DROP COLUMN stage",
                "ALTER TABLE ratings DROP COLUMN question",
                "DELETE FROM _sqlite_migrations WHERE name IN ('0002_questions', "
                "'0007_answer_types')",
                "PRAGMA user_version = 1"):
        edit(old_panel, sql)
    assert ratings_sql(old_panel) == ratings_sql(schema_1_panel(tmp_path / "empty.sqlite"))

    before = hashlib.sha256(old_panel.read_bytes()).hexdigest()
    rows = read_panel_rows(old_panel)
    assert len(rows) == 3 and rows.question == rows.stage == ("", "", "")
    assert hashlib.sha256(old_panel.read_bytes()).hexdigest() == before

    merge_session_files(old_panel, laptops)
    new_panel = tmp_path / "new-panel.sqlite"
    merge_session_files(new_panel, [old_file, *laptops])
    assert content_hash(old_panel) == content_hash(new_panel)
    conn = sqlite3.connect(old_panel)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == PANEL_SCHEMA_VERSION == 3
    conn.close()
    assert sorted(set(read_panel_rows(old_panel).question)) == ["", "overall", "truthful"]
