"""``gold.csv``: expert-rated pairs for the tutorial, probation and attention checks.

Rows are checked like ``items.csv`` rows, plus the rating must be one of the rubric's level
values and the purpose one of :class:`GoldPurpose`. Gold pairs are never part of the rated
dataset, so their ids must not collide with ``items.csv`` ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from annotator.project.csv_reader import Row, read_table
from annotator.project.flow_model import FlowPlan
from annotator.project.items import ITEM_COLUMNS, ITEMS_FILE, RowChecker
from annotator.project.model import GoldItem, GoldPurpose, Item, Problem, Rubric
from annotator.project.paths import FolderProbe
from annotator.project.rubric import parse_level_value

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
    rating, message = parse_level_value(row.values.get("rating", ""), rubric)
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


def gold_shortfalls(root: Path, flow: FlowPlan, gold: list[GoldItem]) -> list[Problem]:
    """Problems when the tutorial or probation is on but ``gold.csv`` has too few pairs.

    The flow still runs on the pairs there are (pass marks scaled to them), or skips the
    step if there are none, so a lead can rate before the gold set is finished. A project
    without ``gold.csv`` has chosen to have no gold pairs: nothing to report.
    """
    if not (root / GOLD_FILE).exists():
        return []
    settings = flow.base
    problems = []
    for purpose, wanted, on in (
        (GoldPurpose.TUTORIAL, settings.tutorial_pairs, settings.tutorial),
        (GoldPurpose.PROBATION, settings.probation_pairs, settings.probation),
    ):
        have = sum(1 for pair in gold if pair.purpose is purpose)
        if on and have < wanted:
            step = purpose.value
            consequence = (
                f"the {step} is skipped" if have == 0
                else f"the {step} uses those {have}, with its pass mark scaled to them"
            )
            problems.append(
                Problem(
                    root / GOLD_FILE,
                    None,
                    f"The {step} needs {wanted} gold pairs marked {step!r} but there are "
                    f"{have}; {consequence}. Add pairs, or set [flow] {step}_pairs or "
                    f"{step} = false in project.toml.",
                )
            )
    return problems
