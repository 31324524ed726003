"""Which rubric a project uses: its own file, or a shipped example named by id.

A project carries its own scale in ``rubric.toml`` beside ``project.toml`` (or in the
file ``[project] rubric`` names, a path inside the folder ending in ``.toml``), so the
scale travels with the folder; ``rubric = "vicr5"`` still names a shipped example. A
stated ``rubric`` key wins over a ``rubric.toml`` lying in the folder.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from annotator.errors import ProjectError, RubricError
from annotator.project.manifest import MANIFEST_FILE, Manifest
from annotator.project.model import Problem, Rubric
from annotator.project.rubric import load_rubric, load_rubric_file

PROJECT_RUBRIC = "rubric.toml"
"""The project's own rubric file, found without being named."""


def is_rubric_path(name: str) -> bool:
    """Whether ``[project] rubric`` names a file (``rubric.toml``, ``scales/my.toml``)
    rather than a shipped rubric's id."""
    return name.endswith(".toml") or "/" in name or "\\" in name


def unused_rubric_file(folder: Path, manifest: Manifest) -> list[Problem]:
    """A ``rubric.toml`` lying in the folder while ``project.toml`` names a shipped rubric:
    told, since a lab that copied its scale in would otherwise rate on another."""
    if is_rubric_path(manifest.rubric) or not (folder / PROJECT_RUBRIC).exists():
        return []
    table = manifest.document.get("project", {})
    if not (isinstance(table, dict) and "rubric" in table):
        return []
    return [Problem(folder / MANIFEST_FILE, manifest.line_of("project.rubric"),
                    f"The project rates on the shipped rubric {manifest.rubric!r}, so the "
                    f"{PROJECT_RUBRIC} in the folder is not used. To rate on it, set "
                    f'rubric = "{PROJECT_RUBRIC}" under [project].')]


def project_rubric(folder: Path, manifest: Manifest) -> Rubric:
    """The rubric of the project in ``folder``; :class:`ProjectError` naming the rubric
    file's line, or ``project.toml``'s, when it cannot be used."""
    table = manifest.document.get("project", {})
    stated = isinstance(table, dict) and "rubric" in table
    manifest_file, rubric_line = folder / MANIFEST_FILE, manifest.line_of("project.rubric")
    shipped = not is_rubric_path(manifest.rubric) if stated else not (
        folder / PROJECT_RUBRIC).exists()
    if shipped:
        try:
            return load_rubric(manifest.rubric)
        except RubricError as exc:
            raise ProjectError(f"The project uses the rubric {manifest.rubric!r}, which cannot "
                               f"be loaded: {exc}", file=manifest_file, line=rubric_line) from exc
    try:
        path = rubric_file(folder, manifest.rubric if stated else PROJECT_RUBRIC)
    except RubricError as exc:
        raise ProjectError(exc.message, file=manifest_file if stated else exc.file,
                           line=rubric_line if stated else None) from exc
    try:
        return load_rubric_file(path, named_by_id=False)
    except RubricError as exc:
        raise ProjectError(f"The project's rubric cannot be used: {exc.message}",
                           file=exc.file, line=exc.line) from exc


def rubric_file(folder: Path, name: str) -> Path:
    """The rubric file ``name`` inside ``folder``; refused when the path leaves the folder,
    passes through a link or names no file, so the scale the ratings use is always the
    one that travels with the project."""
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if not parts or PurePosixPath(*parts).is_absolute() or ".." in parts or ":" in parts[0]:
        raise RubricError(f"The rubric file {name!r} must be a path inside the project folder "
                          "(for example rubric.toml).", file=folder / MANIFEST_FILE)
    path = folder
    for part in parts:
        path = path / part
        if path.is_symlink():
            raise RubricError("The rubric file is reached through a link; copy the file "
                              "itself into the project folder.", file=path)
    if not path.is_file():
        raise RubricError(f"There is no rubric file {name!r} in the project folder.", file=path)
    return path
