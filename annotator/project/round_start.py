"""Start the next round: record it in ``project.toml`` so every laptop follows it (DESIGN §7).

The round is one ``[rounds.N]`` table with its ``started`` time (and ``items`` when the
round covers a subset, copied into ``rounds/`` so the folder stays self-contained).
``project.toml`` is edited as text, keeping the lead's comments, and written through a
temporary file renamed into place: a failure leaves the project as it was.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from annotator.errors import ProjectError
from annotator.project.folder import open_project
from annotator.project.manifest import MANIFEST_FILE, write_text_atomic
from annotator.project.model import Problem, Project
from annotator.project.rounds import read_subset
from annotator.project.tomltext import set_table_keys, string

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


def utc_literal(moment: dt.datetime) -> str:
    """A TOML offset date-time in UTC to the second, e.g. ``2027-01-10T09:30:00Z``."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


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
    values = {"started": utc_literal(now)}
    copy_text = None
    if subset is not None:
        check_subset(subset, project)
        copy_text = subset.read_bytes().decode("utf-8-sig")
        values["items"] = string(f"{ROUNDS_DIR}/round-{number}-items.csv")
    if feedback is not None:
        values["feedback"] = "true" if feedback else "false"
    manifest = folder / MANIFEST_FILE
    text = set_table_keys(manifest.read_text(encoding="utf-8"), f"rounds.{number}", values)
    _check_written(text, number, now, manifest)
    copy = folder / ROUNDS_DIR / f"round-{number}-items.csv"
    new_copy = copy_text is not None and not copy.exists()
    if copy_text is not None:
        copy.parent.mkdir(exist_ok=True)
        write_text_atomic(copy, copy_text)
    try:
        write_text_atomic(manifest, text)
    except BaseException:
        if new_copy:
            copy.unlink(missing_ok=True)
        raise
    return StartedRound(number, open_project(folder))


def _check_written(text: str, number: int, now: dt.datetime, manifest: Path) -> None:
    """Refuse an edit that would not read back as the round just started."""
    try:
        table = tomllib.loads(text).get("rounds", {}).get(str(number), {})
        started = table.get("started")
    except (tomllib.TOMLDecodeError, AttributeError):
        started = None
    if started != now.astimezone(dt.UTC).replace(microsecond=0):
        raise ProjectError(
            f"project.toml describes round {number} in a form this command cannot extend "
            f"(an inline table or dotted keys). Write it as a [rounds.{number}] table and "
            "try again; nothing was changed.",
            file=manifest,
        )
