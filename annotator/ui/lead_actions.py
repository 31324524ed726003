"""The lab lead's file work: merging session files, carrying consensus snapshots, and
choosing what the analysis pane reads (the lead's window's File and Study menus).

Thin: each function asks for files, calls the store, and says what happened in words. What
it calls is imported when first used: none of it is needed for the window's first paint.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.store.panel_reading import PANEL_NAME

if TYPE_CHECKING:
    from annotator.ui.dialogs.merge_dialog import MergeDialog


def open_merge_dialog(parent: QWidget, project: Project | None, *,
                      panel: Path | None = None) -> MergeDialog:
    """The merge dialog, set up for the project shown: its sessions/ into ``panel`` (by
    default its panel.sqlite)."""
    from annotator.store.validation import RowRules
    from annotator.ui.dialogs.merge_dialog import MergeDialog

    if project is None:
        dialog = MergeDialog(parent, panel=panel)
    else:
        dialog = MergeDialog(parent, panel=panel or project.root / PANEL_NAME,
                             sources=[project.sessions_dir], project_id=project.project_id,
                             rules=RowRules.of(project))
    dialog.open()
    return dialog


def export_consensus_snapshot(parent: QWidget, panel_hint: Path | None) -> None:
    from annotator.store.snapshot import export_snapshot

    start = str(panel_hint) if panel_hint is not None else ""
    panel, _ = QFileDialog.getOpenFileName(parent, "Panel database to export from", start,
                                           "Panel database (*.sqlite)")
    if not panel:
        return
    target, _ = QFileDialog.getSaveFileName(
        parent, "Save the consensus snapshot", str(Path(panel).with_suffix(".snapshot")),
        "Consensus snapshot (*.snapshot)")
    if not target:
        return
    try:
        snapshot = export_snapshot(Path(panel), Path(target))
    except AnnotatorError as error:
        QMessageBox.critical(parent, "Cannot export the snapshot", str(error))
        return
    QMessageBox.information(
        parent, "Snapshot exported",
        f"{snapshot.path}\n\nholds the panel's {snapshot.ratings} game and retest ratings. "
        "Import it into each laptop's project folder: Study ▸ Import consensus snapshot… "
        "here, or 'annotator snapshot import FOLDER SNAPSHOT' on the laptop.")


def import_consensus_snapshot(parent: QWidget, folder_hint: Path | None) -> bool:
    """Import a snapshot into a laptop's project folder (on the laptop, or on the USB stick
    that goes back to it); True when it was new."""
    from annotator.store.snapshot import import_snapshot

    folder = QFileDialog.getExistingDirectory(
        parent, "The laptop's project folder to import into",
        str(folder_hint) if folder_hint is not None else "")
    if not folder:
        return False
    try:
        project = open_project(Path(folder))
    except AnnotatorError as error:
        QMessageBox.critical(parent, "Cannot import the snapshot", str(error))
        return False
    name, _ = QFileDialog.getOpenFileName(parent, "Consensus snapshot to import", "",
                                          "Consensus snapshot (*.snapshot *.sqlite)")
    if not name:
        return False
    try:
        snapshot, new = import_snapshot(Path(name), project)
    except AnnotatorError as error:
        QMessageBox.critical(parent, "Cannot import the snapshot", str(error))
        return False
    if new:
        QMessageBox.information(
            parent, "Snapshot imported",
            f"The panel's {snapshot.ratings} ratings are now part of the consensus in "
            f"{project.root}, from the next time a tagger starts rating there.")
    else:
        QMessageBox.information(parent, "Already imported",
                                "This snapshot was imported before; nothing changed.")
    return new


def choose_project_to_analyse(parent: QWidget) -> Path | None:
    folder = QFileDialog.getExistingDirectory(parent, "Project folder to analyse")
    return Path(folder) if folder else None


def choose_panel_to_analyse(parent: QWidget, start_in: Path | None) -> Path | None:
    start = str(start_in / PANEL_NAME) if start_in is not None else ""
    name, _ = QFileDialog.getOpenFileName(parent, "Panel database to analyse", start,
                                          "Panel database (*.sqlite)")
    return Path(name) if name else None
