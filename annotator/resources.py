"""The one place that finds what ships beside the code: ``resources/`` and the sample project.

Three layouts are supported, tried in this order:

* a PyInstaller bundle: ``sys._MEIPASS/resources`` and ``sys._MEIPASS/sample_projects``
  (``build_scripts/annotator.spec`` copies them there);
* an installed wheel: ``annotator/_resources`` and ``annotator/_sample_projects``
  (hatch ``force-include``);
* a source checkout or editable install: ``<repo>/resources`` and ``<repo>/sample_projects``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
SAMPLE_PROJECT = "vicr-demo"


def _candidates(folder: str) -> list[Path]:
    """``folder`` (``resources`` or ``sample_projects``) in each layout, most specific first."""
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle) / folder)
    roots.append(_PACKAGE_DIR / f"_{folder}")
    roots.append(_PACKAGE_DIR.parent / folder)
    return roots


def candidate_roots() -> list[Path]:
    """Where resources may live, most specific first."""
    return _candidates("resources")


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


def sample_project_dir() -> Path | None:
    """The bundled sample project (read-only in an installation), or None if not shipped."""
    for root in _candidates("sample_projects"):
        if (root / SAMPLE_PROJECT / "project.toml").is_file():
            return root / SAMPLE_PROJECT
    return None
