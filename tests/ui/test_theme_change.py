"""The palette is made readable again when the system theme changes while the app runs.

When the desktop switches between light and dark, Qt resolves the app's palette against
the new theme: the roles the app set itself (selected rows, placeholders) keep their old
colours, the rest follow the theme, and every window gets ApplicationPaletteChange. The
test makes that switch for real: it sets the app's palette to what Qt resolves then (the
new theme's roles and the app's old ones), and Qt sends its events. Qt's offscreen
platform cannot switch its colour scheme itself (QStyleHints.setColorScheme is ignored
there). Afterwards the audit of :mod:`tests.ui.accessibility_audit` passes: text at
4.5:1 on the rendered pixels too, and the focus ring at 3:1.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from tests.ui.accessibility_audit import audit, palette_problems
from tests.ui.conftest import LAPTOP, active
from tests.ui.test_accessibility_audit import dark_palette

Role = QPalette.ColorRole
APP_ROLES = (Role.Highlight, Role.HighlightedText, Role.PlaceholderText)
"""The roles the app sets itself, which Qt keeps through a change of theme."""


@pytest.fixture
def light_theme(qapp) -> Iterator[None]:
    """The system's light palette when the windows open; the app's palette back after."""
    before = qapp.palette()
    qapp.setPalette(qapp.style().standardPalette())
    yield
    qapp.setPalette(before)


def switch_theme(app: QApplication, theme: QPalette) -> None:
    """What Qt does when the system's theme becomes ``theme``: the app's palette resolved
    against it, keeping the roles the app set, and sent to every window."""
    switched = QPalette(theme)
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        for role in APP_ROLES:
            switched.setColor(group, role, app.palette().color(group, role))
    app.setPalette(switched)


def readable_after_switches(qtbot, window: QWidget, where: str) -> None:
    """From the light theme to the dark and back, the app's palette and ``window`` pass."""
    app = QApplication.instance()
    light = app.style().standardPalette()
    for name, theme in (("dark", dark_palette()), ("light", light)):
        switch_theme(app, theme)
        qtbot.waitUntil(lambda theme=theme, name=name: _readable(app, window, theme, name),
                        timeout=3000)
        problems = audit(qtbot, window)
        assert not problems, f"{where}, after switching to {name}:\n" + "\n".join(problems)


def _readable(app: QApplication, window: QWidget, theme: QPalette, name: str) -> None:
    assert window.palette().color(Role.Window) == theme.color(Role.Window)
    problems = [*palette_problems(app.palette()), *palette_problems(window.palette())]
    assert not problems, f"after switching to {name}: {problems}"


def test_the_taggers_name_screen_stays_readable(qtbot, light_theme, make_project_folder,
                                                make_main_window) -> None:
    window = active(qtbot, make_main_window(make_project_folder(n_items=3)), LAPTOP)
    field = window.findChild(QLineEdit)
    assert field is not None and field.placeholderText() and field.isVisible()
    readable_after_switches(qtbot, window, "the tagger's name screen")


def test_the_leads_tables_stay_readable(qtbot, light_theme, simulated_project: Path,
                                        tmp_path: Path, make_lead_window) -> None:
    folder = tmp_path / "vicr-demo"
    shutil.copytree(simulated_project, folder)
    window = active(qtbot, make_lead_window(folder), LAPTOP)
    tabs = window.pane.tabs
    assert tabs.tabText(tabs.currentIndex()) and window.pane.content is not None
    readable_after_switches(qtbot, window, f"the {tabs.tabText(tabs.currentIndex())} tab")
