"""One tab of the pane: a section's summary, charts and tables, top to bottom.

Charts sharing a group (one heatmap per tagger) show one at a time, chosen in a combo box
named by the group. Every chart and table has its save buttons right below it; a chart
whose figures are in no table of the tab has a "Data as a table" button that shows them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from annotator.reporting.content import Chart, Section, Table
from annotator.ui.analysis.table_model import ContentTableModel
from annotator.ui.analysis.thumbnails import (
    ROW_MARGIN,
    ItemThumbnails,
    thumbnail_height,
    thumbnail_width,
)
from annotator.ui.focus_ring import CELL_RING_WIDTH
from annotator.ui.named import named
from annotator.ui.widgets.chart_view import ChartView
from annotator.ui.widgets.choice_box import ChoiceBox
from annotator.ui.widgets.keyboard_table import keyboard_table

SaveTable = Callable[[Table], object]
SaveChart = Callable[[Chart, str], object]
TEXT_COLUMN_CHARS = 48
"""Widest a text column starts (a caption): the rest of its text is in its tooltip and
the exports."""
TABLE_ROWS_SHOWN = 14
"""A table taller than this scrolls inside its own view, so the tab stays readable."""
PICTURE_ROWS_SHOWN = 8
"""The same for a table with a picture in each row (its rows are taller)."""


class SectionView(QScrollArea):
    """Refits its tables when the text size changes (View ▸ Larger text)."""

    def __init__(self, section: Section, *, save_table: SaveTable, save_chart: SaveChart,
                 thumbnails: ItemThumbnails | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.section = section
        self._thumbnails = thumbnails
        self.tables: dict[str, QTableView] = {}
        self.setObjectName(f"section_{section.name}")
        self.setAccessibleName(f"{section.title} tab")
        self.setWidgetResizable(True)
        self._save_table, self._save_chart = save_table, save_chart
        body = QWidget()
        self._layout = QVBoxLayout(body)
        for line in section.summary:
            self._layout.addWidget(summary_label(line))
        if section.tables_first:
            self._add_tables()
        self._add_charts()
        if not section.tables_first:
            self._add_tables()
        self._layout.addStretch(1)
        self.setWidget(body)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            for view in self.tables.values():
                table = shown_table(view)
                fit_columns(view, table)
                fit_height(view, min(len(table.rows), TABLE_ROWS_SHOWN))

    def _add_tables(self) -> None:
        for table in self.section.tables:
            self.tables[table.name] = self._add_table(table)

    def _add_charts(self) -> None:
        grouped: dict[str, list[Chart]] = {}
        for chart in self.section.charts:
            if chart.group:
                grouped.setdefault(chart.group, []).append(chart)
            else:
                self._add_chart(chart)
        for group, charts in grouped.items():
            self._add_chart_chooser(group, charts)

    def _add_chart(self, chart: Chart) -> ChartView:
        view = ChartView()
        view.set_chart(chart)
        self._layout.addWidget(view)
        self._layout.addLayout(self._chart_buttons(lambda: chart, chart.title))
        if chart.data is not None:
            self._add_chart_data(lambda: chart, chart.title)
        return view

    def _add_chart_chooser(self, group: str, charts: list[Chart]) -> None:
        chooser = ChoiceBox()
        chooser.setObjectName(f"choose_{group}")
        chooser.setAccessibleName(f"{group} whose chart is shown")
        for chart in charts:
            chooser.addItem(chart.title)
        label = QLabel(f"&{group}:")
        label.setBuddy(chooser)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(chooser)
        row.addStretch(1)
        self._layout.addLayout(row)
        view = ChartView()
        view.set_chart(charts[0])
        chooser.currentIndexChanged.connect(lambda n: view.set_chart(charts[n]))
        self._layout.addWidget(view)
        self._layout.addLayout(self._chart_buttons(lambda: charts[chooser.currentIndex()],
                                                   f"of the {group} shown"))
        if all(chart.data is not None for chart in charts):
            data = self._add_chart_data(lambda: charts[chooser.currentIndex()],
                                        f"of the {group} shown")
            chooser.currentIndexChanged.connect(data)

    def _add_chart_data(self, current: Callable[[], Chart], which: str) -> Callable[[], None]:
        """A button that shows (and hides) the chart's figures as a table below it, for
        whoever cannot see the chart; returns what refills the table for another chart."""
        button = QPushButton("Data as a table")
        button.setAccessibleName(f"Data of the chart {which} as a table")
        button.setCheckable(True)  # pressed: the table is shown
        row = QHBoxLayout()
        row.addWidget(button)
        row.addStretch(1)
        self._layout.addLayout(row)
        holder = QVBoxLayout()
        self._layout.addLayout(holder)

        def refill() -> None:
            while (old := holder.takeAt(0)) is not None:
                widget = old.widget()
                if widget is not None:
                    widget.deleteLater()
            if button.isChecked():
                data = current().data
                assert data is not None
                view = table_view(data, self._thumbnails)
                fit_height(view, min(len(data.rows), TABLE_ROWS_SHOWN))
                holder.addWidget(view)
                view.show()  # now, not once the layout gets to it: Tab may come at once
                QWidget.setTabOrder(button, view)  # Tab goes from the button to its table

        button.toggled.connect(lambda _shown: refill())
        return refill

    def _chart_buttons(self, current: Callable[[], Chart], which: str) -> QHBoxLayout:
        """'Save chart as PNG…' and '…SVG…', named for screen readers by ``which`` chart."""
        row = QHBoxLayout()
        for kind in ("png", "svg"):
            button = QPushButton(f"Save chart as {kind.upper()}…")
            button.setAccessibleName(f"Save chart {which} as {kind.upper()}")
            button.clicked.connect(lambda _=False, k=kind: self._save_chart(current(), k))
            row.addWidget(button)
        row.addStretch(1)
        return row

    def _add_table(self, table: Table) -> QTableView:
        title = QLabel(table.title)
        font = QFont(title.font())
        font.setBold(True)
        title.setFont(font)
        self._layout.addWidget(title)
        if table.description:
            self._layout.addWidget(summary_label(table.description))
        view = table_view(table, self._thumbnails)
        fit_height(view, min(len(table.rows), TABLE_ROWS_SHOWN))
        if is_item_table(table):
            self._layout.addLayout(filter_row(view, table))
        self._layout.addWidget(view)
        self._layout.addLayout(save_table_row(lambda: table, self._save_table))
        return view


def is_item_table(table: Table) -> bool:
    """A table with a row per item (the Items and Coverage tabs'): thousands of rows at a
    panel's scale, so it gets a filter box."""
    return bool(table.columns) and table.columns[0].key == "item_id"


FILTER_DELAY_MS = 150
"""Typing pauses this long before the rows are filtered: one filter per word typed, not
per key, on a 15,646-item table."""


def filter_row(view: QTableView, table: Table) -> QHBoxLayout:
    """'Find items:' and a box that keeps the rows of ``view`` whose id or text contains
    what is typed, with how many rows are shown."""
    model = view.model()
    assert isinstance(model, ContentTableModel)
    box = named(QLineEdit(), f"filter_{table.name}")
    box.setAccessibleName("Find items")
    box.setPlaceholderText("part of an item's id or caption")
    box.setClearButtonEnabled(True)
    box.setMinimumWidth(16 * box.fontMetrics().averageCharWidth())  # not "p…" at 200 % text
    label = QLabel("Find items:")
    label.setBuddy(box)
    shown = named(QLabel(_rows_shown(len(table.rows), len(table.rows))), f"shown_{table.name}")
    timer = QTimer(box)
    timer.setSingleShot(True)
    timer.setInterval(FILTER_DELAY_MS)

    def apply() -> None:
        timer.stop()  # Enter filters at once
        model.set_filter(box.text())
        shown.setText(_rows_shown(model.rowCount(), len(table.rows)))

    timer.timeout.connect(apply)
    box.textChanged.connect(lambda _text: timer.start())
    box.returnPressed.connect(apply)
    row = QHBoxLayout()
    row.addWidget(label)
    row.addWidget(box, 1)
    row.addWidget(shown)
    return row


def _rows_shown(shown: int, total: int) -> str:
    return f"{total:,} items" if shown == total else f"{shown:,} of {total:,} items"


def save_table_row(current: Callable[[], Table], save: SaveTable) -> QHBoxLayout:
    """A 'Save table as CSV…' button (left-aligned) for the table ``current`` returns."""
    button = QPushButton("Save table as CSV…")
    button.setAccessibleName(f"Save the table {current().title} as CSV")
    button.clicked.connect(lambda: save(current()))
    row = QHBoxLayout()
    row.addWidget(button)
    row.addStretch(1)
    return row


def summary_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                  | Qt.TextInteractionFlag.TextSelectableByKeyboard)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def table_view(table: Table, thumbnails: ItemThumbnails | None = None) -> QTableView:
    """A read-only, sortable view of ``table``, named for screen readers. An item table
    given ``thumbnails`` shows each item's picture by its id and its caption beside it."""
    view = QTableView()
    view.setObjectName(f"table_{table.name}")
    view.setAccessibleName(table.title)
    view.setAccessibleDescription(table.description)
    if thumbnails is not None and is_item_table(table):
        table = thumbnails.captioned(table)
        view.setModel(ContentTableModel(table, view, thumbnails=thumbnails))
        caption = next(c for c, spec in enumerate(table.columns) if spec.key == "caption")
        header = view.horizontalHeader()  # on screen beside the id; exports keep their order
        header.moveSection(header.visualIndex(caption), 1)
        thumbnails.arrived.connect(view.viewport().update)
    else:
        view.setModel(ContentTableModel(table, view))
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    view.setSortingEnabled(True)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    keyboard_table(view)
    fit_rows(view)
    fit_columns(view, table)
    return view


def shown_table(view: QTableView) -> Table:
    """The table ``view`` shows (an item table with its caption column added)."""
    model = view.model()
    assert isinstance(model, ContentTableModel)
    return model.table


def _thumbnails_of(view: QTableView) -> ItemThumbnails | None:
    model = view.model()
    return model.thumbnails if isinstance(model, ContentTableModel) else None


def fit_rows(view: QTableView) -> None:
    """Rows as tall as the current text size needs, and as its pictures (which grow with
    the text)."""
    height = view.fontMetrics().height() + 12
    model = view.model()
    if isinstance(model, ContentTableModel) and model.thumbnails is not None:
        model.thumbnail_height = thumbnail_height(view)
        height = max(height, model.thumbnail_height + ROW_MARGIN)
    view.verticalHeader().setDefaultSectionSize(height)


def fit_height(view: QTableView, rows: int) -> None:
    """Show ``rows`` rows at the current text size (the rest scroll)."""
    fit_rows(view)
    if _thumbnails_of(view) is not None:
        rows = min(rows, PICTURE_ROWS_SHOWN)
    header = view.horizontalHeader().sizeHint().height()
    view.setFixedHeight(header + view.verticalHeader().defaultSectionSize() * rows + 6)


def fit_columns(view: QTableView, table: Table) -> None:
    """Columns as wide as their header and a sample of their cells (a text column at most
    TEXT_COLUMN_CHARS wide, its header on the left, so a long caption does not push its
    name out of sight); a last text column (notes, captions) takes the rest, otherwise the
    view is no wider than its columns (numbers stay by their names).

    Qt's resizeColumnsToContents asks the model for every cell: ~154,000 calls into Python
    for a 15,646-item table, half a second with the window frozen. The sample is measured
    from the table's own text, without the model.
    """
    metrics = view.fontMetrics()
    padding = 2 * metrics.averageCharWidth() + 2 * CELL_RING_WIDTH
    widest = TEXT_COLUMN_CHARS * metrics.averageCharWidth()
    header = view.horizontalHeader()
    rows = sample_rows(len(table.rows))
    picture = (thumbnail_width(thumbnail_height(view)) + metrics.averageCharWidth()
               if _thumbnails_of(view) is not None else 0)
    for column, spec in enumerate(table.columns):
        cells = max((metrics.horizontalAdvance(table.display(row, column)) for row in rows),
                    default=0) + (picture if column == 0 else 0)
        width = max(header.sectionSizeFromContents(column).width(), cells + padding)
        view.setColumnWidth(column, min(width, widest) if spec.kind == "text" else width)
    last_is_text = bool(table.columns) and table.columns[
        header.logicalIndex(len(table.columns) - 1)].kind == "text"  # as shown
    header.setStretchLastSection(last_is_text)
    if not last_is_text:
        width = header.length() + 2 * view.frameWidth()
        view.setMaximumWidth(width + view.verticalScrollBar().sizeHint().width())


SAMPLED_ROWS = 200
"""Rows measured for a column's width: a longer table's first half-sample and the rest
spread evenly over it (numbers of one column are formatted alike)."""


def sample_rows(n_rows: int) -> range | list[int]:
    """The rows of an ``n_rows`` table whose cells set the column widths."""
    if n_rows <= SAMPLED_ROWS:
        return range(n_rows)
    half = SAMPLED_ROWS // 2
    step = (n_rows - half) / half
    return [*range(half), *(half + int(n * step) for n in range(half))]
