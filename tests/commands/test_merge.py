"""``annotator merge`` end to end on a simulated two-round panel: 0 merged, 1 some files
refused (the others merged), 2 nothing merged."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode


def stored_count(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT count(*) FROM ratings").fetchone()[0]
    finally:
        conn.close()


def test_merge_a_sessions_folder_then_again_then_analyse(simulated_project: Path,
                                                         tmp_path: Path, capsys) -> None:
    sessions = simulated_project / "sessions"
    expected = sum(stored_count(p) for p in sessions.glob("*.sqlite"))
    panel = tmp_path / "panel.sqlite"

    assert main(["merge", str(panel), str(sessions), "--preview"]) == ExitCode.DONE
    preview = capsys.readouterr().out
    assert f"would add {expected} new ratings from 4 files; 0 refused" in preview
    assert not panel.exists()

    assert main(["merge", str(panel), str(sessions), "--project", str(simulated_project)]) == (
        ExitCode.DONE)
    out = capsys.readouterr().out
    assert f"added {expected} new ratings from 4 files; 0 refused" in out
    assert f"The panel now holds {expected} ratings." in out
    assert all(f"{path}" in out for path in sessions.glob("*.sqlite"))

    assert main(["merge", str(panel), *map(str, sessions.glob("*.sqlite"))]) == ExitCode.DONE
    again = capsys.readouterr().out
    assert "added 0 new ratings" in again and again.count("nothing new") == 4

    report = tmp_path / "panel.json"
    assert main(["analyze", str(panel), "--json", str(report), "--reps", "5",
                 "--bootstrap", "20"]) == ExitCode.DONE
    from_panel = json.loads(report.read_text())
    assert main(["analyze", str(simulated_project), "--json", str(tmp_path / "folder.json"),
                 "--reps", "5", "--bootstrap", "20"]) == ExitCode.DONE
    from_folder = json.loads((tmp_path / "folder.json").read_text())
    assert from_panel["alpha"] == from_folder["alpha"]
    for key in ("n_ratings", "n_items", "n_taggers", "alpha_by_round", "taggers"):
        assert from_panel[key] == from_folder[key], key
    assert set(from_panel["retest"]) == set(from_folder["retest"]) != set()


def test_a_tampered_file_is_named_and_the_others_merged_with_exit_1(
        simulated_project: Path, tmp_path: Path, capsys) -> None:
    first, second = sorted((simulated_project / "sessions").glob("*.sqlite"))[:2]
    victim = tmp_path / "edited.sqlite"
    shutil.copyfile(first, victim)
    conn = sqlite3.connect(victim)
    conn.execute("UPDATE ratings SET value = value + 0.25 WHERE seq = 10")
    conn.commit()
    conn.close()
    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(victim), str(second)]) == ExitCode.PROBLEMS
    out = capsys.readouterr().out
    assert f"{victim}: {stored_count(victim)} ratings refused" in out
    assert "rating 10 (id " in out and "was changed after it was saved" in out
    assert stored_count(panel) == stored_count(second)


def test_nothing_to_merge_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "empty").mkdir()
    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(tmp_path / "empty")]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and "No session files to merge" in err
    assert not panel.exists()


def test_a_panel_that_is_not_a_database_is_refused_by_name(simulated_project: Path,
                                                          tmp_path: Path, capsys) -> None:
    panel = tmp_path / "notes.sqlite"
    panel.write_text("not a database", encoding="utf-8")
    code = main(["merge", str(panel), str(simulated_project / "sessions")])
    assert code == ExitCode.REFUSED
    assert capsys.readouterr().err.startswith(f"{panel}: ")
    assert panel.read_text(encoding="utf-8") == "not a database"


def test_a_folder_of_returned_laptops_is_searched_for_their_sessions(
        simulated_project: Path, tmp_path: Path, capsys) -> None:
    """``merge panel.sqlite returned/``: one laptop's project folder copied back whole (its
    files in ``sessions/``), another laptop's session files alone in a folder of its own."""
    files = sorted((simulated_project / "sessions").glob("*.sqlite"))
    returned = tmp_path / "returned"
    (returned / "laptop-1" / "sessions").mkdir(parents=True)
    (returned / "laptop-2").mkdir()
    for n, path in enumerate(files):
        laptop = returned / ("laptop-1/sessions" if n % 2 else "laptop-2")
        shutil.copy2(path, laptop / path.name)
    expected = sum(stored_count(path) for path in files)
    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(returned), "--project", str(simulated_project)]) == (
        ExitCode.DONE)
    assert f"added {expected} new ratings from {len(files)} files" in capsys.readouterr().out
    assert main(["merge", str(panel), str(returned / "laptop-1")]) == ExitCode.DONE
    assert "added 0 new ratings" in capsys.readouterr().out
