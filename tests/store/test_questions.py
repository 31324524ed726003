"""Several answers per item and round (seeds/004 §4.2): stored, chained, migrated, read."""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from annotator.errors import SessionFileError
from annotator.store.chain import genesis, link
from annotator.store.incoming import TamperedFileError, read_incoming
from annotator.store.reading import read_session_file
from annotator.store.records import Phase
from annotator.store.schema import SCHEMA_VERSION
from annotator.store.session_file import SessionStore
from tests.store.sessionfiles import (
    PROJECT,
    answers_for,
    edit,
    ratings_for,
    write_schema_1_file,
    write_schema_2_file,
    write_session_file,
)

QUESTIONS = ["truthful", "overall"]


def open_store(path: Path, laptop: str) -> SessionStore:
    return SessionStore.open(path, project_id=PROJECT, laptop_id=f"id-{laptop}")


def indexes(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(path)
    found = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                              "AND sql IS NOT NULL"))
    conn.close()
    return found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_schema_2_file_migrates_when_opened_and_its_chain_still_verifies(
        tmp_path: Path) -> None:
    old = ratings_for("ana", 4, seed=1)
    path = write_schema_2_file(tmp_path / "old.sqlite", old, laptop="old")
    assert "ratings_once_per_round" in indexes(path)
    store = open_store(path, "old")
    assert store.schema_version == SCHEMA_VERSION == 4
    assert store.ratings() == old  # question = stage = "" for every older rating
    new = answers_for("ana", "item0009", QUESTIONS, seed=2)
    for rating in new:
        store.record_rating(rating)
    store.close()
    found = indexes(path)
    assert "ratings_once_per_round" not in found
    assert "(tagger, round, item_id, question, stage)" in found["ratings_once_per_answer"]
    incoming = read_incoming(path)
    assert incoming.verified and [row["seq"] for row in incoming.rows()] == list(range(1, 9))
    assert [(row["question"], row["stage"]) for row in incoming.rows()[4:]] == [
        ("truthful", "pre"), ("truthful", "post"), ("overall", "pre"), ("overall", "post")]


def test_a_schema_1_file_gains_chain_and_questions_in_one_opening(tmp_path: Path) -> None:
    old = ratings_for("ana", 3, seed=1)
    path = write_schema_1_file(tmp_path / "old.sqlite", old, laptop="old")
    store = open_store(path, "old")
    assert store.ratings() == old
    store.record_rating(answers_for("ana", "item0009", ["overall"], seed=2)[0])
    store.close()
    assert read_incoming(path).verified


@pytest.mark.parametrize(("question", "stage"), [("overall", "during"), ("", "pre")])
def test_sqlite_itself_refuses_a_stage_out_of_place(tmp_path: Path, question: str,
                                                    stage: str) -> None:
    """The CHECK holds in a migrated file too (it came in by ALTER TABLE ADD COLUMN)."""
    path = write_schema_2_file(tmp_path / "old.sqlite", ratings_for("ana", 1, seed=1),
                               laptop="old")
    open_store(path, "old").close()
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        edit(path, "UPDATE ratings SET question = ?, stage = ?", question, stage)


def test_several_answers_per_item_are_stored_but_each_answer_only_once(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = open_store(path, "lap")
    answers = answers_for("ana", "item0001", QUESTIONS, seed=1)
    for rating in answers:
        store.record_rating(rating)
    assert store.ratings(tagger="ana") == answers
    again = replace(answers[1], rating_id="another-id", value=1.0)
    with pytest.raises(SessionFileError, match="could not be saved") as caught:
        store.record_rating(again)
    assert str(path) in str(caught.value)
    retest = replace(again, round=2, phase=Phase.RETEST)  # the next round may answer again
    store.record_rating(retest)
    assert store.ratings() == [*answers, retest]
    store.close()
    assert read_incoming(path).verified  # the refused answer left no trace in the chain


def test_the_consensus_counts_only_ratings_that_answer_no_question(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite", "lap")
    plain = ratings_for("ben", 2, seed=1)
    for rating in [*plain, *answers_for("ben", "item0000", QUESTIONS, seed=2, rnd=2)]:
        store.record_rating(rating)
    assert store.data_values_by_item(except_tagger="ana") == {
        r.item_id: [r.value] for r in plain}
    store.close()


def test_a_link_without_question_is_the_link_from_before_questions() -> None:
    """Pinned: computed by the app before questions existed, so old chains keep verifying."""
    content = ["r1", "ana", "i1", 1, "game", 3.0, "2026-11-22T09:00:00.000+00:00",
               "2026-11-22T09:00:04.000+00:00", 4000, None, None, None, "lap"]
    before = "58670f968d25afecb1f4e6296042066d731b8222001d19ea91778caf35e99953"
    start = genesis("p", "lap")
    assert link(start, content) == link(start, [*content, "", ""]) == before
    assert link(start, [*content, "overall", ""]) != before
    assert link(start, [*content, "overall", "pre"]) != link(start, [*content, "overall", "post"])


@pytest.mark.parametrize(
    ("sql", "seq"),
    [("UPDATE ratings SET question = 'overall' WHERE seq = 1", 1),
     ("UPDATE ratings SET stage = 'post' WHERE seq = 5", 5),
     ("UPDATE ratings SET stage = '' WHERE seq = 4", 4),
     ("UPDATE ratings SET question = 'brief' WHERE seq = 3", 3)],
    ids=["question-added", "stage-changed", "stage-cleared", "question-changed"],
)
def test_a_question_or_stage_edited_by_hand_is_found_and_named(tmp_path: Path, sql: str,
                                                               seq: int) -> None:
    answered = answers_for("ana", "item0009", QUESTIONS, seed=2)[:3]  # overall post to come
    ratings = [*ratings_for("ana", 2, seed=1), *answered]
    path = write_session_file(tmp_path / "a.sqlite", ratings)
    assert read_incoming(path).verified
    edit(path, sql)
    with pytest.raises(TamperedFileError) as caught:
        read_incoming(path)
    message = str(caught.value)
    assert str(path) in message
    assert f"rating {seq} (id {ratings[seq - 1].rating_id}) was changed" in message


@pytest.mark.parametrize("writer", [write_schema_1_file, write_schema_2_file])
def test_older_files_read_only_answer_no_question_and_stay_untouched(tmp_path: Path,
                                                                    writer) -> None:
    old = ratings_for("ana", 3, seed=1)
    path = writer(tmp_path / "old.sqlite", old, laptop="old")
    before = sha256(path)
    rows = read_session_file(path, project_id=PROJECT).ratings
    assert rows.rating_id == tuple(r.rating_id for r in old)
    assert rows.question == rows.stage == ("", "", "")
    incoming = read_incoming(path)
    assert [(row["question"], row["stage"]) for row in incoming.rows()] == [("", "")] * 3
    assert sha256(path) == before


def test_a_schema_3_file_reads_its_questions_read_only(tmp_path: Path) -> None:
    ratings = [*ratings_for("ana", 1, seed=1), *answers_for("ana", "item0009", QUESTIONS, seed=2)]
    path = write_session_file(tmp_path / "a.sqlite", ratings)
    before = sha256(path)
    rows = read_session_file(path).ratings
    assert rows.question == ("", "truthful", "truthful", "overall", "overall")
    assert rows.stage == ("", "pre", "post", "pre", "post")
    assert sha256(path) == before
