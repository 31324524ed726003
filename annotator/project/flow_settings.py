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
``first_game_pairs``/``first_game_pass``) can be set in either table; a pair count set
without its pass mark takes the default mark in proportion (``tutorial_pairs = 5`` passes
at 5 points, as 10 pairs pass at 10), so the settings never contradict each other. A rubric
may set its own ``dwell_seconds`` (``defaults``), which ``[flow]`` overrides.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from annotator.errors import ProjectError
from annotator.project.flow_model import GATES, FlowPlan, FlowSettings, pass_in_proportion
from annotator.project.model import MAX_ROUND, Problem
from annotator.project.rounds import ROUND_KEYS, ROUNDS_SETTINGS

_FIELDS: dict[str, str] = {f.name: str(f.type) for f in dataclasses.fields(FlowSettings)}


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
    base_set = _settings_table(flow, "flow", lines, path, problems)
    base_changes = _with_passes_in_proportion(base_set, explicit=frozenset())
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
        rounds[int(name)] = _with_passes_in_proportion(
            _settings_table(settings, where, lines, path, problems), explicit=base_set.keys())
    try:
        plan = FlowPlan(FlowSettings(**{**(defaults or {}), **base_changes}), rounds)
    except ValueError as exc:
        raise _out_of_range(exc, "flow", lines, path) from exc
    for number in rounds:
        try:
            plan.for_round(number)
        except ValueError as exc:
            raise _out_of_range(exc, f"rounds.{number}", lines, path) from exc
    problems.extend(_perfect_scores_asked(plan, lines, path))
    return plan, problems


def _with_passes_in_proportion(
    changes: dict[str, Any], *, explicit: Collection[str]
) -> dict[str, Any]:
    """``changes`` with the pass mark of each pair count it sets, unless that mark is set
    here or in ``explicit`` (the ``[flow]`` table, for a round's table)."""
    scaled = dict(changes)
    for gate in GATES:
        if gate.pairs in changes and gate.passing not in changes and gate.passing not in explicit:
            scaled[gate.passing] = pass_in_proportion(gate, changes[gate.pairs])
    return scaled


def _perfect_scores_asked(plan: FlowPlan, lines: Mapping[str, int], path: Path) -> list[Problem]:
    """A pass mark that only a perfect score reaches: allowed (a lab may want it), but
    never silently, since one rating a level off then fails a careful tagger."""
    problems = []
    tables = {"flow": plan.base} | {
        f"rounds.{number}": plan.for_round(number) for number in plan.rounds
    }
    for where, settings in tables.items():
        for gate in GATES:
            pairs, mark = getattr(settings, gate.pairs), getattr(settings, gate.passing)
            key = f"{where}.{gate.passing}"
            if mark == 2 * pairs and pairs > 1 and (where == "flow" or key in lines):
                problems.append(Problem(
                    path, lines.get(key, lines.get(f"{where}.{gate.pairs}")),
                    f"[{where}] {gate.passing} = {mark} with {gate.pairs} = {pairs} asks "
                    f"every pair to match exactly ({mark} of {mark} points): one rating a "
                    f"level off fails. Set {gate.passing} lower (the default share gives "
                    f"{pass_in_proportion(gate, pairs)}) if that is not meant."))
    return problems


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
