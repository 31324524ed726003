"""The analysis pane: tabs over a project folder or panel database, the main view of the
lab lead's window (:mod:`annotator.ui.lead_window`).

Reading and analysing run off the GUI thread (:class:`BackgroundJob`) behind a progress
line, so the window stays responsive; the tabs are built when the result arrives. The
analysis, reporting and table views are imported when first used, so the lead's window
paints first. Its
actions (exports, leaving out who failed the checks) go in the lead's window's menus.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QLabel,
    QProgressBar,
    QStackedLayout,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from annotator.ui.actions import PANE_ACTIONS, spec_action
from annotator.ui.analysis.exporting import PaneExporter
from annotator.ui.background_job import BackgroundJob, CrashInfo
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.named import named

if TYPE_CHECKING:
    from annotator.analysis.pipeline import Analysis
    from annotator.reporting.content import PaneContent, Section
    from annotator.ui.analysis.thumbnails import ItemThumbnails


class AnalysisPane(QWidget):
    """``ready`` fires when the tabs are shown; ``failed`` with the message otherwise. The
    window title follows what is shown (``windowTitleChanged``)."""

    ready = Signal()
    failed = Signal(str)

    def __init__(self, source: Path | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("analysisPane")
        self.source: Path | None = None
        self.analysis: Analysis | None = None
        self.content: PaneContent | None = None
        self.tabs = QTabWidget()  # replaced by the result's tabs
        self.thumbnails: ItemThumbnails | None = None
        """The items' pictures of the analysis shown, when its project folder is known."""
        self._job: BackgroundJob | None = None
        self._pending: dict[str, Callable[[], QWidget]] = {}
        """The tabs not shown yet, by section name: what makes each."""
        self._pages = QStackedLayout(self)
        self.exporter = PaneExporter(self)
        self.exporter.busy.connect(self._exporting)
        self._build_actions()
        if source is not None:
            self.analyse(source)

    def analyse(self, source: Path) -> None:
        """Show the analysis of ``source`` (a project folder, panel database or session
        file) once it is computed; whatever was shown before goes."""
        self.source = Path(source)
        self.exclude_action.setChecked(False)
        self._compute(exclude_failed_checks=False)

    def analyse_again(self) -> None:
        """Read the source again (new ratings merged, a round started), same options."""
        if self.source is not None:
            self._compute(exclude_failed_checks=self.exclude_action.isChecked())

    def _compute(self, *, exclude_failed_checks: bool) -> None:
        """Read and analyse in the background, with the waiting page up meanwhile."""
        assert self.source is not None
        source = self.source
        self.setWindowTitle(f"Analysis — {source.name}")
        self.analysis = self.content = None
        self._build_waiting_page()
        for action in (*self.export_actions, self.exclude_action):
            action.setEnabled(False)
        job = BackgroundJob(partial(_prepare, source,
                                    exclude_failed_checks=exclude_failed_checks))
        job.progress.connect(self._on_progress)
        job.finished.connect(self._show_result)
        job.failed.connect(self._show_failure)
        job.crashed.connect(self._on_crash)
        self._job = job  # the one whose report is shown (_superseded)
        job.start()

    def _superseded(self) -> bool:
        """A job replaced by a later one (another source, the checks toggled) is shown
        nowhere."""
        return self.sender() is not self._job

    def _on_progress(self, text: str) -> None:
        if not self._superseded():
            self.status.setText(text)

    def _build_waiting_page(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        assert self.source is not None
        self.status = QLabel(f"Reading {self.source.name}…")
        self.status.setObjectName("analysisStatus")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.status)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setAccessibleName("Analysis in progress")
        self.progress.setMaximumWidth(480)
        layout.addWidget(self.progress, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self._show_page(page)

    def _show_page(self, page: QWidget) -> None:
        """``page`` replaces what was shown (the waiting page, or the tabs)."""
        old = self._pages.currentWidget()
        self._pages.addWidget(page)
        self._pages.setCurrentWidget(page)
        if old is not None:
            self._pages.removeWidget(old)
            old.deleteLater()

    def _build_actions(self) -> None:
        """The exports and the analysis option, for the window's menus (named for tests
        and for the lead's keyboard help)."""
        self.export_actions: list[QAction] = []
        for spec in PANE_ACTIONS:
            action = spec_action(spec, self, getattr(self.exporter, spec.handler))
            action.setEnabled(False)
            self.export_actions.append(action)
        self.exclude_action = named(
            QAction("&Leave out taggers who failed attention checks", self), "excludeFailedChecks")
        self.exclude_action.setCheckable(True)
        self.exclude_action.setEnabled(False)
        self.exclude_action.triggered.connect(
            lambda on: self._compute(exclude_failed_checks=on))

    def _show_result(self, result: tuple[Analysis, PaneContent]) -> None:
        if self._superseded():
            return
        analysis, content = result
        self.analysis, self.content = analysis, content
        self.exporter.set_content(analysis, content)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("analysisTabs")
        self.tabs.setAccessibleName("Analysis tabs")
        from annotator.ui.analysis.thumbnails import ItemThumbnails

        self.thumbnails = ItemThumbnails.of(analysis.input.project, self.tabs)
        self._pending.clear()
        for section in self.content.sections:
            page = named(QWidget(), f"tab_{section.name}")  # its view made when first shown
            self._pending[section.name] = partial(self._section_tab, section, analysis)
            self.tabs.addTab(page, section.title)
        self._build_tab(self.tabs.currentIndex())
        self.tabs.currentChanged.connect(self._build_tab)
        self.setWindowTitle(self.content.title)
        self._show_page(self._result_page(self.analysis.input.warnings))
        for action in self.export_actions:
            action.setEnabled(True)
        from annotator.analysis.results import AttentionChecks

        self.exclude_action.setEnabled(
            isinstance(self.analysis.results.checks, AttentionChecks))
        self.tabs.setFocus()
        self.ready.emit()

    def _section_tab(self, section: Section, analysis: Analysis) -> QWidget:
        from annotator.analysis.paper_tables import default_paper
        from annotator.reporting.sections.items import item_detail
        from annotator.reporting.sections.paper_tables import SECTION as PAPER_SECTION
        from annotator.ui.analysis.items_view import ItemsView
        from annotator.ui.analysis.paper_tables_view import PaperTablesView
        from annotator.ui.analysis.section_view import SectionView

        if section.name == "items":
            return ItemsView(section, lambda item_id: item_detail(analysis, item_id),
                             self.exporter.save_table, self.thumbnails,
                             notes=analysis.input.answers.has_notes)
        if section.name == PAPER_SECTION:
            return PaperTablesView(section, analysis, default_paper(analysis.input),
                                   save_table=self.exporter.save_table,
                                   save_chart=self.exporter.save_chart)
        return SectionView(section, save_table=self.exporter.save_table,
                           save_chart=self.exporter.save_chart, thumbnails=self.thumbnails)

    def _build_tab(self, index: int) -> None:
        """Fill the tab at ``index`` when it is first shown: all tabs at once held the
        window up for a quarter of a second at a panel's scale (15,646 items). The tab's
        page stays (the focus and Ctrl+Tab with it); the view goes into it."""
        page = self.tabs.widget(index)
        build = None if page is None else self._pending.pop(
            page.objectName().removeprefix("tab_"), None)
        if page is None or build is None:
            return
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        view = build()
        layout.addWidget(view)
        view.show()  # a child added to a page on screen is hidden until shown

    def _result_page(self, warnings: tuple[str, ...]) -> QWidget:
        """The tabs, and under them the session files the figures leave out (damaged,
        another project's…) with what each holds, and the simulated taggers among the
        people, for as long as this result is shown."""
        if not warnings:
            return self.tabs
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs, 1)
        label = named(QLabel("⚠ " + "\n⚠ ".join(warnings)), "leftOutFiles")
        label.setAccessibleDescription("What the figures rest on: files left out, simulated "
                                       "taggers")
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                      | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        label.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout.addWidget(label)
        return page

    def _exporting(self, busy: bool) -> None:
        """While files are written in the background, allow no second export (the window
        says so in its status bar)."""
        for action in self.export_actions:
            action.setEnabled(not busy)

    def _show_failure(self, message: str) -> None:
        if self._superseded():
            return
        self.progress.hide()
        self.status.setText(f"This cannot be analysed:\n\n{message}")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                            | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.status.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the window's one stop
        self.status.setFocus()  # a screen reader reads why at once
        self.failed.emit(message)

    def _on_crash(self, info: CrashInfo) -> None:
        self._show_failure(f"Something unexpected went wrong: {info[1]}")
        report_unexpected_error(*info)

    def show_section(self, name: str) -> QWidget:
        """Bring the tab of section ``name`` to the front; its view."""
        view = self.section_view(name)
        page = view.parentWidget()
        assert page is not None  # the tab's page holds it
        self.tabs.setCurrentWidget(page)
        return view

    def section_view(self, name: str) -> QWidget:
        """The tab showing section ``name`` (for tests and keyboard shortcuts)."""
        page = self.tabs.findChild(QWidget, f"tab_{name}")
        if page is not None:
            self._build_tab(self.tabs.indexOf(page))
        view = self.tabs.findChild(QWidget, f"section_{name}")
        if view is None:
            raise LookupError(f"The analysis shows no section {name!r}.")
        return view


def _prepare(source: Path, progress: Callable[[str], None], *,
             exclude_failed_checks: bool) -> tuple[Analysis, PaneContent]:
    """The analysis and what the pane shows of it, off the GUI thread. The analysis and
    numpy are imported here, on first use, not before the window's first paint."""
    from annotator.reporting.build import prepare_pane

    return prepare_pane(source, progress=progress, exclude_failed_checks=exclude_failed_checks,
                        paper_tables=True)
