"""``project.toml``: the project's id, name and rubric, plus tables later features add.

The id (a UUID written once by ``init``) is what session files are tied to.
Tables this module does not know (``[flow]``, ``[[rounds]]``, …) are kept as read and
written back unchanged, so older and newer versions of the app can share a folder.
"""

from __future__ import annotations

import datetime as dt
import tomllib
import uuid
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit

from annotator.errors import NotAProjectError, ProjectError
from annotator.files import write_text
from annotator.project.nesting import TooDeepError, parse_toml
from annotator.project.tomlfile import edited_text, error_line, key_lines

MANIFEST_FILE = "project.toml"
DEFAULT_RUBRIC = "vicr5"
DEFAULT_MAX_MEGAPIXELS = 50.0


@dataclass(frozen=True)
class Manifest:
    """What ``project.toml`` says; ``document`` is the whole file as read, for preserving."""

    project_id: str
    name: str
    rubric: str = DEFAULT_RUBRIC
    created: str = ""
    max_megapixels: float = DEFAULT_MAX_MEGAPIXELS
    document: Mapping[str, Any] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)

    def line_of(self, key: str) -> int | None:
        """Line of ``table.key`` in the file read, for messages (None if not there)."""
        return self.lines.get(key)


def new_manifest(name: str, *, rubric: str = DEFAULT_RUBRIC) -> Manifest:
    """A manifest for a new project: a fresh uuid4 and today's date."""
    return Manifest(
        project_id=str(uuid.uuid4()),
        name=name,
        rubric=rubric,
        created=dt.date.today().isoformat(),
    )


def read_manifest(folder: Path) -> Manifest:
    """Read ``folder/project.toml``.

    :class:`NotAProjectError` if the folder or the file is missing; :class:`ProjectError`
    (with file and line when known) if the file is there but unusable.
    """
    if not folder.exists():
        raise NotAProjectError("This folder does not exist.", file=folder)
    if not folder.is_dir():
        raise NotAProjectError("This is a file, not a project folder.", file=folder)
    path = folder / MANIFEST_FILE
    if not path.exists():
        raise NotAProjectError(
            f"This folder is not a project folder: it has no {MANIFEST_FILE}. "
            "Create a project with `annotator init`.",
            file=folder,
        )
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise ProjectError(f"The file cannot be read: {exc.strerror or exc}.", file=path) from exc
    except UnicodeDecodeError as exc:
        line = path.read_bytes().count(b"\n", 0, exc.start) + 1
        raise ProjectError("The file is not UTF-8 text.", file=path, line=line) from exc
    return parse_manifest(text, path=path, folder=folder)


def parse_manifest(text: str, *, path: Path, folder: Path) -> Manifest:
    """The manifest in ``text`` (the file's, or an edit of it before it is written);
    :class:`ProjectError` naming the line when it is not TOML or not usable."""
    try:
        document = parse_toml(text)
    except TooDeepError as exc:
        raise ProjectError(exc.says("This file"), file=path, line=exc.line) from None
    except tomllib.TOMLDecodeError as exc:
        error_at, message = error_line(exc)
        raise ProjectError(
            f"The file is not valid TOML: {message}. Fix that line or restore the file.",
            file=path,
            line=error_at,
        ) from exc
    return _manifest(document, key_lines(text), path=path, folder=folder)


def _manifest(
    document: dict[str, Any], lines: dict[str, int], *, path: Path, folder: Path
) -> Manifest:
    def fail(message: str, key: str) -> ProjectError:
        return ProjectError(message, file=path, line=lines.get(key))

    table = document.get("project")
    if not isinstance(table, dict):
        raise fail("There is no [project] table with the project's id.", "project")
    project_id = table.get("id")
    if not isinstance(project_id, str) or not project_id.strip():
        raise fail(
            "The [project] table has no id. The id ties session files to this project, "
            "so restore it from a copy of this folder instead of inventing a new one.",
            "project.id" if "id" in table else "project",
        )
    name = table.get("name", folder.resolve().name)
    rubric = table.get("rubric", DEFAULT_RUBRIC)
    for key, raw in (("name", name), ("rubric", rubric)):
        if not isinstance(raw, str) or not raw.strip():
            raise fail(f"The project {key} must be a non-empty text in quotes.", f"project.{key}")
    created = table.get("created", "")
    if isinstance(created, dt.date):
        created = created.isoformat()
    images = document.get("images", {})
    mega = images.get("max_megapixels", DEFAULT_MAX_MEGAPIXELS) if isinstance(images, dict) else 0
    if isinstance(mega, bool) or not isinstance(mega, int | float) or not 0 < mega < 1e6:
        raise fail(
            "[images] max_megapixels must be a positive number (megapixels, e.g. 50).",
            "images.max_megapixels" if isinstance(images, dict) else "images",
        )
    return Manifest(
        project_id=project_id.strip(),
        name=name.strip(),
        rubric=rubric.strip(),
        created=str(created),
        max_megapixels=float(mega),
        document=document,
        lines=lines,
    )


def write_manifest(folder: Path, manifest: Manifest) -> Path:
    """Write the manifest's fields to ``folder/project.toml`` (beside it, then renamed in).

    An existing file is edited in place: only the ``[project]`` keys (and ``[images]``
    ``max_megapixels``) that changed are rewritten; every other line, comment included, is
    kept as the lead wrote it. A new file gets ``[project]`` first, then the other tables of
    ``manifest.document``.
    """
    path = folder / MANIFEST_FILE
    if path.exists():
        text = edited_text(path, lambda document: _set_fields(document, manifest))
    else:
        document = tomlkit.document()
        document["project"] = manifest.document.get("project", {})
        for name, value in manifest.document.items():
            if name != "project":
                document[name] = value
        _set_fields(document, manifest)
        text = document.as_string()
    write_text(path, text)
    return path


def _set_fields(document: MutableMapping[str, Any], manifest: Manifest) -> None:
    project = document.setdefault("project", tomlkit.table())
    fields = {"id": manifest.project_id, "name": manifest.name, "rubric": manifest.rubric,
              "created": manifest.created}
    for key, value in fields.items():
        if key not in project or str(project[key]) != value:
            project[key] = value
    mega = manifest.max_megapixels
    if mega != DEFAULT_MAX_MEGAPIXELS or "images" in document:
        images = document.setdefault("images", tomlkit.table())
        if images.get("max_megapixels") != mega:
            images["max_megapixels"] = int(mega) if float(mega).is_integer() else float(mega)
