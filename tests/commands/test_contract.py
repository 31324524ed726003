"""The one refusal helper and the exit codes every command's ``--help`` documents."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands import COMMANDS
from annotator.commands.contract import Command, ExitCode, Exits, Group, Progress, refuse
from annotator.errors import AnnotatorError


def every_command() -> list[tuple[list[str], Command]]:
    found: list[tuple[list[str], Command]] = []
    for entry in COMMANDS:
        if isinstance(entry, Group):
            found += [([entry.name, action.name], action) for action in entry.actions]
        else:
            found.append(([entry.name], entry))
    return found


def test_the_codes_are_the_documented_numbers() -> None:
    assert [(code.name, int(code)) for code in ExitCode] == [
        ("DONE", 0), ("PROBLEMS", 1), ("REFUSED", 2)]


@pytest.mark.parametrize(("path", "command"), every_command(),
                         ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_each_help_states_what_each_exit_code_means_for_it(path, command: Command,
                                                           capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*path, "--help"])
    assert exit_.value.code == ExitCode.DONE
    text = " ".join(capsys.readouterr().out.split())  # undo the wrapping
    assert f"exit status: 0 done: {' '.join(command.exits.done.split())}" in text
    assert ("1 problems found:" in text) == (command.exits.problems is not None)
    assert "2 refused:" in text and "cannot be read or written" in text
    assert "Messages and refusals go to stderr; data (tables, lists, JSON) to stdout." in text


@pytest.mark.parametrize("group", [e for e in COMMANDS if isinstance(e, Group)],
                         ids=lambda group: group.name)
def test_a_groups_help_states_each_actions_exit_codes(group: Group, capsys) -> None:
    with pytest.raises(SystemExit):
        main([group.name, "--help"])
    out = capsys.readouterr().out
    assert [f"exit status of {group.name} {action.name}:" in out
            for action in group.actions] == [True] * len(group.actions)


def test_an_epilog_without_problems_has_no_exit_1() -> None:
    text = Exits(done="it worked", refused="not a project folder").epilog()
    assert text.splitlines()[:2] == ["exit status:", "  0  done: it worked"]
    assert "  1  " not in text
    assert "  2  refused: not a project folder; or a wrong command line" in text


def test_a_refusal_prints_the_file_and_line_on_stderr(capsys) -> None:
    error = AnnotatorError("The score 'x' is not a number.", file=Path("m.csv"), line=3)
    assert refuse(error) == ExitCode.REFUSED
    assert capsys.readouterr() == ("", "m.csv:3: The score 'x' is not a number.\n")


def test_a_file_that_cannot_be_read_is_named_without_a_traceback(tmp_path, capsys) -> None:
    missing = tmp_path / "missing.csv"
    with pytest.raises(OSError) as caught:
        missing.read_text(encoding="utf-8")
    assert refuse(caught.value) == ExitCode.REFUSED
    assert capsys.readouterr().err == f"{missing}: No such file or directory\n"


def test_a_failed_rename_names_both_files(tmp_path, capsys) -> None:
    source, target = tmp_path / "gone.tmp", tmp_path / "report.json"
    with pytest.raises(OSError) as caught:
        source.replace(target)
    refuse(caught.value)
    assert capsys.readouterr().err == f"{source} → {target}: No such file or directory\n"


class Terminal(io.StringIO):
    """stderr as a terminal would be."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("path", "command"), every_command(),
                         ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_every_command_takes_quiet(path, command: Command, capsys) -> None:
    with pytest.raises(SystemExit):
        main([*path, "--help"])
    assert "--quiet" in capsys.readouterr().out


def shown(progress: Progress) -> None:
    """Wait until the progress line's timer has fired (``after`` has passed) and written."""
    assert progress._timer is not None
    progress._timer.join(timeout=30)
    assert not progress._timer.is_alive()


def test_the_progress_line_is_rewritten_in_place_and_erased() -> None:
    terminal = Terminal()
    with Progress(enabled=True, after=0, stream=terminal) as progress:
        shown(progress)  # the timer has fired, with nothing said yet
        progress("Checking file 1 of 2: a-long-name.sqlite…")
        progress("Merging…")
    text = terminal.getvalue()
    assert text.startswith("\rChecking file 1 of 2")
    assert "\rMerging…" + " " * (len("Checking file 1 of 2: a-long-name.sqlite…") - 8) in text
    assert text.endswith("\r" + " " * len("Merging…") + "\r")


def test_a_quick_command_shows_no_progress_line() -> None:
    terminal = Terminal()
    with Progress(enabled=True, after=0.5, stream=terminal) as progress:
        progress("Reading…")
    assert terminal.getvalue() == ""


def test_after_a_second_the_last_words_are_shown() -> None:
    terminal = Terminal()
    with Progress(enabled=True, after=0.1, stream=terminal) as progress:
        progress("Reading…")
        progress("Computing…")
        shown(progress)
        assert terminal.getvalue() == "\rComputing…"


@pytest.mark.parametrize(("tty", "quiet", "shown"),
                         [(True, False, True), (True, True, False), (False, False, False)])
def test_progress_only_on_a_terminal_and_not_with_quiet(monkeypatch, tty: bool, quiet: bool,
                                                        shown: bool) -> None:
    stream = Terminal() if tty else io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    with Progress.of(argparse.Namespace(quiet=quiet)) as progress:
        assert progress.enabled == shown
