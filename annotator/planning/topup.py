"""``annotator plan top-up``: give the items still short of ratings to who can rate them.

An item the plan covers is short when fewer than ``to`` taggers rated it (a tagger dropped
out, skipped pairs, a laptop never came back, a tagger failed the attention checks and is
not counted); with ``disputed`` the most disputed items
(largest sd) get one rating more as well. Each missing rating goes to a tagger (or seat)
who has neither rated the item nor been given it, by default one who has finished their
share; the most constrained items are placed first, each on the candidates given fewest
top-up pairs so far (ties broken by the seed), so top-up loads differ by at most one where
the candidates allow. When the project's own items include attention checks, whoever gets
top-up pairs and has met no check yet (rated none, been given none) also gets one check
item, the least rated they can take: nobody's ratings count unchecked (ContextRef gave every
participant one).

The top-up extends round 1, the round the plan is for: the pairs join each tagger's order
in their session file (as pairs a lead adds to a round always do), and their ratings are
first ratings, as the plan's are. Started as a retest round, they would be counted as
retests: blind by default, and compared with the tagger's round-1 ratings of other items.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import assert_never

from annotator.analysis.checks import without_taggers
from annotator.analysis.rating_table import RatingTable
from annotator.errors import AnnotatorError
from annotator.names import name_key
from annotator.planning.coverage import Coverage, coverage, disputed
from annotator.project.plan import Plan, PlanBy


@dataclass(frozen=True)
class TopUpPlan:
    """``rows``: (tagger or seat, item id); ``short``: items left short for want of
    candidates; ``extra``: the disputed items given one rating more."""

    to: int
    rows: tuple[tuple[str, str], ...]
    short: tuple[str, ...]
    extra: tuple[str, ...]
    before: Coverage
    checks: int = 0
    """Rows that give a check item to someone who had met none."""

    @property
    def items(self) -> int:
        return len({item for _, item in self.rows})


def top_up(plan: Plan, table: RatingTable, *, to: int, seed: int, extra_disputed: int = 0,
           candidates: Sequence[str] | None = None, failed: Sequence[str] = (),
           checks: Collection[str] = ()) -> TopUpPlan:
    """The top-up rows for ``plan`` given the ratings in ``table``, not counting those of
    the taggers ``failed`` (the attention checks), who get no top-up pairs by default;
    ``checks``: the project's items that are attention checks."""
    if to < 1:
        raise AnnotatorError("--to must be at least 1 rating per item.")
    before = coverage(plan, table, failed=failed)
    names = {name_key(name): name for name in plan.assignees}
    pool = _candidates(plan, before, candidates, names)
    need = {item.item_id: to - item.rated for item in before.items if item.rated < to}
    extra = disputed(without_taggers(table, failed) if failed else table, extra_disputed,
                     exclude=need)
    need.update(dict.fromkeys(extra, 1))
    given_to = plan.assigned_to(need)
    blocked = {item: given_to[item] | _rated_by(before, item) for item in need}
    rng = random.Random(f"{seed}:top-up")
    load = dict.fromkeys(pool, 0)
    order = sorted(need, key=lambda item: (sum(c not in blocked[item] for c in pool),
                                           rng.random()))
    rows: list[tuple[str, str]] = []
    short: list[str] = []
    for item in order:
        free = [c for c in pool if c not in blocked[item]]
        free.sort(key=lambda c: (load[c], rng.random()))
        chosen = free[: need[item]]
        if len(chosen) < need[item]:
            short.append(item)
        for key in chosen:
            load[key] += 1
            rows.append((pool[key], item))
    checked = _checks_for_the_unchecked(plan, before, pool, rows, checks, rng)
    rows = sorted(rows + checked)
    return TopUpPlan(to, tuple(rows), tuple(sorted(short)), tuple(extra), before,
                     len(checked))


def _checks_for_the_unchecked(plan: Plan, before: Coverage, pool: dict[str, str],
                              rows: list[tuple[str, str]], checks: Collection[str],
                              rng: random.Random) -> list[tuple[str, str]]:
    """One check item for each taker of ``rows`` who has met no check: one they neither
    rated nor were given, the fewest ratings first (ties by the seed)."""
    if not checks:
        return []
    met = plan.assigned_to(checks)
    ratings = {item.item_id: item.rated for item in before.items}
    for item in checks:
        met[item] |= _rated_by(before, item) | {name_key(who) for who, mine in rows
                                                 if mine == item}
    added: list[tuple[str, str]] = []
    for key in sorted({name_key(who) for who, _ in rows}):
        if any(key in met[item] for item in checks):
            continue
        free = [item for item in sorted(checks) if key not in met[item]]
        if free:
            item = min(free, key=lambda item: (ratings.get(item, 0), rng.random()))
            ratings[item] = ratings.get(item, 0) + 1
            added.append((pool.get(key, key), item))
    return added


def _rated_by(before: Coverage, item: str) -> set[str]:
    """The shares (keys) whose taggers rated ``item``."""
    taggers = before.raters.get(item, frozenset())
    match before.by:
        case PlanBy.TAGGER:
            return {name_key(tagger) for tagger in taggers}
        case PlanBy.LAPTOP:
            return {before.holders[t] for t in taggers if t in before.holders}
        case _:
            assert_never(before.by)


def _candidates(plan: Plan, before: Coverage, chosen: Sequence[str] | None,
                names: dict[str, str]) -> dict[str, str]:
    """key → name of who may get top-up pairs: ``chosen`` (a tagger plan may name late
    joiners; a laptop plan only its seats), else everyone who finished their share and
    passed the checks."""
    if chosen is None:
        failed = {name_key(name) for name in before.failed}
        pool = {name_key(p.assignee): p.assignee for p in before.shares
                if not p.behind and name_key(p.assignee) not in failed}
        if not pool:
            raise AnnotatorError(f"No {plan.column} has finished their share yet, so none "
                                 "is known to be free for a top-up. Name them with --taggers.")
        return pool
    pool = {}
    for name in chosen:
        if plan.by is PlanBy.LAPTOP and name_key(name) not in names:
            raise AnnotatorError(f"{name} is not a seat of this plan "
                                 f"({plan.assignees[0]} … {plan.assignees[-1]}).")
        pool[name_key(name)] = names.get(name_key(name), name)
    return pool
