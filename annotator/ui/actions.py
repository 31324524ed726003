"""The main window's menu actions as data: one row per action, bound in one loop."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QKeySequence


@dataclass(frozen=True)
class ActionSpec:
    menu: str
    name: str
    text: str
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None
    handler: str


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("&File", "openProject", "&Open project folder…", QKeySequence.StandardKey.Open,
               "choose_project_folder"),
    ActionSpec("&File", "quit", "&Quit", QKeySequence.StandardKey.Quit, "close"),
    ActionSpec("&View", "textLarger", "&Larger text", QKeySequence.StandardKey.ZoomIn,
               "text_larger"),
    ActionSpec("&View", "textSmaller", "&Smaller text", QKeySequence.StandardKey.ZoomOut,
               "text_smaller"),
    ActionSpec("&View", "textNormal", "&Normal text size", "Ctrl+0", "text_normal"),
    ActionSpec("&Lead", "startRound", "Start a &new round…", None, "start_new_round"),
    ActionSpec("&Lead", "mergeSessionFiles", "&Merge session files…", None, "merge_session_files"),
    ActionSpec("&Lead", "exportSnapshot", "&Export consensus snapshot…", None,
               "export_snapshot"),
    ActionSpec("&Lead", "importSnapshot", "&Import consensus snapshot…", None,
               "import_snapshot"),
    ActionSpec("&Lead", "analysisPane", "&Analysis of this project…", "Ctrl+Shift+A",
               "open_analysis"),
    ActionSpec("&Lead", "analysePanel", "Analyse a panel &database…", None,
               "open_panel_analysis"),
    ActionSpec("&Help", "ratingGuide", "&Rating Guide", QKeySequence.StandardKey.HelpContents,
               "show_rating_guide"),
    ActionSpec("&Help", "keyboardShortcuts", "&Keyboard shortcuts", None, "show_shortcuts"),
    ActionSpec("&Help", "openLogFolder", "Open &log folder", None, "open_log_folder"),
    ActionSpec("&Help", "about", "&About", None, "show_about"),
)
