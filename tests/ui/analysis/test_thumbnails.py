"""The lead's item tables show each item's picture by its id and its caption beside it,
decoded off the GUI thread for the rows on screen only; a missing or unreadable image is a
grey box saying so, never a dialog; without the project folder there are none."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPixmap
from PySide6.QtWidgets import QApplication, QDialog, QTableView

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.analysis.thumbnails import (
    MISSING,
    ROW_MARGIN,
    UNREADABLE,
    placeholder,
    thumbnail_width,
)
from tests.analysis.sessions import rate, session
from tests.ui.conftest import open_pane

DECORATION = Qt.ItemDataRole.DecorationRole


@pytest.fixture
def planned_folder(make_project_folder) -> Path:
    """Eight items (photo N is coloured (20·N, 90, 160)), planned for two taggers who rated
    them all."""
    folder = make_project_folder(8)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--taggers", "ana,ben",
                 "--seed", "1"]) == 0
    for name in ("ana", "ben"):
        store = session(folder, f"lab-{name}")
        for i in range(8):
            rate(store, name, f"item{i:03d}", 1 + (i + len(name)) % 5)
        store.close()
    return folder


def header_titles(view: QTableView) -> list[str]:
    """The column titles left to right as shown."""
    header, model = view.horizontalHeader(), view.model()
    return [model.headerData(header.logicalIndex(v), Qt.Orientation.Horizontal)
            for v in range(header.count())]


def picture(qtbot, view: QTableView, row: int) -> QPixmap:
    """The id cell's picture once decoded (a grey box until then)."""
    model = view.model()
    thumbnails = model.thumbnails
    qtbot.waitUntil(lambda: model.index(row, 0).data(DECORATION) is not None
                    and not thumbnails.busy(), timeout=10_000)
    return model.index(row, 0).data(DECORATION)


def colour_at_centre(pixmap: QPixmap) -> tuple[int, int, int, int]:
    image = pixmap.toImage()
    colour = image.pixelColor(image.width() // 2, image.height() // 2)
    return colour.red(), colour.green(), colour.blue(), colour.alpha()


def near(got: tuple[int, ...], expected: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(got, expected, strict=True))


def item_colour(item_id: str) -> tuple[int, int, int, int]:
    """Photo N's colour, opaque."""
    return int(item_id.removeprefix("item")) * 20 % 255, 90, 160, 255


def test_items_and_coverage_show_each_items_photo_and_caption_beside_its_id(
        qtbot, planned_folder: Path) -> None:
    pane = open_pane(qtbot, planned_folder)
    captions = {i.item_id: i.caption for i in open_project(planned_folder).items}
    for view in (pane.show_section("items").items_view,
                 pane.show_section("coverage").tables["coverage_items"]):
        assert header_titles(view)[:2] == ["Item", "Caption"]
        model = view.model()
        caption = next(c for c in range(model.columnCount())
                       if model.headerData(c, Qt.Orientation.Horizontal) == "Caption")
        for row in range(model.rowCount()):
            item_id = model.index(row, 0).data()
            assert model.index(row, caption).data() == captions[item_id]
            assert model.index(row, 0).data(
                Qt.ItemDataRole.AccessibleDescriptionRole) == captions[item_id]
            assert model.index(row, 0).data(Qt.ItemDataRole.AccessibleTextRole) == item_id
        shown = picture(qtbot, view, 0)
        assert shown.deviceIndependentSize().height() == model.thumbnail_height
        assert near(colour_at_centre(shown), item_colour(model.index(0, 0).data()))
        assert view.columnWidth(0) > thumbnail_width(model.thumbnail_height)
    section = pane.section_view("coverage").section  # what the tab saves as CSV is unchanged
    assert [c.key for c in section.tables[1].columns] == [
        "item_id", "ratings", "target", "given", "waiting"]


def test_a_missing_or_unreadable_image_is_a_grey_box_saying_so_and_no_dialog(
        qtbot, planned_folder: Path) -> None:
    (planned_folder / "images" / "photo000.jpg").unlink()
    (planned_folder / "images" / "photo001.jpg").write_bytes(b"not a jpeg at all")
    pane = open_pane(qtbot, planned_folder)
    view = pane.show_section("items").items_view
    model = view.model()
    rows = {model.index(r, 0).data(): r for r in range(model.rowCount())}
    ratio = QApplication.instance().devicePixelRatio()
    for item_id, text in (("item000", MISSING), ("item001", UNREADABLE)):
        expected = placeholder(model.thumbnail_height, ratio, text).toImage()
        qtbot.waitUntil(lambda i=item_id, e=expected: model.index(rows[i], 0).data(
            DECORATION).toImage() == e, timeout=10_000)
    assert MISSING != UNREADABLE and placeholder(40, 1.0, MISSING).toImage() != placeholder(
        40, 1.0, "").toImage()  # the words are drawn
    assert not [w for w in QApplication.topLevelWidgets()
                if isinstance(w, QDialog) and w.isVisible()]


def test_an_image_over_the_projects_pixel_limit_is_not_decoded(qtbot, planned_folder: Path
                                                               ) -> None:
    manifest = planned_folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + "\n[images]\nmax_megapixels = 0.001\n", encoding="utf-8")
    assert open_project(planned_folder).max_pixels < 64 * 48  # every photo is over it
    pane = open_pane(qtbot, planned_folder)
    view = pane.show_section("items").items_view
    shown = picture(qtbot, view, 0)
    expected = placeholder(view.model().thumbnail_height,
                           QApplication.instance().devicePixelRatio(), UNREADABLE)
    assert shown.toImage() == expected.toImage()


def test_only_the_rows_on_screen_are_decoded(qtbot, make_project_folder) -> None:
    folder = make_project_folder(80)
    for name in ("ana", "ben"):
        store = session(folder, f"lab-{name}")
        for i in range(80):
            rate(store, name, f"item{i:03d}", 1 + (i * 7 + len(name)) % 5)
        store.close()
    pane = AnalysisPane(folder)
    qtbot.addWidget(pane)
    pane.resize(1000, 500)
    pane.show()
    with qtbot.waitSignal(pane.ready, timeout=60_000):
        pass
    view = pane.show_section("items").items_view
    thumbnails = view.model().thumbnails
    qtbot.waitUntil(lambda: len(thumbnails.kept()) > 0 and not thumbnails.busy(),
                    timeout=10_000)
    on_screen = view.rowAt(view.viewport().height() - 1) + 1 or view.model().rowCount()
    assert 0 < len(thumbnails.kept()) <= on_screen < 80
    view.scrollToBottom()
    photo = view.model().index(79, 0).data().replace("item", "photo")
    last = str(folder / "images" / f"{photo}.jpg")
    qtbot.waitUntil(lambda: last in thumbnails.kept(), timeout=10_000)


def test_larger_text_makes_taller_rows_and_pictures(qtbot, planned_folder: Path) -> None:
    pane = open_pane(qtbot, planned_folder)
    view = pane.show_section("items").items_view
    model = view.model()
    small = picture(qtbot, view, 0).deviceIndependentSize().height()
    assert view.verticalHeader().defaultSectionSize() == small + ROW_MARGIN
    font = QFont(pane.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    pane.setFont(font)  # as View ▸ Larger text does
    qtbot.waitUntil(lambda: model.thumbnail_height >= 2 * view.fontMetrics().height() > small)
    large = picture(qtbot, view, 0)
    assert large.deviceIndependentSize().height() == model.thumbnail_height
    assert view.verticalHeader().defaultSectionSize() == model.thumbnail_height + ROW_MARGIN


def test_without_the_project_folder_there_are_no_pictures_and_no_errors(
        qtbot, planned_folder: Path, tmp_path: Path) -> None:
    alone = tmp_path / "alone" / "lab-ana.sqlite"
    alone.parent.mkdir()
    shutil.copy(open_project(planned_folder).sessions_dir / "lab-ana.sqlite", alone)
    pane = open_pane(qtbot, alone)
    assert pane.thumbnails is None
    view = pane.show_section("items").items_view
    model = view.model()
    assert model.rowCount() == 8 and "Caption" not in header_titles(view)
    assert all(model.index(r, 0).data(DECORATION) is None for r in range(model.rowCount()))
