"""The wizard's priors page: none, or a priors file (machine or pilot ratings that give the
game a consensus from the first rating)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QLabel, QRadioButton, QVBoxLayout, QWidget, QWizardPage

from annotator.project.new_project_checks import PRIORS, Findings
from annotator.ui.named import named
from annotator.ui.wizard.fields import FindingsLabel, PathField, page_layout, plain

ABOUT_PRIORS = (
    "The game shows each tagger the panel's consensus and points once a pair has enough "
    "earlier ratings. Priors count as earlier ratings, so with them the first tagger on a "
    "laptop plays from the first pair. A priors file (item_id, rating, source) can come from "
    "a model or from a pilot: `annotator priors` makes one.")


class PriorsPage(QWizardPage):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("priorsPage")
        self.setTitle("Priors")
        self.setSubTitle("Earlier ratings the game's consensus starts from.")
        body = QWidget(self)
        about = named(QLabel(ABOUT_PRIORS, body), "priorsAbout")
        about.setWordWrap(True)
        self.none = named(QRadioButton("No &priors", body), "priorsNone")
        self.from_file = named(QRadioButton("Use a priors fi&le:", body), "priorsFromFile")
        group = QButtonGroup(self)
        for button in (self.none, self.from_file):
            button.setAccessibleName(plain(button.text()))
            group.addButton(button)
        self.none.setChecked(True)
        self.file = PathField("priorsFile", "Ch&oose priors file…", folder=False,
                              filter_text="CSV (*.csv);;All files (*)", parent=body)
        self.file.edit.setAccessibleName("Priors file")
        self.found = FindingsLabel("priorsFindings", body)
        layout = QVBoxLayout(body)
        for widget in (about, self.none, self.from_file, self.file, self.found):
            layout.addWidget(widget)
        layout.addStretch(1)
        page_layout(self, body)
        group.buttonToggled.connect(lambda *_: self._mode_changed())
        self.file.changed.connect(self.changed)
        self._mode_changed()

    def priors_file(self) -> Path | None:
        return self.file.path() if self.from_file.isChecked() else None

    def show_findings(self, findings: Findings) -> None:
        self.found.show_findings(findings.of(PRIORS), refused=PRIORS in findings.blocking)

    def _mode_changed(self) -> None:
        self.file.setEnabled(self.from_file.isChecked())
        self.changed.emit()
