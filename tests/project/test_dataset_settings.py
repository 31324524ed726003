"""``[dataset]`` in project.toml: what the published dataset says of itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.errors import ProjectError
from annotator.project.folder import open_project
from annotator.project.model import DatasetCard


def with_dataset(folder: Path, table: str) -> Path:
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + f"\n[dataset]\n{table}\n",
                        encoding="utf-8")
    return folder


def test_without_a_table_nothing_is_said_and_the_licence_is_unknown(make_project_folder) -> None:
    assert open_project(make_project_folder(1)).dataset == DatasetCard(licence="unknown")


def test_the_table_is_read(make_project_folder) -> None:
    folder = with_dataset(make_project_folder(1), 'title = " Museum alt texts "\n'
                          'licence = "cc-by-4.0"\ncitation = "Doe (2027)."\n'
                          'description = "Curators rated alt texts."')
    assert open_project(folder).dataset == DatasetCard(
        "Museum alt texts", "Curators rated alt texts.", "cc-by-4.0", "Doe (2027).")


@pytest.mark.parametrize(("table", "message", "line"), [
    ('licence = "CC BY 4.0"', "not a licence id", 1),
    ("title = 3", "dataset.title must be a non-empty text", 1),
    ('citation = ""', "dataset.citation must be a non-empty text", 1),
])
def test_an_unusable_value_is_refused_with_its_line(make_project_folder, table: str,
                                                    message: str, line: int) -> None:
    folder = with_dataset(make_project_folder(1), table)
    text = (folder / "project.toml").read_text(encoding="utf-8").splitlines()
    with pytest.raises(ProjectError, match=message) as refused:
        open_project(folder)
    assert refused.value.line == text.index("[dataset]") + 1 + line


def test_an_unknown_key_is_a_problem_not_a_refusal(make_project_folder) -> None:
    folder = with_dataset(make_project_folder(1), 'license = "mit"')
    project = open_project(folder)
    assert project.dataset.licence == "unknown"
    assert any("[dataset] has no setting 'license'" in p.message for p in project.problems)
