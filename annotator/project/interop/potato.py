"""Potato: the pairs as a task (config and data), and its annotated-instance output as answers.

Formats as the Potato annotation tool documents and writes them (Pei et al., EMNLP 2022
demos; https://potato-annotation.readthedocs.io/en/latest/data_format/ and
…/schemas_and_templates/):

* the task: ``config.yaml`` (JSON, which YAML reads; only keys Potato 2.x knows, none it
  calls legacy) with one ``radio`` annotation scheme
  named ``rating`` whose labels are the rubric's level labels (the full text as tooltip, the
  level's key as key binding), and ``data/items.jsonl``, one instance per pair: ``id`` (the
  item id) and ``text`` (the image and the caption as HTML, which Potato displays).
* the output: ``annotation_output/<annotator>/annotated_instances.jsonl``, one line per
  instance the annotator labelled: ``id``, ``displayed_text``, ``label_annotations`` —
  ``{scheme: {label: value}}``, the chosen radio label (a Likert scheme's ``scale_<n>``,
  the n-th point from the lowest) — ``span_annotations`` and ``behavioral_data``.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

from annotator.errors import AnnotatorError
from annotator.project.interop.answers import Answer, Read
from annotator.project.interop.question_controls import carried_questions, potato_schemes
from annotator.project.model import Problem, Project
from annotator.project.nesting import TooDeepError, parse_json
from annotator.project.textfile import numbered_lines

CONFIG_FILE = "config.yaml"
DATA_FILE = "data/items.jsonl"
OUTPUT_FILE = "annotated_instances.jsonl"
SCHEME = "rating"
MEDIA_DIRECTORY = "images"
"""Where Potato 2.x serves ``/media/…`` from, in the task folder: the images
``export-tasks --images copy`` puts there."""
_LIKERT = re.compile(r"scale_([0-9]+)")


def task_files(project: Project, image_prefix: str) -> dict[str, str]:
    """``config.yaml`` and ``data/items.jsonl``: file name → text."""
    rubric = project.rubric
    questions = carried_questions(project, "Potato", several=True)
    levels = sorted(rubric.levels, key=lambda level: -level.value)
    labels = [{"name": level.label, "tooltip": level.text, "key_value": level.key}
              for level in (*levels, *([rubric.skip] if rubric.skip else []))]
    if not questions and len({label["name"].casefold() for label in labels}) != len(labels):
        raise AnnotatorError(f"The {rubric.rubric_id} rubric gives two levels the same label, "
                             "which Potato stores as the answer; it cannot be told apart.")
    config = {
        "port": 8000,
        "annotation_task_name": project.name,
        "task_dir": ".",
        "output_annotation_dir": "annotation_output/",
        "media_directory": MEDIA_DIRECTORY,
        "data_files": [DATA_FILE],
        "item_properties": {"id_key": "id", "text_key": "text"},
        "user_config": {"allow_all_users": True, "users": []},
        "alert_time_each_instance": 10000000,
        "annotation_schemes": potato_schemes(questions, rubric) if questions else [
            {"annotation_type": "radio", "name": SCHEME, "description": rubric.question,
             "labels": labels}],
    }
    data = "".join(json.dumps({
        "id": item.item_id,
        "text": f'<img src="{escape(image_prefix + item.image)}" alt="" '
                f'style="max-width: 100%"><p>{escape(item.caption)}</p>',
        "image": image_prefix + item.image, "caption": item.caption, "source": item.source,
    }, ensure_ascii=False) + "\n" for item in project.items)
    return {CONFIG_FILE: json.dumps(config, indent=2, ensure_ascii=False) + "\n",
            DATA_FILE: data}


def output_files(folder: Path) -> list[Path]:
    """Each annotator's ``annotated_instances.jsonl`` in ``folder`` (Potato's output
    directory, or the folder above it)."""
    found = sorted(folder.glob(f"*/{OUTPUT_FILE}"))
    if not found:
        found = sorted(folder.glob(f"*/*/{OUTPUT_FILE}"))
    return found


def read_output(folder: Path) -> Read:
    """The answers in Potato's output directory; the annotator is the folder's name."""
    read = Read([], [])
    files = output_files(folder)
    if not files:
        read.problems.append(Problem(folder, None, f"There is no <annotator>/{OUTPUT_FILE} "
                                     "here: give Potato's output_annotation_dir."))
    for path in files:
        tagger = path.parent.name
        for number, line in numbered_lines(path, read.problems):
            choice, item_id, message = _instance(line)
            if message:
                read.problems.append(Problem(path, number, message))
            else:
                match = _LIKERT.fullmatch(choice)
                read.answers.append(Answer(item_id, tagger, path, number,
                                           "" if match else choice,
                                           int(match.group(1)) if match else None))
    return read


def _instance(line: str) -> tuple[str, str, str]:
    """``(label, item id, "")`` of one output line, or ``("", "", why)``."""
    try:
        record: Any = parse_json(line)
    except TooDeepError as error:
        return "", "", error.says("This line")
    except json.JSONDecodeError as error:
        return "", "", f"This line is not JSON ({error.msg}, column {error.colno})."
    if not isinstance(record, dict) or not isinstance(record.get("id"), str | int):
        return "", "", "This line is not an annotated instance with an id."
    labels = record.get("label_annotations")
    if not isinstance(labels, dict):
        return "", "", "This line has no label_annotations."
    chosen = labels.get(SCHEME) if SCHEME in labels or len(labels) != 1 else next(
        iter(labels.values()))
    if not isinstance(chosen, dict) or len(chosen) != 1:
        return "", "", (f"The {SCHEME!r} scheme of instance {record['id']} has "
                        f"{len(chosen) if isinstance(chosen, dict) else 'no'} labels chosen; "
                        "it needs one.")
    return next(iter(chosen)), str(record["id"]), ""
