"""The lab lead's window (``annotator lead``): the analysis pane as its main view, and the
study's tools in its menus — merge, rounds, consensus snapshots, exports.

It shows every rating with the tagger's name (an item's details), which is why it is a
window of its own that the tagger's window never opens. Without a source it shows a start
page to choose a project folder or a panel database. Its dialogs are imported when first
opened, so the window paints first (within half a second of ``annotator lead``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QMessageBox, QStackedWidget

from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.store.panel_reading import PANEL_NAME, is_panel_file
from annotator.ui.actions import (
    LEAD_ACTIONS,
    LEAD_KEYS,
    PANE_ACTIONS,
    bind_actions,
)
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.contrast import use_readable_palette
from annotator.ui.focus_ring import show_focus_rings
from annotator.ui.help_menu import HelpHandlers
from annotator.ui.lead_actions import (
    choose_panel_to_analyse,
    choose_project_to_analyse,
    export_consensus_snapshot,
    import_consensus_snapshot,
    open_merge_dialog,
)
from annotator.ui.screen_fit import place_window, remember_place
from annotator.ui.screens.lead_start import LeadStartPage
from annotator.ui.text_scale import TextSizing
from annotator.userconfig import UserConfig, save_config

if TYPE_CHECKING:
    from annotator.ui.dialogs.merge_dialog import MergeDialog
    from annotator.ui.dialogs.project_settings import ProjectSettingsDialog
    from annotator.ui.dialogs.rounds_dialog import RoundsDialog
    from annotator.ui.dialogs.start_round import StartRoundDialog
    from annotator.ui.wizard.wizard import NewProjectWizard

TITLE = "Caption Rating Annotator — lab lead"
NO_PROJECT = ("Open a project folder first (File ▸ Open project folder…), or a panel database "
              "with its project folder beside it.")


class LeadWindow(TextSizing, HelpHandlers, QMainWindow):
    """Holds one analysis pane, pointed at whatever the lead opens."""

    shortcut_rows = (LEAD_ACTIONS + PANE_ACTIONS, LEAD_KEYS)

    def __init__(self, config: UserConfig, source: Path | None = None):
        super().__init__()
        self.setObjectName("leadWindow")
        self.setWindowTitle(TITLE)
        self._config = config
        self.merge_dialog: MergeDialog | None = None
        self.round_dialog: StartRoundDialog | None = None
        self.rounds_dialog: RoundsDialog | None = None
        self.new_project_wizard: NewProjectWizard | None = None
        self.settings_dialog: ProjectSettingsDialog | None = None
        self.start_page = LeadStartPage(config.recent_projects, self)
        self.start_page.folder_requested.connect(self.choose_project)
        self.start_page.panel_requested.connect(self.choose_panel)
        self.start_page.source_chosen.connect(self.show_source)
        self.pane = AnalysisPane(parent=self)
        self.pane.windowTitleChanged.connect(lambda title: self.setWindowTitle(
            f"{title} — {TITLE}"))
        self.pane.exporter.busy.connect(self._exporting)
        self.pane.ready.connect(self._remember_project)
        self._project_of: tuple[Path, Path] | None = None
        """The source last analysed and its project folder: still the project while the
        same source is analysed again (after a merge into it, say)."""
        self.pane.exporter.progress.connect(self.statusBar().showMessage)
        self._stack = QStackedWidget(self)
        self._stack.addWidget(self.start_page)
        self._stack.addWidget(self.pane)
        self.setCentralWidget(self._stack)
        self._build_menus()
        self.set_text_scale(config.text_scale)
        show_focus_rings()
        use_readable_palette(self)
        place_window(self, config.windows.get("lead"), QSize(1400, 900))
        if source is not None:
            self.show_source(source)

    def _build_menus(self) -> None:
        """The lead's rows of ``LEAD_ACTIONS``, with the pane's exports before Quit and its
        option in the Analysis menu."""
        menus, self.actions_by_name = bind_actions(self, LEAD_ACTIONS)
        quit_action = self.actions_by_name["quit"]
        menus["&File"].insertSeparator(quit_action)
        menus["&File"].insertActions(quit_action, self.pane.export_actions)
        menus["&File"].insertSeparator(quit_action)
        menus["&Analysis"].addAction(self.pane.exclude_action)
        for action in (*self.pane.export_actions, self.pane.exclude_action):
            self.actions_by_name[action.objectName()] = action

    # what is analysed -----------------------------------------------------------

    def show_source(self, source: Path) -> None:
        """Analyse a project folder, panel database or session file in the main view."""
        source = Path(source)
        if source.is_dir():
            self._config.remember_project(source)
            save_config(self._config)
            self.start_page.recent.set_folders(self._config.recent_projects)
        self.pane.analyse(source)
        self._stack.setCurrentWidget(self.pane)

    def new_project(self) -> None:
        """File ▸ New project…: the wizard; the project it makes is opened here."""
        from annotator.ui.wizard.wizard import NewProjectWizard

        self.new_project_wizard = NewProjectWizard(self)
        self.new_project_wizard.created.connect(self.show_source)
        self.new_project_wizard.open()

    def edit_project_settings(self) -> None:
        """File ▸ Project settings… of the project shown; saved settings are analysed again."""
        from annotator.ui.dialogs.project_settings import ProjectSettingsDialog

        folder = self.project_folder()
        if folder is None:
            QMessageBox.information(self, "Project settings", NO_PROJECT)
            return
        try:
            self.settings_dialog = ProjectSettingsDialog(folder, self)
        except AnnotatorError as error:
            QMessageBox.critical(self, "Project settings", str(error))
            return
        self.settings_dialog.accepted.connect(self.pane.analyse_again)
        self.settings_dialog.open()

    def choose_project(self) -> None:
        folder = choose_project_to_analyse(self)
        if folder is not None:
            self.show_source(folder)

    def choose_panel(self) -> None:
        panel = choose_panel_to_analyse(self, self.project_folder())
        if panel is not None:
            self.show_source(panel)

    def analyse_again(self) -> None:
        if self.pane.source is None:
            QMessageBox.information(self, "Update the analysis", NO_PROJECT)
            return
        self.pane.analyse_again()

    def project_folder(self) -> Path | None:
        """The project folder of what is shown: the folder analysed, or the one found
        beside the panel database (None before anything is opened)."""
        source = self.pane.source
        if source is not None and source.is_dir():
            return source
        if self._project_of is not None and self._project_of[0] == source:
            return self._project_of[1]
        return None

    def _remember_project(self) -> None:
        analysis = self.pane.analysis
        project = analysis.input.project if analysis is not None else None
        self._project_of = (None if self.pane.source is None or project is None
                            else (self.pane.source, project.root))

    def _study_project(self, what: str) -> Project | None:
        """The project shown, read afresh (a round may have started since), or None with
        the reason said."""
        folder = self.project_folder()
        if folder is None:
            QMessageBox.information(self, what, NO_PROJECT)
            return None
        try:
            return open_project(folder)
        except AnnotatorError as error:
            QMessageBox.critical(self, what, str(error))
            return None

    def _panel_shown(self) -> Path | None:
        source = self.pane.source
        return source if source is not None and source.is_file() else None

    # study ----------------------------------------------------------------------

    def merge_session_files(self) -> None:
        folder = self.project_folder()
        project = self._study_project("Merge session files") if folder is not None else None
        self.merge_dialog = open_merge_dialog(self, project, panel=self._panel_shown())
        self.merge_dialog.merged.connect(self.show_source)  # the panel with its new ratings

    def export_snapshot(self) -> None:
        folder = self.project_folder()
        export_consensus_snapshot(self, self._panel_shown() or (
            folder / PANEL_NAME if folder is not None else None))

    def import_snapshot(self) -> None:
        import_consensus_snapshot(self, self.project_folder())

    def list_rounds(self) -> None:
        from annotator.ui.dialogs.rounds_dialog import RoundsDialog

        project = self._study_project("Rounds of this project")
        if project is not None:
            self.rounds_dialog = RoundsDialog(project, self)
            self.rounds_dialog.open()

    def start_new_round(self) -> None:
        """Ask how the next round is played (with any washout warning), then start it."""
        from annotator.session.rounds import round_start_warnings
        from annotator.ui.dialogs.start_round import StartRoundDialog

        project = self._study_project("Start a new round")
        if project is None:
            return
        shown = self._panel_shown()  # a panel kept elsewhere than the project's own
        warnings = round_start_warnings(project, now=datetime.now(UTC), panel=(
            shown if shown is not None and is_panel_file(shown) else None))
        self.round_dialog = StartRoundDialog(project, warnings, self)
        self.round_dialog.accepted.connect(lambda: self._start_chosen_round(project.root))
        self.round_dialog.finished.connect(self.round_dialog.deleteLater)
        self.round_dialog.open()

    def _start_chosen_round(self, folder: Path) -> None:
        from annotator.project.round_start import start_round

        assert self.round_dialog is not None
        subset, feedback = self.round_dialog.choices()
        self.round_dialog = None
        try:
            started = start_round(folder, now=datetime.now(UTC), subset=subset,
                                  feedback=feedback)
        except AnnotatorError as error:
            QMessageBox.critical(self, "The round was not started", str(error))
            return
        self.pane.analyse_again()
        QMessageBox.information(
            self, f"Round {started.number} started",
            f"Round {started.number} is recorded in the project folder. Copy the updated "
            f"folder ({'project.toml and rounds/' if subset else 'project.toml'}) to every "
            "laptop: the app opens it in this round.",
        )

    # view -----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        remember_place(self, self._config, "lead")
        super().closeEvent(event)

    def _exporting(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage("Exporting every table and chart…")
        else:
            self.statusBar().clearMessage()
