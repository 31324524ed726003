"""The project's facts about its items that a panel keeps (its items' caption sources), so
that ``annotator analyze PANEL`` gives the per-source figures wherever the file is.

A merge that knows the project (``--project``, or the panel in its project folder) records
them; a panel merged before the app kept them, or never merged with a project named, has
none, and its analysis takes the sources from the project folder when it finds one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.store.refusals import read_sqlite_file


def record_item_sources(conn: sqlite3.Connection, sources: Mapping[str, str]) -> None:
    """Replace the panel's item sources by ``sources`` (item id → source), in one
    transaction of the merging connection ``conn`` (autocommit mode)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("DELETE FROM item_facts")
        conn.executemany("INSERT INTO item_facts (item_id, source) VALUES (?, ?)",
                         sorted(sources.items()))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def read_item_sources(path: Path, *, error: type[AnnotatorError]) -> dict[str, str] | None:
    """The item sources the panel at ``path`` keeps; None when it keeps none (an older
    panel, or no merge named the project) or none of its items has a source. A file that
    cannot be read raises ``error``."""
    return read_sqlite_file(Path(path), _item_sources, error=error, kind="panel database")


def _item_sources(conn: sqlite3.Connection) -> dict[str, str] | None:
    tables = {name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "item_facts" not in tables:
        return None
    sources = {str(item): str(source) for item, source in conn.execute(
        "SELECT item_id, source FROM item_facts ORDER BY item_id")}
    return sources if any(sources.values()) else None
