"""Start the next round: record it in ``project.toml`` so every laptop follows it.

The round is one ``[rounds.N]`` table with its ``started`` time (and ``items`` when the
round covers a subset, copied into ``rounds/`` so the folder stays self-contained).
``project.toml`` is edited through tomlkit, so the lead's comments, layout and line ends
stay as written, and it is written beside the file and renamed into place: a failure
leaves the project as it was.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.toml_document import TOMLDocument

from annotator.csvtext import csv_text
from annotator.errors import ProjectError
from annotator.files import write_text
from annotator.project.folder import open_project
from annotator.project.manifest import MANIFEST_FILE
from annotator.project.model import MAX_ROUND, Problem, Project
from annotator.project.rounds import read_subset
from annotator.project.tomlfile import edited_text

ROUNDS_DIR = "rounds"


class SubsetError(ProjectError):
    """The subset file has unusable rows; every one is listed, and nothing was written."""

    def __init__(self, path: Path, problems: Sequence[Problem]):
        super().__init__(
            "The subset file cannot be used as it is; the round was not started. "
            "Fix these lines and try again.",
            file=path,
        )
        self.problems = tuple(problems)

    def __str__(self) -> str:
        return "\n".join([super().__str__(), *(str(problem) for problem in self.problems)])


@dataclass(frozen=True)
class StartedRound:
    """The round just started and the project as every laptop will now open it."""

    number: int
    project: Project


def check_subset(path: Path, project: Project) -> list[str]:
    """The item ids of a subset CSV for ``project``; :class:`SubsetError` if any row is bad."""
    ids, problems = read_subset(path, {item.item_id for item in project.items})
    if problems:
        raise SubsetError(path, problems)
    return ids


def start_round(
    folder: Path,
    *,
    now: dt.datetime,
    subset: Path | None = None,
    feedback: bool | None = None,
) -> StartedRound:
    """Record round ``current + 1`` as started at ``now``.

    ``feedback``: True or False sets it for the round; None keeps what ``[rounds.N]``
    already says (rounds from 2 on are blind by default). ``subset``: a CSV with an
    ``item_id`` column limiting the round to those items.
    """
    project = open_project(folder)
    number = project.current_round + 1
    if number > MAX_ROUND:
        raise ProjectError(f"Round {project.current_round} is the last a project may have "
                           f"(rounds are numbered up to {MAX_ROUND}); no round was started.",
                           file=folder / MANIFEST_FILE)
    values: dict[str, Any] = {"started": _utc_second(now)}
    copy_text = None
    if subset is not None:
        # The round's own record of its items, through the one CSV writer: an id that
        # looks like a formula is guarded there as in every CSV the app writes.
        copy_text = csv_text(([item_id] for item_id in check_subset(subset, project)),
                             header=["item_id"])
        values["items"] = f"{ROUNDS_DIR}/round-{number}-items.csv"
    if feedback is not None:
        values["feedback"] = feedback
    manifest = folder / MANIFEST_FILE
    text = edited_text(manifest, lambda document: _set_round(document, str(number), values))
    _check_written(text, number, now, manifest)
    copy = folder / ROUNDS_DIR / f"round-{number}-items.csv"
    new_copy = copy_text is not None and not copy.exists()
    if copy_text is not None:
        copy.parent.mkdir(exist_ok=True)
        write_text(copy, copy_text)
    try:
        write_text(manifest, text)
    except BaseException:
        if new_copy:
            copy.unlink(missing_ok=True)
        raise
    return StartedRound(number, open_project(folder))


def _utc_second(moment: dt.datetime) -> dt.datetime:
    return moment.astimezone(dt.UTC).replace(microsecond=0)


def _set_round(document: TOMLDocument, number: str, values: dict[str, Any]) -> None:
    """Set ``values`` in ``[rounds.<number>]``, in whatever form the file holds it; a new
    table goes after the other round tables."""
    rounds = document.setdefault("rounds", tomlkit.table(is_super_table=True))
    if number in rounds:
        rounds[number].update(values)
        return
    table = tomlkit.table()
    table.update(values)
    if list(document)[-1] != "rounds":
        table.add(tomlkit.nl())  # a blank line before the table that follows
    rounds[number] = table


def _check_written(text: str, number: int, now: dt.datetime, manifest: Path) -> None:
    """Refuse an edit that would not read back as the round just started (nothing is
    written then)."""
    try:
        started = tomllib.loads(text)["rounds"][str(number)]["started"]
    except (tomllib.TOMLDecodeError, KeyError, TypeError):
        started = None
    if started != _utc_second(now):
        raise ProjectError(
            f"project.toml could not be changed to record round {number} as started; "
            "nothing was changed. Check how [rounds] is written in it.",
            file=manifest,
        )
