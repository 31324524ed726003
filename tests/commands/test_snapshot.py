"""``annotator snapshot export|import``: 0 done (an import repeated changes nothing),
2 refused by name; the messages go to stderr."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.resources import sample_project_dir


@pytest.fixture
def snapshot(simulated_project: Path, tmp_path: Path, capsys) -> Path:
    """A consensus snapshot of the simulated panel."""
    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(simulated_project / "sessions")]) == ExitCode.DONE
    path = tmp_path / "for-laptops.snapshot"
    assert main(["snapshot", "export", str(panel), str(path)]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert f"{path}: consensus snapshot of" in err and "consensus snapshot" not in out
    return path


def test_import_once_then_again_changes_nothing(snapshot: Path, tmp_path: Path,
                                                capsys) -> None:
    laptop = tmp_path / "laptop" / "vicr-demo"
    shutil.copytree(sample_project_dir(), laptop)
    assert main(["snapshot", "import", str(laptop), str(snapshot)]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert out == "" and "Imported" in err
    assert main(["snapshot", "import", str(laptop), str(snapshot)]) == ExitCode.DONE
    assert "already imported" in capsys.readouterr().err
    assert len(list((laptop / "snapshots").iterdir())) == 1


def test_a_snapshot_of_another_project_is_refused_by_name(snapshot: Path,
                                                         make_project_folder, capsys) -> None:
    other = make_project_folder(2)
    assert main(["snapshot", "import", str(other), str(snapshot)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and str(snapshot) in err and "another project" in err
    assert not (other / "snapshots").exists()


def test_exporting_from_a_missing_panel_is_refused(tmp_path: Path, capsys) -> None:
    target = tmp_path / "out.snapshot"
    code = main(["snapshot", "export", str(tmp_path / "panel.sqlite"), str(target)])
    assert code == ExitCode.REFUSED
    assert capsys.readouterr().err.startswith(f"{tmp_path / 'panel.sqlite'}: ")
    assert not target.exists()
