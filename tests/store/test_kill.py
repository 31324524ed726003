"""Kill test: SIGKILL the app at random moments; nothing acknowledged is ever lost."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

WRITER = Path(__file__).with_name("kill_writer.py")
RUNS = 20


@pytest.mark.slow  # 20 writer processes, each killed after up to 40 ratings
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_acknowledged_ratings_survive_sigkill(make_project_folder, user_config_dir: Path) -> None:
    folder = make_project_folder(n_items=60)
    rng = random.Random(20261122)
    acknowledged: set[str] = set()
    env = {**os.environ, "ANNOTATOR_CONFIG_DIR": str(user_config_dir)}
    for run in range(RUNS):
        process = subprocess.Popen(
            [sys.executable, str(WRITER), str(folder), f"tagger{run:02d}"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        )
        for _ in range(rng.randint(1, 40)):  # killed while writing the next one
            line = process.stdout.readline()
            assert line, process.stderr.read().decode()  # still writing
            acknowledged.add(line.decode().strip())
        process.send_signal(signal.SIGKILL)
        out, err = process.communicate()
        assert b"Traceback" not in err, err.decode()
        lines = out.decode().split("\n")
        acknowledged.update(line for line in lines[:-1] if line)  # last piece may be partial
    assert len(acknowledged) > RUNS, "too few ratings were written to test anything"

    files = list((folder / "sessions").glob("*.sqlite"))
    assert len(files) == 1
    conn = sqlite3.connect(files[0])
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = {row[0] for row in conn.execute("SELECT rating_id FROM ratings")}
    missing = acknowledged - stored
    assert not missing, f"{len(missing)} acknowledged ratings were lost"
    print(f"{RUNS} kills, {len(acknowledged)} acknowledged ratings, all stored")
