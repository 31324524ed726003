"""The window commands: ``annotator``, ``annotator open`` and ``annotator analyze --gui``
run the real event loop and exit 0 when their window is closed."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer  # noqa: TID251 (these commands' job is a Qt window)
from PySide6.QtWidgets import QApplication, QWidget  # noqa: TID251

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.ui.analysis.pane import AnalysisPane
from annotator.ui.main_window import MainWindow

GIVE_UP = 99
"""The exit code of the safety timer: a window that never became ready fails the test."""


@pytest.fixture
def run_window(qapp, monkeypatch) -> Callable[..., tuple[int, str]]:
    """``run_window(argv, ready)``: run the command; once a shown top-level window passes
    ``ready``, close it as a person would. Returns the exit code and that window's title."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # the app installs its own

    def run(argv: Sequence[str], ready: Callable[[QWidget], bool]) -> tuple[int, str]:
        seen: list[str] = []

        def close_when_ready() -> None:
            for window in QApplication.topLevelWidgets():
                if not seen and window.isVisible() and ready(window):
                    seen.append(window.windowTitle())
                    window.close()

        poll, give_up = QTimer(), QTimer()
        poll.timeout.connect(close_when_ready)
        give_up.setSingleShot(True)
        give_up.timeout.connect(lambda: QApplication.exit(GIVE_UP))
        poll.start(20)
        give_up.start(60_000)
        try:
            code = main(list(argv))
        finally:
            poll.stop()
            give_up.stop()
        assert seen, "no window became ready"
        return code, seen[0]

    return run


def test_no_command_opens_the_start_screen(run_window) -> None:
    code, title = run_window([], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Caption Rating Annotator")


def test_open_shows_the_project(run_window, make_project_folder) -> None:
    folder = make_project_folder(2, name="Harbour panel")
    code, title = run_window(["open", str(folder)], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Harbour panel — Caption Rating Annotator")


def test_analyze_gui_shows_the_analysis(run_window, panel_project: Path) -> None:
    code, title = run_window(["analyze", str(panel_project), "--gui"],
                             lambda w: isinstance(w, AnalysisPane) and w.content is not None)
    assert code == ExitCode.DONE
    assert title == "Panel agreement: Test panel"  # the result arrived and was shown


def test_open_takes_a_project_shortcut_and_the_window_logs(run_window, make_project_folder,
                                                           tmp_path: Path,
                                                           user_config_dir: Path) -> None:
    folder = make_project_folder(2, name="Harbour panel")
    shortcut = tmp_path / "Harbour.crproject"
    shortcut.write_text(f"folder = '{folder}'\n", encoding="utf-8")
    code, title = run_window(["open", str(shortcut)], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Harbour panel — Caption Rating Annotator")
    log = (user_config_dir / "logs" / "annotator.log").read_text(encoding="utf-8")
    assert "INFO annotator.ui.app: Caption Rating Annotator " in log
    assert f"opened project 'Harbour panel' ({folder}, 2 pairs)" in log
    assert "INFO annotator.ui.app: closed (exit status 0)" in log


def test_verbose_copies_the_log_to_stderr(run_window, make_project_folder, capsys) -> None:
    folder = make_project_folder(2, name="Harbour panel")
    code, _ = run_window(["open", str(folder / "project.toml"), "--verbose"],
                         lambda w: isinstance(w, MainWindow))
    err = capsys.readouterr().err
    assert code == ExitCode.DONE
    assert "INFO annotator.session.opening: opened project 'Harbour panel'" in err
    assert "DEBUG annotator.cli: exit status 0 after " in err
