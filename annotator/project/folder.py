"""Open a project folder (fast, no image bytes) or validate it (every image decoded).

Both collect every problem with file and line instead of stopping at the first; only a
folder that is not a project at all, or a project file that cannot be used as a whole
(``project.toml``, the rubric), raises.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path

from annotator.project.check_settings import read_check_rule, with_item_checks
from annotator.project.dataset_settings import read_dataset_card
from annotator.project.flow_settings import read_flow_plan
from annotator.project.gold import GOLD_FILE, gold_shortfalls, read_gold
from annotator.project.items import ITEMS_FILE, read_items
from annotator.project.manifest import MANIFEST_FILE, read_manifest
from annotator.project.model import GoldItem, GoldPurpose, Item, Problem, Project
from annotator.project.paths import FolderProbe
from annotator.project.plan_file import read_plan
from annotator.project.priors import read_priors
from annotator.project.rounds import read_rounds
from annotator.project.rubric_source import project_rubric, unused_rubric_file

Progress = Callable[[int, int], None]


def open_project(folder: Path) -> Project:
    """The project in ``folder``: manifest, rubric, valid items and gold, and all problems.

    Raises :class:`NotAProjectError` if ``folder`` is not a project folder and
    :class:`ProjectError` if ``project.toml`` or its rubric is unusable.
    """
    manifest = read_manifest(folder)
    rubric = project_rubric(folder, manifest)
    probe = FolderProbe(folder)
    items_file = read_items(folder, probe=probe)
    gold, gold_problems = read_gold(folder, rubric, item_ids=items_file.ids, probe=probe)
    flow, flow_problems = read_flow_plan(
        manifest.document, manifest.lines, path=folder / MANIFEST_FILE,
        defaults=rubric.defaults,
    )
    valid_ids = {item.item_id for item in items_file.items}
    priors, prior_problems = read_priors(folder, rubric, item_ids=valid_ids)
    rounds, washout_days, round_problems = read_rounds(
        manifest.document, manifest.lines, path=folder / MANIFEST_FILE, item_ids=valid_ids
    )
    checks, check_problems = read_check_rule(
        manifest.document, manifest.lines, rubric, path=folder / MANIFEST_FILE
    )
    checks, check_item_problems = with_item_checks(
        checks, marked=items_file.checks, item_ids=valid_ids, lines=manifest.lines,
        gold_checks=any(pair.purpose is GoldPurpose.CHECK for pair in gold),
        path=folder / MANIFEST_FILE)
    plan, plan_problems = read_plan(manifest.document, manifest.lines,
                                    path=folder / MANIFEST_FILE, item_ids=valid_ids)
    dataset, dataset_problems = read_dataset_card(
        manifest.document, manifest.lines, path=folder / MANIFEST_FILE
    )
    problems = [
        *unused_rubric_file(folder, manifest),
        *items_file.problems,
        *gold_problems,
        *flow_problems,
        *prior_problems,
        *round_problems,
        *check_problems,
        *check_item_problems,
        *plan_problems,
        *dataset_problems,
        *gold_shortfalls(folder, flow, gold),
    ]
    return Project(
        root=folder,
        project_id=manifest.project_id,
        name=manifest.name,
        rubric=rubric,
        items=tuple(items_file.items),
        gold=tuple(gold),
        problems=sort_problems(problems),
        max_megapixels=manifest.max_megapixels,
        flow=flow,
        priors=priors,
        rounds=rounds,
        washout_days=washout_days,
        checks=checks,
        plan=plan,
        dataset=dataset,
    )


def validate_project(folder: Path, *, progress: Progress | None = None) -> Project:
    """Like :func:`open_project`, but every image is decoded; bad ones become problems.

    ``progress(done, total)`` is called after each image, for a progress bar.
    """
    from annotator.project.images import check_image  # Pillow only where images are decoded

    project = open_project(folder)
    total = len(project.items) + len(project.gold)
    done = 0
    checked: dict[str, str | None] = {}  # an image shared by several pairs is decoded once

    def bad(item: Item) -> str | None:
        nonlocal done
        if item.image not in checked:
            path = project.image_path(item)
            checked[item.image] = check_image(path, max_pixels=project.max_pixels)
        done += 1
        if progress is not None:
            progress(done, total)
        return checked[item.image]

    problems = list(project.problems)
    items: list[Item] = []
    for item in project.items:
        message = bad(item)
        if message is None:
            items.append(item)
        else:
            problems.append(_image_problem(folder / ITEMS_FILE, item, message))
    gold: list[GoldItem] = []
    for pair in project.gold:
        message = bad(pair.item)
        if message is None:
            gold.append(pair)
        else:
            problems.append(_image_problem(folder / GOLD_FILE, pair.item, message))
    return dataclasses.replace(
        project, items=tuple(items), gold=tuple(gold), problems=sort_problems(problems)
    )


def sort_problems(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """By file, then line (whole-file problems first); stable for equal places."""
    return tuple(sorted(problems, key=lambda p: (str(p.file), p.line or 0)))


def _image_problem(file: Path, item: Item, message: str) -> Problem:
    return Problem(file, item.line, f"The image {item.image} {message} The row was skipped.")

