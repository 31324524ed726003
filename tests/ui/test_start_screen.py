"""The start screen: open a project (or refuse one clearly), choose a tagger, the Guide."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from annotator.project.folder import open_project
from annotator.session.opening import open_laptop_session
from annotator.userconfig import load_config, save_config
from tests.analysis.sessions import rate, session
from tests.ui.conftest import (
    all_text,
    by_description,
    by_name,
    known_as,
    started,
    tab_chain,
)

PLAIN = {"dwell_seconds": 0, "feedback": False}


def test_opening_shows_the_project_and_remembers_it(qtbot, make_project_folder,
                                                    make_main_window) -> None:
    folder = make_project_folder(n_items=7, name="Harbour panel")
    window = make_main_window()
    assert not by_name(window, "Your name").isEnabled()
    assert window.open_project_folder(folder)
    assert "Harbour panel: 7 pairs to rate" in by_description(window, "Project summary").text()
    assert load_config().recent_projects[0] == str(folder.resolve())
    assert by_name(window, "Recent projects").item(0).text() == str(folder.resolve())
    again = make_main_window()
    recent = by_name(again, "Recent projects")
    assert recent.item(0).text() == str(folder.resolve())


def test_a_folder_that_is_not_a_project_is_refused_with_its_name(
    qtbot, tmp_path, make_main_window, capture_message_box
) -> None:
    window = make_main_window()
    texts = capture_message_box()
    assert not window.open_project_folder(tmp_path / "nowhere")
    assert texts and "nowhere" in texts[0]
    assert window.rating_screen is None


def test_names_are_never_offered_nor_told_apart_and_any_spelling_resumes(
    qtbot, make_project_folder, make_main_window
) -> None:
    """The laptop may be shared: nobody's name is shown, a known name and an unknown one
    get the same screen (nobody can find out by typing who rated here), and typing your
    own in lower case with a trailing space resumes it."""
    folder = make_project_folder(n_items=3)
    make_main_window(folder, tagger="Zoe Quist").close()
    window = make_main_window(folder)
    name = by_name(window, "Your name")
    assert isinstance(name, QLineEdit) and name.text() == ""
    assert "Zoe" not in all_text(window)
    seen = {}
    for typed in ("Zoe Quits", "zoe quist "):  # a typo, and the name itself
        name.clear()
        qtbot.keyClicks(name, typed)
        seen[typed] = sorted((known_as(widget), widget.text() if isinstance(widget, QLabel)
                              else "") for widget in window.findChildren(QWidget)
                             if widget.isVisible())
        seen[typed].append(("Your name", name.accessibleDescription()))
    assert seen["Zoe Quits"] == seen["zoe quist "]
    note = by_description(window, "About your name")
    assert note.isVisible() and "any other spelling starts you as a new tagger" in note.text()
    qtbot.keyClick(name, Qt.Key.Key_Return)
    started(qtbot, window)
    assert window.rating_screen.current_pair is not None
    assert by_description(window, "Progress").text().endswith("rating as Zoe Quist")
    assert "Zoe Quist" in all_text(window)  # the gatherer does see names


def test_a_name_rated_on_another_laptop_goes_on_in_its_spelling(
        qtbot, make_project_folder, make_main_window) -> None:
    """Zoe rated on a laptop whose file is in the project's sessions folder; typed here
    in lower case with a trailing space, her name is hers, not a new tagger's beside it."""
    folder = make_project_folder(n_items=3)
    other_laptop = session(folder, "lab-2")
    rate(other_laptop, "Zoe Quist", "item000", 3)
    other_laptop.close()
    window = make_main_window(folder)
    name = by_name(window, "Your name")
    qtbot.keyClicks(name, "zoe quist ")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    started(qtbot, window)
    assert by_description(window, "Progress").text().endswith("rating as Zoe Quist")
    window.close()  # lets go of this laptop's session file
    store = open_laptop_session(open_project(folder), load_config())
    assert store.taggers() == ["Zoe Quist"]
    store.close()


def test_the_rating_guide_is_beside_the_pair_and_f1_hides_and_shows_it(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3), tagger="ana")
    guide = window.rating_guide
    assert guide is not None and guide.isVisible()  # shown from the start
    assert guide.window() is window  # beside the pair, not a window over it
    qtbot.keyClick(window.rating_screen, Qt.Key.Key_F1)
    assert not guide.isVisible() and load_config().guide_shown is False
    qtbot.keyClick(window.rating_screen, Qt.Key.Key_F1)
    assert guide.isVisible() and load_config().guide_shown is True
    text = by_name(guide, "Rating Guide text").toPlainText()
    for level in window.rating_screen._session.project.rubric.levels:
        assert level.text in text
        assert level.label in text


def test_text_size_actions_scale_the_caption(qtbot, make_project_folder,
                                             make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3), tagger="ana")
    caption = by_description(window, "Caption")
    before = caption.font().pointSizeF()
    window.actions_by_name["textLarger"].trigger()
    assert caption.font().pointSizeF() > before * 1.1
    window.actions_by_name["textNormal"].trigger()
    assert abs(caption.font().pointSizeF() - before) < 0.01


def test_problems_are_counted_and_listed_with_file_and_line(
    qtbot, make_project_folder, make_main_window, capture_message_box
) -> None:
    folder = make_project_folder(n_items=3)
    with (folder / "items.csv").open("a", encoding="utf-8") as handle:
        handle.write("item009,images/photo000.jpg,,human\n")
    window = make_main_window()
    assert window.open_project_folder(folder)
    assert "3 pairs to rate" in by_description(window, "Project summary").text()
    assert "1 problem found" in by_description(window, "Project summary").text()
    button = by_name(window, "Show problems")
    assert button.isVisible()
    texts = capture_message_box()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert texts and f"{folder / 'items.csv'}:5:" in texts[0]


def test_an_unexpected_error_is_logged_and_explained(qtbot, user_config_dir,
                                                     capture_message_box) -> None:
    from annotator.ui.error_report import report_unexpected_error

    texts = capture_message_box()
    try:
        raise RuntimeError("decoder exploded")
    except RuntimeError as error:
        report_unexpected_error(RuntimeError, error, error.__traceback__)
    log_file = user_config_dir / "logs" / "annotator.log"
    assert "decoder exploded" in texts[0] and "Every rating you submitted is saved" in texts[0]
    assert f"written to {log_file} (Help → Open log folder)" in texts[0]
    log = log_file.read_text(encoding="utf-8")
    assert "CRITICAL annotator: Unexpected error" in log
    assert "Traceback" in log and "RuntimeError: decoder exploded" in log


def test_the_text_size_is_remembered_for_the_next_session(qtbot, make_project_folder,
                                                          make_main_window) -> None:
    folder = make_project_folder(n_items=2)
    window = make_main_window(folder, tagger="ana")
    normal = by_description(window, "Caption").font().pointSizeF()
    window.actions_by_name["textLarger"].trigger()
    window.actions_by_name["textLarger"].trigger()
    window.close()
    again = make_main_window(folder, tagger="ana")
    assert by_description(again, "Caption").font().pointSizeF() > normal * 1.25
    again.actions_by_name["textNormal"].trigger()
    assert abs(by_description(again, "Caption").font().pointSizeF() - normal) < 0.01
    assert load_config().text_scale == 1.0


def test_keyboard_shortcuts_are_listed_in_help(qtbot, make_main_window,
                                               capture_message_box) -> None:
    window = make_main_window()
    texts = capture_message_box()
    window.actions_by_name["keyboardShortcuts"].trigger()
    assert texts and "1–5" in texts[0] and "F1" in texts[0] and "Enter" in texts[0]


def test_the_guide_highlights_the_chosen_level_until_the_next_pair(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    text = by_name(window.rating_guide, "Rating Guide text")
    assert "Chosen" not in text.toPlainText()
    qtbot.keyClick(window.rating_screen, "3")
    assert "✓ Chosen: 3 — Objects right" in text.toPlainText()
    assert "Example:" in text.toPlainText()  # each level's example, with its text
    qtbot.keyClick(window.rating_screen, Qt.Key.Key_Return)
    assert "Chosen" not in text.toPlainText()  # a new pair, nothing chosen yet


def test_a_scale_listing_its_best_answer_first_says_so_above_the_buttons(
        qtbot, make_project_folder, make_main_window) -> None:
    folder = make_project_folder(n_items=3, flow=PLAIN)
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text().replace('rubric = "vicr5"', 'rubric = "vcr5"'))
    window = make_main_window(folder, tagger="ana")
    note = by_description(window, "Order of the answers")
    assert note.isVisible() and note.text() == "Best answer first: 1 is the best, 5 the worst."
    plain = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="bea")
    assert not by_description(plain, "Order of the answers").isVisible()


def test_enter_on_the_recent_projects_list_opens_the_newest(qtbot, make_project_folder,
                                                           make_main_window) -> None:
    folder = make_project_folder(n_items=4, name="Reopened panel")
    first = make_main_window()
    first.open_project_folder(folder)
    first.close()  # it let go of the project
    again = make_main_window()
    recent = by_name(again, "Recent projects")
    recent.setFocus()  # as after Tab, or wherever a closed dialog leaves it
    qtbot.keyClick(recent, Qt.Key.Key_Return)
    assert "Reopened panel" in by_description(again, "Project summary").text()


def test_the_window_reopens_where_it_was_and_on_the_screen(qtbot, make_main_window) -> None:
    window = make_main_window()
    room = window.screen().availableGeometry()
    window.setGeometry(room.left() + 60, room.top() + 70, 640, 420)
    window.close()
    assert load_config().windows["tagger"].width == 640
    again = make_main_window()
    assert (again.width(), again.height()) == (640, 420)
    assert again.geometry().topLeft() == window.geometry().topLeft()
    config = load_config()
    config.windows["tagger"] = replace(config.windows["tagger"], x=room.right() + 4000)
    save_config(config)
    moved = make_main_window()  # a monitor since unplugged: back on this screen
    assert room.contains(moved.geometry())


def test_normal_text_returns_the_window_to_its_size(qtbot, make_project_folder,
                                                   make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    size = window.minimumSizeHint() + QSize(40, 40)  # as small as a tagger may make it
    window.resize(size)
    qtbot.waitUntil(lambda: window.size() == size)
    for _ in range(8):  # about 3×: the window grows to hold the scale's buttons
        window.actions_by_name["textLarger"].trigger()

    def grown() -> bool:
        """The window has taken the size the larger text asks: the platform's resizes, which
        arrive later than the request (under load much later), are all done, so none lands
        after the return to normal size."""
        least = window.minimumSizeHint()
        return (window.width() >= least.width() and window.height() >= least.height()
                and (window.width() > size.width() or window.height() > size.height()))

    qtbot.waitUntil(grown)
    window.actions_by_name["textNormal"].trigger()
    qtbot.waitUntil(lambda: window.size() == size)
    assert window.rating_screen.image_view.width() >= 320  # never below a usable size


def test_tab_reaches_every_control_of_the_start_screen_and_a_notice(
        qtbot, make_project_folder, make_main_window) -> None:
    window = make_main_window()
    window.open_project_folder(make_project_folder(n_items=3, tutorial=[3, 3]))
    by_name(window, "Your name").setFocus()
    qtbot.keyClicks(by_name(window, "Your name"), "Ana")
    chain = tab_chain(qtbot, window)
    assert {"Open project folder", "Recent projects", "Your name",
            "Start rating"} <= set(chain), chain
    qtbot.keyClick(by_name(window, "Your name"), Qt.Key.Key_Return)
    started(qtbot, window)
    assert {"Notice", "Start the tutorial (Enter)", "Rating Guide text",
            "Hide the Rating Guide"} <= set(tab_chain(qtbot, window))
