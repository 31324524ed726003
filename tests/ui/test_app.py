"""The composition root's links to the desktop: files macOS hands the app (the tagger's
window opens them), and the log folder (Help → Open log folder, in both windows)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from annotator.ui.app import open_files_in


def test_a_project_handed_over_by_the_desktop_opens_in_the_window(
        qapp, make_main_window, make_project_folder, tmp_path: Path, capture_message_box) -> None:
    window = make_main_window()
    open_files_in(qapp, window)
    folder = make_project_folder(2, name="Harbour panel")
    shortcut = tmp_path / "Harbour.crproject"
    shortcut.write_text(f"folder = '{folder}'\n", encoding="utf-8")
    assert QApplication.sendEvent(qapp, QFileOpenEvent(str(shortcut)))
    assert window.windowTitle() == "Harbour panel — Caption Rating Annotator"
    # a broken shortcut is explained in the window, naming the file
    texts = capture_message_box()
    broken = tmp_path / "broken.crproject"
    broken.write_text("folder = \n", encoding="utf-8")
    QApplication.sendEvent(qapp, QFileOpenEvent(str(broken)))
    assert texts and texts[0].startswith(f"{broken}:1: The shortcut is not valid TOML")
    assert window.windowTitle() == "Harbour panel — Caption Rating Annotator"


@pytest.mark.parametrize("make_window", ["make_main_window", "make_lead_window"])
def test_help_opens_the_log_folder_in_both_windows(request, make_window: str,
                                                   user_config_dir: Path,
                                                   opened_folders: list[Path]) -> None:
    window = request.getfixturevalue(make_window)()
    action = window.actions_by_name["openLogFolder"]
    assert action.text() == "Open &log folder"
    assert action in window.menuBar().actions()[-1].menu().actions()  # under Help
    action.trigger()
    assert opened_folders == [user_config_dir / "logs"]
    assert (user_config_dir / "logs").is_dir()  # made, so the file manager has a folder
