"""The Paper tables tab: a chooser of the paper, and that paper's tables below it.

The tab opens on the tables of the project's paper (computed with the analysis). Another
paper's tables are laid out off the GUI thread (:class:`BackgroundJob`: a paper's bootstrap
takes seconds at a panel's scale) behind a progress line, and kept, so choosing a paper
again shows its tables at once. The tables themselves are a :class:`SectionView`: data
tables with their titles, methods and a "Save table as CSV…" button each.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QVBoxLayout, QWidget

from annotator.analysis.paper_tables import PAPER_TITLES
from annotator.analysis.pipeline import Analysis
from annotator.reporting.content import Section
from annotator.reporting.sections.paper_tables import SECTION, paper_section
from annotator.ui.analysis.section_view import SaveChart, SaveTable, SectionView
from annotator.ui.background_job import BackgroundJob, CrashInfo
from annotator.ui.error_report import report_unexpected_error
from annotator.ui.named import named
from annotator.ui.widgets.choice_box import ChoiceBox


class PaperTablesView(QWidget):
    """``shown`` fires with the paper's name (``vicr``…) when its tables are on screen."""

    shown = Signal(str)

    def __init__(self, section: Section, analysis: Analysis, paper: str, *,
                 save_table: SaveTable, save_chart: SaveChart, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(f"section_{SECTION}")
        self.setAccessibleName("Paper tables tab")
        self._analysis = analysis
        self._save_table, self._save_chart = save_table, save_chart
        self._laid_out: dict[str, Section] = {paper: section}
        self._job: BackgroundJob | None = None
        self.paper = paper
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.chooser = named(ChoiceBox(), "choosePaper")
        self.chooser.setAccessibleName("Paper whose tables are shown")
        for name, title in PAPER_TITLES.items():
            self.chooser.addItem(title, name)
        self.chooser.setCurrentIndex(list(PAPER_TITLES).index(paper))
        label = QLabel("&Paper:")
        label.setBuddy(self.chooser)
        row = QHBoxLayout()
        row.setContentsMargins(9, 9, 9, 0)
        row.addWidget(label)
        row.addWidget(self.chooser)
        row.addStretch(1)
        layout.addLayout(row)
        self.tables: QWidget = self._tables_view(section)
        layout.addWidget(self.tables, 1)
        self.chooser.currentIndexChanged.connect(self._choose)

    def _choose(self, index: int) -> None:
        """Show the chosen paper's tables: at once if laid out before, else once computed."""
        paper = str(self.chooser.itemData(index))
        self.paper = paper
        if paper in self._laid_out:
            self._job = None  # a job still running for another paper is shown nowhere
            self._replace(self._tables_view(self._laid_out[paper]))
            self.shown.emit(paper)
            return
        self._replace(self._waiting(f"Laying out the tables of {PAPER_TITLES[paper]}…"))
        analysis = self._analysis
        job = BackgroundJob(lambda _progress: (paper, paper_section(analysis, paper)))
        job.finished.connect(self._laid)
        job.failed.connect(self._failed)
        job.crashed.connect(self._crashed)
        self._job = job
        job.start()

    def _superseded(self) -> bool:
        """A job for a paper no longer chosen is shown nowhere (its tables are kept)."""
        return self.sender() is not self._job

    def _laid(self, result: tuple[str, Section]) -> None:
        paper, section = result
        self._laid_out[paper] = section
        if not self._superseded():
            self._job = None
            self._replace(self._tables_view(section))
            self.shown.emit(paper)

    def _failed(self, message: str) -> None:
        if not self._superseded():
            self._replace(self._waiting(f"These tables cannot be laid out:\n\n{message}",
                                        busy=False))

    def _crashed(self, info: CrashInfo) -> None:
        self._failed(f"Something unexpected went wrong: {info[1]}")
        report_unexpected_error(*info)

    def _tables_view(self, section: Section) -> SectionView:
        view = SectionView(section, save_table=self._save_table, save_chart=self._save_chart)
        view.setObjectName("paperTablesShown")  # the tab itself is section_paper_tables
        view.setAccessibleName(f"Tables of {PAPER_TITLES[self.paper]}")
        return view

    def _waiting(self, text: str, *, busy: bool = True) -> QWidget:
        page = named(QWidget(), "paperTablesWaiting")
        layout = QVBoxLayout(page)
        status = named(QLabel(text), "paperTablesStatus")
        status.setWordWrap(True)
        status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(status)
        if busy:
            progress = QProgressBar()
            progress.setRange(0, 0)
            progress.setAccessibleName("Paper tables being laid out")
            progress.setMaximumWidth(480)
            layout.addWidget(progress)
        layout.addStretch(1)
        return page

    def _replace(self, widget: QWidget) -> None:
        """``widget`` where the tables (or the waiting line) were."""
        layout = self.layout()
        assert layout is not None
        layout.replaceWidget(self.tables, widget)
        self.tables.setParent(None)  # out of the window (and its focus chain) at once
        self.tables.deleteLater()
        self.tables = widget
        widget.show()
        QWidget.setTabOrder(self.chooser, widget)  # Tab goes from the chooser to the tables
