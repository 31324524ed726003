"""A project folder the tagger cannot write into (issue 17, item 4): the window names the
folder and says what to do; nothing is written anywhere else.

Root ignores permissions, so as root the app runs in a child process that becomes "nobody"
once Qt and the app are loaded (as the read-only test of the store does); any other user
runs it the same way without dropping.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import write_jpeg

REPO = Path(__file__).resolve().parents[2]
DROP = "import os; os.setgid(65534); os.setuid(65534)\n" if os.geteuid() == 0 else ""
LOAD = """
import encodings.utf_8_sig, json, sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
from annotator.ui.app import build_main_window
# what build_main_window imports when called (the lead's window does without them)
import annotator.project.folder, annotator.project.shortcut, annotator.session.opening
import annotator.ui.main_window
"""
WINDOW = """
shown = []
def close_boxes():
    for widget in app.topLevelWidgets():
        if isinstance(widget, QMessageBox) and widget.isVisible():
            shown.append([widget.windowTitle(), widget.text()])
            widget.done(0)
timer = QTimer(interval=20)
timer.timeout.connect(close_boxes)
timer.start()
window = build_main_window(Path(sys.argv[1]), tagger="ana")
while window.starting:
    app.processEvents()
print(json.dumps({"boxes": shown, "rating": window.rating_screen is not None}))
"""


def files_under(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()}


@pytest.mark.parametrize("sessions", [False, True], ids=["no-sessions-folder",
                                                         "sessions-folder-read-only"])
def test_a_read_only_project_is_named_with_what_to_do(sessions: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="ro-project-") as scratch:
        root = Path(scratch)
        folder = root / "project"
        config, runtime = root / "config", root / "runtime"
        _make_project(folder)
        if sessions:
            (folder / "sessions").mkdir()
        for path in (config, runtime):  # the app's own folders stay writable
            path.mkdir(mode=0o700)
            if os.geteuid() == 0:
                os.chown(path, 65534, 65534)
        for path in [folder, *folder.rglob("*")]:
            path.chmod(0o555 if path.is_dir() else 0o444)
        root.chmod(0o755)
        before = files_under(root)
        env = {**os.environ, "ANNOTATOR_CONFIG_DIR": str(config),
               "XDG_RUNTIME_DIR": str(runtime), "HOME": str(runtime),
               "QT_QPA_PLATFORM": "offscreen"}
        code = f"import sys; sys.path.insert(0, {str(REPO)!r})\n{LOAD}{DROP}{WINDOW}"
        try:
            result = subprocess.run([sys.executable, "-c", code, str(folder)], env=env,
                                    capture_output=True, text=True, cwd="/", check=False,
                                    timeout=120)
        finally:
            for path in [folder, *folder.rglob("*")]:
                path.chmod(0o755 if path.is_dir() else 0o644)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        shown = json.loads(result.stdout.strip().splitlines()[-1])
        assert shown["rating"] is False
        ((title, text),) = shown["boxes"]
        where = folder / "sessions" if sessions else folder
        assert title == "Cannot open this project"
        assert text.startswith(f"{where}: The app cannot save ratings in this folder")
        assert "read-only" in text
        assert "Copy the whole project folder somewhere you can write" in text
        assert "Nothing was written anywhere" in text
        new = files_under(root) - before
        assert not any(path.suffix.startswith(".sqlite") or "sqlite" in path.name
                       for path in new), new  # no session file anywhere else
        assert not (folder / "sessions").exists() or not any((folder / "sessions").iterdir())


def _make_project(folder: Path) -> None:
    from annotator.project.manifest import new_manifest, write_manifest

    (folder / "images").mkdir(parents=True)
    write_manifest(folder, new_manifest("Read-only panel"))
    write_jpeg(folder / "images" / "a.jpg")
    (folder / "items.csv").write_text("item_id,image,caption\na,images/a.jpg,A red square.\n",
                                      encoding="utf-8")
