"""No output over an input (issue 27, class 2): every command that writes refuses a target
that is one of the project's own files or inside ``sessions/``, says where to write
instead, and leaves every byte of the project as it was."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.resources import sample_project_dir

FIXTURES = Path(__file__).resolve().parents[1] / "project" / "fixtures"
OWN_FILES = ("project.toml", "items.csv", "gold.csv", "priors.csv", "metrics.csv", "plan.csv")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample project (items, gold, priors, metrics), planned, simulated and merged
    (shared by the tests here, each of which checks that it left every file as it was)."""
    folder = Path(shutil.copytree(sample_project_dir(), tmp_path_factory.mktemp("own") / "p"))
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--laptops", "3"]) == 0
    assert main(["simulate", str(folder), "--taggers", "3", "--rounds", "1", "--seed", "5"]) == 0
    assert main(["merge", str(folder / "panel.sqlite"), str(folder / "sessions")]) == 0
    return folder


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file of the folder and its SHA-256: what must not change (but for the -wal and
    -shm files SQLite makes beside a WAL database while anyone reads it)."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.name.endswith(("-wal", "-shm"))}


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], project: Path,
            target: Path) -> None:
    before = fingerprint(project)
    assert main(argv) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{target}: This is " in err, err
    assert "Write to a new file or folder instead" in err
    assert fingerprint(project) == before


@pytest.mark.parametrize("name", OWN_FILES)
def test_analyze_json_over_a_project_file_is_refused(project: Path, capsys, name: str) -> None:
    target = project / name
    refused(capsys, ["analyze", str(project), "--json", str(target)], project, target)


def test_analyze_csv_dir_into_the_project_folder_is_refused(project: Path, capsys) -> None:
    """The issue's case: 44 pairs of items.csv became the 10 rated ones, exit 0."""
    refused(capsys, ["analyze", str(project), "--csv-dir", str(project)], project,
            project / "items.csv")


def test_analyze_into_sessions_is_refused(project: Path, capsys) -> None:
    target = project / "sessions" / "results.json"
    refused(capsys, ["analyze", str(project), "--json", str(target)], project, target)
    assert not target.exists()


def test_analyze_of_a_panel_over_the_panel_itself_is_refused(project: Path, capsys) -> None:
    panel = project / "panel.sqlite"
    refused(capsys, ["analyze", str(panel), "--json", str(panel)], project, panel)


@pytest.mark.parametrize("name", ["items.csv", "gold.csv", "sessions/ratings.csv"])
def test_import_ratings_over_a_project_file_is_refused(project: Path, capsys, name: str) -> None:
    target = project / name
    refused(capsys, ["import-ratings", "flickr8k-expert", str(FIXTURES / "expert_annotations.txt"),
                     "--project", str(project), "--out", str(target)], project, target)


@pytest.mark.parametrize("name", ["items.csv", "sessions/panel.sqlite"])
def test_merge_into_a_project_file_or_sessions_is_refused(project: Path, capsys,
                                                          name: str) -> None:
    target = project / name
    refused(capsys, ["merge", str(target), str(project / "sessions")], project, target)


@pytest.mark.parametrize("name", ["sessions/dataset", "snapshots/dataset"])
def test_export_into_sessions_is_refused(project: Path, capsys, name: str) -> None:
    target = project / name
    refused(capsys, ["export", str(project), "--out", str(target)], project, target)


def test_a_snapshot_over_a_project_file_is_refused(project: Path, capsys) -> None:
    target = project / "gold.csv"
    refused(capsys, ["snapshot", "export", str(project / "panel.sqlite"), str(target)],
            project, target)


def test_tasks_into_sessions_are_refused(project: Path, capsys) -> None:
    out = project / "sessions"
    before = fingerprint(project)
    assert main(["export-tasks", str(project), "--to", "label-studio", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "inside the project's sessions/ folder" in err and "Traceback" not in err
    assert fingerprint(project) == before


def test_outputs_beside_the_project_are_still_written(project: Path, tmp_path: Path) -> None:
    """The rule refuses inputs only: the project's exports/ folder and a folder beside it
    take every output."""
    assert main(["analyze", str(project), "--csv-dir", str(project / "exports"),
                 "--json", str(tmp_path / "results.json")]) in (0, 1)
    assert (project / "exports" / "items.csv").is_file() and (tmp_path / "results.json").is_file()
    assert main(["export", str(project), "--out", str(tmp_path / "dataset"),
                 "--include-simulated"]) == 0
