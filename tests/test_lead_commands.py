"""``annotator merge`` and ``annotator snapshot`` end to end on a simulated two-round panel."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from annotator.cli import EXIT_OK, EXIT_PROBLEMS, main
from annotator.resources import sample_project_dir


@pytest.fixture(scope="module")
def panel_project(tmp_path_factory) -> Path:
    """The sample project after 4 simulated taggers played 2 rounds each."""
    folder = tmp_path_factory.mktemp("lead") / "vicr-demo"
    shutil.copytree(sample_project_dir(), folder)
    assert main(["simulate", str(folder), "--taggers", "4", "--rounds", "2", "--seed", "5"]) == 0
    return folder


def stored_count(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT count(*) FROM ratings").fetchone()[0]
    finally:
        conn.close()


def test_merge_a_sessions_folder_then_again_then_analyse(panel_project: Path, tmp_path: Path,
                                                         capsys) -> None:
    sessions = panel_project / "sessions"
    expected = sum(stored_count(p) for p in sessions.glob("*.sqlite"))
    panel = tmp_path / "panel.sqlite"

    assert main(["merge", str(panel), str(sessions), "--preview"]) == EXIT_OK
    preview = capsys.readouterr().out
    assert f"would add {expected} new ratings from 4 files; 0 refused" in preview
    assert not panel.exists()

    assert main(["merge", str(panel), str(sessions), "--project", str(panel_project)]) == EXIT_OK
    out = capsys.readouterr().out
    assert f"added {expected} new ratings from 4 files; 0 refused" in out
    assert f"The panel now holds {expected} ratings." in out
    assert all(f"{path}" in out for path in sessions.glob("*.sqlite"))

    assert main(["merge", str(panel), *map(str, sessions.glob("*.sqlite"))]) == EXIT_OK
    again = capsys.readouterr().out
    assert "added 0 new ratings" in again and again.count("nothing new") == 4

    report = tmp_path / "panel.json"
    assert main(["analyze", str(panel), "--json", str(report), "--reps", "5",
                 "--bootstrap", "20"]) == EXIT_OK
    from_panel = json.loads(report.read_text())
    assert main(["analyze", str(panel_project), "--json", str(tmp_path / "folder.json"),
                 "--reps", "5", "--bootstrap", "20"]) == EXIT_OK
    from_folder = json.loads((tmp_path / "folder.json").read_text())
    assert from_panel["alpha"] == from_folder["alpha"]
    for key in ("n_ratings", "n_items", "n_taggers", "alpha_by_round", "taggers"):
        assert from_panel[key] == from_folder[key], key
    assert set(from_panel["retest"]) == set(from_folder["retest"]) != set()


def test_merge_names_a_tampered_file_and_exits_1(panel_project: Path, tmp_path: Path,
                                                 capsys) -> None:
    victim = tmp_path / "edited.sqlite"
    shutil.copyfile(sorted((panel_project / "sessions").glob("*.sqlite"))[0], victim)
    conn = sqlite3.connect(victim)
    conn.execute("UPDATE ratings SET value = value + 0.25 WHERE seq = 10")
    conn.commit()
    conn.close()
    assert main(["merge", str(tmp_path / "panel.sqlite"), str(victim)]) == EXIT_PROBLEMS
    out = capsys.readouterr().out
    assert f"{victim}: {stored_count(victim)} ratings refused" in out
    assert "rating 10 (id " in out and "was changed after it was saved" in out


def test_snapshot_export_and_import_once(panel_project: Path, tmp_path: Path, capsys) -> None:
    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(panel_project / "sessions")]) == EXIT_OK
    snapshot = tmp_path / "for-laptops.snapshot"
    assert main(["snapshot", "export", str(panel), str(snapshot)]) == EXIT_OK
    assert "consensus snapshot of" in capsys.readouterr().out

    laptop = tmp_path / "laptop" / "vicr-demo"
    shutil.copytree(sample_project_dir(), laptop)
    assert main(["snapshot", "import", str(laptop), str(snapshot)]) == EXIT_OK
    assert "Imported" in capsys.readouterr().out
    assert main(["snapshot", "import", str(laptop), str(snapshot)]) == EXIT_OK
    assert "already imported" in capsys.readouterr().out
    assert len(list((laptop / "snapshots").iterdir())) == 1


def test_a_snapshot_of_another_project_is_refused_by_name(panel_project: Path, tmp_path: Path,
                                                         make_project_folder, capsys) -> None:
    panel = tmp_path / "panel.sqlite"
    main(["merge", str(panel), str(panel_project / "sessions")])
    snapshot = tmp_path / "s.snapshot"
    main(["snapshot", "export", str(panel), str(snapshot)])
    capsys.readouterr()
    other = make_project_folder(2)
    assert main(["snapshot", "import", str(other), str(snapshot)]) == EXIT_PROBLEMS
    err = capsys.readouterr().err
    assert str(snapshot) in err and "another project" in err
    assert not (other / "snapshots").exists()
