"""The Coverage tab (a project with a plan): ratings per item against the plan, who is
behind, the items under target; the same figures as ``annotator plan status``."""

from __future__ import annotations

from annotator.analysis.pipeline import Analysis
from annotator.planning.coverage import Coverage, coverage, failed_checks
from annotator.reporting.content import Cell, Column, Section, Table

SHARE_COLUMNS = (
    Column("share", "Tagger or laptop", description="A tagger of the plan, or a laptop's seat"),
    Column("given", "Given", "int", "Pairs the plan and its top-ups give"),
    Column("done", "Done", "int", "Of those, rated or skipped"),
    Column("to_go", "To go", "int", "Given pairs not done yet"),
    Column("taggers", "Taggers", description="Who rated there (a plan by laptop)"),
    Column("note", "Note"),
)
ITEM_COLUMNS = (
    Column("item_id", "Item"),
    Column("ratings", "Ratings", "int",
           "Different taggers who rated it in round 1 and passed the attention checks"),
    Column("target", "Target", "int", "Ratings per item the plan asks for"),
    Column("given", "Given", "int", "Taggers the plan and its top-ups give it to"),
    Column("waiting", "Waiting for", description="Given to them; not rated by them yet"),
)


def coverage_section(analysis: Analysis) -> Section | None:
    project = analysis.input.project
    if project is None or project.plan is None:
        return None
    found = coverage(project.plan, analysis.table,
                     failed=failed_checks(project, analysis.table))
    return Section(name="coverage", title="Coverage", summary=_summary(found),
                   tables=(_shares(found), _items(found)), tables_first=True)


def _summary(found: Coverage) -> tuple[str, ...]:
    short, behind = found.under_target, found.behind
    lines = [f"{len(found.items):,} planned items, {found.target} ratings each: "
             f"{len(found.items) - len(short):,} have them, {len(short):,} are under target "
             f"({found.ratings:,} ratings so far)."]
    if found.not_counted:
        lines.append(found.not_counted)
    if behind:
        names = ", ".join(f"{p.assignee} ({p.behind})" for p in behind[:10])
        more = f" and {len(behind) - 10} more" if len(behind) > 10 else ""
        lines.append(f"Behind, pairs to go: {names}{more}.")
    else:
        lines.append(f"Every {found.by.value} has done their share.")
    if short:
        lines.append(f"When the taggers are done, `annotator plan top-up FOLDER --to "
                     f"{found.target}` gives the missing ratings to others.")
    return tuple(lines)


def _shares(found: Coverage) -> Table:
    rows: list[tuple[Cell, ...]] = [(p.assignee, p.given, p.done, p.behind,
                                     ", ".join(p.taggers), "") for p in found.shares]
    rows += [(o.tagger, None, o.rated, None, o.tagger,
              "seat not known yet" if o.placed else "not in the plan") for o in found.outside]
    return Table(name="coverage", title="Shares of the plan", columns=SHARE_COLUMNS,
                 rows=tuple(rows),
                 description="Each share's pairs done; taggers outside the plan below.")


def _items(found: Coverage) -> Table:
    items = sorted(found.items, key=lambda item: (item.rated, item.item_id))
    return Table(name="coverage_items", title="Planned items, fewest ratings first",
                 columns=ITEM_COLUMNS,
                 rows=tuple((i.item_id, i.rated, found.target, i.given, ", ".join(i.waiting))
                            for i in items))
