"""The project's own files, which no output of the app may replace.

``analyze --csv-dir FOLDER`` once wrote its items table over the project's ``items.csv``:
every command that writes asks :func:`refuse_output_over_inputs` first, which refuses a
target that is one of the project's own files (``project.toml``, ``items.csv``, the gold,
priors and metrics files, the plan's CSV files), anything inside the folders the app keeps
(``sessions/``, ``snapshots/``, ``rounds/``, ``images/``), or a file the command itself
reads, and says where to write instead. Paths are compared resolved, so ``./x/../items.csv``
or a link to it is the same file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.project.gold import GOLD_FILE
from annotator.project.items import ITEMS_FILE
from annotator.project.manifest import MANIFEST_FILE
from annotator.project.plan_file import PLAN_FILE
from annotator.project.priors import PRIORS_FILE

METRICS_FILE = "metrics.csv"
"""The project folder's metric scores, used when no ``--metrics`` file is given."""
OWN_FILES = (MANIFEST_FILE, ITEMS_FILE, GOLD_FILE, PRIORS_FILE, METRICS_FILE)
"""The files of a project folder the app reads (besides the plan's, found by name)."""
OWN_FOLDERS = ("sessions", "snapshots", "rounds", "images")
"""Folders of a project whose every file is the app's or the lead's input."""
PLAN_FILES = (PLAN_FILE, "plan-*.csv")
"""The plan, its top-ups and a plan that replaced it (``project/plan_file.py`` names them)."""


def refuse_output_over_inputs(targets: Iterable[Path], project: Path | None, *,
                              reads: Iterable[Path] = (), folder: bool = False) -> None:
    """Refuse (:class:`AnnotatorError`, naming the target) writing any of ``targets`` when
    one is an input: one of the own files of ``project`` (the project folder, None when
    there is none) or of the project folder the target lies in, inside one of their own
    folders, or one of ``reads``. ``folder``: the targets are folders the command fills or
    replaces whole, so the project folder itself and any folder holding it are refused too."""
    named = None if project is None else _resolved(project)
    read = {_resolved(path) for path in reads}
    for target in targets:
        where = _resolved(target)
        roots = dict.fromkeys([named, _project_holding(where)])
        what = next((found for root in roots if (found := _input_named(
            where, root, read, folder=folder)) is not None), None)
        if what is not None:
            instead = (f"for example {Path(project) / 'exports'}" if project is not None
                       else "for example a new folder beside it")
            raise AnnotatorError(
                f"This is {what}: writing here would replace what the app reads, so nothing "
                f"was written. Write to a new file or folder instead ({instead}); never into "
                "the project's own files or its sessions/ folder.", file=target)


def _input_named(where: str, root: str | None, read: set[str], *, folder: bool) -> str | None:
    """What the resolved path ``where`` is, when it is an input (None: a free place)."""
    if root is not None and folder and (where == root or root.startswith(where + os.sep)):
        return "the project folder" if where == root else "a folder holding the project"
    if where in read:
        return "a file this command reads"
    if root is None or not where.startswith(root + os.sep):
        return None
    parts = Path(os.path.relpath(where, root)).parts
    if parts[0] in OWN_FOLDERS:
        return f"inside the project's {parts[0]}/ folder"
    if len(parts) == 1 and (parts[0] in OWN_FILES
                            or any(Path(parts[0]).match(name) for name in PLAN_FILES)):
        return f"the project's own {parts[0]}"
    return None


def _project_holding(where: str) -> str | None:
    """The nearest folder above the resolved path ``where`` that is a project folder."""
    for parent in Path(where).parents:
        if (parent / MANIFEST_FILE).is_file():
            return str(parent)
    return None


def _resolved(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))
