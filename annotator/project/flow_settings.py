"""The Rating Game's settings in ``project.toml``: ``[flow]`` and per-round ``[rounds.N]``.

```toml
[flow]                 # every round (defaults shown)
tutorial = true        # the 10 gold pairs on a tagger's first session
probation = true       # the probation gate (failed tutorial, weak first game pairs)
feedback = true        # consensus and points after each game rating
dwell_seconds = 3      # submit stays disabled this long after a pair (or an image) appears
min_consensus = 2      # fewest earlier ratings (priors counted) a consensus is shown on
tutorial_order = "shuffled"  # or "file": the tutorial pairs as gold.csv lists them

[rounds.2]             # overrides for round 2 only
feedback = false
```

``[rounds]`` also holds ``washout_days`` and each ``[rounds.N]`` its ``started`` and
``items``: those are read by :mod:`annotator.project.rounds`.

A retest round is usually blind, so rounds from 2 on start with feedback and
the probation gate off unless their ``[rounds.N]`` table switches them on. Pass marks and
pair counts (``tutorial_pairs``/``tutorial_pass``, ``probation_pairs``/``probation_pass``,
``first_game_pairs``/``first_game_pass``) can be set in either table. A rubric may
set its own ``dwell_seconds`` (``defaults``), which ``[flow]`` overrides.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from annotator.errors import ProjectError
from annotator.project.model import MAX_ROUND, FlowPlan, FlowSettings, Problem
from annotator.project.rounds import ROUND_KEYS, ROUNDS_SETTINGS

_FIELDS = {f.name: f.type for f in dataclasses.fields(FlowSettings)}


def read_flow_plan(
    document: Mapping[str, Any],
    lines: Mapping[str, int],
    *,
    path: Path,
    defaults: Mapping[str, Any] | None = None,
) -> tuple[FlowPlan, list[Problem]]:
    """The flow plan of a parsed ``project.toml``.

    A value of the wrong kind raises :class:`ProjectError` naming the line (the game cannot
    be played with a pass mark it cannot read); an unknown key is a :class:`Problem`,
    so a typo is reported instead of silently ignored.
    """
    problems: list[Problem] = []
    flow = document.get("flow", {})
    if not isinstance(flow, dict):
        raise ProjectError("flow must be a table: [flow].", file=path, line=lines.get("flow"))
    base_changes = _settings_table(flow, "flow", lines, path, problems)
    rounds: dict[int, dict[str, Any]] = {}
    raw_rounds = document.get("rounds", {})
    if not isinstance(raw_rounds, dict):
        raise ProjectError(
            "rounds must be tables like [rounds.2].", file=path, line=lines.get("rounds")
        )
    for name, table in raw_rounds.items():
        where = f"rounds.{name}"
        if name in ROUNDS_SETTINGS:
            continue  # read by annotator.project.rounds
        if not name.isdigit() and not isinstance(table, dict):
            problems.append(_unknown(path, lines.get(where), "rounds", name))
            continue
        if not name.isdigit() or not 1 <= int(name) <= MAX_ROUND or not isinstance(table, dict):
            raise ProjectError(
                f"[{where}] is not a round: rounds are tables numbered from 1 to {MAX_ROUND}, "
                "like [rounds.2].",
                file=path,
                line=lines.get(where),
            )
        settings = {key: raw for key, raw in table.items() if key not in ROUND_KEYS}
        rounds[int(name)] = _settings_table(settings, where, lines, path, problems)
    try:
        plan = FlowPlan(FlowSettings(**{**(defaults or {}), **base_changes}), rounds)
    except ValueError as exc:
        raise _out_of_range(exc, "flow", lines, path) from exc
    for number in rounds:
        try:
            plan.for_round(number)
        except ValueError as exc:
            raise _out_of_range(exc, f"rounds.{number}", lines, path) from exc
    return plan, problems


def _settings_table(
    table: Mapping[str, Any],
    where: str,
    lines: Mapping[str, int],
    path: Path,
    problems: list[Problem],
) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for key, raw in table.items():
        kind = _FIELDS.get(key)
        line = lines.get(f"{where}.{key}")
        if kind is None:
            if not isinstance(raw, dict):  # sub-tables belong to later features
                problems.append(_unknown(path, line, where, key))
            continue
        settings[key] = _value(raw, kind, f"[{where}] {key}", path, line)
    return settings


def _unknown(path: Path, line: int | None, where: str, key: str) -> Problem:
    return Problem(path, line, f"[{where}] {key} is not a setting this app knows; "
                   "it was ignored. Check its spelling.")


def _value(raw: Any, kind: str, name: str, path: Path, line: int | None) -> Any:
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        raise ProjectError(f"{name} must be true or false.", file=path, line=line)
    if kind == "str":
        if isinstance(raw, str):
            return raw
        raise ProjectError(f'{name} must be a text in quotes, like "file".', file=path,
                           line=line)
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        raise ProjectError(f"{name} must be a number.", file=path, line=line)
    if kind == "int":
        if not float(raw).is_integer():
            raise ProjectError(f"{name} must be a whole number.", file=path, line=line)
        return int(raw)
    return float(raw)


def _out_of_range(
    exc: ValueError, where: str, lines: Mapping[str, int], path: Path
) -> ProjectError:
    return ProjectError(f"[{where}]: {exc}.", file=path, line=lines.get(where))
