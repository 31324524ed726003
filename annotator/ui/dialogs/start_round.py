"""Study ▸ Start a new round… in the lead's window: blind or feedback, all pairs or a
subset, the washout warning; they scroll above the buttons when the screen is too small
for them (200 % text on a screen scaled 2×).

The dialog only gathers the lead's choices; the lead's window starts the round
(:func:`annotator.project.round_start.start_round`) and analyses the project again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from annotator.project.model import Project
from annotator.project.round_start import SubsetError, check_subset
from annotator.ui.named import named
from annotator.ui.widgets.scroll_page import ScrollPage


class StartRoundDialog(QDialog):
    """Shows what starting round N means; Start stays off while a chosen subset is unusable."""

    def __init__(self, project: Project, warnings: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self._project = project
        self._subset: Path | None = None
        number = project.current_round + 1
        self.setObjectName("startRoundDialog")
        self.setWindowTitle(f"Start round {number}")
        self.setAccessibleName(f"Start round {number}")
        intro = QLabel(
            f"Round {number} is a retest: taggers rate the pairs again, in a new order, "
            f"without seeing their earlier ratings. It is recorded in project.toml; every "
            f"laptop that receives the updated project folder opens in round {number}. "
            f"Now: round {project.current_round}.",
            self,
        )
        intro.setWordWrap(True)

        mode = self._mode_box()
        pairs = self._pairs_box(len(project.items))
        self._warning = _warning_label(warnings, self)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        anyway = " anyway" if warnings else ""
        self._start = buttons.addButton(f"&Start round {number}{anyway}",
                                        QDialogButtonBox.ButtonRole.AcceptRole)
        self._start.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        choices = QWidget(self)
        choices_layout = QVBoxLayout(choices)
        choices_layout.setContentsMargins(4, 4, 4, 4)  # room for the focus ring
        for widget in (intro, mode, pairs, self._warning):
            choices_layout.addWidget(widget)
        choices_layout.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(ScrollPage(choices, f"Choices for round {number}", self), 1)
        layout.addWidget(buttons)
        self.setMinimumWidth(min(600, round(self.screen().availableGeometry().width() * 0.9)))
        self._update()
        self.adjustSize()

    def _mode_box(self) -> QGroupBox:
        """Blind or with feedback: the choice of what taggers see after each rating."""
        mode = QGroupBox("After each rating", self)
        mode_layout = QVBoxLayout(mode)
        self._blind = _choice(mode_layout, "&Blind", "No consensus or points (usual for a "
                              "retest).")
        self._blind.setChecked(True)
        _choice(mode_layout, "&Feedback", "The panel's consensus and points are shown.")
        return mode

    def _pairs_box(self, pair_count: int) -> QGroupBox:
        """Every pair, or only those a CSV file lists (checked as soon as it is chosen)."""
        self._all = QRadioButton(f"&All {pair_count} pairs", self)
        self._all.setChecked(True)
        self._only = QRadioButton("&Only the pairs in a CSV file", self)
        self._only.setAccessibleDescription("Its item_id column lists them.")
        self._path = QLineEdit(self)
        self._path.setReadOnly(True)
        self._path.setPlaceholderText("no file chosen")
        self._path.setAccessibleName("Subset file")
        choose = QPushButton("C&hoose file…", self)
        choose.setAccessibleName("Choose subset file")
        choose.clicked.connect(self._choose)
        self._subset_status = QLabel(self)
        self._subset_status.setAccessibleDescription("Subset check")
        self._subset_status.setWordWrap(True)
        pairs = QGroupBox("Pairs in this round", self)
        pairs_layout = QVBoxLayout(pairs)
        pairs_layout.addWidget(self._all)
        pairs_layout.addWidget(self._only)
        file_row = QHBoxLayout()
        file_row.addWidget(self._path, 1)
        file_row.addWidget(choose)
        pairs_layout.addLayout(file_row)
        pairs_layout.addWidget(self._subset_status)
        self._all.toggled.connect(self._update)
        return pairs

    def choices(self) -> tuple[Path | None, bool]:
        """The subset file (None: every pair) and whether the round shows feedback."""
        return (None if self._all.isChecked() else self._subset), not self._blind.isChecked()

    def choose_subset(self, path: Path) -> None:
        """Use ``path`` as the subset and say at once whether it can be used."""
        self._subset = path
        self._path.setText(str(path))
        self._only.setChecked(True)
        try:
            count = len(check_subset(path, self._project))
        except SubsetError as error:
            lines = "\n".join(str(problem) for problem in error.problems)
            self._subset_status.setText(f"This file cannot be used; fix these lines:\n{lines}")
            self._subset = None
        else:
            self._subset_status.setText(f"{count} pairs listed; the round covers only those.")
        self._update()

    def _choose(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Subset of pairs", "",
                                                "CSV files (*.csv);;All files (*)")
        if chosen:
            self.choose_subset(Path(chosen))

    def _update(self) -> None:
        self._start.setEnabled(self._all.isChecked() or self._subset is not None)


def _choice(layout: QVBoxLayout, text: str, explanation: str) -> QRadioButton:
    """A radio button with a short text and its explanation wrapped below it (a radio
    button's own text does not wrap: at 200 % text it would need a wider screen)."""
    button = QRadioButton(text)
    button.setAccessibleDescription(explanation)
    words = QLabel(explanation)
    words.setWordWrap(True)
    words.setIndent(button.sizeHint().height())
    layout.addWidget(button)
    layout.addWidget(words)
    return button


def _warning_label(warnings: list[str], parent: QWidget) -> QLabel:
    """The washout warnings in bold (hidden when there are none)."""
    warning = named(QLabel("Warning: " + " ".join(warnings), parent), "washoutWarning")
    warning.setAccessibleDescription("Washout warning")
    warning.setWordWrap(True)
    warning.setVisible(bool(warnings))
    font = warning.font()
    font.setBold(True)
    warning.setFont(font)
    return warning
