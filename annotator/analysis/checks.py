"""Attention checks in the analysis (Kreiss et al. 2024, ContextRef, Appendix A): who
failed, and leaving them out.

A check rating is a rating with phase ``check`` of a ``gold.csv`` pair marked ``check``;
the project's :class:`~annotator.project.check_rule.CheckRule` says when one fails. Check
ratings are never data; a tagger who fails the checks can be left out of every figure
(``annotator analyze --exclude-failed-checks``), and the report says how many were.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

import numpy as np

from annotator.analysis.rating_table import PHASES, RatingTable
from annotator.analysis.results import AttentionChecks, TaggerChecks
from annotator.project.check_rule import CheckRule
from annotator.project.model import GoldPurpose, Project
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


def attention_checks(table: RatingTable, spec: CheckSpec) -> AttentionChecks:
    """Per tagger: checks rated and failed (with the items); the taggers who failed."""
    levels = [float(v) for v in table.levels]
    checks = table.phase == CHECK
    if spec.rule.question and table.question is not None:
        judged = np.asarray(table.questions, dtype=object) == spec.rule.question
        checks &= judged[table.question]
    rows = np.flatnonzero(checks)
    rated: Counter[str] = Counter()
    failed_items: dict[str, list[str]] = {}
    for row in rows:
        item_id = table.item_ids[table.item[row]]
        if item_id not in spec.gold:
            continue
        name = table.taggers[table.tagger[row]]
        rated[name] += 1
        mine = failed_items.setdefault(name, [])
        if spec.rule.fails(float(table.values[row]), spec.gold[item_id], levels):
            mine.append(item_id)
    per_tagger = {name: TaggerChecks(rated[name], len(failed_items[name]),
                                     tuple(failed_items[name])) for name in sorted(rated)}
    failed = tuple(name for name, entry in per_tagger.items()
                   if entry.failed > spec.rule.max_failures)
    return AttentionChecks(spec.rule.describe(), len(spec.gold), per_tagger, failed)


def without_taggers(table: RatingTable, names: Collection[str]) -> RatingTable:
    """``table`` without any rating, or SKIP answer, of the taggers ``names``."""
    drop = np.isin(table.tagger, [table.taggers.index(n) for n in names if n in table.taggers])
    kept = table.select(~drop)
    if not table.skipped:
        return kept
    skipped = tuple(skip for skip in table.skipped if skip.tagger not in set(names))
    index = {item_id: n for n, item_id in enumerate(table.item_ids)}
    skips = Counter((index[skip.item_id], skip.round) for skip in skipped
                    if skip.item_id in index and Phase(skip.phase).is_data)
    return replace(kept, skipped=skipped, skips=dict(skips))
