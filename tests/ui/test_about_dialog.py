"""Help → About: version, licences, Qt's LGPL notice and the credits of the bundled photos."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QPushButton, QTextBrowser

from annotator import __version__
from annotator.notices import NOTICES_FILE
from annotator.resources import resource_path, sample_project_dir
from annotator.ui.dialogs.about import (
    AboutDialog,
    ImageCredit,
    about_html,
    bundled_image_credits,
    read_image_credits,
)
from annotator.ui.icon import app_icon
from tests.ui.conftest import by_description, by_name


def same_icon(shown: QIcon, expected: QIcon) -> bool:
    """The same picture at a title bar's size (not merely some icon)."""
    picture = shown.pixmap(32, 32).toImage()
    return not picture.isNull() and picture == expected.pixmap(32, 32).toImage()


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
    title = by_description(dialog, "Name and version")
    assert title.text() == f"Caption Rating Annotator {__version__}"
    text = by_name(dialog, "About text")
    assert isinstance(text, QTextBrowser)
    shown = text.toPlainText()
    assert "MIT licence" in shown
    assert "GNU Lesser General Public License version 3" in shown
    with (sample_project_dir() / "images" / "licenses.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 16
    html = text.toHtml()
    for row in rows:
        assert row["file"] in shown and row["author"] in shown and row["licence"] in shown
        # CC BY asks for a link to the licence, and the BY-SA originals were changed
        assert row["licence_url"].startswith("https://creativecommons.org/")
        assert f'href="{row["licence_url"]}"' in html
    assert "scaled, some cropped" in shown
    assert same_icon(dialog.windowIcon(), app_icon())


def test_about_is_read_and_closed_with_the_keyboard(qtbot, make_main_window) -> None:
    window = make_main_window()
    dialog = open_about(qtbot, window)
    text = by_name(dialog, "About text")
    qtbot.waitUntil(text.hasFocus)
    # Tab visits the four licence links, the two source links and each photo's licence
    # link, like a browser, then leaves the text
    for _link in range(6 + len(bundled_image_credits())):
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


def test_a_licence_link_is_shown_only_for_a_web_address(tmp_path: Path) -> None:
    """licenses.csv may come from anyone: a link that would run a script or open a local
    file is dropped, the licence's name stays."""
    path = tmp_path / "licenses.csv"
    path.write_text(
        "file,title,author,licence,licence_url\n"
        "a.jpg,Cat,Ana,CC BY 4.0,https://creativecommons.org/licenses/by/4.0/\n"
        "b.jpg,Dog,Ben,CC BY 4.0,javascript:alert(1)\n"
        "c.jpg,Cow,Cem,CC BY 4.0,file:///etc/passwd\n"
        'd.jpg,Owl,Dan,CC BY 4.0,"https://x.org/""><script>"\n'
        "e.jpg,Elk,Eva,CC BY 4.0,https://x.org/a b\n", encoding="utf-8")
    credits = read_image_credits(path)
    assert [c.licence_url for c in credits] == [
        "https://creativecommons.org/licenses/by/4.0/", "", "", 'https://x.org/"><script>', ""]
    page = about_html(qt_version="6.9.9", pyside_version="6.9.8", credits=credits,
                      licences_dir=resource_path("licenses"))
    assert ('<td><a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a></td>'
            in page)
    assert "javascript:" not in page and "file:///etc" not in page
    assert "<script>" not in page and 'href="https://x.org/&quot;&gt;&lt;script&gt;"' in page
    assert page.count("<td>CC BY 4.0</td>") == 3


def test_the_main_window_carries_the_app_icon(make_main_window) -> None:
    assert same_icon(make_main_window().windowIcon(), app_icon())
