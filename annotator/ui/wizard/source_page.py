"""The wizard's first page: where the project goes, its images and captions, its rubric."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLineEdit, QWidget, QWizardPage

from annotator.project.importers import CAPTION_FORMATS
from annotator.project.manifest import DEFAULT_RUBRIC
from annotator.project.new_project_checks import FOLDER, PAIRS, RUBRIC, Findings
from annotator.project.rubric import available_rubrics
from annotator.ui.named import named
from annotator.ui.widgets.choice_box import ChoiceBox
from annotator.ui.wizard.fields import FindingsLabel, PathField, labelled, page_layout

GUESS_FORMAT = "guess from the file"
CAPTION_FILES = "Captions (*.csv *.tsv *.tab *.json *.jsonl *.txt *.token);;All files (*)"


class SourcePage(QWizardPage):
    """Next stays off until the folder is new, pairs were found and the rubric loads."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("sourcePage")
        self.setTitle("Images and captions")
        self.setSubTitle("The pairs to rate: a folder of images and a file of captions. "
                         "Everything is copied into a new project folder.")
        self._findings: Findings | None = None
        body = QWidget(self)
        form = QFormLayout(body)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.folder = PathField("projectFolder", "C&hoose where…", folder=True, parent=body)
        self.name = named(QLineEdit(body), "projectName")
        self.name.setPlaceholderText("the folder's name")
        self.images = PathField("imagesFolder", "Choose images f&older…", folder=True,
                                parent=body)
        self.captions = PathField("captionsFile", "Choose captions fi&le…", folder=False,
                                  filter_text=CAPTION_FILES, parent=body)
        self.captions.edit.setPlaceholderText("none: a .txt file of the same name beside "
                                              "each image")
        self.captions_format = named(ChoiceBox(body), "captionsFormat")
        self.captions_format.addItems([GUESS_FORMAT, *CAPTION_FORMATS])
        self.rubric = named(ChoiceBox(body), "rubric")
        self.rubric.addItems(available_rubrics())
        self.rubric.setCurrentText(DEFAULT_RUBRIC)
        self.found = {name: FindingsLabel(f"{name}Findings", body)
                      for name in (FOLDER, PAIRS, RUBRIC)}
        form.addRow(labelled("New project fol&der:", self.folder.edit, body), self.folder)
        form.addRow(self.found[FOLDER])
        form.addRow(labelled("Project n&ame:", self.name, body), self.name)
        form.addRow(labelled("&Images folder:", self.images.edit, body), self.images)
        form.addRow(labelled("&Captions file:", self.captions.edit, body), self.captions)
        form.addRow(labelled("Captions for&mat:", self.captions_format, body),
                    self.captions_format)
        form.addRow(self.found[PAIRS])
        form.addRow(labelled("&Rubric:", self.rubric, body), self.rubric)
        form.addRow(self.found[RUBRIC])
        page_layout(self, body)
        for field in (self.folder, self.images, self.captions):
            field.changed.connect(self.changed)
        self.name.textChanged.connect(self.changed)
        self.captions_format.currentIndexChanged.connect(self.changed)
        self.rubric.currentIndexChanged.connect(self.changed)

    def format_chosen(self) -> str | None:
        text = self.captions_format.currentText()
        return None if text == GUESS_FORMAT else text

    def folder_chosen(self) -> Path:
        return self.folder.path() or Path()

    def show_findings(self, findings: Findings) -> None:
        self._findings = findings
        for name, label in self.found.items():
            label.show_findings(findings.of(name), refused=name in findings.blocking)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        findings = self._findings
        return (findings is not None and self.folder.path() is not None
                and self.images.path() is not None
                and not findings.blocking & {FOLDER, PAIRS, RUBRIC})
