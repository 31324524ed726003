"""A session file or snapshot from another laptop whose ``ratings`` or ``session_info`` is a
never-ending recursive VIEW is refused by name within seconds, by every reader and by the
tagger's window, which is built at once and stays responsive (issue 27, item 6).

Every reader runs in a subprocess with a timeout, so a reader that hangs fails the test
instead of hanging it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.errors import AnnotatorError
from tests.adversarial.conftest import forge
from tests.analysis.sessions import rate, session

REPO = Path(__file__).resolve().parents[2]
WITHIN = 60
"""Seconds a reader may take (starting Python and the analysis included) before the test
calls it hung; a refusal takes about one."""
NEVER_ENDING = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                "SELECT {} FROM n")
RATING_COLUMNS = ("'r' || i AS rating_id, 'bea' AS tagger, 'item000' AS item_id, 1 AS round, "
                  "'game' AS phase, 3.0 AS value, '2026-01-01T00:00:00+00:00' AS shown_at, "
                  "'2026-01-01T00:00:05+00:00' AS submitted_at, 5 AS ms_on_screen, "
                  "NULL AS consensus, NULL AS consensus_n, NULL AS points, "
                  "'lab-2' AS laptop_id, '' AS question, '' AS stage, i AS seq, "
                  "'x' AS chain")


def runaway_session_file(folder: Path, table: str) -> Path:
    """A real session file of the project whose ``table`` was replaced by a view that
    never ends."""
    store = session(folder, "lab-2")
    rate(store, "bea", "item000", 3)
    store.close()
    path = folder / "sessions" / "lab-2.sqlite"
    forge(path, "PRAGMA journal_mode=DELETE")
    columns = RATING_COLUMNS if table == "ratings" else "'k' || i AS key, 'v' AS value"
    forge(path, f"DROP TABLE {table}")
    forge(path, f"CREATE VIEW {table} AS {NEVER_ENDING.format(columns)}")
    return path


def runaway_snapshot(folder: Path, tmp_path: Path, table: str) -> Path:
    """A snapshot exported from a real panel, its ``table`` then replaced by a view that
    never ends."""
    store = session(folder, "lab-3")
    rate(store, "bea", "item001", 2)
    store.close()
    panel, snapshot = tmp_path / "panel.sqlite", tmp_path / "panel.snapshot"
    assert main(["merge", str(panel), str(folder / "sessions"), "--project", str(folder)]) == 0
    assert main(["snapshot", "export", str(panel), str(snapshot)]) == 0
    columns = ("'r' || i AS rating_id, 'bea' AS tagger, 'item000' AS item_id, 1 AS round, "
               "'game' AS phase, 3.0 AS value, 'lab-3' AS laptop_id"
               if table == "ratings" else "'k' || i AS key, 'v' AS value")
    forge(snapshot, f"DROP TABLE {table}")
    forge(snapshot, f"CREATE VIEW {table} AS {NEVER_ENDING.format(columns)}")
    return snapshot


def run_app(*args: str, config: Path, code: str | None = None) -> subprocess.CompletedProcess:
    """``annotator ARGS`` (or the Python ``code``) in a fresh process, failed if it hangs."""
    env = {**os.environ, "ANNOTATOR_CONFIG_DIR": str(config), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-c", code, *args] if code else [
        sys.executable, "-m", "annotator", *args]
    try:
        return subprocess.run(command, env=env, capture_output=True, text=True, check=False,
                              timeout=WITHIN, cwd=REPO)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(args)} still reading after {WITHIN} s: it hangs")


def refused_by_name(result: subprocess.CompletedProcess, path: Path) -> str:
    said = result.stdout + result.stderr
    assert "Traceback" not in said, said
    assert str(path) in said or path.name in said, said
    return said


@pytest.mark.parametrize("table", ["ratings", "session_info"])
def test_every_reader_refuses_a_never_ending_session_file(make_project_folder, tmp_path,
                                                          table: str) -> None:
    folder = make_project_folder(3)
    good = session(folder, "lab-1")
    rate(good, "ana", "item000", 4)
    good.close()
    bad = runaway_session_file(folder, table)
    config = tmp_path / "config"

    said = refused_by_name(run_app("validate", str(folder), config=config), bad)
    assert "left out" in said or "refused" in said

    analysed = run_app("analyze", str(folder), config=config)
    refused_by_name(analysed, bad)
    assert analysed.returncode in (0, 1), analysed.stderr  # the good file is analysed

    panel = tmp_path / "panel.sqlite"
    merged = run_app("merge", str(panel), str(folder / "sessions"), "--project", str(folder),
                     config=config)
    refused_by_name(merged, bad)
    assert merged.returncode != 0


@pytest.mark.parametrize("table", ["ratings", "snapshot_info"])
def test_snapshot_import_refuses_a_never_ending_snapshot(make_project_folder, tmp_path,
                                                         table: str) -> None:
    folder = make_project_folder(3)
    snapshot = runaway_snapshot(folder, tmp_path, table)
    result = run_app("snapshot", "import", str(folder), str(snapshot),
                     config=tmp_path / "config")
    said = refused_by_name(result, snapshot)
    assert result.returncode == 2 and "never writes" in said
    assert not (folder / "snapshots").exists() or not any((folder / "snapshots").iterdir())


WINDOW = """
import json, sys, time
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
from annotator.ui.app import build_main_window
ticks = []
timer = QTimer(interval=10)
timer.timeout.connect(lambda: ticks.append(time.monotonic()))
timer.start()
began = time.monotonic()
window = build_main_window(Path(sys.argv[1]), tagger="ana")
built = time.monotonic() - began
window.show()
on_start_screen = window.rating_screen is None
while window.rating_screen is None and time.monotonic() - began < 40:
    app.processEvents()
    for box in app.topLevelWidgets():
        if isinstance(box, QMessageBox) and box.isVisible():
            box.done(0)
print(json.dumps({"built": built, "on_start_screen": on_start_screen, "ticks": len(ticks),
                  "rating": window.rating_screen is not None,
                  "pair": window.rating_screen is not None
                          and window.rating_screen.current_pair is not None}))
"""


@pytest.mark.parametrize("table", ["ratings", "session_info"])
def test_the_tagger_window_is_built_at_once_and_rates_without_the_file(
        make_project_folder, tmp_path, table: str) -> None:
    folder = make_project_folder(3, flow={"dwell_seconds": 0, "tutorial": False,
                                          "probation": False})
    snapshot = runaway_snapshot(folder, tmp_path, "ratings")
    runaway_session_file(folder, table)
    (folder / "snapshots").mkdir()
    snapshot.rename(folder / "snapshots" / "snapshot-forged.sqlite")
    result = run_app(str(folder), config=tmp_path / "config", code=WINDOW)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert shown["built"] < 10 and shown["on_start_screen"]  # the window at once
    assert shown["ticks"] > 0  # the event loop ran while the files were read
    assert shown["rating"] and shown["pair"]  # the tagger rates; the forged files left out


def test_a_runaway_statement_is_stopped_and_the_file_named(tmp_path) -> None:
    """The bound on every query itself, whatever the statement: a real table holding a
    query that never ends is stopped and the file refused by name."""
    from annotator.store.refusals import bounded_reading

    path = tmp_path / "small.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    conn = sqlite3.connect(path)
    try:
        with pytest.raises(AnnotatorError) as refused, bounded_reading(conn, path):
            conn.execute(NEVER_ENDING.format("count(*)")).fetchone()
    finally:
        conn.close()
    assert refused.value.file == path
    assert "does not end" in refused.value.message
