"""Tables used from the keyboard alone: Tab leaves them (the arrow keys move inside), the
current cell has a ring, and a sortable table sorts and explains its columns by keys.

Qt's headers take no focus, so sorting and the columns' definitions (the header
tooltips) were for the mouse only; here they are actions of the table itself, in its
context menu (the Menu key) and on their own shortcuts while the table has the focus.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QTableView

from annotator.ui.actions import COLUMNS_HELP_KEY, SORT_KEY
from annotator.ui.focus_ring import ring_cells
from annotator.ui.named import named

COLUMNS_HELP_TITLE = "What do these columns mean?"


def keyboard_table(view: QTableView) -> None:
    """Tab and Shift+Tab leave ``view``; its current cell is ringed; when it sorts, its
    sort and column-help actions are added."""
    view.setTabKeyNavigation(False)
    ring_cells(view)
    if not view.isSortingEnabled():
        return
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    for name, text, shortcut, handler in (
        ("sortByColumn", "&Sort by this column (again: reverse)", SORT_KEY,
         lambda: sort_by_current_column(view)),
        ("explainColumns", f"&{COLUMNS_HELP_TITLE}", COLUMNS_HELP_KEY,
         lambda: explain_columns(view)),
    ):
        action = named(QAction(text, view), name)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        action.triggered.connect(handler)
        view.addAction(action)


def sort_by_current_column(view: QTableView) -> None:
    """Sort by the current cell's column, ascending; the same column again: the other way
    round. Said to a screen reader, since the header's arrow is only seen."""
    model = view.model()
    if model is None or model.columnCount(QModelIndex()) == 0:
        return
    column = max(0, view.currentIndex().column())
    header = view.horizontalHeader()
    ascending = Qt.SortOrder.AscendingOrder
    order = ascending
    if header.sortIndicatorSection() == column and header.sortIndicatorOrder() == ascending:
        order = Qt.SortOrder.DescendingOrder
    view.sortByColumn(column, order)
    title = model.headerData(column, Qt.Orientation.Horizontal)
    way = "ascending" if order == ascending else "descending"
    QAccessible.updateAccessibility(
        QAccessibleAnnouncementEvent(view, f"Sorted by {title}, {way}."))


def column_definitions(view: QTableView) -> list[str]:
    """'Title: what it means' for each column of ``view`` (its header's description)."""
    model = view.model()
    if model is None:
        return []
    lines = []
    for column in range(model.columnCount(QModelIndex())):
        title = model.headerData(column, Qt.Orientation.Horizontal)
        meaning = model.headerData(column, Qt.Orientation.Horizontal,
                                   Qt.ItemDataRole.AccessibleDescriptionRole)
        lines.append(f"{title}: {meaning}" if meaning else f"{title}")
    return lines


def explain_columns(view: QTableView) -> QMessageBox:
    """The columns' definitions in a message box read with the keyboard (Esc closes)."""
    box = QMessageBox(QMessageBox.Icon.Information, COLUMNS_HELP_TITLE,
                      "\n".join(column_definitions(view)), QMessageBox.StandardButton.Close,
                      view)
    box.setObjectName("columnsHelp")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
