"""What taggers will meet, said to the lead before the first rating.

Not problems: a project without gold pairs or priors is a lab's choice. But the settings
promise a tutorial, a probation gate and feedback, and a lead should learn from ``validate``
(and the new-project wizard), not from the first tagger, when a step will be skipped or the
game will show "no consensus yet" on every pair.
"""

from __future__ import annotations

from annotator.project.gold import GOLD_FILE
from annotator.project.manifest import MANIFEST_FILE
from annotator.project.model import GoldPurpose, Problem, Project
from annotator.project.priors import PRIORS_FILE


def briefing(project: Project, *, snapshots: int) -> tuple[Problem, ...]:
    """Notes on what round 1 will give taggers; ``snapshots``: consensus snapshots imported
    into the project (they bring the panel's ratings into the game's consensus)."""
    notes = [*_skipped_steps(project), *_no_consensus(project, snapshots)]
    if not project.gold_for(GoldPurpose.CHECK) and not project.checks.items:
        notes.append(Problem(
            project.root / GOLD_FILE, None,
            "There are no attention checks (gold.csv rows with purpose 'check', or items "
            "marked check in items.csv): every tagger's data ratings count, and none can be "
            "excluded for inattention."))
    return tuple(notes)


def _skipped_steps(project: Project) -> list[Problem]:
    settings = project.flow.base
    steps = [
        step for step, on, purpose in (
            ("tutorial", settings.tutorial, GoldPurpose.TUTORIAL),
            ("probation", settings.probation, GoldPurpose.PROBATION),
        )
        if on and not project.gold_for(purpose)
    ]
    if not steps:
        return []
    gold = project.root / GOLD_FILE
    missing = f"There is no {GOLD_FILE}" if not gold.exists() else (
        f"{GOLD_FILE} has no pairs marked {' or '.join(repr(step) for step in steps)}")
    return [Problem(
        gold, None,
        f"{missing}, so taggers get no {' and no '.join(steps)}: they start with the game. "
        f"Add those gold pairs, or set {' and '.join(f'{step} = false' for step in steps)} "
        f"under [flow] in {MANIFEST_FILE} to say so.")]


def _no_consensus(project: Project, snapshots: int) -> list[Problem]:
    settings = project.flow.base
    if not settings.feedback or snapshots:
        return []
    needed = settings.min_consensus
    primed = sum(1 for item in project.items if len(project.priors.get(item.item_id, ())) >= needed)
    if primed == len(project.items):
        return []
    share, others = ("none", "every pair") if primed == 0 else (
        f"{primed} of {len(project.items)}", "the other pairs")
    return [Problem(
        project.root / PRIORS_FILE, None,
        f"The game shows a consensus and points only on pairs with at least {needed} earlier "
        f"ratings, priors counted; {share} of the pairs have that many priors. So the first "
        f"tagger on each laptop sees \"No points: no consensus yet\" on {others}, until "
        "colleagues on the same laptop have rated them or a consensus snapshot is imported. "
        f"Add {PRIORS_FILE} (`annotator priors` makes one from a pilot's ratings), or plan a "
        "snapshot cycle.")]
