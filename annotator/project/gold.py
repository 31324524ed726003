"""``gold.csv``: expert-rated pairs for the tutorial, probation and attention checks (DESIGN §6).

Rows are checked like ``items.csv`` rows, plus the rating must be one of the rubric's level
values and the purpose one of :class:`GoldPurpose`. Gold pairs are never part of the rated
dataset, so their ids must not collide with ``items.csv`` ids.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from annotator.project.items import ITEM_COLUMNS, ITEMS_FILE, RowChecker
from annotator.project.model import GoldItem, GoldPurpose, Item, Problem, Rubric
from annotator.project.paths import FolderProbe
from annotator.project.table import Row, read_table

GOLD_FILE = "gold.csv"
GOLD_COLUMNS = (*ITEM_COLUMNS, "rating", "explanation", "purpose")
REQUIRED_COLUMNS = ("image", "caption", "rating", "purpose")
_PURPOSES = ", ".join(p.value for p in GoldPurpose)


def read_gold(
    root: Path,
    rubric: Rubric,
    *,
    item_ids: Mapping[str, int],
    probe: FolderProbe | None = None,
) -> tuple[list[GoldItem], list[Problem]]:
    """Valid gold pairs of ``root/gold.csv`` (none if the file is absent) and the problems.

    ``item_ids`` maps every id used in ``items.csv`` (valid rows or not) to its line.
    """
    path = root / GOLD_FILE
    if not path.exists():
        return [], []
    table = read_table(path, required=REQUIRED_COLUMNS, known=GOLD_COLUMNS)
    checker = RowChecker(
        path,
        probe or FolderProbe(root),
        columns=GOLD_COLUMNS,
        other_ids=item_ids,
        other_file=ITEMS_FILE,
    )
    gold: list[GoldItem] = []
    problems = list(table.problems)
    for row in table.rows:
        result = _gold_item(row, rubric, checker, path)
        if isinstance(result, GoldItem):
            gold.append(result)
        else:
            problems.append(result)
    return gold, problems


def _gold_item(row: Row, rubric: Rubric, checker: RowChecker, path: Path) -> GoldItem | Problem:
    rating, message = _rating(row.values.get("rating", ""), rubric)
    if message is None:
        purpose_text = row.values.get("purpose", "").strip().lower()
        try:
            purpose = GoldPurpose(purpose_text)
        except ValueError:
            message = f"The purpose {purpose_text!r} is not one of {_PURPOSES}."
    if message is not None:
        return Problem(path, row.line, f"{message} The row was skipped.")
    result = checker.item(row)
    if not isinstance(result, Item):
        return result
    explanation = row.values.get("explanation", "").strip()
    return GoldItem(item=result, rating=rating, explanation=explanation, purpose=purpose)


def _rating(text: str, rubric: Rubric) -> tuple[float, str | None]:
    levels = ", ".join(_number(level.value) for level in rubric.levels)
    allowed = f"one of the levels of the {rubric.rubric_id} rubric ({levels})"
    text = text.strip()
    if not text:
        return 0.0, f"The rating is empty; it must be {allowed}."
    try:
        value = float(text)
    except ValueError:
        return 0.0, f"The rating {text!r} is not a number; it must be {allowed}."
    if not math.isfinite(value) or rubric.level_for_value(value) is None:
        return 0.0, f"The rating {text} is not {allowed}."
    return value, None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
