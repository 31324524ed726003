"""A new project as a lab lead chooses it: ``init``'s inputs plus the gold pairs, priors and
``[dataset]`` that would otherwise be hand-written afterwards.

The new-project wizard (File ▸ New project…) and ``annotator init --gold/--priors/--licence``
both call :func:`make_project`, which writes everything through :func:`init_project` in one
staging folder: the project appears whole or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from annotator.csvtext import csv_text
from annotator.errors import ProjectError
from annotator.project.create import (
    IMAGES_DIR,
    Extras,
    Inputs,
    NewProject,
    Row,
    init_project,
    read_inputs,
)
from annotator.project.dataset_settings import read_dataset_card
from annotator.project.gold import GOLD_FILE
from annotator.project.manifest import DEFAULT_RUBRIC, MANIFEST_FILE
from annotator.project.model import DatasetCard, GoldPurpose, Item, Rubric
from annotator.project.priors import PRIORS_FILE
from annotator.project.rubric import load_rubric
from annotator.project.textfile import read_text

UNKNOWN_LICENCE = DatasetCard().licence


@dataclass(frozen=True)
class GoldChoice:
    """One pair of the captions file made a gold pair: the experts' level and its use."""

    item_id: str
    rating: float
    purpose: GoldPurpose
    explanation: str = ""


@dataclass(frozen=True)
class ProjectChoices:
    """Everything the wizard asks. ``gold`` (pairs chosen from the items) and ``gold_file``
    (a ``gold.csv`` written elsewhere) exclude each other; ``priors_file`` is copied as
    ``priors.csv``; ``dataset``'s empty fields and an ``unknown`` licence are not written."""

    folder: Path
    images: Path
    captions: Path | None = None
    captions_format: str | None = None
    name: str | None = None
    rubric: str = DEFAULT_RUBRIC
    gold: tuple[GoldChoice, ...] = ()
    gold_file: Path | None = None
    priors_file: Path | None = None
    dataset: DatasetCard = field(default_factory=DatasetCard)


def make_project(choices: ProjectChoices, inputs: Inputs | None = None) -> NewProject:
    """Create the project ``choices`` describe and return it opened (its problems and notes
    as ``init`` reports them). ``inputs``: the pairs already read from the same images and
    captions (the wizard has them), else they are read here when gold pairs need them.
    :class:`ProjectError` if nothing can be made; nothing is written then."""
    files: dict[str, str] = {}
    if choices.gold and choices.gold_file is not None:
        raise ProjectError("Choose gold pairs from the items or give a gold file, not both.",
                           file=choices.gold_file)
    if choices.gold:
        found = inputs or read_inputs(choices.images, choices.captions, choices.captions_format)
        files[GOLD_FILE] = gold_csv(choices.gold, found.rows, load_rubric(choices.rubric))
    for name, source in ((GOLD_FILE, choices.gold_file), (PRIORS_FILE, choices.priors_file)):
        if source is not None:
            files[name] = _copied(source)
    table = dataset_table(choices.dataset)
    read_dataset_card({"dataset": table}, {}, path=choices.folder / MANIFEST_FILE)  # refuse first
    return init_project(
        choices.folder, images=choices.images, captions=choices.captions, name=choices.name,
        rubric=choices.rubric, captions_format=choices.captions_format,
        extras=Extras(files=files, tables={"dataset": table} if table else {}))


def gold_csv(gold: tuple[GoldChoice, ...], rows: tuple[Row, ...], rubric: Rubric) -> str:
    """``gold.csv`` for pairs chosen among ``rows`` (the items ``init`` makes): each row's
    image, caption, context and source as ``items.csv`` lists it, with its rating and
    purpose. Ids are left to be derived, so they never collide with the items' own.
    :class:`ProjectError` for an id that is not an item or a rating not on the rubric."""
    by_id = {row.item_id: row for row in rows}
    items = []
    for choice in gold:
        row = by_id.get(choice.item_id)
        if row is None:
            raise ProjectError(f"The gold pair {choice.item_id!r} is not one of the items.")
        if rubric.level_for_value(choice.rating) is None:
            raise ProjectError(f"The rating {choice.rating:g} of {choice.item_id!r} is not a "
                               f"level of the {rubric.rubric_id} rubric.")
        items.append((choice, item_of(row)))
    context = list(dict.fromkeys(key for _, item in items for key in item.context))
    with_source = any(item.source for _, item in items)
    header = ["image", "caption", *(["source"] if with_source else []), "rating",
              "explanation", "purpose", *context]
    return csv_text(([item.image, item.caption, *([item.source] if with_source else []),
                      f"{choice.rating:g}", choice.explanation, choice.purpose.value,
                      *(item.context.get(key, "") for key in context)]
                     for choice, item in items), header=header)


def item_of(row: Row) -> Item:
    """The item ``init`` makes of ``row`` (its image inside the project's ``images/``)."""
    pair = row.pair
    return Item(item_id=row.item_id, image=f"{IMAGES_DIR}/{pair.image}", caption=pair.caption,
                source=pair.source, context=dict(pair.context), line=pair.line or 0)


def dataset_table(card: DatasetCard) -> dict[str, str]:
    """``[dataset]`` as written: the fields given, the licence only when it is known."""
    values = {"title": card.title, "licence": card.licence, "citation": card.citation}
    return {key: value.strip() for key, value in values.items()
            if value.strip() and not (key == "licence" and value.strip() == UNKNOWN_LICENCE)}


def _copied(source: Path) -> str:
    """The text of a gold or priors file given by the lead, checked later as the project's
    own (a problem per bad row, as ``validate`` reports it)."""
    if not source.is_file():
        raise ProjectError("This file does not exist.", file=source)
    text, problem = read_text(source)
    if problem is not None:
        raise ProjectError(problem.message, file=source, line=problem.line)
    return text
