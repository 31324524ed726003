"""Label Studio: the pairs as tasks with a labeling config, and its JSON export as answers.

Formats as Label Studio documents them (https://labelstud.io/guide/task_format,
https://labelstud.io/tags/choices, https://labelstud.io/tags/rating):

* tasks: a JSON list of ``{"data": {...}}``; ours hold ``image`` (its URL: the path in the
  project folder after ``--image-prefix``), ``text`` (the caption), ``item_id``, ``source``
  and the context columns. ``label_config.xml`` shows the image and the caption and asks the
  rubric's question as ``<Choices>``: one ``<Choice>`` per level whose ``value`` is what the
  rater sees and whose ``alias`` (what the export stores) is the level's value.
* the export (Export ▸ JSON): the list of tasks, each with ``annotations``; an annotation has
  ``completed_by`` (a user id, or an object with ``email``), ``was_cancelled`` and a
  ``result`` list, whose ``choices`` result holds ``value.choices`` (one alias or value) and
  whose ``rating`` result holds ``value.rating`` (stars: the level counted from the lowest).
  A task without ``data.item_id`` (a lab's own) is the item of its task ``id``.
* the JSON_MIN export: one flat entry per annotation, the task's fields, ``id``, the result
  (a choice, or stars) under the control tag's name, then ``annotator`` (a user id); CSV
  and TSV the same as rows (:mod:`label_studio_csv`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from annotator.project.interop.answers import SKIP, Answer, Read
from annotator.project.interop.question_controls import carried_questions, label_studio_controls
from annotator.project.model import Problem, Project, Rubric
from annotator.project.nesting import TooDeepError, refusing_deep, whole_number
from annotator.project.textfile import read_text

TASKS_FILE = "tasks.json"
CONFIG_FILE = "label_config.xml"
ANSWER = "rating"
"""The name of the control tag whose results are the answers."""


def task_files(project: Project, image_prefix: str) -> dict[str, str]:
    """``tasks.json`` and ``label_config.xml``: file name → text."""
    tasks = [{"data": {"item_id": item.item_id, "image": image_prefix + item.image,
                       "text": item.caption, "source": item.source, **item.context}}
             for item in project.items]
    rubric = project.rubric
    questions = carried_questions(project, "Label Studio", several=True)
    config = "\n".join([
        "<View>",
        '  <Image name="image" value="$image"/>',
        '  <Text name="caption" value="$text"/>',
        *(label_studio_controls(questions, rubric) if questions else _one_question(rubric)),
        "</View>",
        f"<!-- {escape(rubric.name)}: each choice's alias is the level value (a flag's yes or "
        "no, a choice's id) the export stores. -->",
        ""])
    return {TASKS_FILE: json.dumps(tasks, indent=2, ensure_ascii=False) + "\n",
            CONFIG_FILE: config}


def _one_question(rubric: Rubric) -> list[str]:
    """The config lines of a single-question rubric: its levels (and skip) as one
    ``<Choices>`` named :data:`ANSWER`, which ``import-ratings`` reads back."""
    options = [(f"{level.value:g} – {level.label}", f"{level.value:g}", level.text)
               for level in sorted(rubric.levels, key=lambda level: -level.value)]
    if rubric.skip is not None:
        options.append((rubric.skip.label, SKIP, rubric.skip.text))
    return [f"  <Header value={quoteattr(rubric.question)}/>",
            f'  <Choices name="{ANSWER}" toName="image" choice="single-radio" required="true">',
            *(f"    <Choice value={quoteattr(value)} alias={quoteattr(alias)} "
              f"hint={quoteattr(hint)}/>" for value, alias, hint in options),
            "  </Choices>"]


def read_export(path: Path) -> Read:
    """The answers of a Label Studio JSON export; every bad entry a problem at the line its
    task starts on."""
    read = Read([], [])
    text, problem = read_text(path)
    if problem is not None:
        read.problems.append(problem)
        return read
    try:
        tasks = _array_with_lines(text)
    except json.JSONDecodeError as error:
        read.problems.append(Problem(path, error.lineno, "This is not a Label Studio JSON "
                                     f"export: {error.msg} (column {error.colno})."))
        return read
    except TooDeepError as error:
        read.problems.append(Problem(path, error.line, error.says("This file")))
        return read
    except ValueError as error:
        read.problems.append(Problem(path, 1, str(error)))
        return read
    for line, task in tasks:
        if isinstance(task, dict) and "data" not in task and "annotations" not in task:
            read_flat_entry(task, path, line, read, answer=None)  # JSON_MIN
        else:
            _read_task(task, path, line, read)
    return read


def _array_with_lines(text: str) -> list[tuple[int, Any]]:
    """The elements of a top-level JSON array, each with the line it starts on.

    Lines are counted on from the element before, so the whole text is counted once."""
    decoder = json.JSONDecoder(parse_int=whole_number)
    position = _skip_space(text, 0)
    if text[position:position + 1] != "[":
        raise ValueError("This is not a Label Studio JSON export: it is not a list of tasks "
                         "([...]). Export the project as JSON, not JSON-MIN or CSV.")
    position = _skip_space(text, position + 1)
    found: list[tuple[int, Any]] = []
    line, counted = 1, 0
    while text[position:position + 1] != "]":
        try:
            with refusing_deep(text):
                value, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError as error:  # a number's error knows only the number
            raise json.JSONDecodeError(error.msg, text, position if error.doc != text
                                       else error.pos) from None
        line += text.count("\n", counted, position)
        counted = position
        found.append((line, value))
        position = _skip_space(text, end)
        if text[position:position + 1] == ",":
            position = _skip_space(text, position + 1)
        elif text[position:position + 1] != "]":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, position)
    return found


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _read_task(task: Any, path: Path, line: int, read: Read) -> None:
    def problem(message: str) -> None:
        read.problems.append(Problem(path, line, message))

    data = task.get("data") if isinstance(task, dict) else None
    item_id = data.get("item_id", task.get("id")) if isinstance(data, dict) else None
    if not isinstance(item_id, str | int) or isinstance(item_id, bool) or item_id == "":
        problem("This task has no id (nor data.item_id): is this a Label Studio JSON export?")
        return
    annotations = task.get("annotations", [])
    if not isinstance(annotations, list):
        problem(f"The annotations of task {item_id} are not a list.")
        return
    for n, annotation in enumerate(annotations, start=1):
        message = _read_annotation(annotation, str(item_id), path, line, read)
        if message:
            problem(f"Annotation {n} of task {item_id}{message}")


def _read_annotation(annotation: Any, item_id: str, path: Path, line: int,
                     read: Read) -> str | None:
    """Read one annotation's answer into ``read``; what is wrong with it (to follow the
    words naming it), or None."""
    if not isinstance(annotation, dict):
        return " is not an object."
    if annotation.get("was_cancelled") is True:
        read.not_answers += 1
        return None
    tagger = _tagger(annotation.get("completed_by"))
    if tagger is None:
        return " names no annotator (completed_by)."
    results = annotation.get("result", [])
    if not isinstance(results, list):
        return f": its result is {_json_type(results)}, not a list of results."
    answers = [r for r in results if isinstance(r, dict)
               and r.get("type") in ("choices", "rating")]
    named = [r for r in answers if r.get("from_name") == ANSWER]
    if len(named or answers) != 1:
        return (f" has {len(named or answers)} choices or rating results; it needs one "
                f"(named {ANSWER!r}).")
    choice, position, message = _answer(named[0] if named else answers[0])
    if message:
        return f": {message}"
    read.answers.append(Answer(item_id, tagger, path, line, choice, position))
    return None


def _json_type(value: Any) -> str:
    """What a JSON value is, in the words of JSON (null, a number, an object…)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return "a text" if isinstance(value, str) else "an object"


def _tagger(completed_by: Any) -> str | None:
    """A user id, or the user object's email (or id) as some exports give it."""
    if isinstance(completed_by, dict):
        completed_by = completed_by.get("email") or completed_by.get("id")
    if isinstance(completed_by, bool) or not isinstance(completed_by, str | int):
        return None
    return str(completed_by).strip() or None


def _answer(result: dict[str, Any]) -> tuple[str, int | None, str]:
    """``(choice, position, "")`` of one result, or ``("", None, why)``."""
    value = result.get("value")
    if result.get("type") == "rating":
        stars = value.get("rating") if isinstance(value, dict) else None
        if isinstance(stars, bool) or not isinstance(stars, int):
            return "", None, "its rating is not a whole number of stars."
        return "", stars, ""
    choices = value.get("choices") if isinstance(value, dict) else None
    if not isinstance(choices, list) or len(choices) != 1 or not isinstance(choices[0], str):
        return "", None, "its choices are not exactly one choice."
    return choices[0], None, ""


FLAT_FIELDS = frozenset({"id", "annotator", "annotation_id", "created_at", "updated_at",
                         "lead_time", "drafts", "predictions", "agreement"})
"""The fields JSON_MIN and CSV add to a task's own: everything else is data or an answer."""


def read_flat_entry(entry: dict[str, Any], path: Path, line: int, read: Read, *,
                    answer: str | None, stars: bool = False) -> None:
    """One annotation of a flat export (JSON_MIN, CSV): the task's fields, ``id``, one field
    per control tag, ``annotator``. The answer is field ``answer``; for JSON_MIN (None) the
    one field between ``id`` and ``annotator``, where Label Studio puts the results. A whole
    number there (or any answer when ``stars``: a ``<Rating>``'s CSV column) is stars."""
    def problem(message: str) -> None:
        read.problems.append(Problem(path, line, message))

    task_id = entry.get("id")
    if isinstance(task_id, bool) or not isinstance(task_id, str | int) or task_id == "":
        problem("This entry has no task id: export the project as JSON_MIN or CSV.")
        return
    item_id = entry.get("item_id") or task_id
    if answer is None:
        answer, message = _result_field(entry)
        if not answer and "annotator" not in entry:
            read.not_answers += 1  # a task nobody annotated: no result, no annotator
            return
        if message:
            problem(f"Task {task_id} {message}")
            return
    tagger = _tagger(entry.get("annotator"))
    if tagger is None:
        problem(f"The annotation of task {task_id} names no annotator.")
        return
    value = _flat_value(entry.get(answer), stars)
    if isinstance(value, int):
        read.answers.append(Answer(str(item_id), tagger, path, line, "", value))
    elif value:
        read.answers.append(Answer(str(item_id), tagger, path, line, value))
    else:
        problem(f"The annotation of task {task_id} by {tagger} holds no single answer in "
                f"{answer!r}.")


def _flat_value(value: Any, stars: bool) -> str | int:
    """A flat export's answer: stars (a whole number) or a choice ("" when neither)."""
    if isinstance(value, dict) and isinstance(value.get("choices"), list):
        value = value["choices"][0] if len(value["choices"]) == 1 else None
    if stars and isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return value.strip() if isinstance(value, str) else ""


def _result_field(entry: dict[str, Any]) -> tuple[str, str]:
    """The JSON_MIN field holding the answer: Label Studio puts the results between ``id``
    and ``annotator``; ``("", why)`` when that is not one field (or one named rating),
    ``("", "")`` when there is none (a task nobody annotated)."""
    keys = list(entry)
    end = keys.index("annotator") if "annotator" in keys else len(keys)
    results = [k for k in keys[keys.index("id") + 1:end] if k not in FLAT_FIELDS]
    if ANSWER in results or len(results) == 1:
        return ANSWER if ANSWER in results else results[0], ""
    if not results:
        return "", ""
    return "", (f"has {len(results)} result fields ({', '.join(results)}); name the one "
                f"that holds the answer {ANSWER!r}.")
