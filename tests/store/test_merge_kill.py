"""Kill test for merging: SIGKILL `annotator merge` part-way; the panel is never half-merged."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from annotator.store.merge import merge_session_files
from tests.store.sessionfiles import content, ratings_for, write_session_file

KILLS = 6
REPO = Path(__file__).resolve().parents[2]


MERGE_SAYING_EACH_STEP = (
    "import sys\nfrom pathlib import Path\n"
    "from annotator.store.merge import merge_session_files\n"
    "merge_session_files(Path(sys.argv[1]), [Path(p) for p in sys.argv[2:]],\n"
    "                    progress=lambda words: print(words, flush=True))\n")
"""A merge, as `annotator merge` runs it, printing each step as it starts it."""


@pytest.mark.slow  # merges killed part-way, one process each
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_merge_leaves_the_panel_as_before_or_complete(tmp_path: Path) -> None:
    first = write_session_file(tmp_path / "first.sqlite", ratings_for("ana", 500, seed=1))
    more = [write_session_file(tmp_path / f"lap-{n}.sqlite", ratings_for(f"t{n}", 3000, seed=n))
            for n in range(10)]
    complete_path = tmp_path / "complete.sqlite"
    merge_session_files(complete_path, [first])
    subprocess.run([sys.executable, "-m", "annotator", "merge", str(complete_path),
                    *map(str, more)], check=True, capture_output=True)
    complete = content(complete_path)
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, [first])
    before = content(panel)
    rng = random.Random(20261122)
    for _ in range(KILLS):
        process = subprocess.Popen(
            [sys.executable, "-c", MERGE_SAYING_EACH_STEP, str(panel), *map(str, more)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
        for _ in range(rng.randint(1, len(more))):  # killed while merging that file
            assert process.stdout.readline(), process.stderr.read().decode()
        assert process.poll() is None, "the merge ended before it could be killed"
        process.send_signal(signal.SIGKILL)
        _, err = process.communicate()
        assert b"Traceback" not in err, err.decode()
        conn = sqlite3.connect(panel)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        now = content(panel)
        assert now in (before, complete), f"half-merged panel: {now[1]} ratings"
        if now == complete:
            for leftover in tmp_path.glob("panel.sqlite*"):
                leftover.unlink()
            merge_session_files(panel, [first])
