"""A project folder with a plan, made by the real command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from annotator.cli import main

Planned = Callable[..., Path]


@pytest.fixture
def planned_project(make_project_folder) -> Planned:
    """``planned_project(n_items, "--taggers", "Ana,Ben,…", k=3)``: a project planned
    with ``annotator plan`` (seed 1 unless given)."""

    def make(n_items: int = 12, *who: str, k: int = 2, seed: int = 1, **project) -> Path:
        folder = make_project_folder(n_items, **project)
        args = ["plan", str(folder), "--ratings-per-item", str(k), "--seed", str(seed), *who]
        assert main(args) == 0
        return folder

    return make
