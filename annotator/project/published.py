"""What a dataset the app published says of its own files (its ``datapackage.json``).

The published data files stay plain CSV for every other program; the package beside them
says which carry formula guards, so the app's readers can take the guard off again.
"""

from __future__ import annotations

from pathlib import Path

from annotator.csvtext import PACKAGE_GUARD_KEY
from annotator.project.nesting import parse_json


def declared_guarded(path: Path) -> bool:
    """Whether the ``datapackage.json`` beside ``path`` is a dataset the app published and
    says ``path`` carries formula guards (:data:`annotator.csvtext.PACKAGE_GUARD_KEY`): its
    data files have no mark line, so other programs read them as plain CSV."""
    package = path.parent / "datapackage.json"
    try:
        descriptor = parse_json(package.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    resources = descriptor.get("resources") if isinstance(descriptor, dict) else None
    return isinstance(resources, list) and any(
        isinstance(resource, dict) and resource.get("path") == path.name
        and PACKAGE_GUARD_KEY in resource for resource in resources)

