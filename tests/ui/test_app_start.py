"""The app's first windows load nothing their start page does not need (≤ 0.5 s to the
first window, issues 19 and 32): not the analysis pane, numpy or sqlite-utils."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import json, sys
from PySide6.QtWidgets import QApplication
from annotator.ui import app as gui
app = QApplication([])
window = getattr(gui, {builder!r})()
window.show()
app.processEvents()
print(json.dumps(sorted(m for m in {modules!r} if m in sys.modules)))
"""


def loaded_with(builder: str, modules: tuple[str, ...], config: Path) -> list[str]:
    """Which of ``modules`` a fresh process has loaded once ``builder``'s window is shown."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ANNOTATOR_CONFIG_DIR": str(config)}
    code = PROBE.format(builder=builder, modules=modules)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_start_screen_loads_neither_the_analysis_nor_numpy(tmp_path: Path) -> None:
    assert loaded_with("build_main_window", (
        "numpy", "sqlite_utils", "annotator.analysis", "annotator.reporting",
        "annotator.ui.analysis"), tmp_path) == []


def test_the_lead_start_page_waits_for_neither_the_analysis_nor_numpy(tmp_path: Path) -> None:
    """The lead's first window too: the analysis and numpy come with the first source
    analysed, off the GUI thread; the tagger's screens and the wizard not at all."""
    assert loaded_with("build_lead_window", (
        "numpy", "sqlite_utils", "annotator.analysis", "annotator.reporting.build",
        "annotator.ui.main_window", "annotator.ui.wizard.wizard"), tmp_path) == []
