"""Shared helpers of the adversarial tests: the attacker's and the careless user's tools.

Each test here plays one case of issue 17 end to end through the real app (files written by
the real store, refusals read from the real commands and windows) and checks that nothing
prints a traceback and no acknowledged rating is lost.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.ui.conftest import capture_message_box, make_main_window  # noqa: F401 - fixtures

FORGED_VALUES = (1e308, 99.0, -7.0, "abc")
"""The values issue 17 found accepted: out of range, off the scale, negative, not a number."""


def ratings_in(path: Path, columns: str = "rating_id, tagger, item_id, value") -> list[tuple]:
    """``columns`` of every stored rating of a session file, in storage order, read-only."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute(f"SELECT {columns} FROM ratings ORDER BY rowid").fetchall()
    finally:
        conn.close()


def forge(path: Path, sql: str, *params: object) -> None:
    """Change a file by hand with plain sqlite3, as someone tampering would."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(sql, params)
    finally:
        conn.close()
