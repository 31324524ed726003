"""At 200 % text on a laptop screen scaled 2× (1366×768 and 1280×720: 683×384 and
640×360 logical pixels) the lead's dialogs and the tagger's window (the tutorial's notice,
the rating page, the Rating Guide beside it) scroll rather than crush: no window needs more
than the screen, every control is as tall as it needs, on the screen, and shown whole or
in a part that scrolls to it. ``tests/ui/large_text_probe.py`` runs in a child process
(the scale factor is read when Qt starts) on Qt's offscreen platform given a screen of
that size, and saves a screenshot of each stage under the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STAGES = ("start-round", "merge", "rounds", "about", "notice", "rating", "rating-guide")


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1366x768", "1280x720"])
def test_dialogs_and_notices_scroll_rather_than_crush(size: str, tmp_path: Path) -> None:
    width, height = (int(n) for n in size.split("x"))
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{
        "name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    shots = tmp_path / "shots"
    shots.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
           "QT_SCALE_FACTOR": "2", "ANNOTATOR_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "tests.ui.large_text_probe", str(shots),
                           size], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    stages = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert tuple(stage["stage"] for stage in stages) == STAGES
    problems = {stage["stage"]: stage["problems"] for stage in stages if stage["problems"]}
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
    for stage in stages:
        assert stage["screen"] == [0, 0, width // 2, height // 2]
        assert Path(stage["shot"]).stat().st_size > 10_000, "an empty screenshot"
