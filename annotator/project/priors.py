"""``priors.csv``: machine ratings that stand in for people while a pair has few ratings.

VICR primed every pair with two model ratings, replaced one by one as human ratings came
in (Narins et al., NeurIPS 2023, §3.2). Columns: ``item_id``, ``rating`` (a level
of the project's rubric) and an optional ``source`` naming the model. Priors only feed
the game's consensus; they are never data.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path

from annotator.project.csv_reader import read_table
from annotator.project.model import Problem, Rubric
from annotator.project.rubric import parse_level_value

PRIORS_FILE = "priors.csv"
PRIORS_COLUMNS = ("item_id", "rating", "source")


def read_priors(
    root: Path, rubric: Rubric, *, item_ids: Collection[str]
) -> tuple[Mapping[str, tuple[float, ...]], list[Problem]]:
    """Prior ratings per item id, in file order (none if there is no ``priors.csv``)."""
    path = root / PRIORS_FILE
    if not path.exists():
        return {}, []
    table = read_table(path, required=("item_id", "rating"), known=PRIORS_COLUMNS)
    problems = list(table.problems)
    priors: dict[str, list[float]] = {}
    for row in table.rows:
        item_id = row.values.get("item_id", "").strip()
        value, message = parse_level_value(row.values.get("rating", ""), rubric)
        if not item_id:
            message = "The item_id is empty."
        elif item_id not in item_ids:
            message = f"The item_id {item_id!r} is not an item of items.csv."
        if message is not None:
            problems.append(Problem(path, row.line, f"{message} The row was skipped."))
            continue
        priors.setdefault(item_id, []).append(value)
    return {item_id: tuple(values) for item_id, values in priors.items()}, problems


def prior_sources(root: Path) -> tuple[str, ...]:
    """The machines ``priors.csv`` names in its ``source`` column, each once, in file order:
    what a simulation that leans on them must tell its reader they are."""
    path = root / PRIORS_FILE
    if not path.exists():
        return ()
    table = read_table(path, required=("item_id", "rating"), known=PRIORS_COLUMNS)
    names = (row.values.get("source", "").strip() for row in table.rows)
    return tuple(dict.fromkeys(name for name in names if name))
