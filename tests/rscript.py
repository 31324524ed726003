"""R for the tests that read the app's files as a lab would in R.

R is optional on a developer's machine (the test skips, saying why); under CI (``CI=true``)
build_scripts/install_r.sh installs it with RSQLite, so its absence fails the test instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import NoReturn

import pytest


def rscript(*packages: str) -> str:
    """The path of ``Rscript``, with ``packages`` loadable; skips (fails under CI) if not."""
    found = shutil.which("Rscript")
    if found is None:
        _without_r("R is optional: Rscript is not installed here")
    for package in packages:
        has = subprocess.run([found, "-e", f"cat(requireNamespace('{package}', quietly = TRUE))"],
                             capture_output=True, text=True, check=False)
        if has.stdout.strip() != "TRUE":
            _without_r(f"R is here, but not its {package} package")
    return found


def _without_r(why: str) -> NoReturn:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{why} (CI=true: build_scripts/install_r.sh installs it)")
    pytest.skip(f"{why}: build_scripts/install_r.sh installs it")
