"""One rule for every write (issue 27, class 1): the app writes only inside the folder the
user chose and never through a symbolic link; a link where it would write is refused by
name, and the file the link points at keeps every byte."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from annotator.session.opening import open_laptop_session, session_file_path
from annotator.userconfig import load_config

pytestmark = pytest.mark.skipif(sys.platform == "win32",
                                reason="making symbolic links needs rights on Windows")

SIMULATE = ["--taggers", "1", "--rounds", "1", "--seed", "5"]
SIMULATED_FILE = "simulated-5-tagger01.sqlite"
"""The session file ``simulate --seed 5`` writes first."""
PRECIOUS = b"the only copy of someone's notes\n" * 50


def elsewhere(tmp_path: Path) -> Path:
    """A file outside every project, which a link will point at."""
    outside = tmp_path / "elsewhere"
    outside.mkdir(exist_ok=True)
    target = outside / "notes.txt"
    target.write_bytes(PRECIOUS)
    return target


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], link: Path) -> str:
    """Run ``annotator argv``; it must refuse (exit 2), naming ``link`` as a link."""
    assert main(argv) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{link}: This is a symbolic link" in err, err
    return err


def test_the_tagger_window_path_refuses_a_link_at_its_lock(
        make_project_folder, tmp_path: Path) -> None:
    """The tagger's start opens the laptop's file the same way (open_laptop_session)."""
    folder = make_project_folder(4)
    target = elsewhere(tmp_path)
    project = open_project(folder)
    path = session_file_path(project, load_config())
    path.parent.mkdir()
    Path(f"{path}-lock").symlink_to(target)
    with pytest.raises(Exception, match="symbolic link") as refusal:
        open_laptop_session(project, load_config())
    assert str(refusal.value).startswith(f"{path}-lock: ")
    assert target.read_bytes() == PRECIOUS


def test_a_sessions_folder_that_is_a_link_is_refused(make_project_folder, tmp_path: Path,
                                                     capsys) -> None:
    folder = make_project_folder(4)
    outside = tmp_path / "outside-sessions"
    outside.mkdir()
    (folder / "sessions").symlink_to(outside, target_is_directory=True)
    refused(capsys, ["simulate", str(folder), *SIMULATE], folder / "sessions")
    assert list(outside.iterdir()) == []  # nothing landed outside the project


@pytest.mark.parametrize("suffix", ["-lock", "-wal", "-shm", "-journal"])
def test_a_link_beside_a_session_file_is_refused_and_its_target_untouched(
        make_project_folder, tmp_path: Path, capsys, suffix: str) -> None:
    """The issue's case: a lock link had its target truncated, overwritten, then deleted."""
    folder = make_project_folder(4)
    target = elsewhere(tmp_path)
    (folder / "sessions").mkdir()
    link = folder / "sessions" / f"{SIMULATED_FILE}{suffix}"
    link.symlink_to(target)
    refused(capsys, ["simulate", str(folder), *SIMULATE], link)
    assert target.read_bytes() == PRECIOUS
    assert link.is_symlink()  # not deleted either: the lead sees what was refused


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", "-lock"])
def test_a_link_at_the_panel_or_its_journal_is_refused_not_called_damaged(
        simulated_project: Path, tmp_path: Path, capsys, suffix: str) -> None:
    folder = Path(shutil.copytree(simulated_project, tmp_path / "project"))
    target = elsewhere(tmp_path)
    link = folder / f"panel.sqlite{suffix}"
    link.symlink_to(target)
    err = refused(capsys, ["merge", str(folder / "panel.sqlite"), str(folder / "sessions")],
                  link)
    assert "damaged" not in err
    assert target.read_bytes() == PRECIOUS


def test_an_export_folder_that_is_a_link_is_refused(simulated_project: Path, tmp_path: Path,
                                                    capsys) -> None:
    outside = tmp_path / "somewhere-else"
    outside.mkdir()
    link = tmp_path / "dataset"
    link.symlink_to(outside, target_is_directory=True)
    refused(capsys, ["export", str(simulated_project), "--out", str(link)], link)
    assert list(outside.iterdir()) == []


def test_a_link_inside_an_earlier_export_is_never_written_through(
        simulated_project: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "dataset"
    assert main(["export", str(simulated_project), "--out", str(out),
                 "--include-simulated"]) == ExitCode.DONE
    target = elsewhere(tmp_path)
    (out / "ratings.csv").unlink()
    (out / "ratings.csv").symlink_to(target)
    main(["export", str(simulated_project), "--out", str(out), "--include-simulated"])
    assert "Traceback" not in capsys.readouterr().err
    assert target.read_bytes() == PRECIOUS


def test_the_safe_writer_refuses_a_link_at_its_target(tmp_path: Path, capsys) -> None:
    """Every file the app keeps goes through one writer; a link there is named, not replaced."""
    from annotator.files import LinkRefusedError, write_text

    target = elsewhere(tmp_path)
    link = tmp_path / "settings.json"
    link.symlink_to(target)
    with pytest.raises(LinkRefusedError, match="symbolic link"):
        write_text(link, "{}")
    assert link.is_symlink() and target.read_bytes() == PRECIOUS


def test_a_snapshots_folder_that_is_a_link_is_refused(simulated_project: Path, tmp_path: Path,
                                                      capsys) -> None:
    folder = Path(shutil.copytree(simulated_project, tmp_path / "project"))
    panel, snapshot = tmp_path / "panel.sqlite", tmp_path / "consensus.sqlite"
    assert main(["merge", str(panel), str(folder / "sessions"), "--project", str(folder)]) == 0
    assert main(["snapshot", "export", str(panel), str(snapshot)]) == 0
    outside = tmp_path / "outside-snapshots"
    outside.mkdir()
    (folder / "snapshots").symlink_to(outside, target_is_directory=True)
    capsys.readouterr()
    refused(capsys, ["snapshot", "import", str(folder), str(snapshot)], folder / "snapshots")
    assert list(outside.iterdir()) == []
