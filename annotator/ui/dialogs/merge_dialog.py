"""Study ▸ Merge session files… in the lead's window: choose files or a folder, see what
will happen, then merge.

The table is filled by :func:`annotator.store.merge.merge_session_files` itself: first as a
preview (the same work, rolled back), then for real. Merge stays disabled until the lead
has seen the preview of exactly the files listed. The work (up to ~2 s for a large panel)
runs off the GUI thread; ``job_ended`` fires when its report is on screen, and ``merged``
after a merge, for the lead's window to show the panel merged into.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from annotator.store.merge import FileReport, MergeReport, MergeStatus, merge_session_files
from annotator.store.validation import RowRules
from annotator.ui.background_job import BackgroundJob, CrashInfo
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.focus_ring import ring_cells
from annotator.ui.screen_fit import fit_dialog
from annotator.ui.widgets.scroll_page import ScrollPage

Selection = tuple[str, tuple[Path, ...]]
"""The panel named and the session files chosen: what a preview checked."""
COLUMNS = ("File", "Laptop", "What happens", "New", "Already in panel", "Refused", "Why")
TABLE_LINES = 8
"""The report's least height in lines of text: its header and a few files, never crushed."""


class MergeDialog(QDialog):
    """Merge laptops' session files into a panel database, preview first."""

    job_ended = Signal()
    """A preview or merge ended: merged, refused or crashed (its result is on screen)."""
    merged = Signal(Path)
    """A merge (not a preview) into this panel database is done and on screen."""

    def __init__(self, parent: QWidget | None = None, *, panel: Path | None = None,
                 sources: list[Path] | None = None, project_id: str | None = None,
                 rules: RowRules | None = None):
        super().__init__(parent)
        self.setWindowTitle("Merge session files")
        self.setObjectName("mergeDialog")
        self._project_id = project_id
        self._rules = rules
        self._previewed: Selection | None = None
        self._job: BackgroundJob | None = None
        self.report: MergeReport | None = None

        form = self._choice_form(panel, sources or [])

        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setAccessibleName("Merge report, one row per file")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.setTabKeyNavigation(False)
        self.table.setMinimumHeight(self.table.fontMetrics().lineSpacing() * TABLE_LINES)
        ring_cells(self.table)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(self._show_details)
        self.details = QLabel("", self)
        self.details.setWordWrap(True)
        self.details.setAccessibleDescription("The selected file in full")
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary = QLabel("Add the session files, then Preview to see what will be merged.",
                              self)
        self.summary.setWordWrap(True)
        self.summary.setAccessibleDescription("Merge summary")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.box = QDialogButtonBox(self)
        self.preview_button = self.box.addButton("Pre&view", QDialogButtonBox.ButtonRole.ActionRole)
        self.preview_button.setAccessibleName("Preview the merge")
        self.merge_button = self.box.addButton("&Merge", QDialogButtonBox.ButtonRole.AcceptRole)
        self.merge_button.setAccessibleName("Merge into the panel")
        close = self.box.addButton(QDialogButtonBox.StandardButton.Close)
        close.setAccessibleName("Close")
        self.preview_button.clicked.connect(self.preview)
        self.merge_button.clicked.connect(self.merge)
        close.clicked.connect(self.reject)

        body = QWidget(self)  # scrolls at 200 % text on a small screen, above the buttons
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(4, 4, 4, 4)  # room for the focus ring
        body_layout.addLayout(form)
        body_layout.addWidget(self.table, 1)
        body_layout.addWidget(self.details)
        body_layout.addWidget(self.summary)
        layout = QVBoxLayout(self)
        layout.addWidget(ScrollPage(body, "Merge session files", self), 1)
        layout.addWidget(self.box)
        self._selection_changed()
        fit_dialog(self, QSize(1000, 620))

    def _choice_form(self, panel: Path | None, sources: list[Path]) -> QFormLayout:
        """The panel database and the session files to merge into it, each with buttons."""
        self.panel_edit = QLineEdit(str(panel) if panel else "", self)
        self.panel_edit.setAccessibleName("Panel database")
        self.panel_edit.textChanged.connect(self._selection_changed)
        choose_panel = _button("C&hoose…", "Choose the panel database", self.choose_panel, self)
        panel_row = QHBoxLayout()
        panel_row.addWidget(self.panel_edit, 1)
        panel_row.addWidget(choose_panel)

        self.sources = QListWidget(self)
        self.sources.setAccessibleName("Session files and folders to merge")
        self.sources.setMaximumHeight(self.sources.fontMetrics().lineSpacing() * 6)
        for path in sources:
            self.sources.addItem(str(path))
        buttons = QHBoxLayout()
        for text, name, slot in (("Add &files…", "Add session files", self.add_files),
                                 ("Add f&older…", "Add a folder of session files",
                                  self.add_folder),
                                 ("&Remove", "Remove the selected file or folder",
                                  self.remove_selected)):
            buttons.addWidget(_button(text, name, slot, self))
        buttons.addStretch(1)

        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # labels above, if narrow
        panel_label = QLabel("&Panel database:", self)
        panel_label.setBuddy(self.panel_edit)
        form.addRow(panel_label, panel_row)
        sources_label = QLabel("&Session files:", self)
        sources_label.setBuddy(self.sources)
        form.addRow(sources_label, self.sources)
        form.addRow("", buttons)
        return form

    # choosing -----------------------------------------------------------------

    def choose_panel(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, "Panel database (an existing one, or a new name)", self.panel_edit.text(),
            "Panel database (*.sqlite)", options=QFileDialog.Option.DontConfirmOverwrite)
        if name:
            self.panel_edit.setText(name)

    def add_files(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, "Session files to merge", "",
                                                "Session files (*.sqlite)")
        self.add_sources([Path(name) for name in names])

    def add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Folder of session files")
        if folder:
            self.add_sources([Path(folder)])

    def add_sources(self, paths: list[Path]) -> None:
        present = set(self.source_paths())
        for path in paths:
            if path not in present:
                self.sources.addItem(str(path))
        self._selection_changed()

    def remove_selected(self) -> None:
        for item in self.sources.selectedItems():
            self.sources.takeItem(self.sources.row(item))
        self._selection_changed()

    def source_paths(self) -> list[Path]:
        return [Path(self.sources.item(i).text()) for i in range(self.sources.count())]

    def _selection(self) -> Selection:
        return self.panel_edit.text().strip(), tuple(self.source_paths())

    def _selection_changed(self) -> None:
        panel, sources = self._selection()
        idle = self._job is None
        self.preview_button.setEnabled(idle and bool(panel and sources))
        self.merge_button.setEnabled(idle and self._previewed == (panel, sources))

    # merging ------------------------------------------------------------------

    def preview(self) -> None:
        self._run(preview=True)

    def merge(self) -> None:
        self._run(preview=False)

    def _run(self, *, preview: bool) -> None:
        """Start the preview or the merge in the background; the buttons wait for it."""
        selection = self._selection()
        panel, sources = selection
        self._job = BackgroundJob(lambda _progress: merge_session_files(
            Path(panel), list(sources), project_id=self._project_id, preview=preview,
            rules=self._rules))
        self._job.finished.connect(
            lambda report: self._finished(report, selection if preview else None))
        self._job.failed.connect(self._refused)
        self._job.crashed.connect(self._crashed)
        self.summary.setText("Checking the files…" if preview else "Merging…")
        self._selection_changed()
        self._job.start()

    def _finished(self, report: MergeReport, previewed: Selection | None) -> None:
        self.report = report
        self._show(report)
        self._end(previewed)
        if not report.preview:
            self.merged.emit(report.panel)

    def _refused(self, message: str) -> None:
        self.table.setRowCount(0)
        self.summary.setText(f"Nothing was merged. {message}")
        self._end(None)

    def _crashed(self, info: CrashInfo) -> None:
        self.summary.setText("Nothing was merged: something unexpected went wrong.")
        self._end(None)
        report_unexpected_error(*info)

    def _end(self, previewed: Selection | None) -> None:
        self._job = None
        self._previewed = previewed
        self._selection_changed()
        self.job_ended.emit()

    def _show(self, report: MergeReport) -> None:
        self.table.setRowCount(len(report.files))
        for row, file in enumerate(report.files):
            for column, text in enumerate(_cells(file)):
                cell = QTableWidgetItem(text)
                cell.setToolTip(file.text())
                self.table.setItem(row, column, cell)
        for column in range(len(COLUMNS) - 1):  # "Why" takes the rest, wrapped
            self.table.resizeColumnToContents(column)
        self.table.resizeRowsToContents()
        refused = next((row for row, f in enumerate(report.files)
                        if f.status == MergeStatus.REFUSED), 0)
        self.table.setCurrentCell(refused, 0)
        self._show_details(refused)
        lines = report.lines()
        next_step = ("Press Merge to merge them." if report.preview and report.new
                     else "")
        self.summary.setText(" ".join(filter(None, [lines[0], *lines[len(report.files) + 1:],
                                                    next_step])))


    def _show_details(self, row: int, *_: int) -> None:
        """The whole line of the selected file: the table cuts long reasons short."""
        files = self.report.files if self.report is not None else ()
        self.details.setText(files[row].text() if 0 <= row < len(files) else "")


def _cells(file: FileReport) -> tuple[str, ...]:
    refused = str(file.refused) if file.refused else ""
    if file.status == MergeStatus.REFUSED and not file.refused:
        refused = "whole file"
    why = file.reason
    if not file.verified:
        why = "Not checked for hand edits: written by an app older than the hash chain."
    if file.repeats:
        why = (f"{why} {file.repeats} repeat a pair the same tagger rated in that round on "
               "another laptop (both kept).").strip()
    return (file.path.name, file.laptop, file.status.capitalize(), str(file.new),
            str(file.present), refused, why)


def _button(text: str, accessible_name: str, slot: Callable[[], object],
            parent: QWidget) -> QPushButton:
    button = QPushButton(text, parent)
    button.setAccessibleName(accessible_name)
    button.clicked.connect(slot)
    return button
