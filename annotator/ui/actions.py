"""The two windows' menu actions as data: one row per action, bound in one loop.

The tagger's window and the lab lead's window share the View and Help rows; everything
that reads the panel's ratings or changes the study (analysis, merge, rounds, snapshots,
exports) is a row of :data:`LEAD_ACTIONS` only, so the tagger's window cannot reach it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from annotator.ui.named import named


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
    ActionSpec("&File", "quit", "&Quit", QKeySequence.StandardKey.Quit, "close"),
    *VIEW_ACTIONS,
    ActionSpec("&Help", "ratingGuide", "&Rating Guide", QKeySequence.StandardKey.HelpContents,
               "toggle_rating_guide"),
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
    ActionSpec("&File", "quit", "&Quit", QKeySequence.StandardKey.Quit, "close"),
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


def bind_actions(window: QMainWindow, specs: tuple[ActionSpec, ...],
                 ) -> tuple[dict[str, QMenu], dict[str, QAction]]:
    """One menu per ``spec.menu`` (in first-seen order) holding its actions, each calling
    ``window.<handler>``; returns the menus and the actions by name."""
    menus: dict[str, QMenu] = {}
    actions: dict[str, QAction] = {}
    for spec in specs:
        if spec.menu not in menus:
            menus[spec.menu] = window.menuBar().addMenu(spec.menu)
        action = named(QAction(spec.text, window), spec.name)
        if spec.shortcut is not None:
            action.setShortcut(QKeySequence(spec.shortcut))
        action.triggered.connect(getattr(window, spec.handler))
        menus[spec.menu].addAction(action)
        actions[spec.name] = action
    return menus, actions
