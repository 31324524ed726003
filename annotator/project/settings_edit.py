"""The lead's Project settings dialog, as plain data: which ``project.toml`` keys it edits,
their values now, and the edit written as the lead would by hand.

The edit goes through ``tomlkit`` (:func:`edited_text`), so comments, order and the keys the
dialog does not show are kept; only the values that changed are written. Before writing,
the edited text is read by the same readers as ``open_project`` and ``validate``: what they
refuse is refused here, naming the setting, and the file is left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit

from annotator.errors import ProjectError
from annotator.files import write_text
from annotator.project.check_settings import read_check_rule
from annotator.project.dataset_settings import read_dataset_card
from annotator.project.flow_settings import read_flow_plan
from annotator.project.folder import open_project
from annotator.project.items import read_items
from annotator.project.manifest import MANIFEST_FILE, parse_manifest
from annotator.project.rounds import read_rounds
from annotator.project.rubric import load_rubric
from annotator.project.tomlfile import edited_text, key_lines

Value = bool | int | float | str


@dataclass(frozen=True)
class Setting:
    """One key of ``project.toml`` the dialog edits; ``kind`` is the type of its value."""

    table: str
    key: str
    kind: type[bool] | type[int] | type[float] | type[str]
    label: str

    @property
    def name(self) -> str:
        return f"{self.table}.{self.key}"


SETTINGS = (
    Setting("flow", "tutorial", bool, "Tutorial on a tagger's first session"),
    Setting("flow", "probation", bool, "Probation gate"),
    Setting("flow", "feedback", bool, "Feedback: consensus and points after each rating"),
    Setting("flow", "dwell_seconds", float, "Dwell before Submit (seconds)"),
    Setting("flow", "tutorial_pairs", int, "Tutorial pairs"),
    Setting("flow", "tutorial_pass", int, "Tutorial pass mark (points)"),
    Setting("flow", "probation_pairs", int, "Probation pairs"),
    Setting("flow", "probation_pass", int, "Probation pass mark (points)"),
    Setting("flow", "first_game_pairs", int, "First game pairs"),
    Setting("flow", "first_game_pass", int, "First game pass mark (points)"),
    Setting("flow", "min_consensus", int, "Fewest ratings for a consensus"),
    Setting("rounds", "washout_days", int, "Washout between rounds (days)"),
    Setting("checks", "every", int, "One attention check every (data pairs)"),
    Setting("checks", "max_failures", int, "Failed checks allowed"),
    Setting("dataset", "title", str, "Dataset title"),
    Setting("dataset", "licence", str, "Licence"),
    Setting("dataset", "citation", str, "Citation"),
    Setting("images", "max_megapixels", float, "Largest image (megapixels)"),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}


class SettingRefusedError(ProjectError):
    """An edit the readers refuse; ``setting``: the name of the setting it is about
    (``flow.tutorial_pass``), or None when no one setting is to blame."""

    def __init__(self, message: str, *, setting: str | None, file: Path | None,
                 line: int | None):
        super().__init__(message, file=file, line=line)
        self.setting = setting


def read_settings(folder: Path) -> dict[str, Value]:
    """Each setting's value now, as the app uses it (defaults included), by name."""
    project = open_project(folder)
    base, checks, card = project.flow.base, project.checks, project.dataset
    values: dict[str, Value] = {
        setting.name: getattr(base, setting.key) for setting in SETTINGS
        if setting.table == "flow"}
    values |= {"rounds.washout_days": project.washout_days, "checks.every": checks.every,
               "checks.max_failures": checks.max_failures, "dataset.title": card.title,
               "dataset.licence": "" if card.licence == "unknown" else card.licence,
               "dataset.citation": card.citation,
               "images.max_megapixels": project.max_megapixels}
    return values


def settings_text(folder: Path, values: Mapping[str, Value]) -> str:
    """``project.toml`` with the values that differ from :func:`read_settings` written in;
    an empty text removes its key (no title, an unknown licence)."""
    now = read_settings(folder)
    changed = {name: value for name, value in values.items() if value != now[name]}

    def change(document: Any) -> None:
        for name, value in changed.items():
            setting = BY_NAME[name]
            if setting.table not in document:
                document[setting.table] = tomlkit.table()
            table = document[setting.table]
            if isinstance(value, str) and not value.strip():
                table.pop(setting.key, None)
            elif isinstance(value, float) and value.is_integer():
                table[setting.key] = int(value)
            else:
                table[setting.key] = value.strip() if isinstance(value, str) else value

    return edited_text(folder / MANIFEST_FILE, change)


def check_settings_text(folder: Path, text: str) -> None:
    """Read ``text`` as ``folder``'s ``project.toml`` with the readers ``validate`` runs;
    :class:`SettingRefusedError` for the first thing they refuse."""
    path = folder / MANIFEST_FILE
    lines = key_lines(text)
    try:
        manifest = parse_manifest(text, path=path, folder=folder)
        document, rubric = manifest.document, load_rubric(manifest.rubric)
        read_flow_plan(document, lines, path=path, defaults={} if rubric.dwell_seconds is None
                       else {"dwell_seconds": rubric.dwell_seconds})
        read_rounds(document, lines, path=path, item_ids=read_items(folder).ids)
        read_check_rule(document, lines, rubric, path=path)
        read_dataset_card(document, lines, path=path)
    except ProjectError as error:
        raise SettingRefusedError(error.message, setting=_setting_of(error, lines),
                             file=error.file, line=error.line) from error


def save_settings(folder: Path, values: Mapping[str, Value]) -> Path:
    """Write the changed ``values`` into ``folder/project.toml`` (whole, or not at all) once
    the readers accept the result; :class:`SettingRefusedError` otherwise, the file untouched."""
    text = settings_text(folder, values)
    check_settings_text(folder, text)
    path = folder / MANIFEST_FILE
    write_text(path, text)
    return path


def _setting_of(error: ProjectError, lines: Mapping[str, int]) -> str | None:
    """The setting a refusal is about: the one its message names (``[flow]: tutorial_pass
    must be …`` names its table's line), else the one on its line."""
    named = [setting.name for setting in SETTINGS if setting.table in error.message
             and re.search(rf"\b{setting.key}\b", error.message)]
    if named:
        return named[0]
    on_line = [name for name in BY_NAME if lines.get(name, -1) == error.line]
    return on_line[0] if on_line else None
