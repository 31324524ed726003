"""A torn (truncated) file in sessions/ (issue 17, item 6): the game, ``analyze`` and
``validate`` all leave it out and name it; the rest of the folder is used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from annotator.session.opening import open_laptop_session, read_other_laptops, start_session
from annotator.userconfig import load_config


@pytest.fixture
def torn_project(simulated_project: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The simulated sample project with one laptop's file cut in half, as a copy broken
    off half-way leaves it."""
    folder = tmp_path / "vicr-demo"
    shutil.copytree(simulated_project, folder)
    torn = sorted((folder / "sessions").glob("*.sqlite"))[0]
    data = torn.read_bytes()
    torn.write_bytes(data[: len(data) // 2])
    return folder, torn


def test_analyze_skips_the_torn_file_naming_it(torn_project, capsys) -> None:
    folder, torn = torn_project
    assert main(["analyze", str(folder), "--reps", "5", "--bootstrap", "20"]) == (
        ExitCode.PROBLEMS)
    out, err = capsys.readouterr()
    warning, simulated, *summary = out.splitlines()
    assert warning.startswith(f"{torn}: left out, none of its ratings are used. This file is "
                              "damaged")
    assert warning.endswith(f"Nothing in it can be read ({torn.stat().st_size:,} bytes).")
    assert "taggers are simulated (annotator simulate), not people" in simulated
    assert summary[0].endswith("levels 1, 2, 3, 4, 5")
    assert "by 3 taggers" in summary[0]  # the other three laptops' taggers
    assert err == ""


def test_validate_reports_the_same_file(torn_project, capsys) -> None:
    folder, torn = torn_project
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    assert [line.split(": left out")[0] for line in out.splitlines()] == [str(torn)]
    notes = [line for line in err.splitlines() if line.startswith("note: ")]
    assert err.splitlines()[len(notes)].startswith("1 problem;")


def test_the_game_leaves_it_out_and_goes_on(torn_project) -> None:
    folder, torn = torn_project
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    found = read_other_laptops(project, store)
    assert [error.file for error in found.unreadable] == [torn]
    assert len(found.files) == 3 and found.ratings
    session = start_session(project, store, "new tagger")
    assert session.pair_shown() is not None
    store.close()
