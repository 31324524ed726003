"""Study ▸ Merge session files… and the consensus snapshots, in the lead's window: preview
first, then merge; refusals in words."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from annotator.store.panel import Panel
from annotator.ui.dialogs.merge_dialog import MergeDialog
from tests.store.sessionfiles import PROJECT, ratings_for, write_session_file
from tests.ui.conftest import by_description, by_name


def files(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "returned"
    folder.mkdir()
    write_session_file(folder / "lap-1.sqlite", ratings_for("ana", 12, seed=1))
    write_session_file(folder / "lap-2.sqlite", ratings_for("ben", 9, seed=2))
    edited = folder / "lap-3.sqlite"
    write_session_file(edited, ratings_for("cy", 7, seed=3))
    conn = sqlite3.connect(edited)
    conn.execute("DELETE FROM ratings WHERE seq = 3")
    conn.commit()
    conn.close()
    return folder, edited


def click_and_wait(qtbot, dialog: MergeDialog, button: str) -> None:
    """Click, then wait for the background work's report to be on screen."""
    with qtbot.waitSignal(dialog.job_ended, timeout=30_000):
        by_name(dialog, button).click()


def test_merge_is_offered_only_after_a_preview_of_the_same_files(qtbot, tmp_path: Path) -> None:
    folder, edited = files(tmp_path)
    panel = tmp_path / "panel.sqlite"
    dialog = MergeDialog(panel=panel, sources=[folder], project_id=PROJECT)
    qtbot.addWidget(dialog)
    dialog.show()
    merge = by_name(dialog, "Merge into the panel")
    assert not merge.isEnabled()

    click_and_wait(qtbot, dialog, "Preview the merge")
    assert merge.isEnabled() and not panel.exists()
    table = by_name(dialog, "Merge report, one row per file")
    rows = {table.item(r, 0).text(): [table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())}
    assert rows["lap-1.sqlite"][2:5] == ["Will be merged", "12", "0"]
    assert rows["lap-3.sqlite"][2] == "Refused" and "removed before it" in rows["lap-3.sqlite"][6]
    details = by_description(dialog, "The selected file in full").text()
    assert str(edited) in details  # the refused file is selected and named in full
    assert "would add 21 new ratings from 3 files; 1 refused" in dialog.summary.text()

    dialog.add_sources([tmp_path / "elsewhere"])
    assert not merge.isEnabled(), "the preview no longer matches the files listed"
    dialog.sources.setCurrentRow(1)
    by_name(dialog, "Remove the selected file or folder").click()
    click_and_wait(qtbot, dialog, "Preview the merge")
    with qtbot.waitSignal(dialog.job_ended, timeout=30_000):
        merge.click()
        assert not merge.isEnabled(), "no second merge while one runs"
    assert "added 21 new ratings" in dialog.summary.text()
    assert not merge.isEnabled()
    opened = Panel.open(panel, create=False)
    assert opened.rating_count() == 21
    opened.close()


def test_a_wrong_panel_file_is_explained_and_nothing_is_merged(qtbot, tmp_path: Path) -> None:
    folder, _ = files(tmp_path)
    not_a_panel = tmp_path / "lap-1-copy.sqlite"
    shutil.copy(folder / "lap-1.sqlite", not_a_panel)
    dialog = MergeDialog(panel=not_a_panel, sources=[folder], project_id=PROJECT)
    qtbot.addWidget(dialog)
    click_and_wait(qtbot, dialog, "Preview the merge")
    assert "Nothing was merged" in dialog.summary.text()
    assert "session file, not a panel database" in dialog.summary.text()
    assert not by_name(dialog, "Merge into the panel").isEnabled()


def test_the_study_menu_opens_the_dialog_on_the_project_shown(qtbot, make_project_folder,
                                                              make_lead_window) -> None:
    folder = make_project_folder(2)
    window = make_lead_window(folder)
    window.actions_by_name["mergeSessionFiles"].trigger()
    dialog = window.merge_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.panel_edit.text() == str(folder / "panel.sqlite")
    assert dialog.source_paths() == [folder / "sessions"]
    dialog.close()


def test_importing_a_snapshot_into_a_laptops_folder_says_what_happened(
        qtbot, make_project_folder, make_lead_window, capture_message_box, monkeypatch,
        tmp_path: Path) -> None:
    from PySide6.QtWidgets import QFileDialog

    from annotator.project.folder import open_project
    from annotator.store.merge import merge_session_files
    from annotator.store.snapshot import export_snapshot

    folder = make_project_folder(2)
    project_id = open_project(folder).project_id
    returned = write_session_file(tmp_path / "lap.sqlite", ratings_for("bea", 2, seed=4),
                                  project_id=project_id)
    merge_session_files(tmp_path / "panel.sqlite", [returned])
    snapshot = export_snapshot(tmp_path / "panel.sqlite", tmp_path / "panel.snapshot")
    window = make_lead_window(tmp_path / "panel.sqlite")  # no project folder beside it
    # The one thing not driven for real: the platform's file choosers return our files.
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *_args, **_kwargs: str(folder)))
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *_args, **_kwargs: (str(snapshot.path), "")))
    texts = capture_message_box()
    window.actions_by_name["importSnapshot"].trigger()
    window.actions_by_name["importSnapshot"].trigger()
    qtbot.waitUntil(lambda: len(texts) == 2)
    assert f"panel's 2 ratings are now part of the consensus in {folder}" in texts[0]
    assert "imported before; nothing changed" in texts[1]
    assert len(list((folder / "snapshots").iterdir())) == 1


def test_after_a_merge_the_window_shows_the_merged_panel(qtbot, make_lead_window,
                                                         panel_project: Path,
                                                         tmp_path: Path) -> None:
    """From the start page: the returned files merged into the project's panel, the
    window shows that panel's analysis, and nothing is left beside the returned files."""
    project = tmp_path / "project"
    shutil.copytree(panel_project, project)
    returned = tmp_path / "returned"
    shutil.move(project / "sessions", returned)
    window = make_lead_window()
    assert window.centralWidget().currentWidget() is window.start_page
    window.actions_by_name["mergeSessionFiles"].trigger()
    dialog = window.merge_dialog
    panel = project / "panel.sqlite"
    dialog.panel_edit.setText(str(panel))
    dialog.add_sources([returned])
    click_and_wait(qtbot, dialog, "Preview the merge")
    with qtbot.waitSignal(window.pane.ready, timeout=60_000):
        by_name(dialog, "Merge into the panel").click()
    assert "added 6 new ratings" in dialog.summary.text()
    assert window.centralWidget().currentWidget() is window.pane
    assert window.pane.source == panel
    assert window.pane.analysis.results.n_ratings > 0
    assert window.windowTitle().startswith("Panel agreement: Test panel — ")
    dialog.close()
    assert sorted(p.name for p in returned.iterdir()) == ["lab-1.sqlite", "lab-2.sqlite"]
