"""The Items tab: every item, the most disputed first; choosing one shows its image,
caption and every rating with the tagger's name (the pane is the lead's, not a tagger's),
and, where the rubric asks for free text, the notes written on it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSplitter, QTableView, QVBoxLayout, QWidget

from annotator.reporting.content import Section, Table
from annotator.reporting.sections.items import ItemDetail
from annotator.ui.analysis.section_view import (
    SaveTable,
    filter_row,
    fit_columns,
    fit_rows,
    save_table_row,
    shown_table,
    summary_label,
    table_view,
)
from annotator.ui.analysis.table_model import ContentTableModel
from annotator.ui.analysis.thumbnails import ItemThumbnails
from annotator.ui.image_loader import ImageLoader
from annotator.ui.widgets.image_view import ImageView
from annotator.ui.widgets.keyboard_table import keyboard_table


class ItemsView(QSplitter):
    def __init__(self, section: Section, detail: Callable[[str], ItemDetail],
                 save_table: SaveTable, thumbnails: ItemThumbnails | None = None,
                 parent: QWidget | None = None, *, notes: bool = False):
        """``notes``: the rubric asks for free text, so each item's notes are listed."""
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("section_items")
        self.setAccessibleName("Items tab")
        self._detail = detail
        self._save_table = save_table
        self.shown: ItemDetail | None = None
        left = QWidget()
        left_layout = QVBoxLayout(left)
        for line in section.summary:
            left_layout.addWidget(summary_label(line))
        (items,) = section.tables
        self._items = items
        self.items_view = table_view(items, thumbnails)
        left_layout.addLayout(filter_row(self.items_view, items))
        left_layout.addWidget(self.items_view, 1)
        left_layout.addLayout(save_table_row(lambda: items, save_table))
        self.addWidget(left)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        self.image = ImageView(ImageLoader(self))
        self.image.setMinimumSize(320, 240)
        self.image.show_message("Choose an item in the list.")
        right_layout.addWidget(self.image, 3)
        self.caption = summary_label("")
        self.caption.setAccessibleDescription("Caption of the chosen item")
        right_layout.addWidget(self.caption)
        self.ratings_title = QLabel("")
        right_layout.addWidget(self.ratings_title)
        self.ratings_view = detail_table("item_ratings", "Every rating of the chosen item")
        right_layout.addWidget(self.ratings_view, 2)
        self.notes_title = QLabel("")
        self.notes_view = detail_table("item_notes", "Notes on the chosen item, by tagger "
                                                     "and question")
        if notes:
            right_layout.addWidget(self.notes_title)
            right_layout.addWidget(self.notes_view, 1)
        else:
            self.notes_title.hide()
            self.notes_view.hide()
        self.save_ratings = QPushButton("Save this item's ratings as CSV…")
        self.save_ratings.setEnabled(False)
        self.save_ratings.clicked.connect(self._save_shown_ratings)
        right_layout.addWidget(self.save_ratings, 0, Qt.AlignmentFlag.AlignLeft)
        self.addWidget(right)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.items_view.selectionModel().currentRowChanged.connect(self._on_current)

    def changeEvent(self, event: QEvent) -> None:
        """Rows and columns refitted to a new text size (View ▸ Larger text)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            fit_rows(self.items_view)
            fit_columns(self.items_view, shown_table(self.items_view))
            fit_rows(self.ratings_view)
            fit_rows(self.notes_view)
            if self.shown is not None:
                fit_columns(self.ratings_view, self.shown.ratings)
                fit_columns(self.notes_view, self.shown.notes)

    def show_item(self, row: int) -> None:
        """Choose the item in ``row`` of the list as sorted on screen."""
        self.items_view.setCurrentIndex(self.items_view.model().index(row, 0))

    def _save_shown_ratings(self) -> None:
        if self.shown is not None:  # the button is enabled once an item is shown
            self._save_table(self.shown.ratings)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        item_id = current.siblingAtColumn(0).data()
        detail = self._detail(item_id)
        self.shown = detail
        self.caption.setText(f"Caption: {detail.caption}" if detail.caption else
                             "Caption: not available without the project folder.")
        self.ratings_title.setText(f"{detail.ratings.title} ({len(detail.ratings.rows)}):")
        show_table(self.ratings_view, detail.ratings)
        self.notes_title.setText(f"{detail.notes.title} ({len(detail.notes.rows)}):")
        show_table(self.notes_view, detail.notes)
        self.save_ratings.setEnabled(True)
        if detail.image is None:
            self.image.show_message("No image: the project folder was not found.")
        else:
            self.image.show_path(detail.image,
                                 description=f"Photo of the chosen item, {detail.item_id}")



def detail_table(name: str, spoken: str) -> QTableView:
    """A sortable table of the chosen item, used from the keyboard alone."""
    view = QTableView()
    view.setObjectName(name)
    view.setAccessibleName(spoken)
    view.setSortingEnabled(True)
    view.verticalHeader().hide()
    keyboard_table(view)
    return view


def show_table(view: QTableView, table: Table) -> None:
    """``table`` in ``view``, unsorted, in place of what it showed."""
    old = view.model()
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    view.setModel(ContentTableModel(table, view))
    if old is not None:
        old.deleteLater()
    fit_columns(view, table)
