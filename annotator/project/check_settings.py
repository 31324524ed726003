"""``[checks]`` in ``project.toml``: how attention checks are mixed in and judged.

```toml
[checks]
every = 20             # one check among each 20 data pairs, at a random place
fail_at_or_above = 3   # ContextRef (Kreiss et al., ICLR 2024) Appendix A: "Added info" of 3
                       # or more on an identical caption and description fails
# fail_at_or_below = 1
# fail_levels_off = 2  # levels from the check's gold rating (the rule when none is given)
max_failures = 0       # a tagger who fails more checks than this fails the checks
question = "added_info" # a multi-question protocol: the question whose answers are judged
items_file = "checks.csv" # the project's own items that are checks (an item_id column)
```

The checks are the ``gold.csv`` rows with ``purpose = check`` (never data), and the
project's own items marked ``check`` in ``items.csv`` or listed in ``items_file`` (data,
unless the tagger fails). An item check has no gold rating, so a rule that needs one
(``fail_levels_off`` alone) cannot judge it and is refused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from annotator.errors import ProjectError
from annotator.project.check_rule import CheckRule
from annotator.project.items import ITEMS_FILE
from annotator.project.model import Problem, Rubric
from annotator.project.rounds import read_subset
from annotator.project.settings_table import settings_table

_FAIL_KEYS = ("fail_at_or_above", "fail_at_or_below", "fail_levels_off")
_KEYS = ("every", "max_failures", "question", *_FAIL_KEYS, "items_file")


def read_check_rule(document: Mapping[str, Any], lines: Mapping[str, int], rubric: Rubric, *,
                    path: Path) -> tuple[CheckRule, list[Problem]]:
    """The rule of a parsed ``project.toml``; a value that cannot be used raises
    :class:`ProjectError` naming the line (a check must never be judged by a guess), an
    unknown key is a problem."""
    table, problems = settings_table(document, lines, "checks", _KEYS, path=path)
    values: dict[str, Any] = {}
    if any(key in table for key in _FAIL_KEYS):
        values = dict.fromkeys(_FAIL_KEYS)
    for key in _KEYS:
        if key in table:
            values[key] = _value(key, table[key], rubric, path, lines.get(f"checks.{key}"))
    try:
        return CheckRule(**values), problems
    except ValueError as error:
        raise ProjectError(f"[checks]: {error}.", file=path, line=lines.get("checks")) from error


def _value(key: str, raw: Any, rubric: Rubric, path: Path, line: int | None) -> Any:
    """``raw`` as the value of ``checks.key``, or :class:`ProjectError` naming the line."""
    levels = [level.value for level in rubric.levels]
    if key == "items_file":
        return _relative_path(raw, path, line)
    if key == "question":
        ids = [q.question_id for q in rubric.questions]
        if raw not in ids:
            raise ProjectError(f"checks.question must be one of the {rubric.rubric_id} "
                               f"rubric's questions ({', '.join(ids) or 'it has none'}).",
                               file=path, line=line)
    elif key in ("fail_at_or_above", "fail_at_or_below"):
        if isinstance(raw, bool) or not isinstance(raw, int | float) or raw not in levels:
            raise ProjectError(f"checks.{key} must be a level of the {rubric.rubric_id} "
                               f"rubric ({', '.join(f'{v:g}' for v in levels)}).",
                               file=path, line=line)
    elif isinstance(raw, bool) or not isinstance(raw, int):
        raise ProjectError(f"checks.{key} must be a whole number.", file=path, line=line)
    return raw


def _relative_path(raw: Any, path: Path, line: int | None) -> str:
    relative = PurePosixPath(raw.replace("\\", "/")) if isinstance(raw, str) else None
    if relative is None or not raw.strip() or relative.is_absolute() or ".." in relative.parts:
        raise ProjectError('checks.items_file must be the path of a CSV file inside the project '
                           'folder, in quotes, like "checks.csv".', file=path, line=line)
    return relative.as_posix()


def with_item_checks(rule: CheckRule, *, marked: Collection[str], item_ids: Collection[str],
                     gold_checks: bool, lines: Mapping[str, int], path: Path
                     ) -> tuple[CheckRule, list[Problem]]:
    """``rule`` with the project's own items that are checks: those ``items.csv`` marks
    (``marked``) and those its checks file lists (each row naming no item of ``item_ids``
    is a problem with its line). A missing checks file, or a rule that only a gold rating
    can apply to an item check, raises :class:`ProjectError`: who failed must never be
    guessed. ``gold_checks``: ``gold.csv`` has check pairs, which ``fail_levels_off``
    still judges."""
    found: set[str] = set(marked)
    problems: list[Problem] = []
    if rule.items_file:
        listed = path.parent / rule.items_file
        if not listed.is_file():
            raise ProjectError(f"checks.items_file names {rule.items_file}, which is not in the "
                               "project folder.", file=path, line=lines.get("checks.items_file"))
        ids, problems = read_subset(listed, item_ids)
        found.update(ids)
    if not found:
        return rule, problems
    where = " and ".join(([f"{ITEMS_FILE}'s check column"] if marked else [])
                         + ([rule.items_file] if rule.items_file else []))
    if rule.needs_gold:
        raise ProjectError(
            f"{len(found)} of the project's items are attention checks ({where}), but [checks] "
            "judges an answer only by how many levels it is from the check's gold rating "
            "(fail_levels_off), and an item check has none. Say which answers fail with "
            "fail_at_or_above or fail_at_or_below (ContextRef: question = \"added_info\", "
            "fail_at_or_above = 3).", file=path, line=lines.get("checks"))
    if rule.fail_levels_off is not None and not gold_checks:
        raise ProjectError(
            "checks.fail_levels_off counts levels from a check's gold rating; the project's "
            f"checks are its own items ({where}), which have none. Remove fail_levels_off.",
            file=path, line=lines.get("checks.fail_levels_off"))
    return dataclasses.replace(rule, items=frozenset(found)), problems
