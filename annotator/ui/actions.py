"""The two windows' menu actions and keys as data: one row per action, bound in one loop,
and one row per key that is not a menu's (the rating keys, Tab, a table's keys).

The tagger's window and the lab lead's window share the View and Help rows; everything
that reads the panel's ratings or changes the study (analysis, merge, rounds, snapshots,
exports) is a row of :data:`LEAD_ACTIONS` or :data:`PANE_ACTIONS` only, so the tagger's
window cannot reach it. Help ▸ Keyboard shortcuts and the guides' keyboard sections list
the shortcuts of these rows (:func:`shortcuts_text`; a test holds the guides to them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from annotator.ui.named import named

QUIT = "Ctrl+Q"
"""Not the platform's Quit key: Windows has none, and the guides promise Ctrl+Q."""


@dataclass(frozen=True)
class ActionSpec:
    menu: str
    name: str
    text: str
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None
    handler: str


VIEW_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("&View", "textLarger", "&Larger text", QKeySequence.StandardKey.ZoomIn,
               "text_larger"),
    ActionSpec("&View", "textSmaller", "&Smaller text", QKeySequence.StandardKey.ZoomOut,
               "text_smaller"),
    ActionSpec("&View", "textNormal", "&Normal text size", "Ctrl+0", "text_normal"),
)
HELP_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("&Help", "keyboardShortcuts", "&Keyboard shortcuts", None, "show_shortcuts"),
    ActionSpec("&Help", "openLogFolder", "Open &log folder", None, "open_log_folder"),
    ActionSpec("&Help", "about", "&About", None, "show_about"),
)

TAGGER_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("&File", "openProject", "&Open project folder…", QKeySequence.StandardKey.Open,
               "choose_project_folder"),
    ActionSpec("&File", "quit", "&Quit", QUIT, "close"),
    *VIEW_ACTIONS,
    ActionSpec("&Help", "ratingGuide", "&Rating Guide", "F1", "toggle_rating_guide"),
    *HELP_ACTIONS,
)
"""The tagger's window: open a project, text size, the Rating Guide, help."""

LEAD_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("&File", "newProject", "&New project…", QKeySequence.StandardKey.New,
               "new_project"),
    ActionSpec("&File", "openProject", "&Open project folder…", QKeySequence.StandardKey.Open,
               "choose_project"),
    ActionSpec("&File", "openPanel", "Open a panel &database…", "Ctrl+Shift+O",
               "choose_panel"),
    ActionSpec("&File", "projectSettings", "Project &settings…", None,
               "edit_project_settings"),
    ActionSpec("&File", "quit", "&Quit", QUIT, "close"),
    ActionSpec("&Analysis", "analyseAgain", "&Update the analysis (after new ratings)", "F5",
               "analyse_again"),
    ActionSpec("&Study", "mergeSessionFiles", "&Merge session files…", None,
               "merge_session_files"),
    ActionSpec("&Study", "startRound", "Start a &new round…", None, "start_new_round"),
    ActionSpec("&Study", "listRounds", "&Rounds of this project…", None, "list_rounds"),
    ActionSpec("&Study", "exportSnapshot", "&Export consensus snapshot…", None,
               "export_snapshot"),
    ActionSpec("&Study", "importSnapshot", "&Import consensus snapshot into a project folder…",
               None, "import_snapshot"),
    *VIEW_ACTIONS,
    *HELP_ACTIONS,
)
"""The lab lead's window; the analysis pane adds its own export and analysis actions."""

PANE_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("&File", "exportEverything", "&Export everything (CSV, SVG, PNG, HTML)…",
               "Ctrl+E", "export_all"),
    ActionSpec("&File", "saveReport", "Save the HTML &report…", "Ctrl+R", "save_report"),
    ActionSpec("&File", "exportDataset", "Export the &dataset (ratings, items, codebook, card)…",
               "Ctrl+D", "export_dataset"),
)
"""The analysis pane's exports (handlers of its exporter), in the lead's File menu."""


@dataclass(frozen=True)
class KeySpec:
    """A key that is not a menu action's: ``keys`` as the guides write them."""

    keys: str
    what: str


SORT_KEY, COLUMNS_HELP_KEY = "Ctrl+Shift+S", "Shift+F1"
TAGGER_KEYS: tuple[KeySpec, ...] = (
    KeySpec("1–5", "choose a level (the keys shown on the buttons, left to right; Y / N "
            "for a yes/no question, a choice's own keys)"),
    KeySpec("Enter", "submit the chosen level, go on past feedback or a notice; on a focused "
            "button: press that button; in a box for words: a new line"),
    KeySpec("Ctrl+Enter", "submit from anywhere, also from a box for words"),
    KeySpec("+ / − / 0", "zoom the image in, out, back to fit (arrow keys pan once it has "
            "focus)"),
    KeySpec("Tab / Shift+Tab", "move between the caption, the image, the levels (← → from one "
            "level to the next), Submit and the Rating Guide"),
)
"""The tagger's keys besides the menus' (the rating screen binds them)."""
LEAD_KEYS: tuple[KeySpec, ...] = (
    KeySpec("Ctrl+Tab / Ctrl+Shift+Tab", "next / previous tab"),
    KeySpec("Tab / Shift+Tab", "move between a tab's tables, charts and buttons, and out of a "
            "table; in a table the arrow keys move between cells"),
    KeySpec(SORT_KEY, "sort a table by the current cell's column (again: the other way)"),
    KeySpec(COLUMNS_HELP_KEY, "what a table's columns mean"),
    KeySpec("Menu", "a table's menu: sort, what its columns mean"),
)
"""The lead's keys besides the menus' (tabs, and the tables' own actions)."""


def shortcut_text(spec: ActionSpec) -> str:
    """``spec``'s shortcut as written for people ("Ctrl+O"; '' without one)."""
    if spec.shortcut is None:
        return ""
    return QKeySequence(spec.shortcut).toString(QKeySequence.SequenceFormat.PortableText)


def shortcuts_text(specs: tuple[ActionSpec, ...], keys: tuple[KeySpec, ...]) -> str:
    """Help ▸ Keyboard shortcuts: every row of ``specs`` with a shortcut, then ``keys``."""
    lines = [f"{shortcut_text(spec)}: {spec.text.replace('&', '').rstrip('…')}"
             for spec in specs if shortcut_text(spec)]
    return "\n".join(lines + [f"{key.keys}: {key.what}" for key in keys])


def bind_actions(window: QMainWindow, specs: tuple[ActionSpec, ...],
                 ) -> tuple[dict[str, QMenu], dict[str, QAction]]:
    """One menu per ``spec.menu`` (in first-seen order) holding its actions, each calling
    ``window.<handler>``; returns the menus and the actions by name."""
    menus: dict[str, QMenu] = {}
    actions: dict[str, QAction] = {}
    window.menuBar().setAccessibleName("Menu bar")
    for spec in specs:
        if spec.menu not in menus:
            menus[spec.menu] = window.menuBar().addMenu(spec.menu)
        action = spec_action(spec, window, getattr(window, spec.handler))
        menus[spec.menu].addAction(action)
        actions[spec.name] = action
    return menus, actions


def spec_action(spec: ActionSpec, parent: QObject, handler: Callable[[], object]) -> QAction:
    """The QAction of one row: its text, name and shortcut, calling ``handler``."""
    action = named(QAction(spec.text, parent), spec.name)
    if spec.shortcut is not None:
        action.setShortcut(QKeySequence(spec.shortcut))
    action.triggered.connect(lambda _checked=False: handler())
    return action
