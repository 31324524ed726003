"""Rubrics are data: a project's own rubric file, or a shipped example
``resources/rubrics/<id>.toml`` a lab copies and edits.

A broken rubric file stops the app with a :class:`RubricError` that names the file, the
line and the level, since a lab lead may edit these by hand.
"""

from __future__ import annotations

import hashlib
import math
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from annotator.errors import RubricError
from annotator.project.answer_model import SKIP_VALUE, ScaleOrder
from annotator.project.model import PROTOCOL_DEFAULTS, Rubric
from annotator.project.nesting import TooDeepError, parse_toml
from annotator.project.rubric_questions import parse_level, parse_questions
from annotator.project.tomlfile import error_line, key_lines
from annotator.resources import resource_path

_RUBRIC_ID = re.compile(r"^[A-Za-z0-9_-]+$")
_LEVELS_HEADER = re.compile(r"^\s*\[\[\s*levels\s*\]\]")


def rubrics_dir() -> Path:
    return resource_path("rubrics")


def available_rubrics() -> list[str]:
    """Ids of the shipped rubrics, sorted."""
    return sorted(p.stem for p in rubrics_dir().glob("*.toml"))


def load_rubric(rubric_id: str) -> Rubric:
    """The shipped rubric ``rubric_id``; :class:`RubricError` if unknown or malformed."""
    if not _RUBRIC_ID.match(rubric_id):
        raise RubricError(
            f"{rubric_id!r} is not a rubric name (letters, digits, - and _ only). "
            f"Available rubrics: {', '.join(available_rubrics())}."
        )
    path = rubrics_dir() / f"{rubric_id}.toml"
    if not path.is_file():
        raise RubricError(
            f"There is no rubric called {rubric_id!r}. "
            f"Available rubrics: {', '.join(available_rubrics()) or 'none'}.",
            file=path,
        )
    return load_rubric_file(path)


def load_rubric_file(path: Path, *, named_by_id: bool = True) -> Rubric:
    """Read one rubric file. A shipped one (``named_by_id``) is found by its id, so its
    ``id`` must match the file name; a project's own may be called anything."""
    text, data = _read_toml(path)
    lines = key_lines(text)

    def fail(message: str, key: str | None = None) -> RubricError:
        return RubricError(message, file=path, line=lines.get(key) if key else None)

    rubric_id = _text(data, "id", fail)
    if named_by_id and rubric_id != path.stem:
        raise fail(f"The rubric id {rubric_id!r} must match the file name {path.name}.", "id")
    if not _RUBRIC_ID.match(rubric_id):
        raise fail(f"The rubric id {rubric_id!r} may hold letters, digits, - and _ only.", "id")
    raw_levels = data.get("levels")
    if not isinstance(raw_levels, list) or len(raw_levels) < 2:
        raise fail("A rubric needs at least two [[levels]] tables.", "levels")
    level_lines = [n for n, ln in enumerate(text.splitlines(), start=1) if _LEVELS_HEADER.match(ln)]
    levels = tuple(
        parse_level(raw, index, path, level_lines[index] if index < len(level_lines) else None)
        for index, raw in enumerate(raw_levels)
    )
    skip = None
    if "skip" in data:
        raw_skip = data["skip"]
        if not isinstance(raw_skip, dict):
            raise fail("skip must be a table: [skip] with key, label and text.", "skip")
        skip = parse_level({**raw_skip, "value": SKIP_VALUE}, len(levels), path, lines.get("skip"),
                      where="The [skip] table")
    questions = parse_questions(data.get("questions", []), text, path)
    show_context = data.get("show_context", False)
    if not isinstance(show_context, bool):
        raise fail("show_context must be true or false.", "show_context")
    try:
        return Rubric(
            rubric_id=rubric_id,
            name=_text(data, "name", fail),
            question=_text(data, "question", fail),
            levels=levels,
            skip=skip,
            questions=questions,
            show_context=show_context,
            text_label=_text(data, "text_label", fail) if "text_label" in data else "Caption",
            defaults=_defaults(data.get("defaults", {}), fail),
            source=_text(data, "source", fail) if "source" in data else "",
            order=_order(data, fail),
            sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        )
    except ValueError as exc:
        raise fail(f"The rubric's levels are not usable: {exc}.",
                   "order" if str(exc).startswith("order") else "levels") from exc


def _order(data: dict[str, Any], fail: Callable[..., RubricError]) -> ScaleOrder | None:
    """The stated ``order`` (None: read from the values); the old top-level dwell is
    refused here too, as the one key of the header that moved."""
    if "dwell_seconds" in data:
        raise fail("dwell_seconds belongs in the rubric's [defaults] table "
                   "([defaults] dwell_seconds = 3).", "dwell_seconds")
    order = data.get("order")
    if order is None:
        return None
    if order not in {o.value for o in ScaleOrder}:
        raise fail('order must be "best-first" or "worst-first" (which end of the list of '
                   "levels is the best answer).", "order")
    return ScaleOrder(order)


def _defaults(raw: Any, fail: Callable[..., RubricError]) -> dict[str, float | bool]:
    """``[defaults]``: the flow settings of the protocol's paper (a dwell in seconds from 0
    to 600; feedback, tutorial and probation true or false)."""
    if not isinstance(raw, dict):
        raise fail("defaults must be a table: [defaults].", "defaults")
    defaults: dict[str, float | bool] = {}
    for key, value in raw.items():
        where = f"defaults.{key}"
        if key not in PROTOCOL_DEFAULTS:
            raise fail(f"[defaults] may set {', '.join(PROTOCOL_DEFAULTS)}; not {key!r}.", where)
        if key == "dwell_seconds":
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not 0 <= value <= 600:
                raise fail("dwell_seconds must be a number of seconds from 0 to 600.", where)
            defaults[key] = float(value)
        elif isinstance(value, bool):
            defaults[key] = value
        else:
            raise fail(f"{key} must be true or false.", where)
    return defaults


def _read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """The rubric file's text and its parsed TOML; a :class:`RubricError` if it is neither."""
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise RubricError(f"The rubric file cannot be read: {exc.strerror}.", file=path) from exc
    except UnicodeDecodeError as exc:
        raise RubricError("The rubric file is not UTF-8 text.", file=path) from exc
    try:
        return text, parse_toml(text)
    except TooDeepError as exc:
        raise RubricError(exc.says("The rubric file"), file=path, line=exc.line) from None
    except tomllib.TOMLDecodeError as exc:
        line, message = error_line(exc)
        raise RubricError(
            f"The rubric file is not valid TOML: {message}.", file=path, line=line
        ) from exc


def _text(data: dict[str, Any], key: str, fail: Callable[..., RubricError]) -> str:
    raw = data.get(key)
    if not isinstance(raw, str) or not raw.strip():
        raise fail(f'The rubric needs a text {key!r} (for example {key} = "...").', key)
    return raw.strip()


def parse_level_value(text: str, rubric: Rubric) -> tuple[float, str | None]:
    """The level value written in ``text``, or a message saying what is allowed."""
    levels = ", ".join(_number(level.value) for level in rubric.levels)
    allowed = f"one of the levels of the {rubric.rubric_id} rubric ({levels})"
    text = text.strip()
    if not text:
        return 0.0, f"The rating is empty; it must be {allowed}."
    try:
        value = float(text)
    except ValueError:
        return 0.0, f"The rating {text!r} is not a number; it must be {allowed}."
    if not math.isfinite(value) or rubric.level_for_value(value) is None:
        return 0.0, f"The rating {text} is not {allowed}."
    return value, None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
