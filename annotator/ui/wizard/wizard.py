"""File ▸ New project…: the pages gather :class:`ProjectChoices`, the findings of
:func:`check_choices` are shown beside each field as the lead types, and Finish calls
:func:`make_project`, the function ``annotator init`` calls."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from annotator.errors import AnnotatorError
from annotator.project.create import Inputs
from annotator.project.new_project import ProjectChoices, make_project
from annotator.project.new_project_checks import Findings, check_choices, read_choice_inputs
from annotator.project.rubric import load_rubric
from annotator.ui.screen_fit import fit_to_screen
from annotator.ui.wizard.dataset_page import DatasetPage
from annotator.ui.wizard.fields import plain
from annotator.ui.wizard.gold_page import GoldPage
from annotator.ui.wizard.priors_page import PriorsPage
from annotator.ui.wizard.source_page import SourcePage

CHECK_DELAY_MS = 250
"""Findings follow typing after this pause, not at each key (captions files can be large)."""

InputsKey = tuple[Path, Path | None, str | None, str]


class NewProjectWizard(QWizard):
    """``created(folder)`` once the project is made; the lead's window then opens it."""

    created = Signal(Path)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("newProjectWizard")
        self.setWindowTitle("New project")
        self.setAccessibleName("New project")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.source, self.gold = SourcePage(self), GoldPage(self)
        self.priors, self.dataset = PriorsPage(self), DatasetPage(self)
        for page in (self.source, self.gold, self.priors, self.dataset):
            self.addPage(page)
            page.changed.connect(self.check_soon)
        self.findings = Findings({})
        self._inputs: tuple[InputsKey, Inputs | str] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check_now)
        for which in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
                      QWizard.WizardButton.FinishButton, QWizard.WizardButton.CancelButton):
            button = self.button(which)
            button.setAccessibleName(plain(button.text()))
        self.setMinimumSize(QSize(640, 480))
        fit_to_screen(self, QSize(1100, 760))
        self.check_now()

    def choices(self) -> ProjectChoices:
        """What the pages say now."""
        return ProjectChoices(
            folder=self.source.folder_chosen(), images=self.source.images.path() or Path(),
            captions=self.source.captions.path(), captions_format=self.source.format_chosen(),
            name=self.source.name.text().strip() or None,
            rubric=self.source.rubric.currentText(), gold=self.gold.chosen(),
            gold_file=self.gold.gold_file(), priors_file=self.priors.priors_file(),
            dataset=self.dataset.card())

    def check_soon(self) -> None:
        self._timer.start()

    def check_now(self) -> None:
        """Read the inputs if they changed, then show every field's findings."""
        self._timer.stop()
        choices = self.choices()
        inputs = self._read_inputs(choices)
        self.findings = check_choices(choices, inputs)
        for page in (self.source, self.gold, self.priors, self.dataset):
            page.show_findings(self.findings)

    def _read_inputs(self, choices: ProjectChoices) -> Inputs | str:
        key = (choices.images, choices.captions, choices.captions_format, choices.rubric)
        if self._inputs is not None and self._inputs[0] == key:
            return self._inputs[1]
        inputs = read_choice_inputs(choices)
        self._inputs = (key, inputs)
        try:
            rubric = load_rubric(choices.rubric)
        except AnnotatorError:
            return inputs
        rows = inputs.rows if isinstance(inputs, Inputs) else ()
        self.gold.set_items(rows, choices.images, rubric)
        return inputs

    def validateCurrentPage(self) -> bool:
        """Finish makes the project; a refusal is shown and the wizard stays open."""
        self.check_now()
        if self.currentPage() is not self.dataset:
            return bool(self.currentPage().isComplete())
        if self.findings.blocking:
            return False
        choices = self.choices()
        inputs = self._inputs[1] if self._inputs is not None else None
        try:
            made = make_project(choices, inputs if isinstance(inputs, Inputs) else None)
        except AnnotatorError as error:
            QMessageBox.critical(self, "The project was not made", str(error))
            return False
        self.created.emit(made.project.root)
        return True
