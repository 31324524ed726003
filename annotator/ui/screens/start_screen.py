"""The start screen: open a project folder (or a recent one), then choose or add a tagger."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from annotator.project.model import Project
from annotator.session.messages import round_line

MAX_PROBLEMS_SHOWN = 30


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


class StartScreen(QWidget):
    """Emits what the person asked for; the main window does the opening."""

    project_open_requested = Signal(Path)
    start_requested = Signal(str)

    def __init__(self, recent_projects: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("startScreen")
        self._project: Project | None = None

        title = QLabel("Caption Rating Annotator", self, objectName="titleLabel")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)

        open_button = QPushButton("&Open project folder…", self, objectName="openProjectButton")
        open_button.setAccessibleName("Open project folder")
        open_button.clicked.connect(self._choose_folder)

        self._recent = QListWidget(self, objectName="recentProjects")
        self._recent.setAccessibleName("Recent projects")
        self._recent.setMaximumHeight(220)
        self.set_recent_projects(recent_projects)
        self._recent.itemActivated.connect(self._open_recent)
        recent_label = QLabel("&Recent projects (Enter or double-click to open):", self)
        recent_label.setBuddy(self._recent)

        self._summary = QLabel("No project open yet.", self, objectName="projectSummary")
        self._summary.setAccessibleName("Project summary")
        self._summary.setWordWrap(True)
        self._problems_button = QPushButton("Show problems…", self, objectName="problemsButton")
        self._problems_button.setAccessibleName("Show problems")
        self._problems_button.clicked.connect(self._show_problems)
        self._problems_button.hide()

        self._tagger = QComboBox(self, objectName="taggerBox")
        self._tagger.setEditable(True)
        self._tagger.setAccessibleName("Your name")
        self._tagger.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self._tagger.lineEdit().setPlaceholderText("Type your name or pick it from the list")
        self._tagger.lineEdit().returnPressed.connect(self._start)
        self._start_button = QPushButton("&Start rating", self, objectName="startButton")
        self._start_button.setAccessibleName("Start rating")
        self._start_button.clicked.connect(self._start)

        self._project_box = QGroupBox("Project", self)
        form = QFormLayout(self._project_box)
        summary_row = QHBoxLayout()
        summary_row.addWidget(self._summary, 1)
        summary_row.addWidget(self._problems_button)
        form.addRow(summary_row)
        form.addRow("Your &name:", self._tagger)
        form.addRow(self._start_button)
        self._project_box.setEnabled(False)

        column = QWidget(self)
        column.setMaximumWidth(900)
        layout = QVBoxLayout(column)
        layout.addWidget(title)
        layout.addWidget(open_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(recent_label)
        layout.addWidget(self._recent)
        layout.addSpacing(12)
        layout.addWidget(self._project_box)
        layout.addStretch(1)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(column, 4)
        outer.addStretch(1)

    def set_recent_projects(self, folders: list[str]) -> None:
        self._recent.clear()
        for folder in folders:
            entry = QListWidgetItem(folder, self._recent)
            entry.setData(Qt.ItemDataRole.UserRole, folder)
        if not folders:
            placeholder = QListWidgetItem("No recent projects yet.", self._recent)
            placeholder.setFlags(Qt.ItemFlag.NoItemFlags)

    def show_project(self, project: Project, *, taggers: list[str], last_tagger: str = "") -> None:
        """Show the opened project and the taggers known on this laptop."""
        self._project = project
        self._summary.setText(project_summary(project))
        self._problems_button.setVisible(bool(project.problems))
        self._tagger.clear()
        self._tagger.addItems(taggers)
        self._tagger.setEditText(last_tagger if last_tagger in taggers else "")
        self._project_box.setEnabled(True)
        self._tagger.setFocus()

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open project folder")
        if folder:
            self.project_open_requested.emit(Path(folder))

    def _open_recent(self, entry: QListWidgetItem) -> None:
        self.project_open_requested.emit(Path(entry.data(Qt.ItemDataRole.UserRole)))

    def _start(self) -> None:
        name = " ".join(self._tagger.currentText().split())
        if self._project is None:
            return
        if not name:
            QMessageBox.information(self, "Your name", "Type your name (or pick it) first.")
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
