"""A :class:`~annotator.reporting.content.Table` as a sortable Qt model.

Cells show their formatted text; sorting uses the raw value (numbers as numbers), with
undefined figures ('n/a') after every number whichever way the column is sorted.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from annotator.reporting.content import Table

SORT_ROLE = Qt.ItemDataRole.UserRole
Index = QModelIndex | QPersistentModelIndex


class ContentTableModel(QAbstractTableModel):
    def __init__(self, table: Table, parent=None):
        super().__init__(parent)
        self.table = table

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.table.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.table.display(row, column)
        if role == SORT_ROLE:
            return self.table.rows[row][column]
        if role == Qt.ItemDataRole.TextAlignmentRole and self.table.columns[column].kind != "text":
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return str(section + 1) if role == Qt.ItemDataRole.DisplayRole else None
        column = self.table.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.description or column.title
        return None


class ContentSortProxy(QSortFilterProxyModel):
    """Sorts by raw values; 'n/a' last in either order."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if a is None or b is None:
            descending = self.sortOrder() == Qt.SortOrder.DescendingOrder
            return (a is None) == descending and a is not b
        if isinstance(a, str) or isinstance(b, str):
            return str(a).casefold() < str(b).casefold()
        return a < b


def sortable(table: Table, parent=None) -> ContentSortProxy:
    """A proxy over a model of ``table``, ready for a QTableView with sorting on."""
    proxy = ContentSortProxy(parent)
    proxy.setSourceModel(ContentTableModel(table, proxy))
    return proxy
