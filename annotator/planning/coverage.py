"""How far the ratings have come against the plan: per item, per tagger (or seat).

An item's ratings are the different taggers with a data rating of it in round 1, the round
the plan is for (a SKIP answer is no rating; the same tagger on two laptops counts once).
Every such rating counts, a late joiner's too, except those of taggers who failed the
project's attention checks (:func:`failed_checks`): a study that asks for K ratings from
raters who passed the checks (ContextRef, Kreiss et al., ICLR 2024) reaches K only by
topping up the items they rated. A tagger has done a pair of their share when they rated or
skipped it, whether or not they passed.

In a plan by laptop, the ratings carry tagger names, not seats: each tagger is placed on the
one seat whose share holds every pair they rated or skipped (the app shows a laptop nothing
else). A tagger whose pairs fit several seats is not placed yet (too few ratings to tell);
one whose pairs fit none is counted with those outside the plan.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import assert_never

from annotator.analysis.checks import attention_checks, check_spec, without_taggers
from annotator.analysis.exact_levels import most_spread
from annotator.analysis.loading import project_table
from annotator.analysis.pipeline import AnalysisSource, load_source
from annotator.analysis.rating_table import RatingTable, build_table, item_counts
from annotator.errors import AnnotatorError
from annotator.names import name_key
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.project.plan import Plan, PlanBy
from annotator.store.records import Phase

PLAN_ROUND = 1


@dataclass(frozen=True)
class ItemCoverage:
    """``given``: assignments of the item (plan and top-ups); ``rated``: its ratings;
    ``waiting``: those it was given to who have not rated it yet."""

    item_id: str
    given: int
    rated: int
    waiting: tuple[str, ...]


@dataclass(frozen=True)
class Progress:
    """One tagger's (or seat's) share: ``given`` pairs, ``done`` of them rated or skipped;
    ``taggers``: in a plan by laptop, who rated at that seat."""

    assignee: str
    given: int
    done: int
    taggers: tuple[str, ...] = ()

    @property
    def behind(self) -> int:
        return self.given - self.done


@dataclass(frozen=True)
class Outside:
    """A tagger outside the plan (a late joiner), or one not placed on a seat yet."""

    tagger: str
    rated: int
    placed: bool = False
    """False: outside the plan; True (laptop plans): fits several seats, not known yet."""


@dataclass(frozen=True)
class Coverage:
    """Every planned item and every share against the plan's ``target`` ratings per item."""

    by: PlanBy
    target: int
    items: tuple[ItemCoverage, ...]
    shares: tuple[Progress, ...]
    outside: tuple[Outside, ...]
    holders: Mapping[str, str] = field(default_factory=dict)
    """Tagger → the share (its :func:`name_key`) their ratings belong to."""
    raters: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Item id → the taggers who rated it (who passed the checks)."""
    failed: tuple[str, ...] = ()
    """Taggers who failed the attention checks: their ratings are not counted."""
    excluded: int = 0
    """Their data ratings in the plan's round, not counted."""

    @property
    def under_target(self) -> tuple[ItemCoverage, ...]:
        return tuple(item for item in self.items if item.rated < self.target)

    @property
    def behind(self) -> tuple[Progress, ...]:
        """Shares not finished, most pairs to go first."""
        return tuple(sorted((p for p in self.shares if p.behind),
                            key=lambda p: (-p.behind, p.assignee)))

    @property
    def ratings(self) -> int:
        return sum(item.rated for item in self.items)

    @property
    def not_counted(self) -> str:
        """Who failed the attention checks and how many of their ratings are not counted,
        in words ("" when nobody failed)."""
        if not self.failed:
            return ""
        return (f"Not counted: {self.excluded:,} ratings of {len(self.failed)} "
                f"tagger{'s' if len(self.failed) != 1 else ''} who failed the attention "
                f"checks ({', '.join(self.failed)}).")


def raters(table: RatingTable) -> dict[str, set[str]]:
    """Per item id: the taggers with a data rating of it in the plan's round."""
    data = table.data()
    mine = data.round == PLAN_ROUND
    found: dict[str, set[str]] = {}
    for item, tagger in zip(data.item[mine].tolist(), data.tagger[mine].tolist(), strict=True):
        found.setdefault(data.item_ids[item], set()).add(data.taggers[tagger])
    return found


def _dealt_with(table: RatingTable, rated: dict[str, set[str]]) -> dict[str, set[str]]:
    """Per tagger: the items they rated or skipped in the plan's round."""
    done: dict[str, set[str]] = {}
    for item, taggers in rated.items():
        for tagger in taggers:
            done.setdefault(tagger, set()).add(item)
    for skip in table.skipped:
        if skip.round == PLAN_ROUND and Phase(skip.phase).is_data:
            done.setdefault(skip.tagger, set()).add(skip.item_id)
    return done


def failed_checks(project: Project, table: RatingTable) -> tuple[str, ...]:
    """The taggers of ``table`` who failed ``project``'s attention checks (none without
    checks), by the rule the analysis uses."""
    spec = check_spec(project)
    return () if spec is None else attention_checks(table, spec).failed_taggers


def coverage(plan: Plan, table: RatingTable, *, failed: Iterable[str] = ()) -> Coverage:
    """The plan against ``table``'s ratings (a project's session files, or a panel); the
    ratings of the taggers ``failed`` (the attention checks) are not counted."""
    failed = tuple(sorted(set(failed)))
    everyone = raters(table)
    rated = raters(without_taggers(table, failed)) if failed else everyone
    done = _dealt_with(table, everyone)
    shares = {key: set(items) for key, items in plan.assignments.items()}
    for top_up in plan.top_ups:
        for key, items in top_up.assignments.items():
            shares.setdefault(key, set()).update(items)
    names = {name_key(name): name for name in plan.assignees}
    holders, outside = _place(plan, shares, done)
    # a tagger's rated pairs, under the share they belong to
    by_share: dict[str, set[str]] = {}
    for tagger, key in holders.items():
        by_share.setdefault(key, set()).update(done[tagger])
    given_to = plan.assigned_to(plan.planned.keys() | plan.topped_up.keys())
    covered = []
    for item in sorted(given_to):
        keys = given_to[item]
        waiting = sorted(names.get(key, key) for key in keys
                         if item not in by_share.get(key, ()))
        covered.append(ItemCoverage(item, len(keys), len(rated.get(item, ())),
                                    tuple(waiting)))
    progress = [Progress(names.get(key, key), len(items_given),
                         len(items_given & by_share.get(key, set())),
                         tuple(sorted(t for t, k in holders.items() if k == key))
                         if plan.by is PlanBy.LAPTOP else ())
                for key, items_given in shares.items()]
    progress.sort(key=lambda p: p.assignee)
    excluded = sum(len(set(taggers) & set(failed)) for taggers in everyone.values())
    return Coverage(plan.by, plan.ratings_per_item, tuple(covered), tuple(progress),
                    tuple(sorted(outside, key=lambda o: o.tagger)), holders,
                    {item: frozenset(taggers) for item, taggers in rated.items()},
                    failed, excluded)


def _place(plan: Plan, shares: dict[str, set[str]], done: dict[str, set[str]]
           ) -> tuple[dict[str, str], list[Outside]]:
    """Each tagger's share (key) when known, and the taggers outside any share."""
    holders: dict[str, str] = {}
    outside: list[Outside] = []
    for tagger, items in done.items():
        fits = _fitting(plan, shares, tagger, items)
        if len(fits) == 1:
            holders[tagger] = fits[0]
        else:
            outside.append(Outside(tagger, len(items), placed=len(fits) > 1))
    return holders, outside


def _fitting(plan: Plan, shares: dict[str, set[str]], tagger: str, items: set[str]
             ) -> list[str]:
    match plan.by:
        case PlanBy.TAGGER:
            key = name_key(tagger)
            return [key] if key in shares else []
        case PlanBy.LAPTOP:
            return [key for key, share in shares.items() if items <= share]
        case _:
            assert_never(plan.by)


def disputed(table: RatingTable, count: int, *, exclude: Iterable[str] = ()) -> list[str]:
    """The ``count`` items whose data ratings spread most (sd, at least two ratings), most
    disputed first, ties (equal sds, compared exactly) by id: the ones worth one more
    rating."""
    if count <= 0:
        return []
    data = table.data()
    counts = item_counts(data, data.round == PLAN_ROUND)
    skip = set(exclude)
    counts[[n for n, item in enumerate(data.item_ids) if item in skip]] = 0
    return [data.item_ids[n] for n in most_spread(counts, data.levels, data.item_ids, count)]


@dataclass(frozen=True)
class PlanRatings:
    """A planned project and the ratings to follow its plan with. ``left_out``: a warning
    for each session file of the folder that could not be read (none of its ratings count)."""

    project: Project
    plan: Plan
    table: RatingTable
    left_out: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    """Taggers who failed the attention checks: coverage and top-ups do not count them."""


def plan_ratings(path: Path, project: Project | None = None) -> PlanRatings:
    """The project, its plan and the ratings of ``path``: a project folder (its readable
    session files; none yet means no ratings) or a panel database (its project is
    ``project``, or the folder beside it or one up, as for ``annotator analyze``)."""
    path = Path(path)
    left_out: tuple[str, ...] = ()
    if path.is_dir():
        folder = open_project(path)
        project = project or folder
        if any(folder.sessions_dir.glob("*.sqlite")):
            table, sessions = project_table(folder)
            left_out = tuple(entry.warning() for entry in sessions.unreadable)
        else:
            table = build_table(item_ids=[], taggers=[], rounds=[], values=[],
                                levels=[level.value for level in project.rubric.levels])
    else:
        loaded = load_source(AnalysisSource(path))
        project = project or loaded.project
        if project is None:
            raise AnnotatorError("No project folder with this panel's project id was found "
                                 "beside it or one folder up; the plan is in the project "
                                 "folder. Keep the panel database there.", file=path)
        table = loaded.table
    if project.plan is None:
        raise AnnotatorError("This project has no plan yet: make one with `annotator plan "
                             "FOLDER --ratings-per-item K …`.", file=project.root / "project.toml")
    return PlanRatings(project, project.plan, table, left_out, failed_checks(project, table))
