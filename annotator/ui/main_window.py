"""The main window: a start screen and a rating screen, menus built from ``ACTIONS``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QMessageBox, QStackedWidget

from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.project.round_start import start_round
from annotator.session.opening import (
    laptop_seat,
    open_laptop_session,
    start_session,
    tagger_choices,
)
from annotator.session.rounds import round_start_warnings
from annotator.store.session_file import SessionStore
from annotator.ui.actions import ACTIONS
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.dialogs.about import AboutDialog
from annotator.ui.dialogs.merge_dialog import MergeDialog
from annotator.ui.dialogs.rating_guide import RatingGuideDialog
from annotator.ui.dialogs.seat import SeatDialog, ask_seat_if_needed
from annotator.ui.dialogs.start_round import StartRoundDialog
from annotator.ui.image_loader import ImageLoader
from annotator.ui.lead_actions import (
    choose_panel_to_analyse,
    choose_project_to_analyse,
    export_consensus_snapshot,
    import_consensus_snapshot,
    open_merge_dialog,
)
from annotator.ui.screens.rating_screen import RatingScreen
from annotator.ui.screens.start_screen import StartScreen
from annotator.userconfig import UserConfig, save_config

TEXT_SCALE_STEP = 1.15
KEYBOARD_HELP = (
    "1–5: choose a level (the rubric's keys)\n"
    "Enter: submit the chosen level\n"
    "F1: Rating Guide with the full text of every level\n"
    "+ / − / 0: zoom the image in, out, back to fit (arrow keys pan once it has focus)\n"
    "Ctrl++ / Ctrl+− / Ctrl+0: larger, smaller, normal text\n"
    "Tab: move between the caption, the image, the levels and Submit\n"
    "Ctrl+O: open a project folder; Ctrl+Q: quit (every rating is already saved)"
)


class MainWindow(QMainWindow):
    """Owns the opened project and this laptop's session file for it."""

    def __init__(self, config: UserConfig):
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("Caption Rating Annotator")
        self._config = config
        self._project: Project | None = None
        self._store: SessionStore | None = None
        self._rating_screen: RatingScreen | None = None
        self._guide: RatingGuideDialog | None = None
        self.merge_dialog: MergeDialog | None = None
        self.round_dialog: StartRoundDialog | None = None
        self.seat_dialog: SeatDialog | None = None
        self.analysis_panes: list[AnalysisPane] = []
        self.loader = ImageLoader(self)
        self.start_screen = StartScreen(config.recent_projects, self)
        self.start_screen.project_open_requested.connect(self.open_project_folder)
        self.start_screen.start_requested.connect(self.start_rating)
        self._stack = QStackedWidget(self)
        self._stack.addWidget(self.start_screen)
        self.setCentralWidget(self._stack)
        self.actions_by_name: dict[str, QAction] = {}
        self._build_menus()
        self._set_text_scale(config.text_scale)
        self.resize(1200, 900)

    def _build_menus(self) -> None:
        menus = {}
        for spec in ACTIONS:
            if spec.menu not in menus:
                menus[spec.menu] = self.menuBar().addMenu(spec.menu)
            action = QAction(spec.text, self, objectName=spec.name)
            if spec.shortcut is not None:
                action.setShortcut(QKeySequence(spec.shortcut))
            action.triggered.connect(getattr(self, spec.handler))
            menus[spec.menu].addAction(action)
            self.actions_by_name[spec.name] = action

    @property
    def rating_screen(self) -> RatingScreen | None:
        return self._rating_screen

    # opening ------------------------------------------------------------------

    def choose_project_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open project folder")
        if folder:
            self.open_project_folder(Path(folder))

    def open_project_folder(self, folder: Path) -> bool:
        """Open a project and this laptop's session file; explain any refusal."""
        try:
            project = open_project(folder)
            store = open_laptop_session(project, self._config)
        except AnnotatorError as error:
            QMessageBox.critical(self, "Cannot open this project", str(error))
            return False
        self._close_session()
        self._project, self._store = project, store
        self._config.remember_project(folder)
        save_config(self._config)
        self.start_screen.set_recent_projects(self._config.recent_projects)
        self.setWindowTitle(f"{project.name} — Caption Rating Annotator")
        self.start_screen.show_project(
            project, taggers=tagger_choices(project, store),
            last_tagger=self._config.last_tagger
        )
        self._stack.setCurrentWidget(self.start_screen)
        self.seat_dialog = ask_seat_if_needed(self, project, self._config)
        return True

    def start_rating(self, tagger: str) -> None:
        """Resume (or begin) this tagger's round exactly where they stopped."""
        if self._project is None or self._store is None:
            return
        try:
            session = start_session(self._project, self._store, tagger,
                                    seat=laptop_seat(self._project, self._config))
        except AnnotatorError as error:
            QMessageBox.critical(self, "Cannot start", str(error))
            return
        self._config.last_tagger = tagger
        save_config(self._config)
        screen = RatingScreen(session, self.loader, self)
        screen.guide_requested.connect(self.show_rating_guide)
        screen.set_body_point_size(QApplication.font().pointSizeF())
        self._drop_rating_screen()
        self._rating_screen = screen
        self._stack.addWidget(screen)
        self._stack.setCurrentWidget(screen)

    # lead ---------------------------------------------------------------------

    def merge_session_files(self) -> None:
        self.merge_dialog = open_merge_dialog(self, self._project)

    def export_snapshot(self) -> None:
        export_consensus_snapshot(self, self._project)

    def import_snapshot(self) -> None:
        import_consensus_snapshot(self, self._project)

    def open_analysis(self) -> None:
        """The analysis pane on the open project (its session files merged on the fly)."""
        source = self._project.root if self._project else choose_project_to_analyse(self)
        if source is not None:
            self.show_analysis(source)

    def open_panel_analysis(self) -> None:
        source = choose_panel_to_analyse(self, self._project)
        if source is not None:
            self.show_analysis(source)

    def show_analysis(self, source: Path) -> AnalysisPane:
        """Open a pane on ``source``; it computes in the background and shows itself."""
        pane = AnalysisPane(source, self)
        pane.setWindowFlag(Qt.WindowType.Window)
        pane.show()
        self.analysis_panes.append(pane)
        pane.destroyed.connect(lambda: self.analysis_panes.remove(pane))
        return pane

    def start_new_round(self) -> None:
        """Ask how the next round is played (with any washout warning), then start it."""
        if self._project is None:
            QMessageBox.information(self, "Start a new round", "Open a project folder first.")
            return
        warnings = round_start_warnings(self._project, now=datetime.now(UTC))
        self.round_dialog = StartRoundDialog(self._project, warnings, self)
        self.round_dialog.accepted.connect(self._start_chosen_round)
        self.round_dialog.finished.connect(self.round_dialog.deleteLater)
        self.round_dialog.open()

    def _start_chosen_round(self) -> None:
        assert self._project is not None and self.round_dialog is not None
        subset, feedback = self.round_dialog.choices()
        self.round_dialog = None
        folder = self._project.root
        try:
            started = start_round(folder, now=datetime.now(UTC), subset=subset,
                                  feedback=feedback)
        except AnnotatorError as error:
            QMessageBox.critical(self, "The round was not started", str(error))
            return
        self.open_project_folder(folder)
        QMessageBox.information(
            self, f"Round {started.number} started",
            f"Round {started.number} is recorded in the project folder. Copy the updated "
            f"folder ({'project.toml and rounds/' if subset else 'project.toml'}) to every "
            "laptop: the app opens it in this round.",
        )

    # view ---------------------------------------------------------------------

    def text_larger(self) -> None:
        self._set_text_scale(self._config.text_scale * TEXT_SCALE_STEP)

    def text_smaller(self) -> None:
        self._set_text_scale(self._config.text_scale / TEXT_SCALE_STEP)

    def text_normal(self) -> None:
        self._set_text_scale(1.0)

    def _set_text_scale(self, scale: float) -> None:
        """Scale every text of the app; remembered for this user's next sessions."""
        scale = min(3.0, max(0.6, scale))
        if scale != self._config.text_scale:
            self._config.text_scale = scale
            save_config(self._config)
        font = QApplication.font()
        font.setPointSizeF(_base_point_size() * scale)
        QApplication.setFont(font)
        if self._rating_screen is not None:
            self._rating_screen.set_body_point_size(font.pointSizeF())

    # help ---------------------------------------------------------------------

    def show_rating_guide(self) -> None:
        if self._project is None:
            QMessageBox.information(self, "Rating Guide", "Open a project to see its rubric.")
            return
        if self._guide is None:
            self._guide = RatingGuideDialog(self._project.rubric, self)
        self._guide.show()
        self._guide.raise_()
        self._guide.activateWindow()

    @property
    def rating_guide(self) -> RatingGuideDialog | None:
        return self._guide

    def show_shortcuts(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", KEYBOARD_HELP)

    def show_about(self) -> None:
        AboutDialog(self).open()

    # closing ------------------------------------------------------------------

    def _drop_rating_screen(self) -> None:
        if self._rating_screen is not None:
            self._stack.removeWidget(self._rating_screen)
            self._rating_screen.deleteLater()
            self._rating_screen = None

    def _close_session(self) -> None:
        self._drop_rating_screen()
        if self._guide is not None:
            self._guide.close()
            self._guide = None
        if self._store is not None:
            self._store.close()
            self._store = None

    def closeEvent(self, event: QCloseEvent) -> None:
        """Every rating is already committed; just release the file and the decoder."""
        self.loader.wait_idle(5000)
        self._close_session()
        super().closeEvent(event)


def _base_point_size() -> float:
    """The platform's own text size, remembered before the app first scales it."""
    app = QApplication.instance()
    base = app.property("annotatorBasePointSize")
    if base is None:
        base = QApplication.font().pointSizeF()
        app.setProperty("annotatorBasePointSize", base)
    return float(base)
