"""Which laptop is this? Asked once, when a project planned by laptop first opens here.

The lab lead labels the laptops ``laptop-01``, ``laptop-02`` … as ``annotator plan
--laptops N`` named the seats; the answer is kept in this laptop's settings for the project,
so every tagger on it rates that seat's share. Without an answer the laptop's taggers get
the plan's least-planned pairs, as a late joiner does.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from annotator.project.model import Project
from annotator.project.plan import PlanBy
from annotator.session.opening import laptop_seat
from annotator.ui.named import named
from annotator.ui.widgets.choice_box import ChoiceBox
from annotator.userconfig import UserConfig, save_config


class SeatDialog(QDialog):
    """A choice of the plan's seats; accepting it remembers the seat for the project."""

    def __init__(self, project: Project, config: UserConfig, parent: QWidget | None = None):
        super().__init__(parent)
        assert project.plan is not None
        self._project, self._config = project, config
        self.setObjectName("seatDialog")
        self.setWindowTitle("Which laptop is this?")
        self.setAccessibleName("Which laptop is this?")
        text = QLabel(
            "Your lab lead planned this project per laptop, and each laptop rates its own "
            "share of the pairs. Choose the name on this laptop's label. The app remembers "
            "it for this project; every tagger on this laptop rates that share.", self)
        text.setWordWrap(True)
        self.seats = named(ChoiceBox(self), "seatBox")
        self.seats.addItems(project.plan.assignees)
        self.seats.setAccessibleName("This laptop's label")
        text.setBuddy(self.seats)
        buttons = QDialogButtonBox(self)
        buttons.addButton("Take this seat", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton("It has no label", QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.seats)
        layout.addWidget(buttons)
        self.accepted.connect(self._remember)

    def _remember(self) -> None:
        self._config.plan_seats[self._project.project_id] = self.seats.currentText()
        save_config(self._config)


def ask_seat_if_needed(parent: QWidget, project: Project, config: UserConfig
                       ) -> SeatDialog | None:
    """Open the question (window-modal) when the project is planned by laptop and this
    laptop has not taken one of its seats yet."""
    plan = project.plan
    if plan is None or plan.by is not PlanBy.LAPTOP or laptop_seat(project, config):
        return None
    dialog = SeatDialog(project, config, parent)
    dialog.open()
    return dialog
