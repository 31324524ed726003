"""The lab lead's start page: choose what to analyse (a project folder or a panel database)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from annotator.ui.named import named
from annotator.ui.widgets.recent_projects import RecentProjects
from annotator.ui.widgets.start_page import start_page_column

INTRO = (
    "See how your panel agrees: open a project folder (every laptop's session file in its "
    "sessions/ folder is read as it is) or a panel database you merged them into. Reading "
    "changes nothing. The Study menu merges session files, starts rounds and carries "
    "consensus snapshots; the File menu exports the analysis and the dataset."
)


class LeadStartPage(QWidget):
    """Emits what the lead asked for; the lead's window does the choosing and opening."""

    folder_requested = Signal()
    panel_requested = Signal()
    source_chosen = Signal(Path)

    def __init__(self, recent_projects: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("leadStartPage")
        intro = named(QLabel(INTRO, self), "leadIntro")
        intro.setWordWrap(True)
        intro.setAccessibleDescription("What this window does")

        folder = named(QPushButton("&Open project folder…", self), "openProjectButton")
        folder.setAccessibleName("Open project folder")
        folder.clicked.connect(self.folder_requested)
        panel = named(QPushButton("Open a panel &database…", self), "openPanelButton")
        panel.setAccessibleName("Open a panel database")
        panel.clicked.connect(self.panel_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(folder)
        buttons.addWidget(panel)
        buttons.addStretch(1)

        self.recent = RecentProjects(recent_projects, self)
        self.recent.chosen.connect(self.source_chosen)
        recent_label = QLabel("&Recent projects (Enter or double-click to analyse):", self)
        recent_label.setBuddy(self.recent)

        layout = start_page_column(self, "Caption Rating Annotator — lab lead")
        layout.addWidget(intro)
        layout.addLayout(buttons)
        layout.addSpacing(12)
        layout.addWidget(recent_label)
        layout.addWidget(self.recent)
        layout.addStretch(1)
        folder.setFocus(Qt.FocusReason.OtherFocusReason)
