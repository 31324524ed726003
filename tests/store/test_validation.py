"""Every value of another laptop's rating, checked in one scan: form alone without a
project, and against its rubric with one."""

from __future__ import annotations

import sqlite3

import pytest

from annotator.store.validation import ALL_PHASES, RowRules, first_bad_row

RULES = RowRules("vicr5", (1.0, 2.0, 3.0, 4.0, 5.0), False, frozenset({"overall"}))
GOOD = ("r1", "ana", "item1", 1, "game", 3.0, "2026-11-22T09:00:00.000+00:00",
        "2026-11-22T09:00:04.000+00:00", 4000, 3.0, 2, 1, "lab", "", "", 1)


def table(*rows: tuple) -> sqlite3.Connection:
    """A lax ratings table (any value of any type goes in), as a forger would make it."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE ratings (rating_id, tagger, item_id, round, phase, value, "
                 "shown_at, submitted_at, ms_on_screen, consensus, consensus_n, points, "
                 "laptop_id, question, stage, seq)")
    conn.executemany(f"INSERT INTO ratings VALUES ({', '.join('?' * 16)})", rows)
    return conn


def with_(**changes: object) -> tuple:
    names = ("rating_id", "tagger", "item_id", "round", "phase", "value", "shown_at",
             "submitted_at", "ms_on_screen", "consensus", "consensus_n", "points", "laptop_id",
             "question", "stage", "seq")
    return tuple(changes.get(name, value) for name, value in zip(names, GOOD, strict=True))


def test_rows_the_app_writes_pass() -> None:
    conn = table(GOOD, with_(rating_id="r2", consensus=None, consensus_n=None, points=None,
                             question="overall", stage="post", seq=2))
    assert first_bad_row(conn, RULES) is None and first_bad_row(conn, None) is None


@pytest.mark.parametrize(("change", "reason"), [
    ({"value": 99.0}, "holds the value 99, not an answer of the rubric vicr5: 1, 2, 3, 4, 5"),
    ({"value": -1.0}, "holds a SKIP answer, which the rubric vicr5: 1, 2, 3, 4, 5 does not "
                      "offer"),
    ({"points": 3}, "earned 3 points"),
    ({"question": "bonus"}, "answers the question 'bonus'"),
    ({"stage": "pre"}, "has a stage but answers no question"),
])
def test_the_rubric_decides_values_points_and_questions(change: dict, reason: str) -> None:
    bad = first_bad_row(table(GOOD, with_(rating_id="r2", seq=2, **change)), RULES,
                        place_by_seq=True)
    assert (bad.place, bad.rating_id) == (2, "r2") and bad.reason.startswith(reason)


@pytest.mark.parametrize(("change", "reason"), [
    ({"value": "abc"}, "holds the value 'abc', not an answer of a finite number"),
    ({"value": float("inf")}, "holds the value inf"),
    ({"question": "Not An Id"}, "answers the question 'Not An Id'"),
    ({"round": 1.5}, "has the round 1.5, not a whole number from 1"),
    ({"phase": None}, "has the phase NULL (empty)"),
    ({"submitted_at": "2026-11-22 09:00"}, "was submitted at '2026-11-22 09:00', not a time"),
])
def test_without_a_project_the_form_of_each_value_is_checked(change: dict, reason: str) -> None:
    bad = first_bad_row(table(GOOD, with_(rating_id="r2", **change)), None)
    assert bad.place == 2 and bad.reason.startswith(reason)


def test_the_first_bad_row_in_storage_order_is_named() -> None:
    conn = table(GOOD, with_(rating_id="r2", round=0), with_(rating_id="r3", value=7.0))
    bad = first_bad_row(conn, RULES)
    assert (bad.place, bad.reason) == (2, "has the round 0, not a whole number from 1 to "
                                          "999")


def test_a_snapshot_may_hold_only_data_phases() -> None:
    conn = table(with_(phase="tutorial"))
    assert first_bad_row(conn, RULES) is None
    bad = first_bad_row(conn, RULES, phases={"game", "retest"})
    assert bad.reason == "has the phase 'tutorial', which is none of game, retest"
    assert first_bad_row(conn, RULES, phases=ALL_PHASES) is None
