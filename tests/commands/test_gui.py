"""The tagger's window commands: ``annotator`` and ``annotator open`` run the real event
loop and exit 0 when their window is closed (``annotator lead``: test_lead.py)."""

from __future__ import annotations

from pathlib import Path

from annotator.commands.contract import ExitCode
from annotator.ui.main_window import MainWindow


def test_no_command_opens_the_start_screen(run_window) -> None:
    code, title = run_window([], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Caption Rating Annotator")


def test_open_shows_the_project(run_window, make_project_folder) -> None:
    folder = make_project_folder(2, name="Harbour panel")
    code, title = run_window(["open", str(folder)], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Harbour panel — Caption Rating Annotator")


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
