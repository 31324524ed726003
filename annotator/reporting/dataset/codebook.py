"""``codebook.json`` and ``codebook.md``: every column and every level of the rubric in full.

The JSON is for programs (one object per file, one per column with its type, unit and
allowed values; the rubric as the raters saw it); the Markdown says the same for people.
Both come from :mod:`annotator.reporting.dataset.fields` and the project's rubric.
"""

from __future__ import annotations

import json
from typing import Any

from annotator.project.answer_model import AnswerKind, Level, Question
from annotator.project.model import Rubric
from annotator.reporting.dataset.fields import Field

MISSING = "an empty cell in CSV, null in JSON Lines"


def codebook_json(files: dict[str, tuple[Field, ...]], rubric: Rubric,
                  descriptions: dict[str, str]) -> dict[str, Any]:
    """The codebook as JSON: ``files`` maps each data file's name to its fields."""
    return {
        "missing_value": MISSING,
        "files": [{"name": name, "description": descriptions[name],
                   "columns": [_field(field) for field in fields]}
                  for name, fields in files.items()],
        "rubric": {
            "id": rubric.rubric_id,
            "name": rubric.name,
            "source": rubric.source,
            "question": rubric.question,
            "levels": [_level(level) for level in rubric.levels],
            "skip": None if rubric.skip is None else _level(rubric.skip),
            "questions": [_question(q, rubric) for q in rubric.questions],
        },
    }


def codebook_markdown(codebook: dict[str, Any], title: str) -> str:
    """The same codebook for people to read."""
    rubric = codebook["rubric"]
    lines = [f"# Codebook: {title}", "",
             f"Every column of every file, and the rubric the raters used. A missing value is "
             f"{MISSING}.", ""]
    for file in codebook["files"]:
        lines += [f"## {file['name']}", "", file["description"], "",
                  "| column | type | unit | allowed values | meaning |",
                  "|---|---|---|---|---|"]
        lines += [f"| `{c['name']}` | {c['type']}{'' if c['required'] else ', may be empty'} "
                  f"| {c['unit']} | {_allowed(c['values'])} | {_cell(c['description'])} |"
                  for c in file["columns"]]
        lines.append("")
    lines += [f"## The rubric: {rubric['name']} (`{rubric['id']}`)", ""]
    if rubric["source"]:
        lines += [f"From: {rubric['source']}.", ""]
    lines += [f"Question: {rubric['question']}", "",
              "| value | key | label | full text shown to raters |", "|---|---|---|---|"]
    options = [*rubric["levels"], *([rubric["skip"]] if rubric["skip"] else [])]
    lines += [f"| {_value(o['value'], o is rubric['skip'])} | `{o['key']}` | {_cell(o['label'])} "
              f"| {_cell(o['text'])} |" for o in options]
    if rubric["questions"]:
        lines += ["", "Questions (a scale question is answered on the levels above unless it "
                  "lists its own):", "",
                  "| question | type | asked | answers | text |", "|---|---|---|---|---|"]
        lines += [f"| `{q['id']}` | {q['type']} | {_asked(q)} | {_cell(_answers(q))} "
                  f"| {_cell(q['text'])} |" for q in rubric["questions"]]
    return "\n".join(lines) + "\n"


def _question(question: Question, rubric: Rubric) -> dict[str, Any]:
    """One question as the raters were asked it: its type, stages, condition and answers."""
    own, order = question.scale, rubric.scale_of(question).order
    scale = question.kind is AnswerKind.SCALE
    return {
        "id": question.question_id, "text": question.text, "stages": list(question.stages),
        "type": question.kind.value,
        "levels": [_level(level) for level in own.levels] if own else None,
        "order": order.value if scale and order is not None else None,
        "choices": [{"id": c.choice_id, "key": c.key, "label": c.label}
                    for c in question.choices],
        "required": question.required,
        "max_length": question.max_length if question.kind is AnswerKind.TEXT else None,
        "show_if": None if question.show_if is None else {
            "question": question.show_if.question_id, "answer": question.show_if.answer},
    }


def _asked(question: dict[str, Any]) -> str:
    asked = ", ".join(question["stages"])
    condition = question["show_if"]
    return asked if condition is None else (
        f"{asked}, only when `{condition['question']}` is {condition['answer']}")


def _answers(question: dict[str, Any]) -> str:
    """A question's answers in words, for the Markdown codebook."""
    match question["type"]:
        case "flag":
            return "yes or no"
        case "choice":
            return "; ".join(f"{c['id']} ({c['label']})" for c in question["choices"])
        case "text":
            optional = "" if question["required"] else ", may be left empty"
            return f"free text, at most {question['max_length']:,} characters{optional}"
        case _:
            if question["levels"] is None:
                return "the levels above"
            return "; ".join(f"{_value(level['value'], False)} ({level['label']})"
                             for level in question["levels"])


def _field(field: Field) -> dict[str, Any]:
    return {"name": field.name, "type": field.type, "unit": field.unit,
            "values": list(field.values), "required": field.required,
            "description": field.description}


def _level(level: Level) -> dict[str, Any]:
    return {"value": level.value, "key": level.key, "label": level.label, "text": level.text}


def _allowed(values: list[Any]) -> str:
    return ", ".join(f"`{v:g}`" if isinstance(v, float) else f"`{v}`" for v in values)


def _value(value: float, skip: bool) -> str:
    return "SKIP (no value: `rating` empty, `skip` true)" if skip else f"`{value:g}`"


def _cell(text: str) -> str:
    """Text in a Markdown table cell: no line break, no column bar."""
    return " ".join(text.split()).replace("|", "\\|")


def dumps(document: dict[str, Any]) -> str:
    """JSON as every metadata file of the dataset is written: indented, UTF-8, a final
    newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
