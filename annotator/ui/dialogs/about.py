"""Help → About: version, the app's licence, Qt's LGPL notice, credits of the bundled photos."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import PySide6
from PySide6.QtCore import QSize, Qt, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from annotator import __version__
from annotator.notices import NOTICES_FILE, qt_source_offer
from annotator.project.csv_reader import read_table
from annotator.resources import resource_path, sample_project_dir
from annotator.ui.icon import app_icon
from annotator.ui.named import named
from annotator.ui.screen_fit import fit_dialog

APP_NAME = "Caption Rating Annotator"


@dataclass(frozen=True)
class ImageCredit:
    """One row of a project's ``images/licenses.csv``."""

    file: str
    title: str
    author: str
    licence: str
    licence_url: str = ""  # the licence's text on the web; attribution under CC BY links it


def _web_address(text: str) -> str:
    """``text`` if it is an https address, else "": the file may come from anywhere, and a
    link in the dialog must never run a script or open a local file."""
    text = text.strip()
    return text if text.startswith("https://") and not any(c.isspace() for c in text) else ""


def read_image_credits(path: Path) -> list[ImageCredit]:
    """The credits listed in ``licenses.csv`` (file, title, author, licence columns and an
    optional licence_url); a row that cannot be read is left out."""
    table = read_table(path, required=("file", "title", "author", "licence"),
                       known=("licence_url",))
    return [ImageCredit(row.values["file"], row.values["title"], row.values["author"],
                        row.values["licence"], _web_address(row.values.get("licence_url", "")))
            for row in table.rows]


def _licence_cell(credit: ImageCredit) -> str:
    name = html.escape(credit.licence)
    if not credit.licence_url:
        return name
    return f'<a href="{html.escape(credit.licence_url, quote=True)}">{name}</a>'


def bundled_image_credits() -> list[ImageCredit]:
    """Credits of the sample project's photographs, if this installation ships them."""
    sample = sample_project_dir()
    if sample is None or not (sample / "images" / "licenses.csv").is_file():
        return []
    return read_image_credits(sample / "images" / "licenses.csv")


def about_html(*, qt_version: str, pyside_version: str, credits: list[ImageCredit],
               licences_dir: Path) -> str:
    """The dialog's text; links point at the licence files installed with the app."""

    def licence_link(name: str) -> str:
        return f'<a href="{(licences_dir / name).as_uri()}">{html.escape(name)}</a>'

    qt_source, pyside_source = qt_source_offer(qt_version, pyside_version)
    notices = licences_dir / NOTICES_FILE  # written into installed copies at build time
    others = (f"{licence_link(NOTICES_FILE)}, each with its version and licence text"
              if notices.is_file() else licence_link("THIRD-PARTY.md"))
    rows = "".join(
        f"<tr><td>{html.escape(c.file)}</td><td>{html.escape(c.title)}</td>"
        f"<td>{html.escape(c.author)}</td><td>{_licence_cell(c)}</td></tr>"
        for c in credits
    )
    images = (
        "<h3>Photographs of the sample project</h3>"
        "<table cellspacing='0' cellpadding='3' border='1'>"
        "<tr><th>File</th><th>Title</th><th>Author</th><th>Licence</th></tr>"
        f"{rows}</table>"
        "<p>The photographs are not covered by the app's licence; each keeps the status above. "
        "They are adapted from the originals (scaled, some cropped): the sample project's "
        "images/licenses.csv says where each comes from and what was changed.</p>"
        if credits
        else "<p>No sample photographs are installed with this copy.</p>"
    )
    return (
        "<p>Rates how well captions describe images, with an expert panel, fully offline.</p>"
        "<h3>Licence</h3>"
        f"<p>{APP_NAME} is free software under the MIT licence ({licence_link('MIT.txt')}).</p>"
        "<h3>Qt</h3>"
        f"<p>This app uses Qt {html.escape(qt_version)} and Qt for Python (PySide6) "
        f"{html.escape(pyside_version)} under the GNU Lesser General Public License version 3 "
        f"({licence_link('LGPL-3.0.txt')}, which builds on {licence_link('GPL-3.0.txt')}). "
        "The Qt libraries are unmodified and installed as separate files, so they can be "
        "replaced. The source code of exactly these versions: "
        f"<a href=\"{qt_source}\">Qt {html.escape(qt_version)}</a>, "
        f"<a href=\"{pyside_source}\">Qt for Python {html.escape(pyside_version)}</a>.</p>"
        f"<p>Other components and their licences: {others}.</p>"
        f"{images}"
    )


class AboutDialog(QDialog):
    """Read with the keyboard: the text has the focus, Tab reaches Close, Esc closes."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(f"About {APP_NAME}")
        self.setAccessibleName(f"About {APP_NAME}")
        self.setWindowIcon(app_icon())

        icon = named(QLabel(self), "aboutIcon")
        icon.setPixmap(app_icon().pixmap(64, 64))
        icon.setAccessibleName("App icon")
        title = named(QLabel(f"{APP_NAME} {__version__}", self), "aboutTitle")
        title.setAccessibleDescription("Name and version")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        title.setFont(font)
        title.setWordWrap(True)  # at 200 % text it is wider than a small screen
        heading = QHBoxLayout()
        heading.addWidget(icon)
        heading.addWidget(title, 1)

        self.text = named(QTextBrowser(self), "aboutText")
        self.text.setAccessibleName("About text")
        self.text.setOpenExternalLinks(True)
        self.text.setTabChangesFocus(True)
        self.text.setHtml(about_html(
            qt_version=qVersion(),
            pyside_version=PySide6.__version__,
            credits=bundled_image_credits(),
            licences_dir=resource_path("licenses"),
        ))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAccessibleName("Close")
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(heading)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.text.setFocus()
        fit_dialog(self, QSize(760, 620))
