"""The hash chain: kept by every write, added to older files, and breaking where edited."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from annotator.store.chain import (
    CONTENT_COLUMNS,
    HEAD_HASH_KEY,
    HEAD_LENGTH_KEY,
    genesis,
    link,
    verify,
)
from annotator.store.incoming import STORED_COLUMNS, TamperedFileError, read_incoming
from annotator.store.session_file import SessionStore
from tests.store.sessionfiles import (
    PROJECT,
    edit,
    ratings_for,
    write_schema_1_file,
    write_session_file,
)


def stored(path: Path) -> tuple[dict[str, str], list[tuple]]:
    conn = sqlite3.connect(path)
    info = dict(conn.execute("SELECT key, value FROM session_info"))
    rows = conn.execute(f"SELECT {', '.join(STORED_COLUMNS)} FROM ratings ORDER BY seq").fetchall()
    conn.close()
    return info, rows


def test_each_row_links_to_the_previous_and_the_head_records_the_end(tmp_path: Path) -> None:
    path = write_session_file(tmp_path / "a.sqlite", ratings_for("ana", 5, seed=1))
    info, rows = stored(path)
    previous = genesis(PROJECT, info["laptop_id"])
    for expected_seq, row in enumerate(rows, start=1):
        *content, seq, chain = row
        assert seq == expected_seq
        assert chain == link(previous, content)
        previous = chain
    assert info[HEAD_LENGTH_KEY] == "5" and info[HEAD_HASH_KEY] == previous


def test_an_empty_file_verifies(tmp_path: Path) -> None:
    path = write_session_file(tmp_path / "a.sqlite", [])
    assert read_incoming(path).rows() == []


def test_integer_and_float_values_link_the_same(tmp_path: Path) -> None:
    # The app may hand the store 3 or 3.0; SQLite gives back 3.0 either way.
    content = ["id", "ana", "item", 1, "game", 3, "t0", "t1", 5000, 4, 2, 1, "lap"]
    as_float = [*content[:5], 3.0, *content[6:9], 4.0, *content[10:]]
    assert link("x", content) == link("x", as_float)


def test_a_schema_1_file_gains_its_chain_when_the_app_opens_it(tmp_path: Path) -> None:
    ratings = ratings_for("ana", 4, seed=2)
    path = write_schema_1_file(tmp_path / "old.sqlite", ratings, laptop="old")
    assert read_incoming(path).verified is False
    store = SessionStore.open(path, project_id=PROJECT, laptop_id="id-old")
    assert store.ratings() == ratings
    store.record_rating(ratings_for("ben", 1, seed=3)[0])
    store.close()
    incoming = read_incoming(path)
    assert incoming.verified is True
    assert [row["seq"] for row in incoming.rows()] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (lambda p: edit(p, "UPDATE ratings SET value = 5.5 WHERE seq = 3"),
         "rating 3 (id {id3}) was changed after it was saved"),
        (lambda p: edit(p, "UPDATE ratings SET tagger = 'eve' WHERE seq = 1"),
         "rating 1 (id {id1}) was changed"),
        (lambda p: edit(p, "DELETE FROM ratings WHERE seq = 2"),
         "rating 3 (id {id3}) follows a gap: 1 rating was removed before it"),
        (lambda p: edit(p, "DELETE FROM ratings WHERE seq >= 5"),
         "the last 2 ratings were removed"),
        (lambda p: edit(p, "INSERT INTO ratings SELECT 'forged', tagger, 'item9999', round, "
                           "phase, value, shown_at, submitted_at, ms_on_screen, consensus, "
                           "consensus_n, points, laptop_id, NULL, NULL, question, stage, "
                           "answer, answer_text FROM ratings "
                           "WHERE seq = 1"),
         "a rating (id forged) was added by hand"),
        (lambda p: edit(p, "UPDATE session_info SET value = 'elsewhere' WHERE key = "
                           "'project_id'"),
         "rating 1 (id {id1}) was changed"),
        (lambda p: edit(p, "DELETE FROM session_info WHERE key = 'chain_head'"),
         "the record of the chain's end is missing"),
    ],
    ids=["value", "tagger", "deleted-middle", "deleted-last", "inserted", "project-id",
         "head-removed"],
)
def test_a_hand_edit_is_found_and_named(tmp_path: Path, tamper, expected: str) -> None:
    ratings = ratings_for("ana", 6, seed=4)
    path = write_session_file(tmp_path / "a.sqlite", ratings)
    assert read_incoming(path).verified
    tamper(path)
    with pytest.raises(TamperedFileError) as caught:
        read_incoming(path)
    message = str(caught.value)
    assert str(path) in message
    assert expected.format(id1=ratings[0].rating_id, id3=ratings[2].rating_id) in message
    assert caught.value.ratings == len(_rows(path))


def _rows(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT rating_id FROM ratings").fetchall()
    conn.close()
    return rows


def test_verify_accepts_exactly_the_untouched_chain() -> None:
    start = genesis("p", "l")
    content = [["r1", "ana", "i1", 1, "game", 3.0, "a", "b", 1, None, None, None, "l"],
               ["r2", "ana", "i2", 1, "game", 4.0, "a", "b", 1, 3.0, 1, 0, "l"]]
    first = link(start, content[0])
    second = link(first, content[1])
    rows = [(1, first, *content[0]), (2, second, *content[1])]
    assert verify(rows, start=start, head_length=2, head_hash=second) is None
    swapped = verify(rows[::-1], start=start, head_length=2, head_hash=second)
    assert swapped is not None and swapped.seq == 2
    forged_head = verify(rows, start=start, head_length=2, head_hash=first)
    assert forged_head is not None and "does not match" in forged_head.reason


def walk(rows, *, start, head_length, head_hash):
    """The row-by-row walk verify() replaced (issue 19), as the reference it must equal."""
    previous, expected = start, 1
    for seq, chain, *content in rows:
        if seq is None or chain is None:
            return (None, content[0], "added")
        if seq != expected:
            return (seq, content[0], f"gap {seq - expected}")
        if link(previous, content) != chain:
            return (seq, content[0], "changed")
        previous, expected = chain, expected + 1
    if head_length is None or head_hash is None or head_length != expected - 1 \
            or head_hash != previous:
        return (None, None, "head")
    return None


def test_verify_names_the_break_a_row_by_row_walk_names(tmp_path: Path) -> None:
    path = write_session_file(tmp_path / "a.sqlite", ratings_for("ana", 12, seed=3))
    info, stored_rows = stored(path)
    start = genesis(PROJECT, info["laptop_id"])
    good = [(row[-2], row[-1], *row[:-2]) for row in stored_rows]
    head = (int(info[HEAD_LENGTH_KEY]), info[HEAD_HASH_KEY])
    rng = random.Random(19)
    for _ in range(300):
        rows = [list(row) for row in good]
        for _ in range(rng.randint(1, 3)):
            n = rng.randrange(len(rows))
            match rng.randrange(5):
                case 0:
                    rows[n][2 + rng.randrange(5)] = "edited"
                case 1:
                    del rows[n]
                case 2:
                    rows.append([None, None, *rows[n][2:]])
                case 3:
                    rows[n][1] = None
                case _ if rows[n][0] is not None:
                    rows[n][0] += 1
            if not rows:
                break
        rows = sorted(map(tuple, rows), key=lambda r: (r[0] is None, r[0] or 0))
        found = verify(rows, start=start, head_length=head[0], head_hash=head[1])
        expected = walk(rows, start=start, head_length=head[0], head_hash=head[1])
        assert (found is None) == (expected is None)
        if found is not None:
            assert (found.seq, found.rating_id, kind(found.reason)) == expected


def kind(reason: str) -> str:
    if "added by hand" in reason:
        return "added"
    if "changed after" in reason:
        return "changed"
    if reason.startswith("follows a gap"):
        return f"gap {reason.split()[3]}"
    return "head"


def test_a_file_with_a_value_of_another_type_is_chained_as_python_reads_it(
        tmp_path: Path) -> None:
    """A forged file whose round is the real number 1e20 (1.0e+20 to SQLite, 1e+20 to
    Python), its chain recomputed with link(): the chain fits (read by link(), not from
    SQLite's text), and the value rules refuse it."""
    path = write_session_file(tmp_path / "a.sqlite", ratings_for("ana", 3, seed=4))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, ') STRICT', ')') "
                 "WHERE name = 'ratings'")
    conn.commit()
    conn.close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE ratings SET round = 1e20 WHERE seq = 2")
    info = dict(conn.execute("SELECT key, value FROM session_info"))
    previous = genesis(PROJECT, info["laptop_id"])
    for seq, *content in conn.execute(
            f"SELECT seq, {', '.join(CONTENT_COLUMNS)} FROM ratings ORDER BY seq").fetchall():
        previous = link(previous, content)
        conn.execute("UPDATE ratings SET chain = ? WHERE seq = ?", [previous, seq])
    conn.execute("UPDATE session_info SET value = ? WHERE key = ?", [previous, HEAD_HASH_KEY])
    conn.commit()
    conn.close()
    with pytest.raises(TamperedFileError, match=r"rating 2 .*has the round 1e\+20,"):
        read_incoming(path)
