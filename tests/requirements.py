"""What a few tests need beyond the ``test`` extra, and the one rule for when it is missing.

A test marked ``needs_r``, ``needs_chromium``, ``needs_display`` or ``needs_full_extra``
skips on a developer's machine that lacks the tool, saying what is missing and how to get
it; under CI (``CI=true``, where the install scripts and the ``test-full`` extra provide
everything) it fails instead, so nothing CI must check is skipped unnoticed. The hook that
applies the rule is ``pytest_runtest_setup`` in ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec


@dataclass(frozen=True)
class Requirement:
    """``missing()`` says what is missing here ("" when nothing is); ``how`` gets it."""

    missing: Callable[[], str]
    how: str


def _missing_commands(*commands: str) -> str:
    absent = [command for command in commands if shutil.which(command) is None]
    return f"no {' or '.join(absent)} on PATH" if absent else ""


def _missing_r() -> str:
    if missing := _missing_commands("Rscript"):
        return missing
    for package in ("RSQLite", "jsonlite"):  # the session files; the dataset's JSON Lines
        has = subprocess.run(
            [rscript(), "-e", f"cat(requireNamespace('{package}', quietly = TRUE))"],
            capture_output=True, text=True, check=False)
        if has.stdout.strip() != "TRUE":
            return f"R is here, but not its {package} package"
    return ""


FULL_EXTRA_MODULES = ("pandas", "frictionless", "mlcroissant", "datasets", "PyInstaller")
"""What the ``test-full`` extra adds to the ``test`` extra (see pyproject.toml)."""


def _missing_full_extra() -> str:
    absent = [name for name in FULL_EXTRA_MODULES if find_spec(name) is None]
    return f"{', '.join(absent)} not installed" if absent else ""


REQUIREMENTS: dict[str, Requirement] = {
    "needs_r": Requirement(_missing_r, "build_scripts/install_r.sh installs R, RSQLite "
                                          "and jsonlite"),
    "needs_chromium": Requirement(lambda: _missing_commands("chromium"),
                                  "build_scripts/install_chromium.sh installs it"),
    "needs_display": Requirement(lambda: _missing_commands("Xvfb", "openbox"),
                                 "build_scripts/install_display.sh installs them"),
    "needs_full_extra": Requirement(_missing_full_extra,
                                    "pip install -e \".[test-full]\" installs them"),
}


@cache
def missing(marker: str) -> str:
    """What ``marker``'s tests lack on this machine, with how to get it ("" if nothing)."""
    requirement = REQUIREMENTS[marker]
    what = requirement.missing()
    return f"{what}: {requirement.how}" if what else ""


def under_ci() -> bool:
    return os.environ.get("CI") == "true"


def command(name: str) -> str:
    """The path of ``name``, which the test's ``needs_*`` marker made sure of."""
    found = shutil.which(name)
    assert found is not None, f"{name} is missing, yet its needs_* marker let the test run"
    return found


def rscript() -> str:
    return command("Rscript")
