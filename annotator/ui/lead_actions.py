"""The Lead menu's file work: merging session files, carrying consensus snapshots, and
choosing what the analysis pane reads.

Thin: each function asks for files, calls the store, and says what happened in words.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from annotator.errors import AnnotatorError
from annotator.project.model import Project
from annotator.store.snapshot import export_snapshot, import_snapshot
from annotator.store.validation import RowRules
from annotator.ui.dialogs.merge_dialog import MergeDialog

PANEL_NAME = "panel.sqlite"


def open_merge_dialog(parent: QWidget, project: Project | None) -> MergeDialog:
    """The merge dialog, set up for the open project: its sessions/ into its panel.sqlite."""
    if project is None:
        dialog = MergeDialog(parent)
    else:
        dialog = MergeDialog(parent, panel=project.root / PANEL_NAME,
                             sources=[project.sessions_dir], project_id=project.project_id,
                             rules=RowRules.of(project))
    dialog.open()
    return dialog


def export_consensus_snapshot(parent: QWidget, project: Project | None) -> None:
    start = str(project.root / PANEL_NAME) if project is not None else ""
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
        "Copy it to each laptop and choose Lead ▸ Import consensus snapshot there.")


def import_consensus_snapshot(parent: QWidget, project: Project | None) -> bool:
    """Import a snapshot into the open project; True when it was new."""
    if project is None:
        QMessageBox.information(parent, "Import consensus snapshot",
                                "Open the project first: the snapshot goes into its folder.")
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
            f"The panel's {snapshot.ratings} ratings are now part of the consensus on this "
            "laptop, from the next time a tagger starts rating.")
    else:
        QMessageBox.information(parent, "Already imported",
                                "This snapshot was imported before; nothing changed.")
    return new


def choose_project_to_analyse(parent: QWidget) -> Path | None:
    folder = QFileDialog.getExistingDirectory(parent, "Project folder to analyse")
    return Path(folder) if folder else None


def choose_panel_to_analyse(parent: QWidget, project: Project | None) -> Path | None:
    start = str(project.root / PANEL_NAME) if project is not None else ""
    name, _ = QFileDialog.getOpenFileName(parent, "Panel database to analyse", start,
                                          "Panel database (*.sqlite)")
    return Path(name) if name else None
