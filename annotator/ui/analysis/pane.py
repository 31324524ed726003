"""The lab lead's analysis pane: a window of tabs over a project folder or panel database.

Reading and analysing run off the GUI thread (:class:`BackgroundJob`) behind a progress
line, so the window stays responsive; the tabs are built when the result arrives. The File
menu exports everything the tabs show.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QProgressBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from annotator.analysis.pipeline import Analysis
from annotator.analysis.results import AttentionChecks
from annotator.reporting.build import prepare_pane
from annotator.reporting.content import PaneContent
from annotator.reporting.sections.items import item_detail
from annotator.ui.analysis.exporting import PaneExporter
from annotator.ui.analysis.items_view import ItemsView
from annotator.ui.analysis.section_view import SectionView
from annotator.ui.background_job import BackgroundJob
from annotator.ui.error_report import report_unexpected_error


class AnalysisPane(QMainWindow):
    """``ready`` fires when the tabs are shown; ``failed`` with the message otherwise."""

    ready = Signal()
    failed = Signal(str)

    def __init__(self, source: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("analysisPane")
        self.setWindowTitle(f"Analysis — {Path(source).name}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.source = Path(source)
        self.analysis: Analysis | None = None
        self.content: PaneContent | None = None
        self.tabs = QTabWidget()  # replaced by the result's tabs
        self.exporter = PaneExporter(self)
        self.exporter.busy.connect(self._exporting)
        self.exporter.progress.connect(self.statusBar().showMessage)
        self._build_menu()
        self.resize(1200, 860)
        self._compute(exclude_failed_checks=False)

    def _compute(self, *, exclude_failed_checks: bool) -> None:
        """Read and analyse in the background, with the waiting page up meanwhile."""
        self._build_waiting_page()
        for action in (*self.export_actions, self.exclude_action):
            action.setEnabled(False)
        self._job = BackgroundJob(lambda progress: prepare_pane(
            self.source, progress=progress, exclude_failed_checks=exclude_failed_checks))
        self._job.progress.connect(self.status.setText)
        self._job.finished.connect(self._show_result)
        self._job.failed.connect(self._show_failure)
        self._job.crashed.connect(self._on_crash)
        self._job.start()

    def _build_waiting_page(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addStretch(1)
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
        self.setCentralWidget(page)

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu("&File")
        self.export_actions: list[QAction] = []
        for text, shortcut, handler in (
            ("&Export everything (CSV, SVG, PNG, HTML)…", "Ctrl+E", self.exporter.export_all),
            ("Save the HTML &report…", "Ctrl+R", self.exporter.save_report),
            ("Export the &dataset (ratings, items, codebook, card)…", "Ctrl+D",
             self.exporter.export_dataset),
        ):
            action = menu.addAction(text)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _=False, h=handler: h())
            action.setEnabled(False)
            self.export_actions.append(action)
        menu.addSeparator()
        close = menu.addAction("&Close")
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        analysis = self.menuBar().addMenu("&Analysis")
        self.exclude_action = analysis.addAction("&Leave out taggers who failed attention checks")
        self.exclude_action.setCheckable(True)
        self.exclude_action.setEnabled(False)
        self.exclude_action.toggled.connect(
            lambda on: self._compute(exclude_failed_checks=on))

    def _show_result(self, result: tuple[Analysis, PaneContent]) -> None:
        self.analysis, self.content = result
        self.exporter.set_content(*result)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("analysisTabs")
        self.tabs.setAccessibleName("Analysis tabs")
        for section in self.content.sections:
            if section.name == "items":
                view: QWidget = ItemsView(
                    section, lambda item_id: item_detail(self.analysis, item_id),
                    self.exporter.save_table)
            else:
                view = SectionView(section, save_table=self.exporter.save_table,
                                   save_chart=self.exporter.save_chart)
            self.tabs.addTab(view, section.title)
        self.setWindowTitle(self.content.title)
        self.setCentralWidget(self.tabs)
        self._show_left_out(self.analysis.input.left_out)
        for action in self.export_actions:
            action.setEnabled(True)
        self.exclude_action.setEnabled(
            isinstance(self.analysis.results.checks, AttentionChecks))
        self.tabs.setFocus()
        self.ready.emit()

    def _show_left_out(self, warnings: tuple[str, ...]) -> None:
        """Name the session files the figures leave out (damaged, another project's…) and
        what each holds, under the tabs for as long as the pane is open."""
        if not warnings:
            return
        label = QLabel("⚠ " + "\n⚠ ".join(warnings), objectName="leftOutFiles")
        label.setAccessibleName("Session files left out of every figure")
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                      | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        label.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.statusBar().addPermanentWidget(label, 1)

    def _exporting(self, busy: bool) -> None:
        """While files are written in the background: say so, and allow no second export."""
        for action in self.export_actions:
            action.setEnabled(not busy)
        if busy:
            self.statusBar().showMessage("Exporting every table and chart…")
        else:
            self.statusBar().clearMessage()

    def _show_failure(self, message: str) -> None:
        self.progress.hide()
        self.status.setText(f"This cannot be analysed:\n\n{message}")
        self.failed.emit(message)

    def _on_crash(self, info: tuple) -> None:
        self._show_failure(f"Something unexpected went wrong: {info[1]}")
        report_unexpected_error(*info)

    def section_view(self, name: str) -> QWidget:
        """The tab showing section ``name`` (for tests and keyboard shortcuts)."""
        return self.tabs.findChild(QWidget, f"section_{name}")
