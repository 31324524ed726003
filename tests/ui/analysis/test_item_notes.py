"""The Items tab lists the notes (free-text answers) on the chosen item, per tagger and
question, from the analysis; reachable by Tab and passing the accessibility audit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.store.sessionfiles import PROJECT
from tests.typed_study import NOTES, typed_study
from tests.ui.accessibility_audit import audit
from tests.ui.conftest import LAPTOP, active, shown


def test_the_chosen_items_notes_are_listed_by_tagger_and_question(
        qtbot, make_project_folder, make_lead_window) -> None:
    folder = typed_study(make_project_folder(4, project_id=PROJECT))
    window = active(qtbot, make_lead_window(Path(folder)), LAPTOP)
    tabs = window.pane.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "Items"))
    items = window.pane.section_view("items")
    assert items.notes_view.isVisible()
    row = next(r for r in range(items.items_view.model().rowCount())
               if items.items_view.model().index(r, 0).data() == "item003")
    items.show_item(row)
    assert items.notes_title.text() == "Notes on item003 (2):"  # a note of spaces is none
    assert shown(items.notes_view) == [
        [tagger, "1", "wrong_note", "with the image", NOTES["item003", tagger]]
        for tagger in ("ben", "cy")]
    # reached from the ratings above it by Tab, and left by Tab (its cells by the arrows)
    items.ratings_view.setFocus()
    qtbot.keyClick(items.ratings_view, Qt.Key.Key_Tab)
    assert items.notes_view.hasFocus()
    problems = audit(qtbot, window)
    assert not problems, "\n".join(problems)


def test_a_rubric_without_free_text_shows_no_notes(qtbot, simulated_project: Path,
                                                   make_lead_window) -> None:
    window = make_lead_window(simulated_project)
    items = window.pane.show_section("items")
    items.show_item(0)
    assert not items.notes_view.isVisible() and items.shown.notes.rows == ()
