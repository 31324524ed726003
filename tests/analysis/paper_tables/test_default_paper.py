"""Which paper's tables the lead's window and report show first: the paper of the project's
rubric, or for another rubric (or no project) the one its ratings fit."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.analysis.paper_tables import PAPER_TITLES, PAPERS, default_paper
from annotator.analysis.pipeline import LoadedInput, SourceKind
from annotator.project.folder import open_project
from annotator.resources import sample_project_dir
from tests.analysis.conftest import MakeTable

SAMPLES = {"vicr-demo": "vicr", "flickr8k4-demo": "vicr", "vcr5-demo": "vcrscore",
           "good-bad-skip-demo": "caption-quality", "contextref-demo": "contextref"}


@pytest.mark.parametrize(("sample", "paper"), SAMPLES.items())
def test_each_sample_opens_on_the_paper_of_its_rubric(sample: str, paper: str,
                                                      make_table: MakeTable) -> None:
    samples = sample_project_dir()
    assert samples is not None
    project = open_project(samples.parent / sample)
    levels = [level.value for level in project.rubric.levels]
    table = make_table([("a", "ana", 1, levels[0])], levels=levels)
    assert default_paper(LoadedInput(project.root, SourceKind.PROJECT, table, project)) == paper


def test_without_a_project_the_ratings_decide(make_table: MakeTable) -> None:
    def paper(**table) -> str:
        return default_paper(LoadedInput(Path("r.csv"), SourceKind.RATINGS_CSV,
                                         make_table(**table)))

    assert paper(rows=[("a", "ana", 1, 1), ("b", "ana", 1, 0)], levels=(0, 1)) == (
        "caption-quality")
    assert paper(rows=[("a", "ana", 1, 3)]) == "vicr"
    assert paper(rows=[("a", "ana", 1, 3), ("a", "ana", 1, 4)],
                 questions=["overall", "overall"], stages=["pre", "post"]) == "contextref"


def test_every_paper_has_a_title_for_the_chooser() -> None:
    assert list(PAPER_TITLES) == list(PAPERS)
    assert all(PAPER_TITLES[name] in {"VICR (Narins et al., 2023)",
                                      "VCRScore (Ruiz, Ramírez & Moctezuma, 2025)",
                                      "Caption-Quality (Levinboim et al., 2021)",
                                      "ContextRef (Kreiss et al., 2024)"} for name in PAPERS)
