"""Sample projects after six simulated taggers played two rounds, each with a metrics.csv
of seeded random scores (ties and a missing score among them), analysed once per module."""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.pipeline import Analysis, AnalysisOptions, AnalysisSource, analyse
from annotator.cli import main
from annotator.project.folder import open_project
from annotator.resources import sample_project_dir

SEED = 7
Simulated = Callable[[str], Analysis]


def simulate_sample(name: str, into: Path) -> Path:
    """A copy of sample project ``name`` after ``simulate --taggers 6 --rounds 2``, with a
    metrics.csv of two metrics unless it has one."""
    sample = sample_project_dir()
    assert sample is not None
    folder = into / name
    shutil.copytree(sample.parent / name, folder)
    assert main(["simulate", str(folder), "--taggers", "6", "--rounds", "2",
                 "--seed", str(SEED)]) == 0
    if not (folder / "metrics.csv").exists():
        rng = np.random.default_rng(SEED)
        items = [item.item_id for item in open_project(folder).items]
        with (folder / "metrics.csv").open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["item_id", "metric", "score"])
            for n, item in enumerate(items):
                writer.writerow([item, "rounded", int(rng.integers(0, 4))])
                writer.writerow([item, "smooth", "" if n == 0 else f"{rng.random():.6f}"])
    return folder


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Simulated:
    """``simulated(NAME)``: the analysis of sample NAME simulated (made once per module)."""
    made: dict[str, Analysis] = {}

    def get(name: str) -> Analysis:
        if name not in made:
            folder = simulate_sample(name, tmp_path_factory.mktemp("papers"))
            made[name] = analyse(AnalysisSource(folder),
                                 AnalysisOptions(reps=5, bootstrap=50, seed=SEED))
        return made[name]

    return get
