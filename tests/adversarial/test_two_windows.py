"""One window per session file (issue 17, item 5): a second window is told who holds the
file; a crashed holder leaves nothing held; no acknowledged rating is lost."""

from __future__ import annotations

import getpass
import os
import signal
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt

from annotator.project.folder import open_project
from annotator.session.opening import session_file_path
from annotator.ui.app import build_main_window
from annotator.userconfig import load_config
from tests.adversarial.conftest import ratings_in
from tests.ui.conftest import started

REPO = Path(__file__).resolve().parents[2]
PLAIN = {"dwell_seconds": 0, "feedback": False}


def test_a_second_window_is_told_who_holds_the_file(qtbot, make_project_folder,
                                                    make_main_window,
                                                    capture_message_box) -> None:
    folder = make_project_folder(4, flow=PLAIN)
    first = make_main_window(folder, tagger="ana")
    screen = first.rating_screen
    for key in "34":
        qtbot.keyClick(screen, key)
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    path = session_file_path(open_project(folder), load_config())
    acknowledged = ratings_in(path)
    assert len(acknowledged) == 2

    texts = capture_message_box()
    second = build_main_window(folder, tagger="ana")
    qtbot.addWidget(second)
    qtbot.waitUntil(lambda: len(texts) == 1)
    assert second.rating_screen is None  # the same pairs are never offered twice
    (text,) = texts
    assert text.startswith(f"{path}: This session file is already open in another window")
    assert f"by {getpass.getuser()} on the laptop" in text and f"process {os.getpid()}" in text

    first.close()  # closing the first window lets the file go
    assert second.open_project_folder(folder)
    second.start_rating("ana")
    started(qtbot, second)
    assert second.rating_screen.current_pair is not None
    assert ratings_in(path)[:2] == acknowledged


def test_a_crashed_window_leaves_the_file_free(qtbot, make_project_folder,
                                               capture_message_box) -> None:
    """Another process holds the file (its pid is named); killed, it holds nothing."""
    folder = make_project_folder(3, flow=PLAIN)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         f"import sys; sys.path.insert(0, {str(REPO)!r})\n"
         "from pathlib import Path\n"
         "from annotator.project.folder import open_project\n"
         "from annotator.session.opening import open_laptop_session\n"
         "from annotator.userconfig import load_config\n"
         f"store = open_laptop_session(open_project(Path({str(folder)!r})), load_config())\n"
         "print('holding', flush=True)\n"
         "sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert holder.stdout.readline().strip() == "holding"
        texts = capture_message_box()
        refused = build_main_window(folder)
        qtbot.addWidget(refused)
        qtbot.waitUntil(lambda: len(texts) == 1)
        assert f"process {holder.pid}" in texts[0] and "already open" in texts[0]
    finally:
        holder.send_signal(signal.SIGKILL)  # a crash: no chance to let go of anything
        holder.wait(30)
    window = build_main_window(folder, tagger="ana")
    qtbot.addWidget(window)
    started(qtbot, window)
    assert window.rating_screen is not None and len(texts) == 1
