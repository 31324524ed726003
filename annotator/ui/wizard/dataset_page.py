"""The wizard's last page: ``[dataset]``, what the published dataset says about itself. An
unknown licence is allowed but said plainly."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLineEdit, QWidget, QWizardPage

from annotator.project.model import DatasetCard
from annotator.project.new_project_checks import DATASET, Findings
from annotator.ui.named import named
from annotator.ui.widgets.choice_box import ChoiceBox
from annotator.ui.wizard.fields import FindingsLabel, labelled, page_layout

LICENCES = ("", "cc-by-4.0", "cc-by-sa-4.0", "cc-by-nc-4.0", "cc0-1.0", "mit", "other")
"""Offered in the list; any licence id the Hugging Face hub knows can be typed."""


class DatasetPage(QWizardPage):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("datasetPage")
        self.setTitle("Licence and citation")
        self.setSubTitle("Written to [dataset] in project.toml; the exported dataset's card "
                         "states them. Finish makes the project.")
        self._findings: Findings | None = None
        body = QWidget(self)
        self.dataset_title = named(QLineEdit(body), "datasetTitle")
        self.licence = named(ChoiceBox(body), "datasetLicence")
        self.licence.setEditable(True)
        self.licence.addItems(LICENCES)
        self.licence.setCurrentText("")
        line = self.licence.lineEdit()
        if line is not None:
            line.setPlaceholderText("unknown")
        self.citation = named(QLineEdit(body), "datasetCitation")
        self.found = FindingsLabel("datasetFindings", body)
        form = QFormLayout(body)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(labelled("Dataset &title:", self.dataset_title, body), self.dataset_title)
        form.addRow(labelled("&Licence:", self.licence, body), self.licence)
        if line is not None:
            line.setAccessibleName(self.licence.accessibleName())
        form.addRow(self.found)
        form.addRow(labelled("&Citation:", self.citation, body), self.citation)
        page_layout(self, body)
        self.dataset_title.textChanged.connect(self.changed)
        self.licence.currentTextChanged.connect(self.changed)
        self.citation.textChanged.connect(self.changed)

    def card(self) -> DatasetCard:
        return DatasetCard(title=self.dataset_title.text().strip(),
                           licence=self.licence.currentText().strip() or DatasetCard().licence,
                           citation=self.citation.text().strip())

    def show_findings(self, findings: Findings) -> None:
        self._findings = findings
        self.found.show_findings(findings.of(DATASET), refused=DATASET in findings.blocking)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self._findings is not None and not self._findings.blocking
