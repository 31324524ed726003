"""``annotator lead [FOLDER|PANEL.sqlite]`` and ``annotator analyze SOURCE --gui``: the lab
lead's window, through the real entry point and event loop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction  # noqa: TID251 (this command's job is a Qt window)
from PySide6.QtWidgets import QWidget  # noqa: TID251

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.store.merge import merge_session_files
from annotator.ui.actions import LEAD_ACTIONS
from annotator.ui.lead_window import TITLE, LeadWindow

LEAD_TOOLS = {"openProject", "openPanel", "exportEverything", "saveReport", "exportDataset",
              "analyseAgain", "excludeFailedChecks", "mergeSessionFiles", "startRound",
              "listRounds", "exportSnapshot", "importSnapshot"}
"""Every lead action the issue names: the analysis (open, again, the checks option), merge,
rounds (start, list), snapshots (export, import), the exports and the dataset."""


def analysed(widget: QWidget) -> bool:
    return isinstance(widget, LeadWindow) and widget.pane.content is not None


def menu_actions(window: LeadWindow) -> dict[str, QAction]:
    """The actions reachable from the menu bar, by name."""
    return {action.objectName(): action for menu in window.menuBar().actions()
            for action in menu.menu().actions() if action.objectName()}


def test_lead_opens_the_analysis_with_every_lead_action(run_window,
                                                        simulated_project: Path) -> None:
    found: dict[str, object] = {}

    def ready(widget: QWidget) -> bool:
        if not analysed(widget):
            return False
        found["main view"] = widget.centralWidget().currentWidget()
        found["actions"] = menu_actions(widget)
        items = widget.pane.section_view("items")
        items.show_item(0)
        model = items.ratings_view.model()
        found["names"] = {model.index(r, c).data() for r in range(model.rowCount())
                          for c in range(model.columnCount())}
        found["pane"] = widget.pane
        return True

    code, title = run_window(["lead", str(simulated_project)], ready)
    assert code == ExitCode.DONE
    assert title == f"Panel agreement: VICR demo panel — {TITLE}"
    assert found["main view"] is found["pane"]
    actions = found["actions"]
    assert LEAD_TOOLS | {spec.name for spec in LEAD_ACTIONS} <= set(actions)
    assert actions["exportDataset"].isEnabled()
    assert actions["exportDataset"].shortcut().toString() == "Ctrl+D"
    taggers = {f"Simulated tagger {n:02d}" for n in range(1, 5)}
    assert taggers & found["names"]  # an item's details name who rated it


def test_lead_without_a_source_shows_the_start_page(run_window) -> None:
    pages: list[QWidget] = []

    def ready(widget: QWidget) -> bool:
        if isinstance(widget, LeadWindow):
            pages.append(widget.centralWidget().currentWidget())
            return True
        return False

    code, title = run_window(["lead"], ready)
    assert (code, title) == (ExitCode.DONE, TITLE)
    assert pages[0].objectName() == "leadStartPage"


def test_lead_on_a_panel_database(run_window, simulated_project: Path, tmp_path: Path) -> None:
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, [simulated_project / "sessions"])
    code, title = run_window(["lead", str(panel)], analysed)
    assert code == ExitCode.DONE and title.startswith("Panel agreement: ")


def test_analyze_gui_opens_the_leads_window(run_window, panel_project: Path) -> None:
    code, title = run_window(["analyze", str(panel_project), "--gui"], analysed)
    assert (code, title) == (ExitCode.DONE, f"Panel agreement: Test panel — {TITLE}")


def test_lead_takes_a_project_shortcut_and_the_window_logs(run_window, panel_project: Path,
                                                           tmp_path: Path,
                                                           user_config_dir: Path) -> None:
    shortcut = tmp_path / "Panel.crproject"
    shortcut.write_text(f"folder = '{panel_project}'\n", encoding="utf-8")
    code, title = run_window(["lead", str(shortcut)], analysed)
    assert (code, title) == (ExitCode.DONE, f"Panel agreement: Test panel — {TITLE}")
    log = (user_config_dir / "logs" / "annotator.log").read_text(encoding="utf-8")
    assert f"INFO annotator.ui.app: lab lead's window opened on {panel_project}" in log
    assert "INFO annotator.ui.app: closed (exit status 0)" in log


def test_a_shortcut_to_nowhere_is_refused_by_name_before_any_window(tmp_path: Path,
                                                                    capsys) -> None:
    shortcut = tmp_path / "Broken.crproject"
    shortcut.write_text("folder = \n", encoding="utf-8")
    assert main(["lead", str(shortcut)]) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert str(shortcut) in err and "not valid TOML" in err


def test_a_source_that_does_not_exist_is_refused_before_any_window(tmp_path: Path,
                                                                   capsys) -> None:
    assert main(["lead", str(tmp_path / "nowhere")]) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert str(tmp_path / "nowhere") in err and "no such project folder" in err
