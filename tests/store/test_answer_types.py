"""Answers of their own type in session files and panels: stored with their type and text,
chained, migrated into older files, merged, and every value checked against the project's
questions (a flag of 0.5 or a choice nobody offers refuses the whole file)."""

from __future__ import annotations

import dataclasses
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from annotator.project.answer_model import AnswerKind
from annotator.project.folder import open_project
from annotator.store.merge import MergeStatus, merge_session_files
from annotator.store.panel_reading import read_panel_rows
from annotator.store.records import Phase, Rating
from annotator.store.schema import SCHEMA_VERSION
from annotator.store.validation import RowRules
from tests.store.sessionfiles import PROJECT, T0, open_store, ratings_for, write_session_file
from tests.study_rubric import use_study_rubric


def answer(item_id: str, question: str, kind: AnswerKind, value: float, text: str = "", *,
           n: int = 0) -> Rating:
    shown = T0 + timedelta(seconds=10 * n)
    return Rating(rating_id=f"00000000-0000-4000-8000-{n:012d}", tagger="ana", item_id=item_id,
                  round=1, phase=Phase.GAME, value=value, shown_at=shown,
                  submitted_at=shown + timedelta(seconds=2), ms_on_screen=2000,
                  question=question, stage="post", answer=kind, answer_text=text)


GOOD = [
    answer("item0", "wrong_info", AnswerKind.FLAG, 1.0, n=1),
    answer("item0", "wrong_note", AnswerKind.TEXT, 0.0, "The dog is a cat.", n=2),
    answer("item0", "audience", AnswerKind.CHOICE, 1.0, "blind", n=3),
    answer("item0", "overall", AnswerKind.SCALE, 6.0, n=4),
]


@pytest.fixture
def rules(make_project_folder) -> RowRules:
    return RowRules.of(open_project(use_study_rubric(make_project_folder(2, project_id=PROJECT))))


def test_typed_answers_merge_into_the_panel_with_their_type_and_text(
        tmp_path: Path, rules: RowRules) -> None:
    file = write_session_file(tmp_path / "a.sqlite", GOOD)
    report = merge_session_files(tmp_path / "panel.sqlite", [file], rules=rules)
    assert report.files[0].status is MergeStatus.MERGED and report.files[0].new == 4
    rows = read_panel_rows(tmp_path / "panel.sqlite")
    got = sorted(zip(rows.question, rows.answer, rows.value, rows.answer_text, strict=True))
    assert got == [("audience", "choice", 1.0, "blind"), ("overall", "scale", 6.0, ""),
                   ("wrong_info", "flag", 1.0, ""),
                   ("wrong_note", "text", 0.0, "The dog is a cat.")]


@pytest.mark.parametrize(("forged", "says"), [
    (dataclasses.replace(GOOD[0], value=0.5), "holds the value 0.5, not an answer of its"),
    (dataclasses.replace(GOOD[2], answer_text="nobody"), "holds the text 'nobody'"),
    (dataclasses.replace(GOOD[2], value=5.0), "holds the value 5"),
    (dataclasses.replace(GOOD[1], answer_text="x" * 201), "holds the text 'xxxx"),
    (dataclasses.replace(GOOD[0], answer=AnswerKind.TEXT), "is a 'text' answer, which its"),
    (dataclasses.replace(GOOD[3], answer=AnswerKind.FLAG, value=1.0), "is a 'flag' answer"),
    (dataclasses.replace(GOOD[3], answer_text="six"), "holds the text 'six'"),
])
def test_a_value_its_question_does_not_take_refuses_the_whole_file(
        tmp_path: Path, rules: RowRules, forged: Rating, says: str) -> None:
    """Written through the store (chain intact), as another program would write it."""
    forged = dataclasses.replace(forged, item_id="item1",
                                 rating_id="00000000-0000-4000-8000-000000000099")
    file = write_session_file(tmp_path / "a.sqlite", [*GOOD, forged])
    panel = tmp_path / "panel.sqlite"
    report = merge_session_files(panel, [file], rules=rules)
    refused = report.files[0]
    assert refused.status is MergeStatus.REFUSED and refused.new == 0
    assert says in refused.reason
    assert not panel.exists() or len(read_panel_rows(panel)) == 0


def test_a_schema_3_file_migrates_and_its_chain_and_levels_are_kept(tmp_path: Path) -> None:
    old = ratings_for("ana", 5, seed=3)
    path = tmp_path / "old.sqlite"
    store = open_store(path)
    for rating in old:
        store.record_rating(rating)
    store.close()
    conn = sqlite3.connect(path, isolation_level=None)
    for sql in ("ALTER TABLE ratings DROP COLUMN answer_text",
                "ALTER TABLE ratings DROP COLUMN answer",
                "DELETE FROM _sqlite_migrations WHERE name = '0004_answer_types'",
                "PRAGMA user_version = 3"):
        conn.execute(sql)
    conn.close()
    merged = merge_session_files(tmp_path / "before.sqlite", [path])
    assert merged.files[0].status is MergeStatus.MERGED  # read as it is, chain verified
    store = open_store(path)
    assert store.schema_version == SCHEMA_VERSION == 4
    assert store.ratings() == old and {r.answer for r in store.ratings()} == {AnswerKind.SCALE}
    store.record_rating(GOOD[0])
    store.close()
    again = merge_session_files(tmp_path / "after.sqlite", [path])
    assert again.files[0].status is MergeStatus.MERGED and again.files[0].new == 6
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT name FROM _sqlite_migrations ORDER BY rowid DESC LIMIT 1"
                        ).fetchone()[0] == "0004_answer_types"
    conn.close()


def test_an_older_app_refuses_a_file_with_answer_types_by_its_schema_number(
        tmp_path: Path) -> None:
    path = write_session_file(tmp_path / "a.sqlite", GOOD)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
    conn.close()
