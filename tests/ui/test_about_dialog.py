"""Help → About: version, licences, Qt's LGPL notice and the credits of the bundled photos."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QTextBrowser

from annotator import __version__
from annotator.notices import NOTICES_FILE
from annotator.resources import resource_path, sample_project_dir
from annotator.ui.dialogs.about import AboutDialog, ImageCredit, about_html, read_image_credits
from tests.ui.conftest import by_name


def open_about(qtbot, window) -> AboutDialog:
    window.actions_by_name["about"].trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None
    dialog.activateWindow()  # a window manager does this; offscreen has none
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def test_about_shows_version_licences_and_every_bundled_photo(qtbot, make_main_window) -> None:
    window = make_main_window()
    dialog = open_about(qtbot, window)
    assert dialog.accessibleName() == "About Caption Rating Annotator"
    assert by_name(dialog, "Name and version").text() == f"Caption Rating Annotator {__version__}"
    text = by_name(dialog, "About text")
    assert isinstance(text, QTextBrowser)
    shown = text.toPlainText()
    assert "MIT licence" in shown
    assert "GNU Lesser General Public License version 3" in shown
    with (sample_project_dir() / "images" / "licenses.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 16
    for row in rows:
        assert row["file"] in shown and row["author"] in shown and row["licence"] in shown
    assert not dialog.windowIcon().isNull()


def test_about_is_read_and_closed_with_the_keyboard(qtbot, make_main_window) -> None:
    window = make_main_window()
    dialog = open_about(qtbot, window)
    text = by_name(dialog, "About text")
    qtbot.waitUntil(text.hasFocus)
    # Tab visits the four licence links and the two source links, like a browser, then
    # leaves the text
    for _link in range(6):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert text.hasFocus() and text.textCursor().hasSelection()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    close = by_name(dialog, "Close")
    assert isinstance(close, QPushButton) and close.hasFocus()
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(close, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_licence_links_point_at_installed_files() -> None:
    licences = resource_path("licenses")
    page = about_html(qt_version="6.9.9", pyside_version="6.9.8", credits=[],
                      licences_dir=licences)
    for name in ("MIT.txt", "LGPL-3.0.txt", "GPL-3.0.txt", "THIRD-PARTY.md"):
        assert f'href="{(licences / name).as_uri()}"' in page
        assert (licences / name).is_file()
    assert "Qt 6.9.9" in page and "(PySide6) 6.9.8" in page
    assert "No sample photographs are installed" in page
    # the LGPL's source offer names exactly the versions the app runs on
    assert '<a href="https://download.qt.io/archive/qt/6.9/6.9.9/single/">Qt 6.9.9</a>' in page
    assert ('<a href="https://download.qt.io/official_releases/QtForPython/pyside6/'
            'PySide6-6.9.8-src/">Qt for Python 6.9.8</a>') in page


def test_an_installed_copy_links_its_generated_notices(tmp_path: Path) -> None:
    licences = tmp_path / "licenses"
    shutil.copytree(resource_path("licenses"), licences)
    (licences / NOTICES_FILE).write_text("numpy 2.0 — BSD-3-Clause\n", encoding="utf-8")
    page = about_html(qt_version="6.9.9", pyside_version="6.9.8", credits=[],
                      licences_dir=licences)
    assert f'href="{(licences / NOTICES_FILE).as_uri()}"' in page
    assert "THIRD-PARTY.md" not in page  # the generated list replaces the summary


def test_credits_are_read_from_a_licences_file(tmp_path: Path) -> None:
    path = tmp_path / "licenses.csv"
    path.write_text("\ufefffile,title,origin,author,licence,notes\n"
                    'a.jpg,"A cat, asleep",somewhere,Ana,CC0 1.0,\n', encoding="utf-8")
    assert read_image_credits(path) == [ImageCredit("a.jpg", "A cat, asleep", "Ana", "CC0 1.0")]


def test_the_main_window_carries_the_app_icon(make_main_window) -> None:
    assert not make_main_window().windowIcon().isNull()
