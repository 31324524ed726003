"""Rounds in ``project.toml``: which rounds the lead started, on which items.

```toml
[rounds]
washout_days = 42      # time between rounds; less only warns (default: 6 weeks)

[rounds.2]             # written by `annotator round start` (flow overrides may sit here too)
started = 2027-01-10T09:30:00Z
items = "rounds/round-2-items.csv"   # optional subset: a CSV with an item_id column
```

The project's current round is the highest started one; round 1 exists from ``init``. A
round table without ``started`` holds settings prepared for a round not started yet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from annotator.errors import ProjectError
from annotator.project.csv_reader import read_table
from annotator.project.model import DEFAULT_WASHOUT_DAYS, Problem, Project, RoundRecord

ROUND_KEYS = frozenset({"started", "items"})
"""Keys of a ``[rounds.N]`` table that describe the round rather than how it is played."""
ROUNDS_SETTINGS = frozenset({"washout_days"})
"""Keys of the ``[rounds]`` table itself."""
SUBSET_COLUMN = "item_id"


@dataclass(frozen=True)
class RoundSummary:
    """One round as ``annotator round list`` and the lead's Rounds dialog show it."""

    number: int
    started: dt.datetime | None
    """None: round 1 (it starts with the project), or a round prepared but not started."""
    pairs: int
    feedback: bool
    items_file: str
    """The subset file, "" when the round covers every pair."""

    @property
    def when(self) -> str:
        if self.started is not None:
            return f"{self.started:%Y-%m-%d %H:%M} UTC"
        return "with the project" if self.number == 1 else "not started"


def round_summaries(project: Project) -> list[RoundSummary]:
    """Round 1 and every round of ``project.toml``, in order."""
    summaries = []
    for number in sorted({1, *project.rounds}):
        record = project.rounds.get(number)
        summaries.append(RoundSummary(
            number=number,
            started=record.started if record is not None else None,
            pairs=len(project.round_items(number)),
            feedback=project.flow.for_round(number).feedback,
            items_file=record.items_file if record is not None else "",
        ))
    return summaries


def read_rounds(
    document: Mapping[str, Any],
    lines: Mapping[str, int],
    *,
    path: Path,
    item_ids: Collection[str],
) -> tuple[dict[int, RoundRecord], int, list[Problem]]:
    """The round records and the washout of a parsed ``project.toml``, and the problems.

    A ``started`` that is not a time, or a subset file that is missing or outside the
    folder, raises :class:`ProjectError` naming the line: which items a round covers must
    never be guessed. Bad rows of a subset file are problems; its other rows still count.
    (The shape of ``[rounds]`` itself is checked by :mod:`annotator.project.flow_settings`.)
    """
    raw = document.get("rounds", {})
    records: dict[int, RoundRecord] = {}
    problems: list[Problem] = []
    if not isinstance(raw, dict):
        return records, DEFAULT_WASHOUT_DAYS, problems
    washout = _washout(raw.get("washout_days", DEFAULT_WASHOUT_DAYS), path,
                       lines.get("rounds.washout_days"))
    for name, table in raw.items():
        if not (name.isdigit() and isinstance(table, dict)):
            continue
        where = f"rounds.{name}"
        started = None
        if "started" in table:
            started = parse_started(table["started"], where, path, lines.get(f"{where}.started"))
        subset: tuple[str, ...] | None = None
        items_file = ""
        if "items" in table:
            line = lines.get(f"{where}.items")
            subset_path, items_file = _subset_path(table["items"], where, path, line)
            ids, subset_problems = read_subset(subset_path, item_ids)
            subset = tuple(ids)
            problems += subset_problems
        records[int(name)] = RoundRecord(int(name), started, subset, items_file)
    return records, washout, problems


def parse_started(raw: Any, where: str, path: Path, line: int | None) -> dt.datetime:
    """A round's start as an aware UTC time; a bare date means its midnight UTC."""
    if isinstance(raw, dt.datetime) and raw.tzinfo is not None:
        return raw.astimezone(dt.UTC)
    if isinstance(raw, dt.date) and not isinstance(raw, dt.datetime):
        return dt.datetime(raw.year, raw.month, raw.day, tzinfo=dt.UTC)
    raise ProjectError(
        f"[{where}] started must be a date, or a date and time with its time zone, like "
        "2027-01-10T09:30:00Z (UTC), without quotes.",
        file=path,
        line=line,
    )


def read_subset(path: Path, item_ids: Collection[str]) -> tuple[list[str], list[Problem]]:
    """The item ids listed in a subset CSV (an ``item_id`` column), in file order.

    Every unusable row (empty id, an id listed twice, an id that is not an item of
    ``items.csv``) is a :class:`Problem` with its line; the other rows count.
    """
    table = read_table(path, required=(SUBSET_COLUMN,), known=(SUBSET_COLUMN,))
    problems = list(table.problems)
    ids: list[str] = []
    seen: dict[str, int] = {}
    for row in table.rows:
        item_id = row.values.get(SUBSET_COLUMN, "").strip()
        message = None
        if not item_id:
            message = "The item_id is empty."
        elif item_id in seen:
            message = f"The item id {item_id!r} is already listed on line {seen[item_id]}."
        elif item_id not in item_ids:
            message = f"The item id {item_id!r} is not an item of items.csv."
        if message is not None:
            problems.append(Problem(path, row.line, f"{message} The row was skipped."))
            continue
        seen[item_id] = row.line
        ids.append(item_id)
    if not ids and not problems:
        problems.append(Problem(path, None, "The file lists no item ids."))
    return ids, problems


def _subset_path(raw: Any, where: str, path: Path, line: int | None) -> tuple[Path, str]:
    relative = PurePosixPath(raw.replace("\\", "/")) if isinstance(raw, str) else None
    if relative is None or not raw.strip() or relative.is_absolute() or ".." in relative.parts:
        raise ProjectError(
            f"[{where}] items must be the path of a CSV file inside the project folder, "
            'in quotes, like "rounds/round-2-items.csv".',
            file=path,
            line=line,
        )
    subset = path.parent / relative
    if not subset.is_file():
        raise ProjectError(
            f"[{where}] items names {relative}, which is not in the project folder. "
            "Copy it back, or start the round again with `annotator round start --items`.",
            file=path,
            line=line,
        )
    return subset, relative.as_posix()


def _washout(raw: Any, path: Path, line: int | None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= 3650:
        raise ProjectError(
            "[rounds] washout_days must be a whole number of days (0 to 3650), like 42.",
            file=path,
            line=line,
        )
    return raw
