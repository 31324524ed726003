"""Study ▸ Rounds of this project…: the rounds as ``annotator round list`` prints them."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from annotator.project.model import Project
from annotator.project.rounds import round_summaries
from annotator.ui.focus_ring import ring_cells
from annotator.ui.screen_fit import fit_dialog

COLUMNS = ("Round", "Started", "Pairs", "Feedback", "Pairs listed in")


class RoundsDialog(QDialog):
    """Read-only: one row per round, then which round is current and the washout."""

    def __init__(self, project: Project, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("roundsDialog")
        self.setWindowTitle(f"Rounds — {project.name}")
        self.setAccessibleName("Rounds of this project")
        rows = round_summaries(project)
        self.table = QTableWidget(len(rows), len(COLUMNS), self)
        self.table.setObjectName("roundsTable")
        self.table.setAccessibleName("Rounds")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setTabKeyNavigation(False)
        ring_cells(self.table)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for r, row in enumerate(rows):
            cells = (str(row.number), row.when, str(row.pairs),
                     "on" if row.feedback else "off", row.items_file or "every pair")
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # No column stretched: at 200 % text each stays as wide as its words, and the table
        # scrolls sideways (a stretched last column cut "Pairs listed in" short).
        current = QLabel(f"Current round: {project.current_round}. Washout between rounds: "
                         f"{project.washout_days} days.", self)
        current.setAccessibleDescription("Current round")
        current.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(current)
        layout.addWidget(buttons)
        fit_dialog(self, QSize(640, 320))
