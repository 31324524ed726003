"""What a path a person double-clicked stands for: a project folder, its ``project.toml``, or
a project shortcut (``.crproject``), a tiny file a lab lead hands out.

A shortcut is UTF-8 TOML with one key::

    # Caption Rating Annotator: double-click to open the project.
    folder = "vicr-demo"

``folder`` names the project folder, relative to the shortcut's own folder (so a shortcut
inside or beside the project keeps working wherever the two are copied together) or
absolute. Any other key is refused, so a misspelt key is not silently ignored. The
installers associate ``.crproject`` with the app (docs/install.md).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from annotator.errors import ProjectError
from annotator.project.manifest import MANIFEST_FILE
from annotator.project.nesting import TooDeepError, parse_toml
from annotator.project.tomlfile import error_line

SHORTCUT_SUFFIX = ".crproject"
MAX_SHORTCUT_BYTES = 4096
"""A shortcut is one line; anything larger is not one."""


def project_folder_of(path: Path) -> Path:
    """The project folder that ``path`` stands for.

    A folder is itself; ``project.toml`` stands for its folder; a ``.crproject`` file for
    the folder it names. Whether that folder is a usable project is for
    :func:`~annotator.project.folder.open_project` to say. Raises :class:`ProjectError`
    for a shortcut that cannot be read or used, naming it (and its line).
    """
    if path.is_dir():
        return path
    if path.name == MANIFEST_FILE:
        return path.parent
    if path.suffix.lower() == SHORTCUT_SUFFIX:
        return read_shortcut(path)
    return path


def read_shortcut(path: Path) -> Path:
    """The project folder a ``.crproject`` file names (see the module for the format)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_SHORTCUT_BYTES + 1)
    except OSError as error:
        raise ProjectError(f"The shortcut cannot be read: {error.strerror or error}.",
                           file=path) from error
    if len(data) > MAX_SHORTCUT_BYTES:
        raise ProjectError(f"This is not a project shortcut: it is larger than "
                           f"{MAX_SHORTCUT_BYTES} bytes.", file=path)
    try:
        document = parse_toml(data.decode("utf-8"))
    except TooDeepError as exc:
        raise ProjectError(exc.says("This shortcut"), file=path, line=exc.line) from None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ProjectError("The shortcut is not UTF-8 text.", file=path, line=line) from exc
    except tomllib.TOMLDecodeError as exc:
        error_at, message = error_line(exc)
        raise ProjectError(
            f"The shortcut is not valid TOML ({message}). It should be one line such as "
            "folder = \"vicr-demo\"; on Windows write the folder with / or in single quotes "
            "(folder = 'C:\\Studies\\vicr-demo').", file=path, line=error_at) from exc
    unknown = sorted(set(document) - {"folder"})
    if unknown:
        raise ProjectError(f"A project shortcut has only the key folder; it also has "
                           f"{', '.join(unknown)}.", file=path)
    folder = document.get("folder")
    if not isinstance(folder, str) or not folder.strip():
        raise ProjectError("The shortcut does not name a project folder: write "
                           "folder = \"the project folder\".", file=path)
    target = Path(folder).expanduser()
    return target if target.is_absolute() else path.parent / target
