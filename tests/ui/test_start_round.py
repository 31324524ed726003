"""Study ▸ Start a new round… in the lead's window: the dialog, the washout warning, and
the tagger's window opening in the new round."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt

from annotator.project.folder import open_project
from annotator.project.round_start import start_round
from annotator.session.opening import open_laptop_session, start_session
from annotator.store.merge import merge_session_files
from annotator.ui.lead_window import NO_PROJECT
from annotator.ui.widgets.notice_page import NoticePage
from annotator.userconfig import load_config
from tests.ui.conftest import by_description, by_name, started

FLOW = {"dwell_seconds": 0, "tutorial": False}


def rate_now(folder, tagger: str, count: int) -> None:
    """Ratings given just now, on this laptop, through the real session."""
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    session = start_session(project, store, tagger)
    for _ in range(count):
        session.pair_shown()
        session.submit(3)
    store.close()


def test_the_study_menu_starts_round_two_after_a_washout_warning(
    qtbot, make_project_folder, make_lead_window, make_main_window, capture_message_box
) -> None:
    folder = make_project_folder(n_items=4, flow=FLOW)
    rate_now(folder, "ana", 4)
    lead = make_lead_window(folder)
    action = lead.actions_by_name["startRound"]
    assert action.text() == "Start a &new round…"
    assert [a.text() for a in lead.menuBar().actions()] == [
        "&File", "&Analysis", "&Study", "&View", "&Help"]
    action.trigger()
    dialog = lead.round_dialog
    assert dialog.isVisible() and dialog.windowTitle() == "Start round 2"
    warning = by_description(dialog, "Washout warning")
    assert warning.isVisible()
    assert warning.text().startswith("Warning: The last rating of round 1 in sessions/ was "
                                     "given today")
    assert by_name(dialog, "Blind").isChecked()
    start = by_name(dialog, "Start round 2 anyway")  # the warning is in its name too
    assert start.text() == "&Start round 2 anyway" and start.isEnabled()

    texts = capture_message_box()
    with qtbot.waitSignal(lead.pane.ready, timeout=60_000):  # analysed again in round 2
        blind = by_name(dialog, "Blind")
        qtbot.keyClick(blind, Qt.Key.Key_Return)  # Enter starts it
    qtbot.waitUntil(lambda: bool(texts))
    assert "Round 2 is recorded in the project folder" in texts[0]
    assert open_project(folder).current_round == 2
    assert lead.pane.analysis.input.project.current_round == 2

    window = make_main_window(folder)  # the tagger's window opens in round 2
    summary = by_description(window, "Project summary").text()
    assert "Round 2 (retest): 4 pairs, no feedback in this round." in summary

    window.start_rating("ana")
    started(qtbot, window)
    notice = window.rating_screen.findChild(NoticePage, "noticePage")
    assert "Round 2 (retest)" in notice.text()
    assert "your last rating in an earlier round was given today" in notice.text()
    assert "at least 42 days" in notice.text()
    go_on = by_name(window.rating_screen, "Start round 2 (Enter)")
    qtbot.mouseClick(go_on, Qt.MouseButton.LeftButton)
    assert window.rating_screen.current_pair.round == 2
    assert "Round 2 (retest): pair 1 of 4" in by_description(window, "Progress").text()


def test_a_subset_file_is_checked_before_start_is_allowed(
    qtbot, make_project_folder, make_lead_window, tmp_path
) -> None:
    folder = make_project_folder(n_items=3, flow=FLOW)
    window = make_lead_window(folder)
    window.start_new_round()
    dialog = window.round_dialog
    assert not by_description(dialog, "Washout warning").isVisible()  # nothing rated yet
    assert by_name(dialog, "Start round 2").text() == "&Start round 2"
    bad = tmp_path / "bad.csv"
    bad.write_text("item_id\nitem001\nitem099\n", encoding="utf-8")
    dialog.choose_subset(bad)
    assert by_name(dialog, "Only the pairs in a CSV file").isChecked()
    assert not by_name(dialog, "Start round 2").isEnabled()
    assert f"{bad}:3: The item id 'item099'" in by_description(dialog, "Subset check").text()
    by_name(dialog, f"All {len(open_project(folder).items)} pairs").setChecked(True)
    assert by_name(dialog, "Start round 2").isEnabled()
    good = tmp_path / "good.csv"
    good.write_text("item_id\nitem001\nitem002\n", encoding="utf-8")
    dialog.choose_subset(good)
    by_name(dialog, "Feedback").setChecked(True)
    assert by_description(dialog, "Subset check").text().startswith("2 pairs listed")
    assert dialog.choices() == (good, True)
    dialog.reject()
    assert open_project(folder).current_round == 1, "cancel changes nothing"


def test_study_actions_without_a_project_say_to_open_one(
    qtbot, make_lead_window, capture_message_box
) -> None:
    window = make_lead_window()
    texts = capture_message_box()
    for name in ("startRound", "listRounds", "analyseAgain"):
        window.actions_by_name[name].trigger()
    assert texts == [NO_PROJECT] * 3
    assert window.round_dialog is None and window.rounds_dialog is None


def test_the_rounds_are_listed_as_round_list_prints_them(
    qtbot, make_project_folder, make_lead_window
) -> None:
    folder = make_project_folder(n_items=3, flow=FLOW)
    start_round(folder, now=datetime(2027, 1, 10, 9, 30, tzinfo=UTC), subset=None,
                feedback=None)
    window = make_lead_window(folder)
    window.actions_by_name["listRounds"].trigger()
    dialog = window.rounds_dialog
    assert dialog.isVisible()
    table = by_name(dialog, "Rounds")
    rows = [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]
    assert rows == [["1", "with the project", "3", "on", "every pair"],
                    ["2", "2027-01-10 09:30 UTC", "3", "off", "every pair"]]
    assert by_description(dialog, "Current round").text().startswith("Current round: 2.")


def test_the_washout_warning_counts_ratings_kept_only_in_a_panel(
    qtbot, make_project_folder, make_lead_window, tmp_path
) -> None:
    """The returned files were merged into a panel of the lead's own naming and put away:
    the dialog still warns, naming the panel the recent ratings are in."""
    folder = make_project_folder(n_items=4, flow=FLOW)
    rate_now(folder, "ana", 4)
    panel = folder / "merged" / "june.sqlite"
    panel.parent.mkdir()
    merge_session_files(panel, [folder / "sessions"])
    (folder / "sessions").rename(tmp_path / "merged-already")
    lead = make_lead_window(panel)
    assert lead.project_folder() == folder
    lead.actions_by_name["startRound"].trigger()
    warning = by_description(lead.round_dialog, "Washout warning")
    assert warning.isVisible()
    assert warning.text().startswith("Warning: The last rating of round 1 in merged/june.sqlite "
                                     "was given today")
    assert "Rated within it: ana (today)." in warning.text()
    lead.round_dialog.reject()
