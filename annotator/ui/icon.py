"""The app icon, for windows and dialogs (installers use the .ico/.icns beside it)."""

from __future__ import annotations

from PySide6.QtGui import QIcon

from annotator.resources import resource_path


def app_icon() -> QIcon:
    """The icon drawn by ``build_scripts/make_icon.py``; PNG needs no Qt image plugin."""
    return QIcon(str(resource_path("icons", "annotator.png")))
