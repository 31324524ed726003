"""The one place that finds the bundled ``resources/`` folder.

Three layouts are supported, tried in this order:

* a PyInstaller bundle: ``sys._MEIPASS/resources`` (the spec copies it there);
* an installed wheel: ``annotator/_resources`` (hatch ``force-include``);
* a source checkout or editable install: ``<repo>/resources``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def candidate_roots() -> list[Path]:
    """Where resources may live, most specific first."""
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle) / "resources")
    roots.append(_PACKAGE_DIR / "_resources")
    roots.append(_PACKAGE_DIR.parent / "resources")
    return roots


def resources_root() -> Path:
    """The first existing resources folder; raises if the installation is broken."""
    for root in candidate_roots():
        if (root / "rubrics").is_dir():
            return root
    tried = ", ".join(str(r) for r in candidate_roots())
    raise FileNotFoundError(f"The app's resources folder is missing (looked in {tried}).")


def resource_path(*parts: str) -> Path:
    """Path of one bundled resource, e.g. ``resource_path("rubrics", "vicr5.toml")``."""
    return resources_root().joinpath(*parts)
