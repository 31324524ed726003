"""The ``[[questions]]`` of a rubric file, each with its answer type, read with the line of
its table for every message (a lab lead writes these by hand).

A question's table::

    [[questions]]
    id = "wrong_info"
    text = "Does the description contain potentially wrong information?"
    type = "flag"                 # scale (default), flag, choice or text
    stages = ["post"]             # default: ["pre", "post"]

    [[questions]]
    id = "wrong_info_note"
    text = "What is wrong?"
    type = "text"
    required = false              # a free text may be left empty
    max_length = 500
    show_if = { question = "wrong_info", answer = "yes" }
    stages = ["post"]

A scale question may bring its own ``[[questions.levels]]`` (and ``order``) instead of the
rubric's; a choice question lists ``[[questions.choices]]`` (id, label, optional key).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from annotator.errors import RubricError
from annotator.project.answer_model import (
    DEFAULT_TEXT_LENGTH,
    STAGES,
    AnswerKind,
    Choice,
    Level,
    Question,
    Scale,
    ScaleOrder,
    ShowIf,
    check_questions,
)

_HEADER = re.compile(r"^\s*\[\[\s*questions\s*\]\]")
_KEYS = ("id", "text", "type", "stages", "levels", "order", "choices", "required",
         "max_length", "show_if")


def parse_questions(raw: Any, text: str, path: Path) -> tuple[Question, ...]:
    """Every ``[[questions]]`` table of the rubric file at ``path`` (its ``text`` gives the
    lines), checked one by one and then together."""
    headers = [n for n, line in enumerate(text.splitlines(), start=1) if _HEADER.match(line)]
    if not isinstance(raw, list):
        raise RubricError("questions must be [[questions]] tables.", file=path,
                          line=headers[0] if headers else None)
    questions = []
    for number, table in enumerate(raw, start=1):
        line = headers[number - 1] if number <= len(headers) else None
        where = f"Question {number} (the [[questions]] table number {number})"

        def fail(message: str, where: str = where, line: int | None = line) -> RubricError:
            return RubricError(f"{where}: {message}", file=path, line=line)

        questions.append(_question(table, fail, path, line))
    try:
        check_questions(tuple(questions))
    except ValueError as error:
        raise RubricError(f"The questions do not fit together: {error}.", file=path,
                          line=headers[0] if headers else None) from error
    return tuple(questions)


def _question(table: Any, fail: Callable[[str], RubricError], path: Path,
              line: int | None) -> Question:
    if not isinstance(table, dict):
        raise fail("it is not a table.")
    unknown = sorted(set(table) - set(_KEYS))
    if unknown:
        raise fail(f"{', '.join(map(repr, unknown))} is not a key of a question "
                   f"(a question may set {', '.join(_KEYS)}).")
    kinds = [kind.value for kind in AnswerKind]
    kind = table.get("type", AnswerKind.SCALE.value)
    if kind not in kinds:
        raise fail(f"type must be one of {', '.join(kinds)}, not {kind!r}.")
    stages = table.get("stages", list(STAGES))
    if not (isinstance(stages, list) and all(isinstance(s, str) for s in stages)):
        raise fail('stages must be a list such as ["pre", "post"].')
    text = table.get("text")
    if not isinstance(text, str) or not text.strip():
        raise fail('it needs a text (text = "...").')
    try:
        return Question(
            str(table.get("id", "")), text.strip(), tuple(stages), AnswerKind(kind),
            scale=_scale(table, fail, path, line),
            choices=_choices(table.get("choices", []), fail),
            required=_flag(table, "required", fail),
            max_length=_length(table, fail),
            show_if=_show_if(table.get("show_if"), fail))
    except ValueError as error:
        raise fail(f"{error}.") from error


def _scale(table: dict[str, Any], fail: Callable[[str], RubricError], path: Path,
           line: int | None) -> Scale | None:
    """A scale question's own levels (None: it is answered on the rubric's)."""
    if "levels" not in table:
        if "order" in table:
            raise fail("order belongs with the question's own [[questions.levels]].")
        return None
    raw = table["levels"]
    if not isinstance(raw, list) or len(raw) < 2:
        raise fail("its own levels need at least two [[questions.levels]] tables.")
    order = table.get("order")
    if order is not None and order not in {o.value for o in ScaleOrder}:
        raise fail('order must be "best-first" or "worst-first".')
    levels = tuple(parse_level(level, n, path, line, where=f"Level {n + 1} of that question")
                   for n, level in enumerate(raw))
    try:
        return Scale(levels, ScaleOrder(order) if order else None)
    except ValueError as error:
        raise fail(f"its levels are not usable: {error}.") from error


def _choices(raw: Any, fail: Callable[[str], RubricError]) -> tuple[Choice, ...]:
    if not isinstance(raw, list) or not all(isinstance(choice, dict) for choice in raw):
        raise fail("choices must be [[questions.choices]] tables (id, label, key).")
    choices = []
    for number, choice in enumerate(raw, start=1):
        key = choice.get("key", str(number) if number <= 9 else "")
        if not all(isinstance(choice.get(name), str) for name in ("id", "label")) \
                or not isinstance(key, str):
            raise fail(f"choice {number} needs a text id and label (and a one-character key "
                       "when there are more than nine).")
        try:
            choices.append(Choice(choice["id"], key, choice["label"].strip()))
        except ValueError as error:
            raise fail(f"{error}.") from error
    return tuple(choices)


def _flag(table: dict[str, Any], key: str, fail: Callable[[str], RubricError]) -> bool:
    value = table.get(key, True)
    if not isinstance(value, bool):
        raise fail(f"{key} must be true or false.")
    return value


def _length(table: dict[str, Any], fail: Callable[[str], RubricError]) -> int:
    value = table.get("max_length", DEFAULT_TEXT_LENGTH)
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail("max_length must be a whole number of characters.")
    if "max_length" in table and table.get("type") != AnswerKind.TEXT.value:
        raise fail("max_length belongs to a free text question (type = \"text\").")
    return value


def _show_if(raw: Any, fail: Callable[[str], RubricError]) -> ShowIf | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"question", "answer"} \
            or not all(isinstance(value, str) for value in raw.values()):
        raise fail('show_if must be a table such as { question = "wrong_info", '
                   'answer = "yes" }.')
    return ShowIf(raw["question"], raw["answer"])


def parse_level(raw: Any, index: int, path: Path, line: int | None, *, where: str = "") -> Level:
    """One ``[[levels]]`` table (a rubric's, or a scale question's own)."""
    where = where or f"Level {index + 1} (the [[levels]] table number {index + 1})"
    if not isinstance(raw, dict):
        raise RubricError(f"{where} is not a table.", file=path, line=line)
    value = raw.get("value")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RubricError(f"{where} needs a number 'value'.", file=path, line=line)
    for key in ("key", "label", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise RubricError(f"{where} needs a text {key!r}.", file=path, line=line)
    example = raw.get("example", "")
    if not isinstance(example, str):
        raise RubricError(f"{where}: example must be a text.", file=path, line=line)
    try:
        return Level(value=value, key=raw["key"], label=raw["label"].strip(), text=raw["text"],
                     example=example.strip())
    except ValueError as exc:
        raise RubricError(f"{where}: {exc}.", file=path, line=line) from exc
