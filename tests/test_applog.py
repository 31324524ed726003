"""The app's log: rotating and bounded, where the platform keeps logs, never a cost or a
traceback for the headless commands; ``--verbose`` before or after the command."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from annotator.applog import (
    BACKUPS,
    LOG_FILE,
    LOGGER,
    MAX_BYTES,
    active_log_file,
    crash_logging,
    file_logging,
    log_dir,
)
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.resources import sample_project_dir
from annotator.userconfig import config_dir


def test_the_log_rotates_and_never_exceeds_its_limit(user_config_dir: Path) -> None:
    record = "x" * 1000
    with file_logging() as path:
        assert path == user_config_dir / "logs" / LOG_FILE
        assert active_log_file() == path
        for _ in range(4 * MAX_BYTES // len(record)):
            logging.getLogger(f"{LOGGER}.test").info(record)
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == [LOG_FILE] + [f"{LOG_FILE}.{n}" for n in range(1, BACKUPS + 1)]
    total = sum(p.stat().st_size for p in path.parent.iterdir())
    assert 2 * MAX_BYTES < total <= (BACKUPS + 1) * MAX_BYTES
    assert active_log_file() is None  # the handler left with the block
    assert not logging.getLogger(LOGGER).handlers


def test_debug_records_stay_out_of_the_file(user_config_dir: Path) -> None:
    with file_logging() as path:
        logging.getLogger(f"{LOGGER}.test").debug("detail")
        logging.getLogger(f"{LOGGER}.test").info("opened")
    text = path.read_text(encoding="utf-8")
    assert "INFO annotator.test: opened" in text and "detail" not in text


def test_an_unwritable_log_folder_is_no_error(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("ANNOTATOR_CONFIG_DIR", str(blocker))
    with file_logging() as path:
        assert path is None
        logging.getLogger(LOGGER).info("goes nowhere, quietly")
    with crash_logging() as path:
        assert path is None


def test_a_crash_record_joins_a_running_log_rather_than_opening_a_second(
        user_config_dir: Path) -> None:
    with file_logging() as running, crash_logging() as crash:
        assert crash == running
        assert len(logging.getLogger(LOGGER).handlers) == 1


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_without_an_override_the_log_is_in_the_platforms_log_folder(monkeypatch) -> None:
    monkeypatch.delenv("ANNOTATOR_CONFIG_DIR")
    monkeypatch.setenv("XDG_STATE_HOME", "/state")  # where Linux keeps logs
    monkeypatch.setenv("XDG_CONFIG_HOME", "/config")
    assert log_dir() == Path("/state/CaptionRatingAnnotator/log")
    assert config_dir() == Path("/config/CaptionRatingAnnotator")  # as before platformdirs


def test_headless_commands_write_no_log(user_config_dir: Path, capsys) -> None:
    assert main(["validate", str(sample_project_dir())]) == ExitCode.DONE
    assert not (user_config_dir / "logs").exists()
    assert "DEBUG" not in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["-v", "validate", "{sample}"],
                                  ["validate", "{sample}", "--verbose"],
                                  ["--verbose", "validate", "{sample}", "-v"]])
def test_verbose_works_before_or_after_the_command(argv: list[str], capsys) -> None:
    sample = str(sample_project_dir())
    assert main([a.format(sample=sample) for a in argv]) == ExitCode.DONE
    err = capsys.readouterr().err
    assert "DEBUG annotator.cli: annotator " in err and " validate " in err
    assert "0 problems; 44 pairs can be rated." in err
    assert "DEBUG annotator.cli: exit status 0 after " in err
    assert not logging.getLogger(LOGGER).handlers


def test_a_refusal_under_verbose_is_still_a_sentence(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(tmp_path / "missing"), "-v"]) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "Traceback" not in err and "exit status 2" in err


def test_help_and_version_load_no_logging_machinery() -> None:
    script = (
        "import contextlib, io, sys\n"
        "from annotator.cli import main\n"
        "for argv in (['--help'], ['--version'], ['validate', '--help']):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try:\n"
        "            main(argv)\n"
        "        except SystemExit:\n"
        "            pass\n"
        "print(sorted(m for m in ('platformdirs', 'logging', 'annotator.applog')\n"
        "             if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"
