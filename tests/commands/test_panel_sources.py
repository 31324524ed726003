"""A panel keeps its project's item sources: analysed away from the project folder it still
gives the per-source table; ``--project FOLDER`` names the project instead; a panel made
before the app kept them opens and analyses as before."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode

FAST = ["--reps", "3", "--bootstrap", "10"]


def analysed(path: Path, tmp_path: Path, *extra: str) -> dict:
    report = tmp_path / f"{path.stem}-{len(list(tmp_path.glob('*.json')))}.json"
    assert main(["analyze", str(path), "--json", str(report), *FAST, *extra]) == ExitCode.DONE
    return json.loads(report.read_text(encoding="utf-8"))


@pytest.fixture
def moved_panel(simulated_project: Path, tmp_path: Path) -> Path:
    """A panel merged with its project named, then copied to a folder of its own."""
    panel = tmp_path / "made" / "panel.sqlite"
    panel.parent.mkdir()
    assert main(["merge", str(panel), str(simulated_project / "sessions"), "--project",
                 str(simulated_project)]) == ExitCode.DONE
    elsewhere = tmp_path / "elsewhere" / "deep"
    elsewhere.mkdir(parents=True)
    shutil.copy(panel, elsewhere / "copy.sqlite")
    return elsewhere / "copy.sqlite"


def test_a_panel_copied_elsewhere_analyses_with_its_sources(
        simulated_project: Path, moved_panel: Path, tmp_path: Path, capsys) -> None:
    from_folder = analysed(simulated_project, tmp_path)
    assert from_folder["sources"]  # the sample project names its captions' sources
    away = analysed(moved_panel, tmp_path)
    assert away["sources"] == from_folder["sources"]
    named = analysed(moved_panel, tmp_path, "--project", str(simulated_project))
    assert named["sources"] == from_folder["sources"]
    # the panel's rows come in another order than the folder's: the same draws all the same
    assert named["metrics"]["by_metric"] == from_folder["metrics"]["by_metric"] != {}
    capsys.readouterr()


def test_project_names_the_panels_folder_and_must_be_its_project(
        moved_panel: Path, make_project_folder, tmp_path: Path, capsys) -> None:
    other = make_project_folder(4, folder=tmp_path / "other")
    code = main(["analyze", str(moved_panel), "--project", str(other), *FAST])
    assert code == ExitCode.REFUSED
    assert "belongs to another project" in capsys.readouterr().err


def test_a_panel_from_before_the_item_facts_opens_and_gains_them(
        simulated_project: Path, moved_panel: Path, tmp_path: Path, capsys) -> None:
    conn = sqlite3.connect(moved_panel)
    with conn:
        conn.execute("DROP TABLE item_facts")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = '0006_item_facts'")
    conn.close()
    assert analysed(moved_panel, tmp_path)["sources"] is None
    assert main(["merge", str(moved_panel), str(simulated_project / "sessions"), "--project",
                 str(simulated_project)]) == ExitCode.DONE
    assert analysed(moved_panel, tmp_path)["sources"] == analysed(simulated_project,
                                                                   tmp_path)["sources"]
    capsys.readouterr()
