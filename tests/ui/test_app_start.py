"""The app's first window loads nothing the start screen does not need (issue 19: ≤ 0.5 s
to the first window): not the analysis pane, numpy or sqlite-utils."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

START = """
import sys
from PySide6.QtWidgets import QApplication
from annotator.ui.app import build_main_window
app = QApplication([])
window = build_main_window()
window.show()
app.processEvents()
print(sorted(m for m in ("numpy", "sqlite_utils", "annotator.analysis", "annotator.reporting",
                         "annotator.ui.analysis") if m in sys.modules))
"""


def test_the_start_screen_loads_neither_the_analysis_nor_numpy(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ANNOTATOR_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True,
                          env=env, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


LEAD_START = """
import sys
from PySide6.QtWidgets import QApplication
from annotator.ui.app import build_lead_window
app = QApplication([])
window = build_lead_window()
window.show()
app.processEvents()
print(sorted(m for m in ("numpy", "sqlite_utils", "annotator.analysis", "annotator.reporting.build",
                         "annotator.ui.main_window", "annotator.ui.wizard.wizard")
             if m in sys.modules))
"""


def test_the_lead_start_page_waits_for_neither_the_analysis_nor_numpy(tmp_path: Path) -> None:
    """The lead's first window too (≤ 0.5 s): the analysis and numpy come with the first
    source analysed, off the GUI thread; the tagger's screens and the wizard not at all."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ANNOTATOR_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", LEAD_START], capture_output=True, text=True,
                          env=env, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
