"""Tables of a panel's size (15,646 items at VICR scale): column widths come from the header
and a sample of rows, not from a pass over every cell through the Python model, and every
item table has a filter box."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit

from annotator.reporting.content import Column, Section, Table
from annotator.ui.analysis.items_view import ItemsView
from annotator.ui.analysis.section_view import SectionView, table_view
from annotator.ui.analysis.table_model import ContentTableModel

N_ROWS = 6_000


def item_table(name: str = "items") -> Table:
    rows = [(f"item-{n:05d}", n % 7 + 0.25, f"a photo of thing {n}") for n in range(N_ROWS)]
    rows[1] = ("item-00001", 1.5, "the longest caption of them all, which the column fits")
    return Table(name, "Items", (Column("item_id", "Item"), Column("mean", "Mean", "number"),
                                 Column("caption", "Caption")), tuple(rows))


def test_column_widths_do_not_ask_the_model_for_every_cell(qtbot, monkeypatch) -> None:
    calls = 0
    answer = ContentTableModel.data

    def counted(self, index, role=Qt.ItemDataRole.DisplayRole):
        nonlocal calls
        calls += 1
        return answer(self, index, role)

    monkeypatch.setattr(ContentTableModel, "data", counted)
    table = item_table()
    view = table_view(table)
    qtbot.addWidget(view)
    assert calls < N_ROWS  # Qt's resizeColumnsToContents asks for every row's cells
    metrics = view.fontMetrics()
    assert view.columnWidth(0) > metrics.horizontalAdvance("item-00001")
    assert view.columnWidth(2) > metrics.horizontalAdvance(table.display(1, 2))


def test_the_items_tab_filters_by_id_or_caption_and_keeps_the_sort(qtbot) -> None:
    section = Section(name="items", title="Items", summary=(), tables=(item_table(),))
    view = ItemsView(section, lambda _item: None, print)  # type: ignore[arg-type,return-value]
    qtbot.addWidget(view)
    box = view.findChild(QLineEdit, "filter_items")
    count = view.findChild(QLabel, "shown_items")
    assert box.accessibleName() == "Find items" and count.text() == f"{N_ROWS:,} items"
    model = view.items_view.model()
    view.items_view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    qtbot.keyClicks(box, "THING 12")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    ids = [model.index(r, 0).data() for r in range(model.rowCount())]
    expected = sorted((f"item-{n:05d}" for n in range(N_ROWS)
                       if "thing 12" in f"a photo of thing {n}"), reverse=True)
    assert ids == expected and count.text() == f"{len(expected):,} of {N_ROWS:,} items"
    view.items_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == expected[::-1]
    box.clear()
    qtbot.waitUntil(lambda: model.rowCount() == N_ROWS)
    assert count.text() == f"{N_ROWS:,} items"


def test_a_coverage_table_of_items_gets_a_filter_box_and_others_do_not(qtbot) -> None:
    shares = Table("coverage", "Shares", (Column("share", "Share"),), (("all",),))
    section = Section(name="coverage", title="Coverage", summary=(),
                      tables=(shares, item_table("coverage_items")))
    view = SectionView(section, save_table=print, save_chart=print)
    qtbot.addWidget(view)
    assert [box.objectName() for box in view.findChildren(QLineEdit)] == [
        "filter_coverage_items"]
