"""A test needing a tool the machine lacks skips saying what is missing and how to get it,
and fails under CI (tests/requirements.py): run here as a contributor without Chromium would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
NEEDS_CHROMIUM = "tests/reporting/test_html_chromium.py::test_chromium_draws_the_report"


@pytest.mark.parametrize(("ci", "outcome", "exit_code"),
                         [("", "1 skipped", 0), ("true", "1 error", 1)])  # error: in its set-up
def test_a_missing_tool_skips_with_the_reason_and_fails_under_ci(
        tmp_path: Path, ci: str, outcome: str, exit_code: int) -> None:
    bare = tmp_path / "bin"  # a PATH without chromium
    bare.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", NEEDS_CHROMIUM],
        cwd=REPO, env={**os.environ, "PATH": str(bare), "CI": ci},
        capture_output=True, text=True, timeout=300, check=False)
    assert outcome in done.stdout and done.returncode == exit_code, done.stdout[-2000:]
    assert "no chromium on PATH: build_scripts/install_chromium.sh installs it" in done.stdout
