"""The repository's sample project, and the build scripts that made its files, loaded as
modules so that tests can run them again."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SAMPLE = Path(__file__).resolve().parent.parent / "sample_projects" / "vicr-demo"


def build_script(name: str) -> ModuleType:
    """A script of build_scripts/, loaded as a module."""
    spec = importlib.util.spec_from_file_location(
        name, SAMPLE.parents[1] / "build_scripts" / f"{name}.py")
    script = importlib.util.module_from_spec(spec)
    sys.modules[name] = script  # what dataclasses look up while the module runs
    spec.loader.exec_module(script)
    return script
