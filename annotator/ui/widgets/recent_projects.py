"""The recent project folders, on both windows' start pages."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget


class RecentProjects(QListWidget):
    """One folder per row; Enter or a double-click emits ``chosen``. A row is always
    current, so Enter works wherever the focus lands, after a dialog or on reopening."""

    chosen = Signal(Path)

    def __init__(self, folders: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recentProjects")
        self.setAccessibleName("Recent projects")
        self.setMaximumHeight(220)
        self.set_folders(folders)
        self.itemActivated.connect(
            lambda entry: self.chosen.emit(Path(entry.data(Qt.ItemDataRole.UserRole))))

    def set_folders(self, folders: list[str]) -> None:
        self.clear()
        for folder in folders:
            entry = QListWidgetItem(folder, self)
            entry.setData(Qt.ItemDataRole.UserRole, folder)
        if not folders:
            placeholder = QListWidgetItem("No recent projects yet.", self)
            placeholder.setFlags(Qt.ItemFlag.NoItemFlags)
        else:  # the newest is current, so Enter opens it as soon as the list has the focus
            self.setCurrentRow(0)
