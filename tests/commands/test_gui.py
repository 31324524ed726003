"""The tagger's window commands: ``annotator`` and ``annotator open`` run the real event
loop and exit 0 when their window is closed (``annotator lead``: test_lead.py)."""

from __future__ import annotations

from annotator.commands.contract import ExitCode
from annotator.ui.main_window import MainWindow


def test_no_command_opens_the_start_screen(run_window) -> None:
    code, title = run_window([], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Caption Rating Annotator")


def test_open_shows_the_project(run_window, make_project_folder) -> None:
    folder = make_project_folder(2, name="Harbour panel")
    code, title = run_window(["open", str(folder)], lambda w: isinstance(w, MainWindow))
    assert (code, title) == (ExitCode.DONE, "Harbour panel — Caption Rating Annotator")
