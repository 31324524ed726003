"""The ``annotator`` entry point: help, version, and a start-up that loads no Qt or numpy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from annotator import __version__
from annotator.cli import main
from annotator.commands import COMMANDS
from annotator.commands.contract import CONTRACT, ExitCode, Group


def help_paths() -> list[list[str]]:
    """Every command line that has a ``--help``: the bare command, each command, each
    action of a group."""
    paths: list[list[str]] = [[]]
    for entry in COMMANDS:
        paths.append([entry.name])
        if isinstance(entry, Group):
            paths += [[entry.name, action.name] for action in entry.actions]
    return paths


def test_help_lists_every_command_and_states_the_contract(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == ExitCode.DONE
    out = capsys.readouterr().out
    assert all(f"    {entry.name} " in out or f"    {entry.name}\n" in out for entry in COMMANDS)
    assert CONTRACT in out
    assert "exit status of --self-test:\n  0  done: every check passed" in out


def test_help_loads_neither_qt_nor_numpy_nor_the_analysis() -> None:
    """Every --help runs in one child process; none may pay for the GUI or the statistics."""
    heavy = ("PySide6", "shiboken6", "numpy", "scipy", "annotator.ui", "annotator.analysis",
             "annotator.reporting", "annotator.store", "annotator.session")
    script = (
        "import contextlib, io, sys\n"
        "from annotator.cli import main\n"
        f"for path in {help_paths()!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "        try:\n"
        "            main([*path, '--help'])\n"
        "        except SystemExit as exit_:\n"
        "            assert exit_.code == 0, path\n"
        "    assert 'exit status' in out.getvalue(), path\n"
        f"print(sorted({{m for m in sys.modules for h in {heavy!r}\n"
        "              if m == h or m.startswith(h + '.')}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_a_wrong_command_line_is_refused_with_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["validate"])
    assert exit_.value.code == ExitCode.REFUSED
    assert "the following arguments are required: folder" in capsys.readouterr().err


def test_the_installed_command_and_python_m_both_run(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("annotator.exe" if sys.platform == "win32"
                                            else "annotator")
    for command in ([str(script)], [sys.executable, "-m", "annotator"]):
        result = subprocess.run([*command, "--version"], capture_output=True, text=True,
                                check=True)
        assert result.stdout.strip() == f"annotator {__version__}"
        refused = subprocess.run([*command, "validate", str(tmp_path)], capture_output=True,
                                 text=True)
        assert refused.returncode == ExitCode.REFUSED
        assert (refused.stdout, "not a project folder" in refused.stderr) == ("", True)
