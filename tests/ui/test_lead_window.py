"""The lab lead's window driven as a lead would: the start page, opening a project or a
panel, analysing again after new ratings, and the Study menu's defaults."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel

from annotator.store.merge import merge_session_files
from annotator.userconfig import load_config
from tests.analysis.sessions import rate, session
from tests.ui.conftest import by_name


def test_the_start_page_opens_a_project_folder(qtbot, make_lead_window, panel_project: Path,
                                               monkeypatch) -> None:
    window = make_lead_window()
    assert window.centralWidget().currentWidget() is window.start_page
    assert not window.actions_by_name["exportDataset"].isEnabled()  # nothing to export yet
    # The one thing not driven for real: the platform's folder chooser returns our folder.
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *_args, **_kwargs: str(panel_project)))
    with qtbot.waitSignal(window.pane.ready, timeout=60_000):
        qtbot.mouseClick(by_name(window, "Open project folder"), Qt.MouseButton.LeftButton)
    assert window.centralWidget().currentWidget() is window.pane
    assert window.windowTitle().startswith("Panel agreement: Test panel — ")
    assert window.actions_by_name["exportDataset"].isEnabled()
    assert load_config().recent_projects[0] == str(panel_project.resolve())
    again = make_lead_window()
    recent = by_name(again, "Recent projects")
    assert recent.item(0).text() == str(panel_project.resolve())
    with qtbot.waitSignal(again.pane.ready, timeout=60_000):
        recent.setCurrentRow(0)
        qtbot.keyClick(recent, Qt.Key.Key_Return)
    assert again.pane.analysis.input.path == panel_project.resolve()


def test_analyse_again_reads_the_new_ratings(qtbot, make_lead_window,
                                             panel_project: Path) -> None:
    window = make_lead_window(panel_project)
    before = window.pane.analysis.results.n_ratings
    late = session(panel_project, "lab-3")
    rate(late, "cy", "item000", 4)
    late.close()
    with qtbot.waitSignal(window.pane.ready, timeout=60_000):
        qtbot.keyClick(window.pane.tabs, Qt.Key.Key_F5)
    assert window.pane.analysis.results.n_ratings == before + 1


def test_on_a_panel_the_study_menu_works_on_it_and_its_project(
    qtbot, make_lead_window, panel_project: Path, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    shutil.copytree(panel_project, project)
    (project / "merged").mkdir()
    panel = project / "merged" / "march.sqlite"  # its project folder is one up
    merge_session_files(panel, [project / "sessions"])
    window = make_lead_window(panel)
    assert window.project_folder() == project
    window.actions_by_name["mergeSessionFiles"].trigger()
    dialog = window.merge_dialog
    assert dialog.panel_edit.text() == str(panel)  # the panel shown, not panel.sqlite
    assert dialog.source_paths() == [project / "sessions"]
    dialog.close()


def test_the_lead_keyboard_help_and_text_size(qtbot, make_lead_window, panel_project: Path,
                                              capture_message_box) -> None:
    window = make_lead_window(panel_project)
    texts = capture_message_box()
    window.actions_by_name["keyboardShortcuts"].trigger()
    assert texts and "Ctrl+D: Export the dataset" in texts[0] and "F5" in texts[0]
    tabs = window.pane.tabs
    before = tabs.font().pointSizeF()
    window.actions_by_name["textLarger"].trigger()  # the app's font reaches every widget
    qtbot.waitUntil(lambda: tabs.font().pointSizeF() > before * 1.1)
    window.actions_by_name["textNormal"].trigger()
    qtbot.waitUntil(lambda: abs(tabs.font().pointSizeF() - before) < 0.01)
    assert load_config().text_scale == 1.0


def test_unreadable_session_files_are_named_under_the_tabs(qtbot, make_lead_window,
                                                           panel_project: Path,
                                                           tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(panel_project, project)
    torn = sorted((project / "sessions").glob("*.sqlite"))[0]
    torn.write_bytes(torn.read_bytes()[:2048])  # a copy broken off early
    window = make_lead_window(project)
    left_out = window.pane.findChild(QLabel, "leftOutFiles")
    assert left_out is not None and left_out.isVisible()
    assert left_out.text().startswith(f"⚠ {torn}: left out, none of its ratings are used.")
    assert window.pane.analysis.input.left_out  # the figures are without it
    with qtbot.waitSignal(window.pane.ready, timeout=60_000):
        window.show_source(panel_project)  # a folder with nothing left out: no warning
    assert window.pane.findChild(QLabel, "leftOutFiles") is None


def test_exporting_everything_counts_the_files_in_the_status_bar(
    qtbot, make_lead_window, panel_project: Path, tmp_path: Path, capture_message_box
) -> None:
    window = make_lead_window(panel_project)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    capture_message_box()
    with qtbot.waitSignal(window.pane.exporter.exported, timeout=60_000) as done:
        window.pane.exporter.export_all(tmp_path / "out")
    written = len(done.args[0])
    assert messages[0] == "Exporting every table and chart…"
    assert f"Exported {written} of {written} files…" in messages
