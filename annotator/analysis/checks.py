"""Attention checks in the analysis (seeds/004 Appendix A): who failed, and leaving them out.

A check rating is a rating with phase ``check`` of a ``gold.csv`` pair marked ``check``;
the project's :class:`~annotator.project.model.CheckRule` says when one fails. Check
ratings are never data; a tagger who fails the checks can be left out of every figure
(``annotator analyze --exclude-failed-checks``), and the report says how many were.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

import numpy as np

from annotator.analysis.table import PHASES, RatingTable
from annotator.project.model import CheckRule, GoldPurpose, Project
from annotator.store.records import Phase

CHECK = PHASES.index(Phase.CHECK)


@dataclass(frozen=True)
class CheckSpec:
    """The project's check pairs (item id → gold rating) and its rule."""

    gold: Mapping[str, float]
    rule: CheckRule


def check_spec(project: Project) -> CheckSpec | None:
    """The checks of ``project``, or None when ``gold.csv`` marks no pair ``check``."""
    gold = {pair.item.item_id: float(pair.rating) for pair in project.gold_for(GoldPurpose.CHECK)}
    return CheckSpec(gold, project.checks) if gold else None


def attention_checks(table: RatingTable, spec: CheckSpec) -> dict:
    """Per tagger: checks rated and failed (with the items); the taggers who failed."""
    levels = [float(v) for v in table.levels]
    rows = np.flatnonzero(table.phase == CHECK)
    per_tagger: dict[str, dict] = {}
    for row in rows:
        item_id = table.item_ids[table.item[row]]
        if item_id not in spec.gold:
            continue
        name = table.taggers[table.tagger[row]]
        entry = per_tagger.setdefault(name, {"rated": 0, "failed": 0, "failed_items": []})
        entry["rated"] += 1
        if spec.rule.fails(float(table.values[row]), spec.gold[item_id], levels):
            entry["failed"] += 1
            entry["failed_items"].append(item_id)
    failed = sorted(name for name, entry in per_tagger.items()
                    if entry["failed"] > spec.rule.max_failures)
    return {"rule": spec.rule.describe(), "n_check_pairs": len(spec.gold),
            "taggers": dict(sorted(per_tagger.items())), "failed_taggers": failed,
            "excluded": None}


def without_taggers(table: RatingTable, names: Collection[str]) -> RatingTable:
    """``table`` without any rating of the taggers ``names``."""
    drop = np.isin(table.tagger, [table.taggers.index(n) for n in names if n in table.taggers])
    return table.select(~drop)
