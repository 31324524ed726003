"""``annotator --self-test``: passes on a good installation, names the check that fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from annotator import resources
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.selftest import Check, SelfTestContext, run_self_test

REPO = Path(__file__).resolve().parent.parent
CHECK_NAMES = ["resources", "sample project", "rating screen", "session file", "analysis",
               "merge", "lead's window"]


def check_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(("[ok]", "[FAIL]"))]


@pytest.mark.slow  # simulates a panel and analyses it, as the installed app does
def test_the_self_test_rates_one_pair_and_prints_each_check(capsys, user_config_dir) -> None:
    sample_before = sorted((REPO / "sample_projects").rglob("*"))
    assert main(["--self-test"]) == ExitCode.DONE
    out = capsys.readouterr().out
    lines = check_lines(out)
    assert [line.split(":")[0].removeprefix("[ok]").strip() for line in lines] == CHECK_NAMES
    assert "rated " in lines[2] and "level 1 as 'self-test'" in lines[2]
    assert "the rating is stored, integrity_check ok" in lines[3]
    assert "132 ratings by 3 taggers; alpha " in lines[4]  # 3 simulated × 44 sample pairs
    assert out.splitlines()[-1].startswith(f"Self-test passed: {len(CHECK_NAMES)} checks")
    # it worked on a copy and with its own settings: nothing of the user's was touched
    assert sorted((REPO / "sample_projects").rglob("*")) == sample_before
    assert not user_config_dir.exists()
    assert os.environ["ANNOTATOR_CONFIG_DIR"] == str(user_config_dir)


def test_a_missing_sample_project_fails_there_and_stops(tmp_path: Path, monkeypatch,
                                                        capsys) -> None:
    package = tmp_path / "site-packages" / "annotator"
    shutil.copytree(REPO / "resources", package / "_resources")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert main(["--self-test"]) == ExitCode.PROBLEMS
    out = capsys.readouterr().out
    assert check_lines(out) == [
        check_lines(out)[0],
        "[FAIL] sample project: SelfTestError: the sample project is not part of this "
        "installation",
    ]
    assert check_lines(out)[0].startswith("[ok]   resources: ")
    assert "Self-test FAILED at 'sample project'" in out


def test_the_first_failing_check_stops_the_run(capsys) -> None:
    ran: list[str] = []

    def passing(context: SelfTestContext) -> str:
        ran.append("passing")
        return "fine"

    def failing(context: SelfTestContext) -> str:
        ran.append("failing")
        raise ValueError("broken on purpose")

    checks = [Check("one", passing), Check("two", failing), Check("three", passing)]
    assert run_self_test(checks) is False
    assert ran == ["passing", "failing"]
    assert check_lines(capsys.readouterr().out) == [
        "[ok]   one: fine (0 ms)",
        "[FAIL] two: ValueError: broken on purpose",
    ]


@pytest.mark.slow  # the whole self-test in a fresh interpreter
def test_the_command_passes_in_a_fresh_process_without_a_display(tmp_path: Path) -> None:
    """As the frozen app runs it: no QApplication yet, no DISPLAY, no platform chosen."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-m", "annotator", "--self-test"], cwd=tmp_path,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == ExitCode.DONE, result.stdout + result.stderr
    assert "on the 'offscreen' platform" in result.stdout
    assert len(check_lines(result.stdout)) == len(CHECK_NAMES)
