"""The tagger's window: a start screen and a rating screen, menus built from
``TAGGER_ACTIONS``.

Nothing here reaches another tagger's ratings or names, or the lead's tools (analysis,
merge, rounds, snapshots, exports): those live in the lab lead's window
(:mod:`annotator.ui.lead_window`), which this module never imports.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QSplitter,
)

from annotator.errors import AnnotatorError
from annotator.project.answer_model import Question
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.project.shortcut import project_folder_of
from annotator.session.opening import (
    OtherLaptops,
    laptop_seat,
    open_laptop_session,
    read_other_files,
    session_file_path,
    start_session,
)
from annotator.store.session_file import SessionStore
from annotator.ui.actions import TAGGER_ACTIONS, TAGGER_KEYS, bind_actions
from annotator.ui.background_job import BackgroundJob, CrashInfo
from annotator.ui.contrast import use_readable_palette
from annotator.ui.dialogs.seat import SeatDialog, ask_seat_if_needed
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.focus_ring import show_focus_rings
from annotator.ui.help_menu import HelpHandlers
from annotator.ui.image_loader import ImageLoader
from annotator.ui.screen_fit import FRAME_ALLOWANCE, place_window, remember_place
from annotator.ui.screens.rating_screen import RatingScreen
from annotator.ui.screens.start_screen import StartScreen
from annotator.ui.text_scale import TextSizing
from annotator.ui.widgets.rating_guide import RatingGuidePanel
from annotator.ui.widgets.scroll_page import PageStack, ScrollPage
from annotator.userconfig import UserConfig, save_config

_log = logging.getLogger(__name__)
PREFERRED_SIZE = QSize(1600, 1000)
"""The first size, shrunk to the screen: the larger the image, the better it is judged."""
GUIDE_SHARE = 0.28
"""The Rating Guide's part of the window's width when it opens."""


class MainWindow(TextSizing, HelpHandlers, QMainWindow):
    """The tagger's window: owns the opened project and this laptop's session file for it."""

    shortcut_rows = (TAGGER_ACTIONS, TAGGER_KEYS)

    def __init__(self, config: UserConfig):
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("Caption Rating Annotator")
        self._config = config
        self._project: Project | None = None
        self._store: SessionStore | None = None
        self._rating_screen: RatingScreen | None = None
        self._guide: RatingGuidePanel | None = None
        self.seat_dialog: SeatDialog | None = None
        self._start_job: BackgroundJob | None = None
        self._starting_as: tuple[SessionStore, str] | None = None
        self.loader = ImageLoader(self)
        self.start_screen = StartScreen(config.recent_projects, self)
        self.start_screen.project_open_requested.connect(self.open_project_folder)
        self.start_screen.start_requested.connect(self.start_rating)
        self._stack = PageStack(self)
        self._stack.addWidget(self.start_screen)
        self._split = QSplitter(Qt.Orientation.Horizontal, self)
        self._split.setChildrenCollapsible(False)
        self._page = ScrollPage(self._stack, "Page", self, room=self._room_for_page)
        self._split.addWidget(self._page)
        self.setCentralWidget(self._split)
        _menus, self.actions_by_name = bind_actions(self, TAGGER_ACTIONS)
        self.set_text_scale(config.text_scale)
        show_focus_rings()
        use_readable_palette(self)
        place_window(self, config.windows.get("tagger"), PREFERRED_SIZE)

    @property
    def rating_screen(self) -> RatingScreen | None:
        return self._rating_screen

    # opening ------------------------------------------------------------------

    def choose_project_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open project folder")
        if folder:
            self.open_project_folder(Path(folder))

    def open_project_folder(self, folder: Path) -> bool:
        """Open a project (its folder, project.toml or a .crproject shortcut) and this
        laptop's session file; explain any refusal (another window holding the file, a
        read-only folder…)."""
        try:
            folder = project_folder_of(folder)
            project = open_project(folder)
            if self._store is not None and self._store.path == session_file_path(
                    project, self._config):
                self._close_session()  # the same file again: let go of its lock first
            store = open_laptop_session(project, self._config)
        except AnnotatorError as error:
            QMessageBox.critical(self, "Cannot open this project", str(error))
            return False
        except OSError as error:
            QMessageBox.critical(self, "Cannot open this project",
                                 f"{error.filename or folder}: {error.strerror or error}")
            return False
        self._close_session()
        self._project, self._store = project, store
        self.loader.max_pixels = project.max_pixels
        self._config.remember_project(folder)
        save_config(self._config)
        self.start_screen.set_recent_projects(self._config.recent_projects)
        self.setWindowTitle(f"{project.name} — Caption Rating Annotator")
        self.start_screen.show_project(project)
        self._stack.setCurrentWidget(self.start_screen)
        self.seat_dialog = ask_seat_if_needed(self, project, self._config)
        return True

    def start_rating(self, tagger: str) -> None:
        """Resume (or begin) this tagger's round exactly where they stopped; a name known
        here, on another laptop or in the plan, typed in another case or spacing, rates
        under that spelling (:func:`~annotator.session.opening.start_session`).

        The other laptops' files are read off the GUI thread (they come from elsewhere and
        may be large or forged): the rating screen follows when they are read
        (:attr:`starting` meanwhile)."""
        if self._project is None or self._store is None or self._start_job is not None:
            return
        project, store = self._project, self._store
        own, own_ratings = store.path, store.rating_ids()
        job = BackgroundJob(lambda _progress: read_other_files(project, own=own,
                                                               own_ratings=own_ratings))
        job.finished.connect(self._others_read)
        job.failed.connect(self._start_failed)
        job.crashed.connect(self._start_crashed)
        self._start_job, self._starting_as = job, (store, tagger)
        self.start_screen.set_starting(True)
        job.start()

    @property
    def starting(self) -> bool:
        """Whether a tagger's start waits for the other laptops' files to be read."""
        return self._start_job is not None

    def _start_done(self) -> tuple[SessionStore, str] | None:
        """The store and tagger the start was asked for, if that start is still wanted
        (the same file open); the start screen is usable again either way."""
        if self.sender() is not self._start_job or self._starting_as is None:
            return None
        self._start_job = None
        self.start_screen.set_starting(False)
        wanted, self._starting_as = self._starting_as, None
        return wanted if wanted[0] is self._store else None

    def _start_failed(self, text: str) -> None:
        if self._start_done() is not None:
            QMessageBox.critical(self, "Cannot start", text)

    def _start_crashed(self, info: CrashInfo) -> None:
        self._start_done()
        report_unexpected_error(*info)  # a bug is reported even when no longer waited for

    def _others_read(self, others: OtherLaptops) -> None:
        wanted = self._start_done()
        if wanted is None or self._project is None:
            return
        store, tagger = wanted
        for error in others.unreadable:
            _log.warning("left out of the game's consensus: %s", error)
        try:
            session = start_session(self._project, store, tagger, other_laptops=others,
                                    seat=laptop_seat(self._project, self._config))
        except AnnotatorError as error:
            QMessageBox.critical(self, "Cannot start", str(error))
            return
        screen = RatingScreen(session, self.loader, self)
        screen.guide_requested.connect(self.toggle_rating_guide)
        screen.level_marked.connect(self._mark_in_guide)
        screen.question_shown.connect(self._ask_in_guide)
        screen.set_body_point_size(QApplication.font().pointSizeF())
        self._drop_rating_screen()
        self._rating_screen = screen
        self._stack.addWidget(screen)
        self._stack.setCurrentWidget(screen)
        self._show_guide(self._config.guide_shown)
        self._fold_guide_if_crowded()

    # view ---------------------------------------------------------------------

    def _room_for_page(self) -> QSize:
        """The most of the screen the page may ask for: the window's frame, its menu bar and
        the Rating Guide shown beside take the rest. Larger text grows the window up to the
        screen; beyond, the page scrolls (200 % text on a laptop scaled 2×)."""
        room = self.screen().availableGeometry().size() - FRAME_ALLOWANCE
        room -= QSize(0, self.menuBar().sizeHint().height())
        if self._guide is not None and not self._guide.isHidden():
            room -= QSize(self._guide.minimumSizeHint().width() + self._split.handleWidth(), 0)
        return room

    def text_scaled(self, point_size: float) -> None:
        if self._rating_screen is not None:
            self._rating_screen.set_body_point_size(point_size)
            QTimer.singleShot(0, self, self._fold_guide_if_crowded)  # the text's new sizes

    # help ---------------------------------------------------------------------

    def toggle_rating_guide(self) -> None:
        """F1: show the Rating Guide beside the pair, or hide it; remembered."""
        if self._project is None:
            QMessageBox.information(self, "Rating Guide", "Open a project to see its rubric.")
            return
        shown = not (self._guide is not None and self._guide.isVisible())
        self._config.guide_shown = shown
        save_config(self._config)
        self._show_guide(shown)

    def _show_guide(self, shown: bool) -> None:
        """The guide of the open project beside the screens, built on first use; the
        focus stays where it was, so Enter and the keys go on working."""
        if shown and self._guide is None and self._project is not None:
            self._guide = RatingGuidePanel(self._project.rubric)
            self._guide.hide_requested.connect(self.toggle_rating_guide)
            self._split.addWidget(self._guide)
            width = self._split.width()
            self._split.setSizes([round(width * (1 - GUIDE_SHARE)), round(width * GUIDE_SHARE)])
            if self._rating_screen is not None:
                self._guide.set_question(self._rating_screen.asked())
                self._guide.highlight(self._rating_screen.chosen_value())
        if self._guide is not None:
            self._guide.setVisible(shown)
            self._page.updateGeometry()
        if self._rating_screen is not None:
            self._rating_screen.set_guide_shown(shown and self._guide is not None)

    def _fold_guide_if_crowded(self) -> None:
        """Hide the Rating Guide, for now, when not even a window as wide as the screen can
        hold it beside the rating page at the least width the page needs (200 % text on a
        laptop scaled 2×: 683 pixels for 882), where the page would scroll sideways. F1 and
        the page's button still show it; the tagger's choice to see it is kept for a wider
        screen or smaller text. The screen's width counts, not the window's: a window not
        yet maximised would fold it for nothing."""
        guide, screen = self._guide, self._rating_screen
        if guide is None or screen is None or guide.isHidden():
            return
        if (layout := guide.layout()) is not None:
            layout.activate()  # its least width at the text's size now
        needed = (screen.least_rating_width() + self._split.handleWidth()
                  + guide.minimumSizeHint().width())
        if max(self.width(), self.screen().availableGeometry().width()) < needed:
            guide.hide()
            screen.set_guide_shown(False)
            self._page.updateGeometry()

    def _mark_in_guide(self, value: float | None) -> None:
        if self._guide is not None:
            self._guide.highlight(value)

    def _ask_in_guide(self, question: Question | None) -> None:
        if self._guide is not None:
            self._guide.set_question(question)

    @property
    def rating_guide(self) -> RatingGuidePanel | None:
        return self._guide

    # closing ------------------------------------------------------------------

    def _drop_rating_screen(self) -> None:
        if self._rating_screen is not None:
            self._stack.removeWidget(self._rating_screen)
            self._rating_screen.deleteLater()
            self._rating_screen = None

    def _close_session(self) -> None:
        self._drop_rating_screen()
        if self._guide is not None:
            self._guide.deleteLater()
            self._guide = None
        if self._store is not None:
            self._store.close()
            self._store = None

    def closeEvent(self, event: QCloseEvent) -> None:
        """Every rating is already committed; just release the file and the decoder, and
        remember where the window was."""
        remember_place(self, self._config, "tagger")
        self.loader.wait_idle(5000)
        self._close_session()
        super().closeEvent(event)
