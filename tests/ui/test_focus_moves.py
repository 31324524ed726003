"""When the rating screen turns from one page to the next (a notice, a pair, its feedback,
the end of the round), the keyboard focus goes straight to the text of what comes, never
first through another widget: a screen reader announces every widget that takes the focus
(it once announced the Rating Guide's buttons after each notice). Every move of the focus
is recorded from QApplication.focusChanged, with the guide shown beside the screen, and
the page the focus lands on is already laid out when it does."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStackedWidget, QWidget

from annotator.ui.widgets.rubric_panel import LevelButton
from tests.ui.conftest import LAPTOP, active


def laid_out(widget: QWidget) -> bool:
    """Whether the page of the screen that holds ``widget`` fills the screen's place for
    pages: a page shown for the focus and not laid out yet is 100 × 30 px."""
    page = widget
    while page.parentWidget() is not None and not isinstance(page.parentWidget(),
                                                             QStackedWidget):
        page = page.parentWidget()
    stack = page.parentWidget()
    return stack is None or page.geometry() == stack.contentsRect()


def focus_moves(qtbot, key: Qt.Key | str) -> list[str]:
    """The widgets (object names) that took the focus, in order, while ``key`` was pressed
    on the focused widget and the screen turned."""
    moves: list[str] = []

    def record(_old: QWidget | None, new: QWidget | None) -> None:
        if new is None:
            moves.append("nothing")
        else:
            moves.append(new.objectName() + ("" if laid_out(new) else " (not laid out)"))

    app = QApplication.instance()
    app.focusChanged.connect(record)
    try:
        qtbot.keyClick(QApplication.focusWidget(), key)
        qtbot.wait(50)  # a move deferred to the event loop is recorded too
    finally:
        app.focusChanged.disconnect(record)
    return moves


def test_the_focus_goes_straight_from_each_page_to_the_next(
        qtbot, make_project_folder, make_main_window) -> None:
    folder = make_project_folder(n_items=2, tutorial=[3, 3], flow={
        "dwell_seconds": 0, "probation": False})
    window = active(qtbot, make_main_window(folder, tagger="ana"), LAPTOP)
    assert window.rating_guide is not None and window.rating_guide.isVisible()
    screen = window.rating_screen
    assert screen.state.value == "notice"
    assert QApplication.focusWidget().objectName() == "noticeBody"
    seen = []
    while screen.state.value != "finished":
        state = screen.state.value
        if state == "rating":
            qtbot.keyClick(screen, "3")
            if len(seen) > 3:  # later pairs from the answers (locked once submitted)
                chosen = next(b for b in screen.findChildren(LevelButton) if b.isChecked())
                chosen.setFocus(Qt.FocusReason.TabFocusReason)
        moves = focus_moves(qtbot, Qt.Key.Key_Return)
        seen.append((state, screen.state.value, moves))
    expected = {"notice": "noticeBody", "rating": "captionLabel",
                "feedback": "feedbackText", "finished": "finishedLabel"}
    wrong = [f"{before} → {after}: the focus went {moves}" for before, after, moves in seen
             if moves != [expected[after]]]
    assert not wrong, "\n".join(wrong)
    turns = {(before, after) for before, after, _ in seen}
    assert {("notice", "rating"), ("rating", "feedback"), ("feedback", "rating"),
            ("feedback", "notice"), ("feedback", "finished")} <= turns, turns


def test_the_focus_goes_straight_from_skip_to_the_next_pair(
        qtbot, make_project_folder, make_main_window) -> None:
    folder = make_project_folder(n_items=2, flow={"dwell_seconds": 0, "tutorial": False,
                                                  "probation": False})
    first = make_main_window(folder, tagger="ana")  # which pair comes first: its photo
    pair = first.rating_screen.current_pair     # is broken, the next one's is not
    assert pair is not None
    first.close()
    (folder / pair.item.image).write_text("not a photo", encoding="utf-8")
    window = active(qtbot, make_main_window(folder, tagger="ana"), LAPTOP)
    screen = window.rating_screen
    assert screen.current_pair is not None and screen.current_pair.item == pair.item
    qtbot.waitUntil(lambda: screen.state.value == "unratable", timeout=10_000)
    assert QApplication.focusWidget().objectName() == "skipButton"
    assert focus_moves(qtbot, Qt.Key.Key_Return) == ["captionLabel"]
    assert screen.state.value == "rating"
