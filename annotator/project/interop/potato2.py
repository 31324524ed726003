"""Potato 2.x: the answers of a lab's own Potato project, in each file Potato 2 writes.

As the ``potato-annotation`` 2.x release on PyPI writes them (its ``annotation_output``
and ``potato.export``; real files in tests/project/fixtures/interop/real/):

* ``annotation_output/<user>/user_state.json``: the annotator's whole state; its
  ``instance_id_to_label_to_value`` maps an instance id to ``[[{"schema", "name"},
  value], …]``, one pair per chosen label (a radio scheme stores the label's name as both).
* ``annotation_output/<user>/annotation_history.jsonl``: one action a line —
  ``user_id``, ``instance_id``, ``action_type`` (``add_label``, ``update_label``,
  ``remove_label``…), ``schema_name``, ``label_name``; a changed answer is a later line,
  so the last one stands.
* ``potato.export --format jsonl``'s ``annotations.jsonl``: one line per annotator and
  instance, ``{"instance_id", "user_id", "labels": {scheme: {label: value}}}``.

The answer is the chosen label of the project's one scheme (the one named ``rating`` when
there are several); the annotator is Potato's user id, which is the name they logged in with.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from annotator.project.interop.answers import Answer, Read
from annotator.project.interop.potato import SCHEME, read_output
from annotator.project.model import Problem
from annotator.project.textfile import numbered_lines, read_text

STATE_FILE = "user_state.json"
HISTORY_FILE = "annotation_history.jsonl"
EXPORT_FILE = "annotations.jsonl"
_STATE_KEY = "instance_id_to_label_to_value"


def read_any(path: Path) -> Read:
    """The answers in what the lead gave: Potato's output folder (2.x user states, else
    1.x annotated instances) or one of the files above."""
    if path.is_dir():
        states = state_files(path)
        return read_states(states) if states else read_output(path)
    if path.name == STATE_FILE:
        return read_states([path])
    return read_history(path) if path.name == HISTORY_FILE else read_exported(path)


def state_files(folder: Path) -> list[Path]:
    """Each annotator's ``user_state.json`` in Potato's output folder (or the one above)."""
    return sorted(folder.glob(f"*/{STATE_FILE}")) or sorted(folder.glob(f"*/*/{STATE_FILE}"))


def read_states(files: list[Path]) -> Read:
    """The answers in the annotators' ``user_state.json`` files."""
    read = Read([], [])
    for path in files:
        _read_state(path, read)
    return read


def _read_state(path: Path, read: Read) -> None:
    text, problem = read_text(path)
    if problem is not None:
        read.problems.append(problem)
        return
    try:
        state: Any = json.loads(text)
    except json.JSONDecodeError as error:
        read.problems.append(Problem(path, error.lineno, "This is not a Potato user_state.json: "
                                     f"{error.msg} (column {error.colno})."))
        return
    chosen = state.get(_STATE_KEY) if isinstance(state, dict) else None
    tagger = state.get("user_id") if isinstance(state, dict) else None
    if not isinstance(chosen, dict) or not isinstance(tagger, str) or not tagger.strip():
        read.problems.append(Problem(path, 1, f"This is not a Potato 2 user_state.json: it "
                                     f"needs user_id and {_STATE_KEY}."))
        return
    lines = _KeyLines(text, text.find(f'"{_STATE_KEY}"'))
    for instance_id, pairs in chosen.items():
        line = lines.line_of(instance_id)
        labels: dict[str, dict[str, str]] = {}
        if not isinstance(pairs, list):
            read.problems.append(Problem(path, line, f"The labels of instance {instance_id} "
                                         "are not a list."))
            continue
        for pair in pairs:
            label = pair[0] if isinstance(pair, list) and len(pair) == 2 else None
            if not isinstance(label, dict) or not isinstance(label.get("name"), str):
                read.problems.append(Problem(path, line, f"A label of instance {instance_id} "
                                             "is not [{schema, name}, value]."))
                break
            labels.setdefault(str(label.get("schema")), {})[label["name"]] = str(pair[1])
        else:
            _add(read, labels, instance_id, tagger.strip(), path, line)


class _KeyLines:
    """The line of each instance key in a ``user_state.json``, found in one forward pass
    (the keys come in the order ``json`` read them)."""

    def __init__(self, text: str, start: int):
        self.text, self.position, self.line = text, max(start, 0), 1
        self.counted = 0

    def line_of(self, key: str) -> int | None:
        found = self.text.find(json.dumps(key) + ":", self.position)
        if found == -1:
            found = self.text.find(json.dumps(key, ensure_ascii=False) + ":", self.position)
        if found == -1:
            return None
        self.line += self.text.count("\n", self.counted, found)
        self.counted = self.position = found
        return self.line


def read_history(path: Path) -> Read:
    """The answers in one ``annotation_history.jsonl``: each annotator's last label of each
    instance (an action removing it takes the answer back)."""
    read = Read([], [])
    last: dict[tuple[str, str], tuple[int, dict[str, dict[str, str]]]] = {}
    for number, line in numbered_lines(path, read.problems):
        action, message = _record(line, ("user_id", "instance_id", "schema_name",
                                         "label_name", "action_type"))
        if message:
            read.problems.append(Problem(path, number, message))
            continue
        key = (str(action["user_id"]), str(action["instance_id"]))
        labels = last.get(key, (number, {}))[1]
        scheme = labels.setdefault(str(action["schema_name"]), {})
        if action["action_type"] in ("add_label", "update_label"):
            scheme.clear()  # one answer per scheme: a new choice replaces the old one
            scheme[str(action["label_name"])] = str(action.get("new_value"))
        elif action["action_type"] == "remove_label":
            scheme.pop(str(action["label_name"]), None)
        last[key] = (number, labels)
    for (tagger, instance_id), (number, labels) in last.items():
        if any(labels.values()):
            _add(read, {s: v for s, v in labels.items() if v}, instance_id, tagger, path, number)
        else:
            read.not_answers += 1
    return read


def read_exported(path: Path) -> Read:
    """The answers in ``potato.export``'s ``annotations.jsonl``."""
    read = Read([], [])
    for number, line in numbered_lines(path, read.problems):
        record, message = _record(line, ("instance_id", "user_id", "labels"))
        if not message and not isinstance(record["labels"], dict):
            message = "Its labels are not an object ({scheme: {label: value}})."
        if message:
            read.problems.append(Problem(path, number, message))
            continue
        _add(read, record["labels"], str(record["instance_id"]), str(record["user_id"]),
             path, number)
    return read


def _record(line: str, keys: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """One JSON line holding ``keys``, or ``({}, why not)``."""
    try:
        record: Any = json.loads(line)
    except json.JSONDecodeError as error:
        return {}, f"This line is not JSON ({error.msg}, column {error.colno})."
    if not isinstance(record, dict):
        return {}, "This line is not an object ({...})."
    missing = [key for key in keys if key not in record or (key != "labels" and (
        isinstance(record[key], bool) or not isinstance(record[key], str | int)))]
    if missing:
        return {}, f"This line has no {', '.join(missing)}."
    return record, ""


def _add(read: Read, labels: Any, instance_id: str, tagger: str, path: Path,
         line: int | None) -> None:
    """The one answer of ``labels`` (``{scheme: {label: value}}``) as an Answer, or a
    problem saying why there is not exactly one."""
    if not isinstance(labels, dict) or not labels:
        read.not_answers += 1
        return
    chosen = labels.get(SCHEME) if SCHEME in labels or len(labels) != 1 else next(
        iter(labels.values()))
    if not isinstance(chosen, dict) or len(chosen) != 1:
        count = len(chosen) if isinstance(chosen, dict) else "no"
        read.problems.append(Problem(path, line, f"{tagger}'s answer to instance {instance_id} "
                                     f"has {count} labels chosen in its scheme (of "
                                     f"{', '.join(map(str, labels))}); it needs one."))
        return
    read.answers.append(Answer(instance_id, tagger, path, line or 1, str(next(iter(chosen)))))
