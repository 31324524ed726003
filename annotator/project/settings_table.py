"""One ``[table]`` of settings in ``project.toml``: a table, or the file is refused naming
its line; a key the app does not know is a problem naming its line (a typo is reported, not
silently ignored)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from annotator.errors import ProjectError
from annotator.project.model import Problem


def settings_table(document: Mapping[str, Any], lines: Mapping[str, int], name: str,
                   known: Sequence[str], *, path: Path
                   ) -> tuple[Mapping[str, Any], list[Problem]]:
    """The ``[name]`` table of a parsed ``project.toml`` (empty when absent) and a problem
    for each of its keys not in ``known``."""
    table = document.get(name, {})
    if not isinstance(table, dict):
        raise ProjectError(f"{name} must be a table: [{name}].", file=path, line=lines.get(name))
    return table, unknown_settings(table, name, known, lines, path=path)


def unknown_settings(table: Mapping[str, Any], where: str, known: Sequence[str],
                     lines: Mapping[str, int], *, path: Path) -> list[Problem]:
    """A problem for each key of ``[where]`` not in ``known``, listing the known ones."""
    return [Problem(path, lines.get(f"{where}.{key}"),
                    f"[{where}] has no setting {key!r}; known: {', '.join(known)}.")
            for key in table if key not in known]
