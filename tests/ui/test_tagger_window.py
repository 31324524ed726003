"""The tagger's window holds no way to another tagger's ratings or names, and no lead tool.

A project where three other taggers rated (one on this laptop, one on another laptop's
file in sessions/, one through an imported consensus snapshot) is opened by a new tagger,
who goes from the empty start screen through the tutorial and the game to the end of the
round. At each stage the test walks the window: every menu and action (each triggered),
every keyboard shortcut and a sweep of key chords (Ctrl+Shift+A included), every widget's
context menu, every button of the start screen, and every window or dialog that opens.
Nothing shown may hold another tagger's name, no action may be a lead's, and no window
may open but About, the keyboard help, a message, the folder chooser or a menu (the
Rating Guide is a panel inside the window, walked with it).
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QContextMenuEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QMenu,
    QMessageBox,
    QWidget,
)

from annotator.project.folder import open_project
from annotator.session.answer_texts import answer_keys
from annotator.session.opening import open_laptop_session, start_session
from annotator.store.merge import merge_session_files
from annotator.store.session_file import SessionStore
from annotator.store.snapshot import export_snapshot, import_snapshot
from annotator.ui.main_window import MainWindow
from annotator.ui.screens.rating_screen import ScreenState
from annotator.userconfig import load_config
from tests.analysis.sessions import rate, session
from tests.ui.conftest import all_text, by_description, by_name, started

REPO = Path(__file__).resolve().parents[2]
ITEMS = 6
OTHERS = ("Ana Secretname", "Ben Hiddenname", "Cy Snapshotname")
SECRET = re.compile("|".join(name.split()[1] for name in OTHERS), re.IGNORECASE)
"""The other taggers' surnames: unique strings that nothing else on screen contains."""
ME = "Zoe Newcomer"
LEAD_WORDS = re.compile(r"analy[sz]|merge|new round|rounds of|snapshot|export|dataset|"
                        r"panel database|\blead\b", re.IGNORECASE)
"""What a lead's action or button says."""
ALLOWED_WINDOWS = {"AboutDialog", "QMessageBox", "QFileDialog", "QMenu"}
LEAD_MODULES = ("annotator.ui.lead_window", "annotator.ui.lead_actions",
                "annotator.ui.analysis", "annotator.ui.dialogs.merge_dialog",
                "annotator.ui.dialogs.start_round", "annotator.ui.dialogs.rounds_dialog",
                "annotator.reporting", "annotator.analysis")
QT_EDIT_ACTIONS = {"", "edit-undo", "edit-redo", "edit-cut", "edit-copy", "edit-paste",
                   "edit-delete", "select-all", "link-copy"}
"""Qt's own entries of a text's context menu (the separators have no name)."""
MODIFIERS = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier,
             Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier,
             Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
             Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
KEYS = (*(getattr(Qt.Key, f"Key_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        *(getattr(Qt.Key, f"Key_F{n}") for n in range(1, 13)))


def rate_everything(folder: Path, tagger: str, value: float) -> None:
    """``tagger`` rates every pair on this laptop through the real session."""
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    rating = start_session(project, store, tagger)
    while rating.pair_shown() is not None:
        rating.submit(value)
    store.close()


@pytest.fixture
def rated_by_others(make_project_folder, tmp_path: Path) -> Path:
    """A project three others rated: on this laptop, another laptop, and a snapshot. One
    line of items.csv is bad, so the start screen offers its problems."""
    folder = make_project_folder(ITEMS, tutorial=[3, 3],
                                 flow={"dwell_seconds": 0, "first_game_pairs": 3,
                                       "first_game_pass": 3})
    with (folder / "items.csv").open("a", encoding="utf-8") as handle:
        handle.write("item099,images/photo000.jpg,,human\n")
    rate_everything(folder, OTHERS[0], 3)
    other_laptop = session(folder, "lab-2")
    for i in range(ITEMS):
        rate(other_laptop, OTHERS[1], f"item{i:03d}", 3)
    other_laptop.close()
    project = open_project(folder)
    elsewhere = SessionStore.open(tmp_path / "lab-9.sqlite", project_id=project.project_id,
                                  laptop_id="lab-9", laptop_name="lab-9")
    for i in range(ITEMS):
        rate(elsewhere, OTHERS[2], f"item{i:03d}", 4)
    elsewhere.close()
    merge_session_files(tmp_path / "panel.sqlite", [tmp_path / "lab-9.sqlite"])
    snapshot = export_snapshot(tmp_path / "panel.sqlite", tmp_path / "panel.snapshot")
    import_snapshot(snapshot.path, project)
    return folder


@dataclass
class Walk:
    """Closes every window that opens over the tagger's window, keeping what it showed."""

    window: MainWindow
    seen: list[tuple[str, str]] = field(default_factory=list)
    offered: list[QAction] = field(default_factory=list)
    """Actions the app put in a context menu, to trigger outside the closing timer."""

    def sweep(self) -> None:
        for widget in QApplication.topLevelWidgets():
            if widget is self.window or not widget.isVisible():
                continue
            self.seen.append((type(widget).__name__, all_text(widget)))
            if isinstance(widget, QMenu):
                menus = set(self.window.actions_by_name.values())  # triggered one by one
                self.offered += [a for a in widget.actions()
                                 if a.objectName() not in QT_EDIT_ACTIONS and a not in menus]
                widget.close()
            elif isinstance(widget, QMessageBox):
                widget.done(0)
            elif isinstance(widget, QDialog):
                widget.reject()
            else:
                widget.close()

    def back_to_window(self, qtbot) -> None:
        """Shortcuts act in the active window only: make it active again, as a person
        clicks back into it once a dialog is gone (asked again while waiting: a dialog
        that closes after the first request leaves no window active)."""

        def active() -> bool:
            if not self.window.isActiveWindow():
                self.window.activateWindow()
            return self.window.isActiveWindow()

        if not self.window.isActiveWindow():
            qtbot.waitUntil(active)

    def kinds(self) -> set[str]:
        return {kind for kind, _ in self.seen}


@pytest.fixture
def walk(qtbot, make_main_window, opened_folders):
    """A tagger's window on its start screen, and a walk that closes what opens over it
    (modal dialogs too: the timer runs inside their event loops). Help ▸ Open log folder
    shows the folder to no file manager."""
    window = make_main_window()
    walk = Walk(window)
    timer = QTimer()
    timer.timeout.connect(walk.sweep)
    timer.start(10)
    yield walk
    timer.stop()


def assert_no_lead_tool_or_secret(window) -> None:
    """What the window holds now: no other tagger's secret, no lead tool, window or key."""
    assert not SECRET.search(all_text(window))
    assert not {type(w).__name__ for w in window.findChildren(QWidget)} & {
        "AnalysisPane", "ItemsView", "SectionView", "LeadWindow", "MergeDialog",
        "StartRoundDialog", "RoundsDialog"}
    for action in window.findChildren(QAction):
        assert not LEAD_WORDS.search(action.text()), action.text()
    assert not any(action.shortcut().toString() == "Ctrl+Shift+A"
                   for action in window.findChildren(QAction))
    for button in window.findChildren(QAbstractButton):
        assert not LEAD_WORDS.search(button.text()), button.text()
    screen = window.rating_screen
    allowed_keys = {"Return", "Enter", "Ctrl+Return", "Ctrl+Enter", "+", "=", "-", "0"} | (
        {key.upper() for key in answer_keys(screen._session.project.rubric)} if screen
        else set())
    assert {s.key().toString() for s in window.findChildren(QShortcut)} <= allowed_keys


def press_every_key(qtbot, walk: Walk, focused: QWidget) -> None:
    """Each key of KEYS under each modifier, on ``focused``, sweeping what opens."""
    for modifier in MODIFIERS:
        for key in KEYS:
            if (modifier, key) == (Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_Q):
                continue  # quit: the walk goes on; its action is checked above
            qtbot.keyClick(focused, key, modifier)
            walk.sweep()
            walk.back_to_window(qtbot)


def inspect(qtbot, walk: Walk, *, sweep_keys: bool = True) -> None:
    """Everything the window holds and everything reachable from it, at this stage."""
    window = walk.window
    focused = QApplication.focusWidget() or window
    assert_no_lead_tool_or_secret(window)

    for action in window.findChildren(QAction):  # the menus' and any other action
        if action.objectName() != "quit" and action.menu() is None:
            action.trigger()
            QApplication.processEvents()  # what the action posted (a window shown) is done
            walk.sweep()
    for widget in [w for w in window.findChildren(QWidget) if w.isVisible()]:
        centre = widget.rect().center()
        QApplication.sendEvent(widget, QContextMenuEvent(
            QContextMenuEvent.Reason.Mouse, centre, widget.mapToGlobal(centre)))
        walk.sweep()
    while walk.offered:
        walk.offered.pop().trigger()
        walk.sweep()
    walk.back_to_window(qtbot)
    if sweep_keys:
        press_every_key(qtbot, walk, focused)
    assert window.isVisible()
    focused.setFocus()  # where the person was before the walk (Alt+letters left the menus)
    assert walk.kinds() <= ALLOWED_WINDOWS, walk.kinds() - ALLOWED_WINDOWS
    for kind, text in walk.seen:
        assert not SECRET.search(text), (kind, text)
        if kind == "QMenu":
            assert not LEAD_WORDS.search(text), text


def test_the_tagger_window_reaches_no_other_taggers_rating_or_name_and_no_lead_tool(
    qtbot, walk: Walk, rated_by_others: Path
) -> None:
    window = walk.window
    inspect(qtbot, walk)  # the start screen before a project is open
    assert window.open_project_folder(rated_by_others)
    inspect(qtbot, walk, sweep_keys=False)
    for button in window.start_screen.findChildren(QAbstractButton):
        if button.isVisible() and button.accessibleName() != "Start rating":
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            walk.sweep()
            walk.back_to_window(qtbot)
    assert {"QMessageBox", "QFileDialog"} <= walk.kinds()  # the problems, the chooser
    assert any("items.csv" in text for kind, text in walk.seen if kind == "QMessageBox")

    name = by_name(window, "Your name")
    qtbot.keyClicks(name, ME)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    started(qtbot, window)
    screen = window.rating_screen
    assert screen.state is ScreenState.NOTICE  # the tutorial's first page
    inspect(qtbot, walk)
    stages = {ScreenState.NOTICE}
    for _ in range(100):  # 2 tutorial pairs, 6 game pairs, their feedback and notices
        if screen.state is ScreenState.FINISHED:
            break
        if screen.state is ScreenState.RATING:
            qtbot.keyClick(screen, "3")
        qtbot.keyClick(screen, Qt.Key.Key_Return)
        if screen.state not in stages:
            stages.add(screen.state)
            inspect(qtbot, walk)
        else:
            assert not SECRET.search(all_text(window))
    assert stages == set(ScreenState) - {ScreenState.UNRATABLE}  # walked in the next test
    assert ME in all_text(window)  # the walk sees names: the tagger's own is shown
    feedback = [text for kind, text in walk.seen]  # every window shown was looked at
    assert {"AboutDialog", "QMenu"} <= walk.kinds(), feedback[:3]
    assert walk.window.rating_guide is not None  # the panel was in the window walked


def test_a_pair_whose_image_cannot_be_shown_reaches_no_one_either(
    qtbot, walk: Walk, rated_by_others: Path
) -> None:
    for image in (rated_by_others / "images").glob("*.jpg"):
        image.write_bytes(b"not a JPEG at all")  # opening never decodes images
    window = walk.window
    assert window.open_project_folder(rated_by_others)
    name = by_name(window, "Your name")
    qtbot.keyClicks(name, ME)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    started(qtbot, window)
    screen = window.rating_screen
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # past the tutorial's first page
    qtbot.waitUntil(lambda: screen.state is ScreenState.UNRATABLE, timeout=5000)
    inspect(qtbot, walk, sweep_keys=False)
    assert screen.state is ScreenState.UNRATABLE
    assert walk.kinds() <= ALLOWED_WINDOWS


def test_the_game_feedback_names_no_one(qtbot, make_main_window, rated_by_others: Path) -> None:
    """The consensus rests on the three others' ratings; the feedback says how many, not
    whose."""
    window = make_main_window(rated_by_others, tagger=ME)
    screen = window.rating_screen
    while screen.state is not ScreenState.FEEDBACK or screen._feedback.gold is not None:
        if screen.state is ScreenState.RATING:
            qtbot.keyClick(screen, "3")
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    feedback = by_description(window, "Feedback text").text()
    assert "(from 3 earlier ratings" in feedback
    assert not SECRET.search(all_text(window))


def imports_of(module: str) -> set[str]:
    """The ``annotator`` modules ``module`` imports, at any depth (type-only ones too)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = REPO / Path(*name.split(".")).with_suffix(".py")
        if not path.exists():
            path = REPO / Path(*name.split(".")) / "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("annotator"):
                todo.append(node.module)
            elif isinstance(node, ast.Import):
                todo += [a.name for a in node.names if a.name.startswith("annotator")]
    return seen


def test_the_tagger_window_does_not_even_import_the_lead_tools() -> None:
    reached = imports_of("annotator.ui.main_window")
    assert "annotator.ui.screens.rating_screen" in reached  # the walk follows imports
    assert not {m for m in reached for lead in LEAD_MODULES
                if m == lead or m.startswith(lead + ".")}


def test_opening_and_rating_in_a_fresh_process_loads_no_lead_tool(rated_by_others: Path,
                                                                  tmp_path: Path) -> None:
    """What runs, not only what is written: the composition root as ``annotator open``
    uses it, rating one pair, in a process of its own."""
    script = (
        f"import sys; sys.path.insert(0, {str(REPO)!r})\n"  # this checkout's app
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from annotator.ui.app import build_main_window\n"
        "app = QApplication([])\n"
        f"window = build_main_window(Path({str(rated_by_others)!r}), tagger={ME!r})\n"
        "window.show()\n"
        "while window.starting:\n"  # the other laptops' files are read off the GUI thread
        "    app.processEvents()\n"
        "screen = window.rating_screen\n"
        "screen.submit()\n"  # past the tutorial's page
        "screen.choose_level(3)\n"
        "screen.submit()\n"
        "assert screen.state.value == 'feedback', screen.state\n"
        f"print(sorted(m for m in sys.modules for lead in {LEAD_MODULES!r}\n"
        "            if m == lead or m.startswith(lead + '.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)},
                            timeout=120)  # this checkout's package, wherever pip points
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
