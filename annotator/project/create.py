"""``annotator init``: make a self-contained project folder from images and captions.

Everything is written into a hidden sibling folder that is renamed into place at the end,
so a failure (a bad input, a full disk, a path too long) never leaves half a project.
"""

from __future__ import annotations

import dataclasses
import shutil
import uuid
from collections.abc import Mapping
from pathlib import Path

from annotator.csvtext import csv_text
from annotator.errors import ProjectError
from annotator.files import sync_folder, write_bytes, write_text
from annotator.project.captions import Captions, Pair, captions_from_sidecars, list_images
from annotator.project.folder import open_project, sort_problems
from annotator.project.importers import CAPTION_FORMATS, read_captions
from annotator.project.items import ITEMS_FILE
from annotator.project.manifest import (
    DEFAULT_RUBRIC,
    MANIFEST_FILE,
    new_manifest,
    write_manifest,
)
from annotator.project.model import Problem, Project
from annotator.project.readable_ids import readable_ids
from annotator.project.rubric import load_rubric, load_rubric_file
from annotator.project.rubric_source import PROJECT_RUBRIC, is_rubric_path

IMAGES_DIR = "images"


@dataclasses.dataclass(frozen=True)
class NewProject:
    """What ``init`` made: the project as opened (its ``problems``: input lines left out,
    and anything wrong with the new folder) and ``notes`` on inputs that were never meant to
    be pairs (images without a caption, not copied), which are not problems."""

    project: Project
    notes: tuple[Problem, ...] = ()
    images: tuple[str, ...] = ()
    """Every image copied, those without a caption too (for ``gold.csv``)."""


@dataclasses.dataclass(frozen=True)
class Row:
    """A pair as ``items.csv`` will list it: its id and where it came from."""

    item_id: str
    pair: Pair


@dataclasses.dataclass(frozen=True)
class Inputs:
    """What ``init`` would make of an images folder and a captions file, before anything is
    written: the rows of ``items.csv``, the input lines left out, a note on images without
    a caption, and every image (all are copied)."""

    rows: tuple[Row, ...]
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...]
    images: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Extras:
    """Files and ``project.toml`` tables written with the project, inside the same staging
    folder, so the project appears whole or not at all (the new-project wizard's gold,
    priors and ``[dataset]``)."""

    files: Mapping[str, str] = dataclasses.field(default_factory=dict)
    tables: Mapping[str, Mapping[str, str]] = dataclasses.field(default_factory=dict)


def init_project(
    folder: Path,
    *,
    images: Path,
    captions: Path | None,
    name: str | None = None,
    rubric: str = DEFAULT_RUBRIC,
    captions_format: str | None = None,
    extras: Extras | None = None,
) -> NewProject:
    """Create a project in ``folder`` (new, or an empty folder) and return it opened.

    Images are copied into ``folder/images/`` keeping sub-folders; ``items.csv`` gets an
    explicit id per pair. ``captions_format`` is one of :data:`CAPTION_FORMATS` (default:
    guessed from the file). ``rubric``: a shipped rubric's id, or a rubric file, checked
    and copied into the project as ``rubric.toml``. Problems with the inputs are in the
    project's ``problems``, images without a caption in ``notes``; if no valid pair
    remains, :class:`ProjectError` is raised and nothing is created. ``extras`` are
    written with the project.
    """
    folder = folder.resolve()
    refuse_existing(folder)
    own_rubric = Path(rubric) if is_rubric_path(rubric) or Path(rubric).is_file() else None
    if own_rubric is None:
        load_rubric(rubric)  # a RubricError here names the rubric and what exists
    else:
        load_rubric_file(own_rubric, named_by_id=False)  # a RubricError names file and line
    if not images.is_dir():
        raise ProjectError("The images folder does not exist or is not a folder.", file=images)
    if captions is not None and not captions.is_file():
        raise ProjectError("The captions file does not exist.", file=captions)
    if captions_format is not None and (captions is None or captions_format not in CAPTION_FORMATS):
        raise ProjectError(
            f"The captions format {captions_format!r} needs a captions file and must be one of "
            f"{', '.join(CAPTION_FORMATS)}.",
            file=captions,
        )
    found = read_inputs(images, captions, captions_format)
    return _create(folder, images, found.rows, found.problems, found.notes, found.images,
                   source=captions or images, name=name, rubric=rubric, extras=extras,
                   own_rubric=own_rubric)


def init_from_pairs(folder: Path, *, images: Path, pairs: list[Pair], problems: list[Problem],
                    source: Path, rubric: str, name: str | None = None,
                    dataset: Mapping[str, str] | None = None) -> NewProject:
    """Create a project from pairs read elsewhere (another tool's tasks, each with its own
    ``item_id``), as :func:`init_project` does; ``problems`` are the tasks left out."""
    folder = folder.resolve()
    refuse_existing(folder)
    load_rubric(rubric)
    problems = list(problems)
    rows = _with_ids(pairs, problems)
    return _create(folder, images, tuple(rows), tuple(problems), (),
                   tuple(sorted({row.pair.image for row in rows})), source=source, name=name,
                   rubric=rubric, extras=Extras(tables={"dataset": dict(dataset)} if dataset
                                                else {}))


def _create(folder: Path, images: Path, rows: tuple[Row, ...], problems: tuple[Problem, ...],
            notes: tuple[Problem, ...], available: tuple[str, ...], *, source: Path,
            name: str | None, rubric: str, extras: Extras | None = None,
            own_rubric: Path | None = None) -> NewProject:
    """Write the project (all or nothing): ``available`` images copied, ``extras`` and the
    project's own rubric file (``own_rubric``, as ``rubric.toml``) with it; then open it."""
    if not rows:
        shown = "\n".join(f"  {p}" for p in problems[:5])
        more = f"\n  … and {len(problems) - 5} more" if len(problems) > 5 else ""
        raise ProjectError(
            f"No valid image–caption pairs were found, so no project was created.\n{shown}{more}",
            file=source,
        )
    extras = extras or Extras()
    tables = {key: dict(table) for key, table in extras.tables.items()}
    manifest = dataclasses.replace(
        new_manifest(name or folder.name, rubric=rubric if own_rubric is None else PROJECT_RUBRIC),
        document=tables)
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = folder.with_name(f".{folder.name}.init-{uuid.uuid4().hex[:8]}")
    staging.mkdir()
    try:
        _copy_images(images, staging / IMAGES_DIR, available)
        write_text(staging / ITEMS_FILE, _items_csv(rows))
        for file_name, text in extras.files.items():
            write_text(staging / file_name, text)
        write_manifest(staging, manifest)
        if own_rubric is not None:
            write_bytes(staging / PROJECT_RUBRIC, own_rubric.read_bytes())
        if folder.exists():
            folder.rmdir()  # empty, checked above
        staging.rename(folder)
        sync_folder(folder.parent)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    project = open_project(folder)
    return NewProject(dataclasses.replace(
        project, problems=sort_problems([*problems, *project.problems])), notes, available)


def refuse_existing(folder: Path) -> None:
    """Refuse a folder that is a project already or not empty: init never overwrites."""
    if (folder / MANIFEST_FILE).exists():
        raise ProjectError(
            "This folder is already a project; init never overwrites one. "
            "Choose a new folder name.",
            file=folder / MANIFEST_FILE,
        )
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ProjectError(
            "This folder already exists and is not empty; give a new folder for the project.",
            file=folder,
        )


def read_inputs(images: Path, captions: Path | None, captions_format: str | None) -> Inputs:
    """The pairs, the input lines left out, a note on the images left without a pair, and
    every image (all are copied: one without a caption may be a tutorial pair's)."""
    available, problems = list_images(images)
    if not available:
        problems.append(Problem(images, None, "There are no image files in this folder."))
        return Inputs((), tuple(problems), (), ())
    if captions is None:
        found: Captions = captions_from_sidecars(images, available)
    else:
        found = read_captions(images, captions, available=available, fmt=captions_format)
    problems.extend(found.problems)
    rows = _with_ids(found.pairs, problems)
    unused = sorted(set(available) - {row.pair.image for row in rows})
    if not unused:
        return Inputs(tuple(rows), tuple(problems), (), tuple(available))
    shown = ", ".join(unused[:5]) + (f" and {len(unused) - 5} more" if len(unused) > 5 else "")
    where = "here" if captions is not None else "(no .txt file of the same name beside them)"
    note = Problem(captions or images, None, f"{len(unused)} image(s) in {images} have no "
                   f"caption {where}: copied into {IMAGES_DIR}/ for gold.csv, but not made "
                   f"into pairs: {shown}.")
    return Inputs(tuple(rows), tuple(problems), (note,), tuple(available))


def _with_ids(pairs: list[Pair], problems: list[Problem]) -> list[Row]:
    """Each pair with its id (the input's, or a readable one); duplicates reported with the
    earlier line."""
    rows: list[Row] = []
    seen_pairs: dict[tuple[str, str], Pair] = {}
    seen_ids: dict[str, Pair] = {}
    for pair, item_id in zip(pairs, readable_ids(pairs), strict=True):
        key = (pair.image, pair.caption)
        earlier = seen_pairs.get(key)
        message = None
        if earlier is not None:
            message = f"The same image and caption are already on {earlier.where()}"
        elif item_id in seen_ids:
            message = f"The item id {item_id!r} is already used on {seen_ids[item_id].where()}"
        if message:
            own = "" if pair.line is not None else f"{pair.place}: "
            problems.append(Problem(pair.origin, pair.line, f"{own}{message}; skipped."))
            continue
        seen_pairs[key] = seen_ids[item_id] = pair
        rows.append(Row(item_id, pair))
    return rows


def _copy_images(source: Path, target: Path, images: tuple[str, ...]) -> None:
    for rel in images:
        destination = target / rel
        try:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / rel, destination)
        except OSError as exc:
            raise ProjectError(
                f"Copying this image into the project failed ({exc.strerror or exc}); "
                "no project was created.",
                file=source / rel,
            ) from exc


def _items_csv(rows: tuple[Row, ...]) -> str:
    context_columns: list[str] = []
    for row in rows:
        context_columns.extend(c for c in row.pair.context if c not in context_columns)
    with_source = any(row.pair.source for row in rows)
    header = ["item_id", "image", "caption", *(["source"] if with_source else []), *context_columns]
    return csv_text(([row.item_id, f"{IMAGES_DIR}/{row.pair.image}", row.pair.caption,
                      *([row.pair.source] if with_source else []),
                      *(row.pair.context.get(c, "") for c in context_columns)] for row in rows),
                    header=header)
