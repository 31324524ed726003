"""``annotator init FOLDER --from TOOL EXPORT``: a project made from a lab's own project in
Label Studio, Potato or Prodigy, with its answers as ratings of that project.

The items are the tool's tasks, keyed by the tool's task id (:mod:`peer_tasks`), their
images found under ``--images`` (by path, then by file name: Label Studio's
``/data/local-files/?d=images/cat.jpg`` and ``/data/upload/1/3f2a1b0c-cat.jpg`` both find
``cat.jpg``). The rubric is the one named, or the one shipped rubric every answer (and every
choice the labeling config offers) fits; the answers go through the same checks as
``import-ratings`` and are written as the ratings CSV beside the project's files. Nothing
is left behind when the answers are refused.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from annotator.errors import AnnotatorError
from annotator.project.captions import Pair, list_images
from annotator.project.create import NewProject, init_from_pairs
from annotator.project.csv_reader import read_table
from annotator.project.interop import label_studio_csv, potato2, prodigy
from annotator.project.interop.answers import Answer, Read, Scale, write_ratings
from annotator.project.interop.label_studio_config import config_beside, read_label_config
from annotator.project.interop.peer_tasks import (
    PeerTask,
    label_studio_tasks,
    potato_tasks,
    prodigy_tasks,
)
from annotator.project.model import Problem
from annotator.project.rubric import available_rubrics, load_rubric

_UPLOAD_PREFIX = re.compile(r"[0-9a-f]{8}-(.+)")
"""Label Studio renames an uploaded file ``cat.jpg`` to ``3f2a1b0c-cat.jpg``."""


@dataclass(frozen=True)
class FromTool:
    """What ``init --from`` made: the project, the ratings file and what was read."""

    made: NewProject
    ratings: Path
    written: int
    read: Read


@dataclass(frozen=True)
class _Export:
    tasks: list[PeerTask]
    read: Read
    offered: tuple[str, ...]
    stars: int


def init_from_tool(folder: Path, tool: str, export: Path, *, images: Path | None,
                   rubric: str | None, choice_map: Mapping[str, str] | None = None,
                   name: str | None = None, dataset: Mapping[str, str] | None = None
                   ) -> FromTool:
    """Make the project and write its ratings; AnnotatorError (nothing made) when the
    export, its images or its answers cannot be used."""
    if not export.exists():
        raise AnnotatorError("The export does not exist.", file=export)
    problems: list[Problem] = []
    found = _read_export(tool, export, problems)
    if found.read.problems:
        _refuse(found.read.problems, export)
    rubric_id = rubric or infer_rubric(found.read.answers, found.offered, found.stars,
                                       choice_map, export)
    images = images or (export if export.is_dir() else export.parent)
    pairs = _pairs(found.tasks, images, problems)
    made = init_from_pairs(folder, images=images, pairs=pairs, problems=problems,
                           source=export, rubric=rubric_id, name=name, dataset=dataset)
    ratings = made.project.root / f"ratings-from-{tool}.csv"
    try:
        written = write_ratings(found.read, made.project, ratings, round_number=1,
                                source=export, choice_map=choice_map)
    except AnnotatorError as error:
        shutil.rmtree(made.project.root)  # made just now, by us: all or nothing
        raise AnnotatorError(f"{error.message}\nSo no project was created.",
                             file=error.file) from error
    return FromTool(made, ratings, written, found.read)


def _read_export(tool: str, export: Path, problems: list[Problem]) -> _Export:
    if tool == "label-studio":
        config_file = config_beside(export)
        config = read_label_config(config_file) if config_file is not None else None
        return _Export(label_studio_tasks(export, config, problems),
                       label_studio_csv.read_any(export),
                       config.choices if config is not None else (),
                       config.stars if config is not None else 0)
    if tool == "potato":
        return _Export(potato_tasks(export, problems), potato2.read_any(export), (), 0)
    return _Export(prodigy_tasks(export, problems), prodigy.read_export(export), (), 0)


def _refuse(problems: list[Problem], export: Path) -> None:
    problems = sorted(problems, key=lambda p: (str(p.file), p.line or 0))
    raise AnnotatorError(f"{len(problems)} entr{'ies' if len(problems) != 1 else 'y'} cannot "
                         "be used, so no project was created:\n" + "\n".join(map(str, problems)),
                         file=export)


def infer_rubric(answers: list[Answer], offered: tuple[str, ...], stars: int,
                 choice_map: Mapping[str, str] | None, export: Path) -> str:
    """The one shipped single-question rubric that every answer and offered choice names
    (each choice its own level; a ``<Rating>``'s stars as many as its levels); among
    several, the one whose level labels the choices spell out most often."""
    given = {(a.choice, a.wording, a.position) for a in answers}
    given |= {(choice, "", None) for choice in offered}
    fits: list[tuple[int, str]] = []
    for rubric_id in available_rubrics():
        rubric = load_rubric(rubric_id)
        if rubric.questions or (stars and stars != len(rubric.levels)):
            continue
        scale = Scale(rubric, choice_map)
        try:
            for choice, wording, position in given:
                scale.value(Answer("", "", export, 0, choice, position, wording))
        except ValueError:
            continue
        if offered and len({scale.value(Answer("", "", export, 0, c)) for c in offered}
                           ) != len(offered):
            continue
        labels = {level.label.casefold() for level in rubric.levels}
        spelled = sum(any(label in f"{c} {w}".casefold() for label in labels)
                      for c, w, _ in given)
        fits.append((spelled, rubric_id))
    fits.sort(reverse=True)
    if not fits or (len(fits) > 1 and fits[0][0] == fits[1][0]):
        named = ", ".join(r for _, r in fits) or "none"
        raise AnnotatorError(f"Which rubric the answers are on cannot be told (fitting: "
                             f"{named}): name it with --rubric (one of "
                             f"{', '.join(available_rubrics())}), and map choices the "
                             "rubric does not word with --choice-map.", file=export)
    return fits[0][1]


def _pairs(tasks: list[PeerTask], images: Path, problems: list[Problem]) -> list[Pair]:
    """Each task as a pair whose image was found under ``images``; the rest are problems."""
    available, image_problems = list_images(images)
    problems.extend(image_problems)
    by_path = set(available)
    by_name: dict[str, str | None] = {}
    for relative in available:
        name = relative.rsplit("/", 1)[-1]
        by_name[name] = None if name in by_name else relative
    pairs: list[Pair] = []
    for task in tasks:
        if not task.task_id or not isinstance(task.caption, str) or not task.caption.strip():
            problems.append(Problem(task.file, task.line, "This task has no id or no caption "
                                    "text; skipped."))
            continue
        found = _image(task.image, by_path, by_name) if isinstance(task.image, str) else None
        if found is None:
            problems.append(Problem(task.file, task.line, f"Task {task.task_id}'s image "
                                    f"{str(task.image)[:80]!r} is not under {images}; "
                                    "skipped (give the folder with --images)."))
            continue
        pairs.append(Pair(found, task.caption.strip(), task.file, task.line,
                          item_id=task.task_id))
    return pairs


def _image(reference: str, by_path: set[str], by_name: Mapping[str, str | None]
           ) -> str | None:
    """The image file a task's image URL or path names, relative to the images folder."""
    parsed = urlparse(reference)
    path = unquote(parse_qs(parsed.query).get("d", [parsed.path])[0]).strip("/")
    parts = path.split("/")
    for start in range(len(parts)):
        if "/".join(parts[start:]) in by_path:
            return "/".join(parts[start:])
    name = parts[-1]
    upload = _UPLOAD_PREFIX.fullmatch(name)
    return by_name.get(name) or (by_name.get(upload.group(1)) if upload else None)


def read_choice_map(path: Path) -> dict[str, str]:
    """The lead's ``--choice-map``: a CSV of ``choice`` (as the tool stored it) and ``level``
    (the rubric's value, label or skip); AnnotatorError naming each bad line."""
    table = read_table(path, required=("choice", "level"), skip_bad_rows=False)
    problems = list(table.problems)
    mapping: dict[str, str] = {}
    for row in table.rows:
        choice, level = row.values["choice"].strip(), row.values["level"].strip()
        if not choice or not level:
            problems.append(Problem(path, row.line, "This line needs a choice and a level."))
        elif mapping.setdefault(choice, level) != level:
            problems.append(Problem(path, row.line, f"{choice!r} is mapped twice."))
    if problems:
        raise AnnotatorError("The choice map cannot be used:\n" + "\n".join(map(str, problems)),
                             file=path)
    return mapping
