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
```

The check pairs themselves are the ``gold.csv`` rows with ``purpose = check``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from annotator.errors import ProjectError
from annotator.project.check_rule import CheckRule
from annotator.project.model import Problem, Rubric
from annotator.project.settings_table import settings_table

_FAIL_KEYS = ("fail_at_or_above", "fail_at_or_below", "fail_levels_off")
_KEYS = ("every", "max_failures", "question", *_FAIL_KEYS)


def read_check_rule(document: Mapping[str, Any], lines: Mapping[str, int], rubric: Rubric, *,
                    path: Path) -> tuple[CheckRule, list[Problem]]:
    """The rule of a parsed ``project.toml``; a value that cannot be used raises
    :class:`ProjectError` naming the line (a check must never be judged by a guess), an
    unknown key is a problem."""
    table, problems = settings_table(document, lines, "checks", _KEYS, path=path)
    values: dict[str, Any] = {}
    if any(key in table for key in _FAIL_KEYS):
        values = dict.fromkeys(_FAIL_KEYS)
    levels = [level.value for level in rubric.levels]
    for key in _KEYS:
        if key not in table:
            continue
        raw, line = table[key], lines.get(f"checks.{key}")
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
        values[key] = raw
    try:
        return CheckRule(**values), problems
    except ValueError as error:
        raise ProjectError(f"[checks]: {error}.", file=path, line=lines.get("checks")) from error
