"""The composition root's links to the desktop: files macOS hands the app, and the log
folder (Help → Open log folder)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QFileOpenEvent
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


class _UrlCatcher(QObject):
    """Qt's own hook for where a URL goes (QDesktopServices.setUrlHandler)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)


def test_help_opens_the_log_folder(make_main_window, user_config_dir: Path) -> None:
    window = make_main_window()
    action = window.actions_by_name["openLogFolder"]
    assert action.text() == "Open &log folder"
    assert action in window.menuBar().actions()[-1].menu().actions()  # under Help
    catcher = _UrlCatcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")
    try:
        action.trigger()
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [Path(url.toLocalFile()) for url in catcher.urls] == [user_config_dir / "logs"]
    assert (user_config_dir / "logs").is_dir()  # made, so the file manager has a folder
