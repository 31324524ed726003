"""Write the dataset folder a lab publishes: one call for ``annotator export`` and the pane.

```
DIR/
  ratings.csv      one row per answer (ratings.jsonl with --format jsonl)
  items.csv        one row per item with its figures (the one items.csv schema)
  codebook.json    every column and the rubric, for programs
  codebook.md      the same, for people
  README.md        the dataset card (Hugging Face YAML header)
  datapackage.json Frictionless Data Package
  croissant.json   MLCommons Croissant
DIR-tagger-key.csv  only with pseudonyms: who is T01… — for the lead, never published
```

The folder is written whole under a temporary name beside ``DIR`` and put in its place at
the end (:func:`annotator.files.replace_folder`): a crash leaves the earlier export as it
was, never new data files beside old hashes. Files a person added to an earlier export are
carried over. ``DIR`` may not be a link, the project folder, a folder holding it or one of
the folders the project keeps (:mod:`annotator.project.own_files`).
The data files and the codebook are the same bytes for the same input, so the export's
content hash (:func:`content_hash`) names what was published; the metadata files, which
carry the hash and the time of the export, are not part of it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import numpy as np

from annotator.analysis.pipeline import Analysis, SourceKind, simulated_warning
from annotator.analysis.results import AttentionChecks
from annotator.csvtext import csv_text
from annotator.errors import AnnotatorError
from annotator.files import make_folder, refuse_link, replace_folder, write_bytes
from annotator.planning.splits import SPLIT_NAMES, SplitSpec, assign_splits
from annotator.project.image_copies import IMAGES_FOLDER, travelling_path
from annotator.project.model import Project
from annotator.project.own_files import refuse_output_over_inputs
from annotator.reporting.analysed import analysed_data
from annotator.reporting.content import Cell, Table
from annotator.reporting.content import Column as TableColumn
from annotator.reporting.dataset.card import CardFigures, card
from annotator.reporting.dataset.codebook import codebook_json, codebook_markdown, dumps
from annotator.reporting.dataset.fields import (
    Field,
    has_typed_answers,
    item_fields,
    rating_fields,
    typed_columns,
)
from annotator.reporting.dataset.images import (
    METADATA_FILE,
    DatasetImage,
    ImagesMode,
    dataset_images,
    licences_file,
    metadata_csv,
    place_images,
)
from annotator.reporting.dataset.metadata import About, DataFile, croissant, datapackage
from annotator.reporting.dataset.ratings import rating_rows, stored_answers
from annotator.reporting.items_table import LICENCE_COLUMN, LICENCES_FILE, items_table
from annotator.store.imported import read_imported_sources

Format = Literal["csv", "jsonl"]
FORMATS: tuple[Format, ...] = ("csv", "jsonl")
KEY_SUFFIX = "-tagger-key.csv"
DESCRIPTIONS = {
    "ratings": "One row per answer: item, tagger, round, phase, rating or skip, seconds on "
               "screen, time submitted.",
    "items": "One row per item of the project: image path, caption, source, context, and "
             "its ratings' n, mean, median, sd and the protocol's aggregates.",
    "codebook.json": "Every column (type, unit, allowed values, meaning) and the rubric's "
                     "levels in full, for programs.",
    "codebook.md": "The codebook for people to read.",
    METADATA_FILE: "One row per item: its image's file_name (relative to images/), item id, "
                   "caption and licence; with the images, Hugging Face's ImageFolder layout.",
    LICENCES_FILE: "The images' licences as the project recorded them.",
}


@dataclass(frozen=True)
class DatasetOptions:
    """``pseudonymise``: tagger names become T01, T02…; ``format``: the data files' format;
    ``include_simulated``: publish the ratings ``annotator simulate`` made too (the card
    then says so), which are otherwise refused; ``splits``: the items split into train,
    validation and test, each table also written per split (:mod:`annotator.planning.splits`)."""

    pseudonymise: bool = False
    format: Format = "csv"
    include_simulated: bool = False
    images: ImagesMode = "none"
    """``copy``: the images go under ``images/``; ``link``: links to the project's files
    do; ``none``: no images (:mod:`annotator.reporting.dataset.images`)."""
    splits: SplitSpec | None = None


@dataclass(frozen=True)
class DatasetExport:
    """What was written: the files in the folder, the pseudonym key (outside it) if any, and
    the content hash."""

    folder: Path
    written: tuple[Path, ...]
    key_file: Path | None
    content_hash: str


def _checked(analysis: Analysis, folder: Path, options: DatasetOptions
             ) -> tuple[Project, Path]:
    """The project and the target, once nothing refuses the export: no project folder, a
    target that is a link, another folder or one of the project's inputs, or simulated
    ratings not asked for."""
    project = analysis.input.project
    if project is None:
        raise AnnotatorError("A dataset needs the project folder (rubric, images, captions); "
                             f"none was found for this {analysis.input.kind}: export the "
                             "project folder, or keep the panel database inside it.",
                             file=analysis.input.path)
    folder = refuse_link(folder)
    _refuse_other_folder(folder)
    refuse_output_over_inputs([folder], project.root, reads=[analysis.input.path], folder=True)
    simulated = analysis.input.simulated
    if simulated and not options.include_simulated:
        raise AnnotatorError(
            f"{simulated_warning(simulated, len(analysis.table.taggers))} A dataset "
            "publishes people's ratings: move the simulated-*.sqlite files out of sessions/ "
            "(or merge a panel without them), or export with --include-simulated, and the "
            "card will say which ratings are simulated.", file=analysis.input.path)
    return project, folder


def export_dataset(analysis: Analysis, folder: Path, options: DatasetOptions = DatasetOptions(),
                   *, progress: Callable[[str], None] = lambda _: None,
                   now: datetime | None = None) -> DatasetExport:
    """Write the dataset of ``analysis`` to ``folder`` (see the module); AnnotatorError when
    the input has no project folder, ``folder`` holds other files, or a file cannot be
    written. ``progress`` hears each step in words."""
    project, folder = _checked(analysis, Path(folder), options)
    progress(f"Reading the answers of {analysis.input.path.name}…")
    answers = stored_answers(analysis, pseudonymise=options.pseudonymise)
    progress(f"Writing {len(answers.indices):,} answers and the items…")
    rubric = project.rubric
    ratings_fields = rating_fields(rubric)
    items = items_table(analysis, every_item=True)
    travel = options.images != "none"
    images = dataset_images(project, project.items) if travel else ()
    tables = {
        "ratings": (ratings_fields, rating_rows(
            answers, questions=bool(rubric.questions),
            typed=typed_columns(rubric) if has_typed_answers(rubric) else None),
                    "rating_id"),
        "items": (item_fields(items.columns, rubric, images=travel),
                  _image_paths(items) if travel else list(items.rows), "item_id"),
    }
    contents: dict[str, bytes] = {
        f"{stem}.{options.format}": _data(fields, rows, options.format)
        for stem, (fields, rows, _) in tables.items()}
    book = codebook_json({name: tables[name.rsplit(".", 1)[0]][0] for name in contents},
                         rubric, {name: DESCRIPTIONS[name.rsplit(".", 1)[0]]
                                  for name in contents})
    split_names = (() if options.splits is None else
                   _add_splits(tables, contents, assign_splits(project.items, options.splits),
                               options.format))
    title = project.dataset.title or project.name
    contents["codebook.json"] = dumps(book).encode()
    contents["codebook.md"] = codebook_markdown(book, title).encode()
    hashes = {name: hashlib.sha256(data).hexdigest() for name, data in contents.items()}
    digest = content_hash(hashes)
    extra = _image_tables(project, items) if travel else {}  # not in the content hash
    contents |= extra
    hashes |= {name: hashlib.sha256(data).hexdigest() for name, data in extra.items()}
    files = tuple(_data_file(name, data, hashes[name], tables, options.splits)
                  for name, data in sorted(contents.items()))
    progress("Writing the codebook, the card and the metadata…")
    results = analysis.results
    figures = replace(_figures(analysis, len(answers.indices), options.pseudonymise),
                      images=len(images), linked=options.images == "link")
    simulated = analysis.input.simulated
    people = results.n_taggers - len(simulated)
    raters = (f"a panel of {people} people" if not simulated else
              f"{people} people and {len(simulated)} simulated taggers")
    description = project.dataset.description or (
        f"How well {results.n_items:,} captions describe their images, rated by {raters} "
        f"with {project.rubric.name}.")
    about = About(
        title=title, description=description, licence=project.dataset.licence,
        citation=project.dataset.citation, project_id=project.project_id,
        content_hash=digest,
        created=(now or datetime.now(UTC)).isoformat(timespec="seconds"),
        keywords=("image captioning", "caption quality", "human ratings", "alt text",
                  rubric.rubric_id),
        protocol=f"{rubric.name} ({rubric.source}): {rubric.question}" if rubric.source
        else f"{rubric.name}: {rubric.question}",
        annotations_per_item=_per_item(analysis), images=images)
    contents["README.md"] = card(project, results, figures, files, title=title,
                                 description=description, content_hash=digest,
                                 splits=split_names).encode()
    contents["datapackage.json"] = dumps(datapackage(about, files)).encode()
    contents["croissant.json"] = dumps(croissant(about, files)).encode()
    try:
        replace_folder(folder, lambda building: _fill(building, folder, contents, images,
                                                      options.images))
    except OSError as error:
        raise AnnotatorError(f"The dataset folder cannot be written: "
                             f"{error.strerror or error}.", file=error.filename or folder
                             ) from error
    written = tuple(folder / name for name in contents)
    key_file = None
    if options.pseudonymise:
        key_file = folder.parent / f"{folder.name}{KEY_SUFFIX}"
        key = sorted((pseudonym, name) for name, pseudonym in answers.names.items())
        _write(key_file, _csv_bytes(csv_text(key, header=["tagger_id", "tagger"])))
    return DatasetExport(folder, written, key_file, digest)


_Tables = dict[str, tuple[tuple[Field, ...], list[tuple[Cell, ...]], str]]


def _add_splits(tables: _Tables, contents: dict[str, bytes], split_of: dict[str, str],
                fmt: Format) -> tuple[str, ...]:
    """Each table's rows of each split as a table and a file of its own
    (``items-train.csv``…), beside the whole table; the split names."""
    for stem, (fields, rows, key) in list(tables.items()):
        at = [field.name for field in fields].index("item_id")
        for split in SPLIT_NAMES:
            mine = [row for row in rows if split_of.get(str(row[at])) == split]
            tables[f"{stem}-{split}"] = (fields, mine, key)
            contents[f"{stem}-{split}.{fmt}"] = _data(fields, mine, fmt)
    return SPLIT_NAMES


def content_hash(hashes: dict[str, str]) -> str:
    """``sha256:`` and the SHA-256 of what ``sha256sum`` prints for the files (in name
    order), so anyone can check a copy: ``sha256sum codebook.* items.* ratings.* |
    sha256sum``."""
    lines = "".join(f"{hashes[name]}  {name}\n" for name in sorted(hashes))
    return f"sha256:{hashlib.sha256(lines.encode()).hexdigest()}"


def _data(fields: tuple[Field, ...], rows: list[tuple[Cell, ...]], fmt: Format) -> bytes:
    """A table as CSV (the app's one writer, with a byte-order mark for Excel; booleans
    ``TRUE``/``FALSE``, which R, pandas, Excel and frictionless all read) or JSON Lines."""
    if fmt == "jsonl":
        names = [field.name for field in fields]
        return "".join(json.dumps(dict(zip(names, row, strict=True)), ensure_ascii=False) + "\n"
                       for row in rows).encode()
    flags = [n for n, field in enumerate(fields) if field.type == "boolean"]
    for n in flags:
        rows = [(*row[:n], "TRUE" if row[n] else "FALSE", *row[n + 1:]) for row in rows]
    table = Table("", "", tuple(TableColumn(field.name, field.name) for field in fields),
                  tuple(rows))
    return _csv_bytes(table.csv_text(mark=False))  # the Data Package declares the guard


def _csv_bytes(text: str) -> bytes:
    return "\ufeff".encode() + text.encode()


def _data_file(name: str, data: bytes, sha256: str, tables: _Tables,
               splits: SplitSpec | None) -> DataFile:
    stem = name.rsplit(".", 1)[0]
    fields, _, key = tables.get(stem, ((), [], ""))
    table, _, split = stem.partition("-")
    how = "" if splits is None else (
        f" ({'/'.join(map(str, splits.shares))} % by {splits.by}, seed {splits.seed})")
    description = (f"The {split} split{how} of {table}: {DESCRIPTIONS[table][0].lower()}"
                   f"{DESCRIPTIONS[table][1:]}" if split else
                   DESCRIPTIONS.get(stem) or DESCRIPTIONS[name])
    return DataFile(name, description, len(data), sha256, fields, key)


def _refuse_other_folder(folder: Path) -> None:
    """Refuse a folder holding files that are not an earlier export (a project folder, say:
    it would be replaced whole)."""
    if folder.is_dir() and any(folder.iterdir()) and not (folder / "datapackage.json").is_file():
        raise AnnotatorError("This folder is not empty and holds no earlier dataset export; "
                             "choose an empty or new folder.", file=folder)


def _image_paths(items: Table) -> list[tuple[Cell, ...]]:
    """The items' rows with each image's path in the dataset."""
    at = [column.key for column in items.columns].index("image")
    return [(*row[:at], travelling_path(str(row[at])) if row[at] else row[at], *row[at + 1:])
            for row in items.rows]


def _image_tables(project: Project, items: Table) -> dict[str, bytes]:
    """``images/metadata.csv`` and the project's image licences, beside the images."""
    keys = [column.key for column in items.columns]
    item_at = keys.index("item_id")
    licences = ({str(row[item_at]): str(row[keys.index(LICENCE_COLUMN)] or "")
                 for row in items.rows} if LICENCE_COLUMN in keys else None)
    tables = {METADATA_FILE: metadata_csv(project.items, licences)}
    licence_file = licences_file(project)
    if licence_file is not None:
        tables[LICENCES_FILE] = licence_file
    return tables


def _fill(building: Path, folder: Path, contents: dict[str, bytes],
          images: tuple[DatasetImage, ...], mode: ImagesMode) -> None:
    """The export's files in ``building``, with what a person added to the earlier export
    at ``folder`` (its own data files in either format, and its images, are left behind:
    they are replaced)."""
    ours = ({f"{stem}{split}.{fmt}" for stem in ("ratings", "items") for fmt in FORMATS
             for split in ("", *(f"-{name}" for name in SPLIT_NAMES))}
            | set(contents) | {IMAGES_FOLDER})
    if folder.is_dir():
        for added in folder.iterdir():
            if added.name in ours:
                continue
            if added.is_dir() and not added.is_symlink():
                shutil.copytree(added, building / added.name, symlinks=True)
            else:  # a link stays a link: never followed
                shutil.copy2(added, building / added.name, follow_symlinks=False)
    place_images(building, images, mode)
    for name, data in contents.items():
        make_folder((building / name).parent)
        _write(building / name, data)


def _write(path: Path, data: bytes) -> Path:
    try:
        write_bytes(path, data)
    except OSError as error:
        raise AnnotatorError(f"The file cannot be written: {error.strerror or error}.",
                             file=path) from error
    return path


def _figures(analysis: Analysis, answers: int, pseudonymised: bool) -> CardFigures:
    results = analysis.results
    checks = results.checks
    excluded = (len(checks.excluded.taggers)
                if isinstance(checks, AttentionChecks) and checks.excluded is not None else 0)
    rounds = tuple(int(r) for r in np.unique(analysed_data(analysis).round))
    imported = (read_imported_sources(analysis.input.path)
                if analysis.input.kind == SourceKind.PANEL else ())
    return CardFigures(results.n_ratings, answers, results.n_items, results.n_taggers, rounds,
                       pseudonymised, excluded, simulated=len(analysis.input.simulated),
                       imported=tuple(source.provenance() for source in imported))


def _per_item(analysis: Analysis) -> str:
    n = analysis.results.items.summary.n
    rated = n[n > 0]
    if not len(rated):
        return "no data ratings"
    return (f"{rated.mean():.1f} data ratings per rated item on average "
            f"(from {int(rated.min())} to {int(rated.max())})")
