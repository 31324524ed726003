"""The start screen: open a project folder (or a recent one), then type your name.

The names of the taggers who rated on this laptop are never listed (the laptop may be
shared), and the screen never tells a known name from an unknown one, so nobody can find
out by typing who rated here: a tagger types their own, under a note that says the same for
every name (any case or spacing of a name continues it, another spelling starts a new
tagger). In a study planned by tagger the plan's names are not listed either: the typed
name is only compared with them, and a note says whether it is in the plan.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QWidget,
)

from annotator.names import clean_name, name_problem
from annotator.project.model import Project
from annotator.project.plan import PlanBy
from annotator.session.messages import round_line
from annotator.session.opening import planned_name
from annotator.ui.named import named
from annotator.ui.widgets.recent_projects import RecentProjects
from annotator.ui.widgets.start_page import start_page_column

MAX_PROBLEMS_SHOWN = 30
NAME_NOTE = ("Type your name as you did before to continue where you stopped (capitals and "
             "spaces do not matter); any other spelling starts you as a new tagger.")
IN_PLAN_NOTE = "In this study's plan: you rate the pairs your lab lead planned for you."
NOT_IN_PLAN_NOTE = ("Not in this study's plan: you will get the pairs with the fewest planned "
                    "ratings. If your lab lead planned you, type your name as they wrote it.")


def project_summary(project: Project) -> str:
    """One line about the opened project and its round, problems included (never dropped)."""
    if project.current_round == 1:
        text = f"{project.name}: {len(project.items)} pairs to rate, rubric {project.rubric.name}."
    else:
        text = f"{project.name}, rubric {project.rubric.name}. {round_line(project)}"
    if project.problems:
        count = len(project.problems)
        text += f" {count} problem{'s' if count != 1 else ''} found (those lines are left out)."
    return text


def plan_note(project: Project, name: str) -> str:
    """Whether the typed ``name`` is in the project's plan by tagger ("" without one)."""
    plan = project.plan
    if plan is None or plan.by is not PlanBy.TAGGER:
        return ""
    return IN_PLAN_NOTE if planned_name(project, name) else NOT_IN_PLAN_NOTE


class StartScreen(QWidget):
    """Emits what the person asked for; the main window does the opening."""

    project_open_requested = Signal(Path)
    start_requested = Signal(str)

    def __init__(self, recent_projects: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("startScreen")
        self._project: Project | None = None

        open_button = named(QPushButton("&Open project folder…", self), "openProjectButton")
        open_button.setAccessibleName("Open project folder")
        open_button.clicked.connect(self._choose_folder)

        self._recent = RecentProjects(recent_projects, self)
        self._recent.chosen.connect(self.project_open_requested)
        recent_label = QLabel("&Recent projects (Enter or double-click to open):", self)
        recent_label.setBuddy(self._recent)

        self._project_box = self._project_form()

        layout = start_page_column(self, "Caption Rating Annotator")
        layout.addWidget(open_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(recent_label)
        layout.addWidget(self._recent)
        layout.addSpacing(12)
        layout.addWidget(self._project_box)
        layout.addStretch(1)

    def _project_form(self) -> QGroupBox:
        """The opened project's summary, the tagger's name and Start (off until a project
        is open)."""
        self._summary = named(QLabel("No project open yet.", self), "projectSummary")
        self._summary.setAccessibleDescription("Project summary")
        self._summary.setWordWrap(True)
        self._problems_button = named(QPushButton("Show problems…", self), "problemsButton")
        self._problems_button.setAccessibleName("Show problems")
        self._problems_button.clicked.connect(self._show_problems)
        self._problems_button.hide()

        self._tagger = named(QLineEdit(self), "taggerName")
        self._tagger.setAccessibleName("Your name")
        self._tagger.setPlaceholderText("Type your name as you always do")
        self._tagger.returnPressed.connect(self._start)
        self._tagger.textChanged.connect(self._name_changed)
        self._tagger.setAccessibleDescription(NAME_NOTE)
        name_note = named(QLabel(NAME_NOTE, self), "nameNote")
        name_note.setAccessibleDescription("About your name")
        name_note.setWordWrap(True)
        self._plan_note = named(QLabel(self), "planNote")
        self._plan_note.setAccessibleDescription("Your name in the plan")
        self._plan_note.setWordWrap(True)
        self._plan_note.hide()
        self._start_button = named(QPushButton("&Start rating", self), "startButton")
        self._start_button.setAccessibleName("Start rating")
        self._start_button.clicked.connect(self._start)

        box = QGroupBox("Project", self)
        form = QFormLayout(box)
        summary_row = QHBoxLayout()
        summary_row.addWidget(self._summary, 1)
        summary_row.addWidget(self._problems_button)
        form.addRow(summary_row)
        form.addRow("Your &name:", self._tagger)
        form.addRow(name_note)
        form.addRow(self._plan_note)
        form.addRow(self._start_button)
        box.setEnabled(False)
        return box

    def set_recent_projects(self, folders: list[str]) -> None:
        self._recent.set_folders(folders)

    def show_project(self, project: Project) -> None:
        """Show the opened project, ready for a name."""
        self._project = project
        self._summary.setText(project_summary(project))
        self._problems_button.setVisible(bool(project.problems))
        self._tagger.clear()
        self._project_box.setEnabled(True)
        self._tagger.setFocus()

    def set_starting(self, starting: bool) -> None:
        """While the other laptops' files are read for a start, say so and take no other."""
        self._start_button.setEnabled(not starting)
        self._start_button.setText("Reading the other laptops' ratings…" if starting
                                   else "&Start rating")

    def _typed_name(self) -> str:
        return clean_name(self._tagger.text())

    def _name_changed(self) -> None:
        """The plan's note for the name typed; the name note is the same for every name."""
        name, project = self._typed_name(), self._project
        in_plan = plan_note(project, name) if name and project is not None else ""
        self._plan_note.setText(in_plan)
        self._plan_note.setVisible(bool(in_plan))
        self._tagger.setAccessibleDescription(" ".join(note for note in (NAME_NOTE, in_plan)
                                                       if note))

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open project folder")
        if folder:
            self.project_open_requested.emit(Path(folder))

    def _start(self) -> None:
        name = self._typed_name()
        if self._project is None:
            return
        if not name:
            QMessageBox.information(self, "Your name", "Type your name first.")
            return
        if (problem := name_problem(name, what="name")) is not None:
            QMessageBox.information(self, "Your name", problem)
            return
        self.start_requested.emit(name)

    def _show_problems(self) -> None:
        assert self._project is not None
        problems = [str(problem) for problem in self._project.problems]
        shown = "\n".join(problems[:MAX_PROBLEMS_SHOWN])
        if len(problems) > MAX_PROBLEMS_SHOWN:
            hidden = len(problems) - MAX_PROBLEMS_SHOWN
            shown += f"\n… and {hidden} more (run 'annotator validate')."
        QMessageBox.warning(self, "Problems in this project", shown)
