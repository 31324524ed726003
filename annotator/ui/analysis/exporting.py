"""The pane's save and export commands: ask where (unless told), write, say what was written.

Every file goes through :mod:`annotator.reporting.exports` or the same atomic writers, so
an interrupted export never leaves half a file. A path argument skips the file dialog
(tests, and callers that already know where). Exporting everything draws every chart to
PNG (seconds for a large panel), so it runs off the GUI thread; ``exported`` fires with the
files written when any export is done. The report's and the dataset's writers are imported
when first used: the pane holding this is made before the lead's window first paints.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from annotator.errors import AnnotatorError
from annotator.files import write_text
from annotator.reporting import exports
from annotator.ui.background_job import BackgroundJob, CrashInfo
from annotator.ui.chart_image import png_bytes, render_png
from annotator.ui.error_report import report_unexpected_error

if TYPE_CHECKING:
    from annotator.analysis.pipeline import Analysis
    from annotator.reporting.content import Chart, PaneContent, Table


class PaneExporter(QObject):
    """Holds the pane's content once it is ready; the quick exports return what they
    wrote, :meth:`export_all` its background job."""

    exported = Signal(list)
    busy = Signal(bool)
    progress = Signal(str)

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self._parent = parent
        self._analysis: Analysis | None = None
        self._content: PaneContent | None = None
        self.folder = Path.home()

    def set_content(self, analysis: Analysis, content: PaneContent) -> None:
        self._analysis, self._content = analysis, content
        source = analysis.input.path
        self.folder = source if source.is_dir() else source.parent

    def save_table(self, table: Table, path: Path | None = None) -> list[Path]:
        path = path or self._ask_file(f"Save {table.title}", f"{table.name}.csv",
                                      "CSV table (*.csv)")
        return self._run(path, lambda target: [_write(target, table.csv_text(), bom=True)])

    def save_chart(self, chart: Chart, kind: str, path: Path | None = None) -> list[Path]:
        path = path or self._ask_file(f"Save {chart.title}", f"{chart.name}.{kind}",
                                      f"{kind.upper()} image (*.{kind})")
        if kind == "png":
            return self._run(path, lambda target: [_png(chart.svg, target)])
        return self._run(path, lambda target: [_write(target, chart.svg)])

    def save_report(self, path: Path | None = None) -> list[Path]:
        content = self._content
        if content is None:
            return []
        from annotator.reporting.html_report import render_html

        path = path or self._ask_file("Save the HTML report", exports.REPORT_FILE,
                                      "HTML report (*.html)")
        return self._run(path, lambda target: [
            _write(target, render_html(content, generated_at=_now()))])

    def export_all(self, folder: Path | None = None) -> BackgroundJob | None:
        folder = folder or self._ask_folder("Export every table, chart and the report to")
        if folder is None or self._content is None:
            return None
        content = self._content
        job = BackgroundJob(lambda progress: exports.export_content(
            content, folder, generated_at=_now(), png=png_bytes, progress=progress))
        job.progress.connect(self.progress)
        job.finished.connect(lambda written: self._done(folder, written))
        job.failed.connect(self._failed)
        job.crashed.connect(self._crashed)
        self.busy.emit(True)
        job.start()
        return job

    def export_dataset(self, folder: Path | None = None, *, pseudonymise: bool | None = None,
                       include_simulated: bool | None = None) -> list[Path]:
        """The dataset folder of ``annotator export``; asks whether to replace tagger names
        by pseudonyms, and whether to publish simulated taggers' ratings, unless told."""
        from annotator.analysis.pipeline import simulated_warning
        from annotator.reporting.dataset.writer import KEY_SUFFIX, DatasetOptions, export_dataset

        folder = folder or self._ask_folder("Export the dataset to a new, empty folder")
        if folder is None or self._analysis is None:
            return []
        simulated = self._analysis.input.simulated
        if simulated and include_simulated is None:
            include_simulated = QMessageBox.question(
                self._parent, "Export the dataset",
                f"{simulated_warning(simulated, len(self._analysis.table.taggers))} Publish "
                "them too? The dataset card will then say which ratings are simulated; "
                "choose No to export nothing.") == QMessageBox.StandardButton.Yes
            if not include_simulated:
                return []
        if pseudonymise is None:
            pseudonymise = QMessageBox.question(
                self._parent, "Export the dataset",
                "Replace the taggers' names with T01, T02… in the published files? Who is who "
                f"is then written to {folder.name}{KEY_SUFFIX} beside the folder, for you "
                "only.") == QMessageBox.StandardButton.Yes
        analysis = self._analysis
        options = DatasetOptions(pseudonymise=pseudonymise,
                                 include_simulated=bool(include_simulated))
        return self._run(folder, lambda target: list(
            export_dataset(analysis, target, options).written))

    def _run(self, target: Path | None, write: Callable[[Path], list[Path]]) -> list[Path]:
        """``write`` to ``target`` (a file or folder; None: the lead cancelled the dialog)."""
        if target is None or self._content is None:
            return []
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            written = write(target)
        except AnnotatorError as error:
            QApplication.restoreOverrideCursor()
            self._failed(str(error))
            return []
        QApplication.restoreOverrideCursor()
        self._done(Path(target) if Path(target).is_dir() else Path(target).parent, written)
        return written

    def _done(self, where: Path, written: list[Path]) -> None:
        self.busy.emit(False)
        self.folder = where
        self.exported.emit(written)
        QMessageBox.information(
            self._parent, "Exported",
            f"Wrote {len(written)} file{'s' if len(written) != 1 else ''} to {where}.")

    def _failed(self, message: str) -> None:
        self.busy.emit(False)
        QMessageBox.critical(self._parent, "Cannot export", message)

    def _crashed(self, info: CrashInfo) -> None:
        self.busy.emit(False)
        report_unexpected_error(*info)

    def _ask_file(self, title: str, name: str, kinds: str) -> Path | None:
        chosen, _ = QFileDialog.getSaveFileName(self._parent, title, str(self.folder / name),
                                                kinds)
        return Path(chosen) if chosen else None

    def _ask_folder(self, title: str) -> Path | None:
        chosen = QFileDialog.getExistingDirectory(self._parent, title, str(self.folder))
        return Path(chosen) if chosen else None


def _write(path: Path, text: str, *, bom: bool = False) -> Path:
    try:
        write_text(path, text, bom=bom)
    except OSError as error:
        raise AnnotatorError(f"The file cannot be written: {error.strerror or error}.",
                             file=path) from error
    return path


def _png(svg: str, path: Path) -> Path:
    render_png(svg, path)
    return path


def _now() -> str:
    return datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
