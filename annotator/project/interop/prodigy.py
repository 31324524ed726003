"""Prodigy: the pairs as choice tasks, and its JSONL export as answers.

Formats as Prodigy documents them (https://prodi.gy/docs/api-interfaces#choice, the
``choice`` recipe of https://github.com/explosion/prodigy-recipes, and
https://prodi.gy/docs/recipes#db-out):

* tasks (``tasks.jsonl``, for ``prodigy mark DATASET tasks.jsonl --view-id choice``, with
  ``prodigy.json``'s ``"choice_style": "single"``): ``image`` (its URL), ``text`` (the
  caption), ``options`` — ``{"id": level value, "text": value, label and full text}`` per
  level, ``{"id": "skip"}`` for the skip answer — and ``meta`` with the ``item_id``.
* the export (``prodigy db-out DATASET``): one task per line as annotated, with ``answer``
  (``accept``, ``reject`` or ``ignore``), ``accept`` (the chosen option ids) and
  ``_annotator_id`` (``DATASET-SESSION`` in named multi-user sessions; older versions give
  ``_session_id``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from annotator.project.interop.answers import SKIP, Answer, Read
from annotator.project.interop.question_controls import carried_questions
from annotator.project.model import Problem, Project
from annotator.project.nesting import TooDeepError, parse_json
from annotator.project.textfile import numbered_lines

TASKS_FILE = "tasks.jsonl"
_UNNAMED = re.compile(r"-[0-9]{4}-[0-9]{2}-[0-9]{2}_[0-9]{2}-[0-9]{2}-[0-9]{2}\Z")
SETTINGS_FILE = "prodigy.json"


def task_files(project: Project, image_prefix: str) -> dict[str, str]:
    """``tasks.jsonl`` and ``prodigy.json``: file name → text."""
    carried_questions(project, "Prodigy", several=False)
    rubric = project.rubric
    options: list[dict[str, Any]] = [
        {"id": _number(level.value), "text": f"{level.value:g} – {level.label}: {level.text}"}
        for level in sorted(rubric.levels, key=lambda level: -level.value)]
    if rubric.skip is not None:
        options.append({"id": SKIP, "text": f"{rubric.skip.label}: {rubric.skip.text}"})
    tasks = "".join(json.dumps({
        "image": image_prefix + item.image, "text": item.caption, "options": options,
        "meta": {"item_id": item.item_id, "source": item.source, "question": rubric.question},
    }, ensure_ascii=False) + "\n" for item in project.items)
    settings = {"choice_style": "single", "choice_auto_accept": False}
    return {TASKS_FILE: tasks, SETTINGS_FILE: json.dumps(settings, indent=2) + "\n"}


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def read_export(path: Path) -> Read:
    """The accepted answers of a ``db-out`` export; rejected and ignored tasks are counted,
    every bad line is a problem."""
    read = Read([], [])
    for number, line in numbered_lines(path, read.problems):
        try:
            task: Any = parse_json(line)
        except TooDeepError as error:
            read.problems.append(Problem(path, number, error.says("This line")))
            continue
        except json.JSONDecodeError as error:
            read.problems.append(Problem(path, number, f"This line is not JSON ({error.msg}, "
                                         f"column {error.colno})."))
            continue
        answer, message = _answer(task, path, number)
        if message:
            read.problems.append(Problem(path, number, message))
        elif answer is None:
            read.not_answers += 1
        else:
            read.answers.append(answer)
    unnamed_sessions(read, path)
    return read


def _answer(task: Any, path: Path, number: int) -> tuple[Answer | None, str]:
    if not isinstance(task, dict):
        return None, "This line is not a task ({...})."
    if task.get("answer") in ("reject", "ignore"):
        return None, ""
    if task.get("answer") != "accept":
        return None, "This task has no answer (accept, reject or ignore): is it annotated?"
    item_id = task_key(task)
    if not item_id:
        return None, "This task has no meta.item_id nor _input_hash: is it a db-out export?"
    tagger = task.get("_annotator_id") or task.get("_session_id")
    if not isinstance(tagger, str) or not tagger.strip():
        return None, "This task names no annotator (_annotator_id or _session_id)."
    chosen = task.get("accept")
    if not isinstance(chosen, list) or len(chosen) != 1 or isinstance(chosen[0], bool) \
            or not isinstance(chosen[0], str | int | float):
        return None, (f"This task accepts {len(chosen) if isinstance(chosen, list) else 'no'} "
                      "options; a rating is exactly one.")
    return Answer(item_id, tagger.strip(), path, number, str(chosen[0]),
                  wording=_option_text(task, chosen[0])), ""


def task_key(task: dict[str, Any]) -> str:
    """The item a task is: ``meta.item_id`` (tasks made by export-tasks), else Prodigy's
    ``_input_hash`` (the same image and text, whoever annotated it); "" if neither."""
    meta = task.get("meta")
    item_id = meta.get("item_id") if isinstance(meta, dict) else None
    if isinstance(item_id, str) and item_id:
        return item_id
    hashed = task.get("_input_hash")
    return str(hashed) if isinstance(hashed, int) and not isinstance(hashed, bool) else ""


def _option_text(task: dict[str, Any], chosen: str | int | float) -> str:
    """The chosen option's text (``{"id": "space", "text": "4 – Objects + space"}``)."""
    options = task.get("options")
    texts = {str(o.get("id")): o.get("text") for o in options if isinstance(o, dict)
             } if isinstance(options, list) else {}
    text = texts.get(str(chosen))
    return text if isinstance(text, str) else ""


def unnamed_sessions(read: Read, path: Path) -> None:
    """Warn when taggers are Prodigy's unnamed sessions (``DATASET-2026-11-20_09-14-03``):
    each sitting is a session, so one person who annotated twice becomes two taggers."""
    sessions = sorted({a.tagger for a in read.answers if _UNNAMED.search(a.tagger)})
    if sessions:
        read.warnings.append(Problem(path, None, f"{len(sessions)} taggers are unnamed Prodigy "
                                     f"sessions ({', '.join(sessions[:3])}"
                                     f"{', …' if len(sessions) > 3 else ''}): each sitting is "
                                     "its own session, so one person who annotated in two "
                                     "sittings counts as two taggers. Name sessions "
                                     "(?session=NAME) or check the agreement figures."))
