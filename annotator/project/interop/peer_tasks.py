"""The tasks of a lab's own project in another tool, as its export holds them: the tool's
task id, the image as the tool names it (a URL or path) and the caption.

* Label Studio: a JSON export's tasks (``id``, ``data``), or a JSON_MIN/CSV export's
  entries (the task's fields flattened beside ``id``); the image and text fields are the
  labeling config's ``$image``/``$text`` when it lies beside the export, else ``image`` and
  ``text`` (or ``caption``).
* Potato: the data files its ``config.yaml`` names (``data_files``), keyed by
  ``item_properties``' ``id_key``, ``text_key`` and ``image_key`` (default ``image``).
* Prodigy: the ``db-out`` lines themselves (``image``, ``text``), keyed as their answers
  are (:func:`prodigy.task_key`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from annotator.errors import AnnotatorError
from annotator.project.csv_reader import read_table
from annotator.project.interop import label_studio, prodigy
from annotator.project.interop.label_studio_config import LabelConfig
from annotator.project.model import Problem
from annotator.project.textfile import numbered_lines, read_text


@dataclass(frozen=True)
class PeerTask:
    """One task: its id in the tool, the image reference and caption, where it was read."""

    task_id: str
    image: Any
    caption: Any
    file: Path
    line: int | None


def label_studio_tasks(export: Path, config: LabelConfig | None,
                       problems: list[Problem]) -> list[PeerTask]:
    """The tasks of a Label Studio export (JSON, JSON_MIN, CSV or TSV), each once."""
    image = config.image if config is not None and config.image else "image"
    text = config.text if config is not None and config.text else "text"
    found: list[PeerTask] = []
    if export.suffix.lower() in (".csv", ".tsv"):
        table = read_table(export, required=("id",), delimiter=None, skip_bad_rows=False)
        problems.extend(table.problems)
        for row in table.rows:
            found.append(_flat(row.values, image, text, export, row.line))
        return _once(found)
    source, problem = read_text(export)
    if problem is not None:
        raise AnnotatorError(problem.message, file=export, line=problem.line)
    try:
        entries = label_studio._array_with_lines(source)
    except ValueError as error:
        raise AnnotatorError(str(error), file=export) from error
    for line, entry in entries:
        data = entry.get("data") if isinstance(entry, dict) else None
        fields = {**data, "id": entry.get("id")} if isinstance(data, dict) else entry
        found.append(_flat(fields if isinstance(fields, dict) else {}, image, text, export, line))
    return _once(found)


def _flat(fields: dict[str, Any], image: str, text: str, file: Path, line: int) -> PeerTask:
    caption = fields.get(text, fields.get("caption")) if text == "text" else fields.get(text)
    key = fields.get("item_id") or fields.get("id")
    return PeerTask("" if key is None else str(key), fields.get(image), caption, file, line)


def _once(tasks: list[PeerTask]) -> list[PeerTask]:
    """Each task id once (flat exports repeat a task for each annotation)."""
    seen: dict[str, PeerTask] = {}
    for task in tasks:
        seen.setdefault(task.task_id or f"\0{len(seen)}", task)
    return list(seen.values())


def prodigy_tasks(export: Path, problems: list[Problem]) -> list[PeerTask]:
    """The tasks of a ``db-out`` export, each input once."""
    found: list[PeerTask] = []
    for number, line in numbered_lines(export, problems):
        try:
            task: Any = json.loads(line)
        except json.JSONDecodeError:
            continue  # the answers' reader names this line
        if isinstance(task, dict):
            found.append(PeerTask(prodigy.task_key(task), task.get("image"), task.get("text"),
                                  export, number))
    return _once(found)


_YAML_KEY = re.compile(r"\s*([A-Za-z_]+):\s*(.*?)\s*(?:#.*)?\Z")
_YAML_ITEM = re.compile(r"\s*-\s+(.+?)\s*\Z")


def potato_tasks(folder: Path, problems: list[Problem]) -> list[PeerTask]:
    """The tasks in the data files of the Potato project in ``folder`` (or above it)."""
    config = next((c for c in (folder / "config.yaml", folder.parent / "config.yaml")
                   if c.is_file()), None)
    if config is None:
        raise AnnotatorError("There is no config.yaml here or in the folder above: give "
                             "the Potato project's folder.", file=folder)
    keys, data_files = _potato_settings(config)
    found: list[PeerTask] = []
    for name in data_files:
        path = config.parent / name
        for number, line in numbered_lines(path, problems):
            try:
                item: Any = json.loads(line)
            except json.JSONDecodeError as error:
                problems.append(Problem(path, number, f"This line is not JSON ({error.msg})."))
                continue
            if isinstance(item, dict):
                key = item.get(keys["id_key"])
                found.append(PeerTask("" if key is None else str(key),
                                      item.get(keys["image_key"]), item.get(keys["text_key"]),
                                      path, number))
    return _once(found)


def _potato_settings(config: Path) -> tuple[dict[str, str], list[str]]:
    """``item_properties``' keys and ``data_files`` of a Potato config, read from its plain
    ``key: value`` and ``- item`` lines (the form Potato's own configs take)."""
    keys = {"id_key": "id", "text_key": "text", "image_key": "image"}
    data_files: list[str] = []
    listing = False
    for _, line in numbered_lines(config, []):
        item = _YAML_ITEM.fullmatch(line)
        if listing and item:
            data_files.append(item.group(1).strip("'\""))
            continue
        pair = _YAML_KEY.fullmatch(line)
        listing = bool(pair and pair.group(1) == "data_files" and not pair.group(2))
        if pair and pair.group(1) == "data_files" and pair.group(2).startswith("["):
            data_files += [n.strip(" '\"") for n in pair.group(2).strip("[]").split(",")]
        if pair and pair.group(1) in keys and pair.group(2):
            keys[pair.group(1)] = pair.group(2).strip("'\"")
    if not data_files:
        raise AnnotatorError("This Potato config names no data_files (as a list of lines "
                             "'- data/items.jsonl').", file=config)
    return keys, data_files
