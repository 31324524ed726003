"""sqlite-utils (the ``Database`` wrapper and the schema migrations), imported when a file
is first opened for writing, never with pandas.

sqlite-utils imports pandas whenever it is installed, to map pandas' types to columns,
which the app never asks of it: on a machine with pandas that alone made every command
and the app's start a quarter slower. Importing sqlite-utils also costs ~0.1 s that the
start screen, ``--help`` and an analysis do not need. So this is the one module that
imports it: on first use, with pandas hidden from it (an import the app never makes, so
no other thread can be caught by the hiding). Migrations are registered at import time
as before and handed to sqlite-utils when applied.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sqlite_utils import Database

Step = TypeVar("Step", bound=Callable[["Database"], None])
_HIDDEN = "pandas"


def library() -> ModuleType:
    """The sqlite_utils package, imported (the first time) without pandas."""
    hide = "sqlite_utils" not in sys.modules and _HIDDEN not in sys.modules
    if hide:
        sys.modules[_HIDDEN] = None  # type: ignore[assignment]  # importing it raises ImportError
    try:
        import sqlite_utils.migrations
    finally:
        if hide:
            del sys.modules[_HIDDEN]
    return sqlite_utils


def database(conn: sqlite3.Connection) -> Database:
    """sqlite-utils' ``Database`` on an open connection."""
    db: Database = library().Database(conn)
    return db


class Migrations:
    """A set of numbered schema migrations with sqlite-utils' decorator and ``apply``; the
    steps are recorded here and given to ``sqlite_utils.migrations.Migrations`` when
    first applied (the ``_sqlite_migrations`` table is sqlite-utils' own, as before)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._steps: list[tuple[str, Callable[[Database], None]]] = []

    def __call__(self, *, name: str) -> Callable[[Step], Step]:
        def register(step: Step) -> Step:
            self._steps.append((name, step))
            return step

        return register

    def apply(self, db: Database, **options: Any) -> None:
        """Apply every migration not yet applied (``options``: sqlite-utils' own)."""
        migrations = library().migrations.Migrations(self.name)
        for name, step in self._steps:
            migrations(name=name)(step)
        migrations.apply(db, **options)
