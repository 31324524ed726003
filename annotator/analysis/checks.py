"""Attention checks in the analysis (Kreiss et al. 2024, ContextRef, Appendix A): who
failed, and leaving them out.

A check is a ``gold.csv`` pair marked ``check``, whose ratings have phase ``check`` and are
never data, or one of the project's own items the project marks as a check, whose ratings
are data answers (game or retest) like any other, judged here from what is stored. The
project's :class:`~annotator.project.check_rule.CheckRule` says when one fails. A tagger
who fails the checks can be left out of every figure (``annotator analyze
--exclude-failed-checks``), their answers to item checks too; otherwise those count as
data. The report says how many were left out.
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


DATA_PHASES = [PHASES.index(phase) for phase in Phase if phase.is_data]


@dataclass(frozen=True)
class CheckSpec:
    """The project's check pairs (item id → gold rating), its own items that are checks,
    and its rule."""

    gold: Mapping[str, float]
    rule: CheckRule
    items: frozenset[str] = frozenset()

    @property
    def count(self) -> int:
        return len(self.gold) + len(self.items)


def check_spec(project: Project) -> CheckSpec | None:
    """The checks of ``project``, or None when it has none (no ``gold.csv`` pair marked
    ``check``, no item marked as one)."""
    gold = {pair.item.item_id: float(pair.rating) for pair in project.gold_for(GoldPurpose.CHECK)}
    items = project.checks.items
    return CheckSpec(gold, project.checks, items) if gold or items else None


def _check_rows(table: RatingTable, spec: CheckSpec) -> np.ndarray:
    """The rows judged: check-phase ratings of gold checks and data answers to item
    checks (of the rule's question, when it names one)."""
    item_checks = np.isin(table.item, [n for n, item_id in enumerate(table.item_ids)
                                       if item_id in spec.items])
    gold_checks = np.isin(table.item, [n for n, item_id in enumerate(table.item_ids)
                                       if item_id in spec.gold])
    judged = ((table.phase == CHECK) & gold_checks) | (
        np.isin(table.phase, DATA_PHASES) & item_checks)
    if spec.rule.question and table.question is not None:
        asked = np.asarray(table.questions, dtype=object) == spec.rule.question
        judged &= asked[table.question]
    return np.flatnonzero(judged)


def attention_checks(table: RatingTable, spec: CheckSpec) -> AttentionChecks:
    """Per tagger: check answers judged and failed (with the items); the taggers who
    failed."""
    levels = [float(v) for v in table.levels]
    rated: Counter[str] = Counter()
    failed_items: dict[str, list[str]] = {}
    for row in _check_rows(table, spec):
        item_id = table.item_ids[table.item[row]]
        name = table.taggers[table.tagger[row]]
        rated[name] += 1
        mine = failed_items.setdefault(name, [])
        if spec.rule.fails(float(table.values[row]), spec.gold.get(item_id), levels):
            mine.append(item_id)
    per_tagger = {name: TaggerChecks(rated[name], len(failed_items[name]),
                                     tuple(failed_items[name])) for name in sorted(rated)}
    failed = tuple(name for name, entry in per_tagger.items()
                   if entry.failed > spec.rule.max_failures)
    return AttentionChecks(spec.rule.describe(), spec.count, per_tagger, failed)


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
