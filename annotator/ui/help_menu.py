"""Help for both windows: the rows of ``HELP_ACTIONS`` (keyboard shortcuts, the log
folder, About), handled alike; only the list of keys is each window's own."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from annotator.ui.actions import ActionSpec, KeySpec, shortcuts_text
from annotator.ui.dialogs.about import AboutDialog
from annotator.ui.error_report import open_log_folder


class HelpHandlers:
    """The Help menu's handlers, mixed into a window that sets ``shortcut_rows``: its rows
    of the actions table and its other keys."""

    shortcut_rows: tuple[tuple[ActionSpec, ...], tuple[KeySpec, ...]]

    @property
    def keyboard_help(self) -> str:
        """Help ▸ Keyboard shortcuts (made when asked: the platform's standard keys need
        the running application)."""
        return shortcuts_text(*self.shortcut_rows)

    def show_shortcuts(self) -> None:
        QMessageBox.information(self._help_parent, "Keyboard shortcuts", self.keyboard_help)

    def show_about(self) -> None:
        AboutDialog(self._help_parent).open()

    def open_log_folder(self) -> None:
        open_log_folder(self._help_parent)

    @property
    def _help_parent(self) -> QWidget:
        """The window this is mixed into: the parent of what the handlers open."""
        assert isinstance(self, QWidget), "HelpHandlers is mixed into a window"
        return self
