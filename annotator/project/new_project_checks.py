"""What ``validate`` would say of a project not made yet, field by field, for the wizard.

The same readers run on the same text: the gold pairs chosen (or the gold file) and the
priors file are read as the project's ``gold.csv`` and ``priors.csv`` from a scratch folder,
their images looked up where ``init`` will copy them from, and :func:`briefing` is given
the project they make. Nothing is written where the project will be.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.project.briefing import briefing
from annotator.project.create import IMAGES_DIR, Inputs, read_inputs, refuse_existing
from annotator.project.dataset_settings import read_dataset_card
from annotator.project.flow_model import FlowPlan
from annotator.project.gold import GOLD_FILE, gold_shortfalls, read_gold
from annotator.project.manifest import MANIFEST_FILE
from annotator.project.model import Project, Rubric
from annotator.project.new_project import (
    UNKNOWN_LICENCE,
    ProjectChoices,
    dataset_table,
    gold_csv,
    item_of,
)
from annotator.project.paths import FolderProbe
from annotator.project.priors import PRIORS_FILE, read_priors
from annotator.project.rubric import load_rubric

FOLDER, PAIRS, RUBRIC, GOLD, PRIORS, DATASET = (
    "folder", "pairs", "rubric", "gold", "priors", "dataset")
FIELDS = (FOLDER, PAIRS, RUBRIC, GOLD, PRIORS, DATASET)
UNKNOWN_LICENCE_WARNING = (
    "The licence is unknown: the dataset card will say so, and others may not reuse the "
    "ratings. Give the licence id (cc-by-4.0, cc0-1.0, mit, other).")


@dataclass(frozen=True)
class Findings:
    """Messages per field of the wizard (one of :data:`FIELDS`), in the order found;
    ``blocking``: the fields whose messages stop the project being made."""

    by_field: Mapping[str, tuple[str, ...]]
    blocking: frozenset[str] = frozenset()

    def of(self, name: str) -> tuple[str, ...]:
        return self.by_field.get(name, ())


def read_choice_inputs(choices: ProjectChoices) -> Inputs | str:
    """The pairs ``init`` would make of the images and captions chosen, or why it cannot."""
    if not choices.images.is_absolute():
        return "Give the images folder's full path, or choose it."
    if not choices.images.is_dir():
        return f"The images folder does not exist or is not a folder: {choices.images}"
    if choices.captions is not None and not choices.captions.is_file():
        return f"The captions file does not exist: {choices.captions}"
    try:
        return read_inputs(choices.images, choices.captions, choices.captions_format)
    except AnnotatorError as error:
        return str(error)


def check_choices(choices: ProjectChoices, inputs: Inputs | str) -> Findings:
    """Every finding on ``choices``; ``inputs`` from :func:`read_choice_inputs`."""
    found: dict[str, list[str]] = {name: [] for name in FIELDS}
    blocking: set[str] = set()

    def refuse(name: str, message: str) -> None:
        found[name].append(message)
        blocking.add(name)

    if not choices.folder.is_absolute():  # relative to what? the app has no working folder
        refuse(FOLDER, "Give the new project folder's full path, or choose where it goes.")
    else:
        try:
            refuse_existing(choices.folder)
        except AnnotatorError as error:
            refuse(FOLDER, str(error))
    if isinstance(inputs, str):
        refuse(PAIRS, inputs)
    else:
        found[PAIRS] += [str(problem) for problem in (*inputs.problems, *inputs.notes)]
        if not inputs.rows:
            refuse(PAIRS, "No valid image–caption pairs: there is nothing to rate.")
    try:
        rubric = load_rubric(choices.rubric)
    except AnnotatorError as error:
        refuse(RUBRIC, str(error))
        return Findings(_frozen(found), frozenset(blocking))
    found[DATASET] += _dataset_findings(choices, refuse)
    if not isinstance(inputs, str) and inputs.rows:
        try:
            for name, problems in _validated(choices, inputs, rubric).items():
                found[name] += problems
        except AnnotatorError as error:
            refuse(GOLD if choices.gold or choices.gold_file else PRIORS, str(error))
    return Findings(_frozen(found), frozenset(blocking))


def _validated(choices: ProjectChoices, inputs: Inputs, rubric: Rubric) -> dict[str, list[str]]:
    """The gold and priors problems and the briefing's notes, by field, from the files the
    project would have, read in a scratch folder."""
    items = tuple(item_of(row) for row in inputs.rows)
    with tempfile.TemporaryDirectory(prefix="annotator-new-") as scratch_name:
        scratch = Path(scratch_name)
        sources = {GOLD_FILE: choices.gold_file, PRIORS_FILE: choices.priors_file}
        if choices.gold:
            (scratch / GOLD_FILE).write_text(gold_csv(choices.gold, inputs.rows, rubric),
                                             encoding="utf-8")
        for name, source in sources.items():
            if source is not None:
                (scratch / name).write_bytes(source.read_bytes())
        gold, gold_problems = read_gold(
            scratch, rubric, item_ids={item.item_id: item.line for item in items},
            probe=_SourceProbe(choices.images))
        priors, prior_problems = read_priors(scratch, rubric,
                                             item_ids={item.item_id for item in items})
        project = Project(root=scratch, project_id="", name="", rubric=rubric, items=items,
                          gold=tuple(gold), priors=priors)
        notes = [*briefing(project, snapshots=0),
                 *gold_shortfalls(scratch, FlowPlan(), gold)]
        by_field: dict[str, list[str]] = {GOLD: [], PRIORS: []}
        for problem in (*gold_problems, *prior_problems, *notes):
            name = PRIORS if problem.file.name == PRIORS_FILE else GOLD
            shown_file = sources.get(problem.file.name) or choices.folder / problem.file.name
            by_field[name].append(str(dataclasses.replace(problem, file=shown_file)))
    return by_field


def _dataset_findings(choices: ProjectChoices, refuse: Callable[[str, str], None]
                      ) -> list[str]:
    """``[dataset]`` read as ``validate`` reads it (a refusal goes to ``refuse``), and the
    warning on an unknown licence."""
    try:
        read_dataset_card({"dataset": dataset_table(choices.dataset)}, {},
                          path=choices.folder / MANIFEST_FILE)
    except AnnotatorError as error:
        refuse(DATASET, str(error))
    unknown = choices.dataset.licence.strip() in ("", UNKNOWN_LICENCE)
    return [UNKNOWN_LICENCE_WARNING] if unknown else []


class _SourceProbe(FolderProbe):
    """Looks up a gold row's ``images/…`` path in the images folder ``init`` copies from."""

    def check_file(self, rel: str) -> str | None:
        head, _, inside = rel.partition("/")
        if head != IMAGES_DIR or not inside:
            return (f"The image {rel} is not in the images folder chosen; gold pairs' images "
                    f"are written as {IMAGES_DIR}/<path inside that folder>.")
        message = super().check_file(inside)
        return None if message is None else message.replace(inside, rel, 1)


def _frozen(found: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    return {name: tuple(messages) for name, messages in found.items()}

