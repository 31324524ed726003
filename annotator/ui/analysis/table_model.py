"""A :class:`~annotator.reporting.content.Table` as a sortable Qt model.

Cells show their formatted text; sorting uses the raw value (numbers as numbers), with
undefined figures ('n/a') after every number whichever way the column is sorted. The model
sorts itself with one Python ``sorted`` (no proxy calling back into Python per
comparison), so a 15,000-row items table sorts in milliseconds, and filters itself the same
way (:meth:`ContentTableModel.set_filter`): the rows shown are a list of row numbers into
the table, sorted and filtered, and every cell is answered from the table's rows.

An item table given the analysis's :class:`ItemThumbnails` shows each item's picture in its
id cell, asked for only when the row is painted.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QPixmap

from annotator.reporting.content import Cell, Table
from annotator.ui.analysis.thumbnails import ItemThumbnails

Index = QModelIndex | QPersistentModelIndex


class ContentTableModel(QAbstractTableModel):
    def __init__(self, table: Table, parent: QObject | None = None, *,
                 thumbnails: ItemThumbnails | None = None):
        super().__init__(parent)
        self.table = table
        self.thumbnails = thumbnails
        self.thumbnail_height = 0
        """Set by the view to follow its text size (``fit_rows``)."""
        self._sorted = list(range(len(table.rows)))
        """Every row of the table, in the order sorted by the lead."""
        self._order = self._sorted
        """The rows shown: those of ``_sorted`` the filter keeps."""
        self._filter = ""
        self._haystacks: list[str] | None = None  # each row's text columns, made on demand

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._order)

    def set_filter(self, text: str) -> None:
        """Show only the rows whose text cells (an item's id, caption, source) contain
        ``text``, in any case; an empty text shows every row."""
        self._filter = text.strip().casefold()
        self.beginResetModel()
        self._order = self._kept(self._sorted)
        self.endResetModel()

    def _kept(self, rows: list[int]) -> list[int]:
        if not self._filter:
            return rows
        if self._haystacks is None:
            texts = [c for c, spec in enumerate(self.table.columns) if spec.kind == "text"]
            self._haystacks = ["\n".join(self.table.display(row, c) for c in texts).casefold()
                               for row in range(len(self.table.rows))]
        haystacks, needle = self._haystacks, self._filter
        return [row for row in rows if needle in haystacks[row]]

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole
             ) -> str | int | QPixmap | None:
        if not index.isValid():
            return None
        row, column = self._order[index.row()], index.column()
        if self.thumbnails is not None and column == 0 and self.thumbnail_height:
            if role == Qt.ItemDataRole.DecorationRole:  # only rows being painted ask
                return self.thumbnails.picture(str(self.table.rows[row][0]),
                                               self.thumbnail_height)
            if role == Qt.ItemDataRole.AccessibleDescriptionRole:
                return self.thumbnails.caption(str(self.table.rows[row][0]))
        text = self.table.columns[column].kind == "text"
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole) or (
                role == Qt.ItemDataRole.ToolTipRole and text):  # a caption cut short
            return self.table.display(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and not text:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> str | int | None:
        if orientation != Qt.Orientation.Horizontal:
            return str(section + 1) if role == Qt.ItemDataRole.DisplayRole else None
        column = self.table.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.description or column.title
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return column.description
        if role == Qt.ItemDataRole.TextAlignmentRole and column.kind == "text":
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Rows by ``column`` (-1: the table's own order); 'n/a' last either way."""
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        held = [(self._order[i.row()], i.column()) for i in before]
        if column < 0:
            self._sorted = list(range(len(self.table.rows)))
        else:
            descending = order == Qt.SortOrder.DescendingOrder
            rows = self.table.rows
            known = sorted((r for r in range(len(rows)) if rows[r][column] is not None),
                           key=lambda r: _key(rows[r][column]), reverse=descending)
            self._sorted = known + [r for r in range(len(rows)) if rows[r][column] is None]
        self._order = self._kept(self._sorted)
        position = {row: n for n, row in enumerate(self._order)}
        self.changePersistentIndexList(
            before, [self.index(position[row], col) if row in position else QModelIndex()
                     for row, col in held])
        self.layoutChanged.emit()


def _key(value: Cell) -> tuple[int, Cell]:
    """Numbers before text, text without regard to case."""
    if isinstance(value, str):
        return (1, value.casefold())
    return (0, value)
