"""``codebook.json`` and ``codebook.md``: every column and every level of the rubric in full.

The JSON is for programs (one object per file, one per column with its type, unit and
allowed values; the rubric as the raters saw it); the Markdown says the same for people.
Both come from :mod:`annotator.reporting.dataset.fields` and the project's rubric.
"""

from __future__ import annotations

import json
from typing import Any

from annotator.project.answer_model import Level
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
            "questions": [{"id": q.question_id, "text": q.text, "stages": list(q.stages)}
                          for q in rubric.questions],
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
        lines += ["", "Questions, each answered on the levels above:", "",
                  "| question | asked | text |", "|---|---|---|"]
        lines += [f"| `{q['id']}` | {', '.join(q['stages'])} | {_cell(q['text'])} |"
                  for q in rubric["questions"]]
    return "\n".join(lines) + "\n"


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
