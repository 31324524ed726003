"""``project.toml``: the project's id, name and rubric, plus tables later features add.

The id (a UUID written once by ``init``) is what session files are tied to (DESIGN §3).
Tables this module does not know (``[flow]``, ``[[rounds]]``, …) are kept as read and
written back unchanged, so older and newer versions of the app can share a folder.
"""

from __future__ import annotations

import copy
import datetime as dt
import os
import tomllib
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from annotator.errors import NotAProjectError, ProjectError
from annotator.project.tomltext import dumps, error_line, key_lines

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
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, message = error_line(exc)
        raise ProjectError(
            f"The file is not valid TOML: {message}. Fix that line or restore the file.",
            file=path,
            line=line,
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
    """Write ``folder/project.toml`` beside the target and rename it into place.

    Tables and keys in ``manifest.document`` that this module does not own are kept.
    """
    document = copy.deepcopy(dict(manifest.document))
    project = dict(document.get("project", {}))
    project.update(
        id=manifest.project_id, name=manifest.name, rubric=manifest.rubric, created=manifest.created
    )
    ordered = {k: project[k] for k in ("id", "name", "rubric", "created")}
    ordered.update(project)
    document["project"] = ordered
    images = document.get("images")
    if manifest.max_megapixels != DEFAULT_MAX_MEGAPIXELS or isinstance(images, dict):
        images = dict(images or {})
        mega = manifest.max_megapixels
        images["max_megapixels"] = int(mega) if float(mega).is_integer() else float(mega)
        document["images"] = images
    path = folder / MANIFEST_FILE
    write_text_atomic(path, dumps(document, first=("project",)))
    return path


def write_text_atomic(path: Path, text: str, *, bom: bool = False) -> None:
    """Write UTF-8 ``text`` with ``\\n`` line ends beside ``path``, then rename it into place.

    ``bom``: start with a byte-order mark, which Excel needs to read a CSV file as UTF-8.
    """
    encoding = "utf-8-sig" if bom else "utf-8"

    def write(tmp: Path) -> None:
        with tmp.open("w", encoding=encoding, newline="\n") as handle:
            handle.write(text)

    write_file_atomic(path, write)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` beside ``path``, then rename it into place (as :func:`write_file_atomic`)."""
    write_file_atomic(path, lambda tmp: tmp.write_bytes(data))


def write_file_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Let ``write`` make a temporary file beside ``path``, then rename it into place.

    The temporary name keeps ``path``'s suffix, for writers that infer the format from it
    (Qt's image writer). If anything fails, neither half a file nor the temporary is left.
    """
    tmp = path.with_name(f".{path.stem}.{uuid.uuid4().hex[:8]}.tmp{path.suffix}")
    try:
        write(tmp)
        with tmp.open("rb+") as handle:
            os.fsync(handle.fileno())
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
