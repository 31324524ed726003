"""The packaging files agree with the code: workflows, build scripts, spec and installer.

They run on other machines (Windows/macOS runners), so these checks catch a renamed script
or a newly used Qt module here, before a release build fails there.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
SPEC = REPO / "build_scripts" / "annotator.spec"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_workflows_are_valid_and_call_scripts_that_exist(path: Path) -> None:
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert triggers, f"{path.name} has no triggers"
    for name, job in workflow["jobs"].items():
        assert job["runs-on"] and job["steps"], name
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), f"{name}: {step}"
            for script in re.findall(r"build_scripts/[\w.]+", step.get("run", "")):
                assert (REPO / script).is_file(), f"{path.name} runs a missing {script}"


def test_the_installer_script_points_at_files_the_build_makes_or_the_repo_has() -> None:
    iss = (REPO / "build_scripts" / "annotator.iss").read_text(encoding="utf-8")
    for relative in re.findall(r"=\.\.\\([\w\\.-]+)", iss):
        if not relative.startswith("dist"):
            assert (REPO / relative.replace("\\", "/")).exists(), relative
    assert 'Source: "..\\dist\\annotator\\*"' in iss
    assert "{group}\\Uninstall" in iss  # Start-menu shortcut to the uninstaller


def sample_files() -> set[str]:
    """The sample project's own files (not sessions a local run may have left)."""
    sample = REPO / "sample_projects" / "vicr-demo"
    return {path.name for path in sample.iterdir() if path.is_file()}


def test_the_spec_and_the_wheel_carry_every_file_of_the_sample_project() -> None:
    assert {"project.toml", "items.csv", "gold.csv", "priors.csv", "metrics.csv",
            "README.md"} <= sample_files()
    spec = SPEC.read_text(encoding="utf-8")
    wheel = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    for name in sample_files():
        assert f'(str(REPO / SAMPLE / "{name}"), SAMPLE)' in spec, name
        assert (f'"sample_projects/vicr-demo/{name}" = '
                f'"annotator/_sample_projects/vicr-demo/{name}"') in wheel, name


def test_the_windows_programs_are_named_alike_by_spec_installer_and_checks() -> None:
    """The spec makes CaptionRatingAnnotator.exe (window) and annotator.exe (command); the
    installer's shortcuts, file types and PATH and the install check use those names."""
    spec = SPEC.read_text(encoding="utf-8")
    gui = re.search(r'WINDOWS_GUI_EXE = "(\w+)"', spec).group(1)
    assert 'executable("annotator", console=True' in spec
    iss = (REPO / "build_scripts" / "annotator.iss").read_text(encoding="utf-8")
    assert f'#define AppExe "{gui}.exe"' in iss
    assert 'Parameters: "lead"' in iss  # the lab lead's Start-menu entry
    assert '""{app}\\{#AppExe}"" open ""%1""' in iss  # a double-clicked file goes to open
    assert "WizardIsTaskSelected('addtopath')" in iss and "RemoveFromPath" in iss
    check = (REPO / "build_scripts" / "install_check_windows.ps1").read_text(encoding="utf-8")
    assert f"{gui}.exe" in check and "annotator.exe" in check


def spec_qt_excludes() -> set[str]:
    block = SPEC.read_text(encoding="utf-8").split("QT_EXCLUDES = [", 1)[1].split("\n]\n", 1)[0]
    return set(re.findall(r'"(Qt\w+)"', block))


def qt_modules_the_app_imports() -> set[str]:
    used: set[str] = set()
    for path in (REPO / "annotator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("PySide6."):
                used.add(node.module.split(".")[1])
    return used


def test_the_spec_never_excludes_a_qt_module_the_app_imports() -> None:
    used = qt_modules_the_app_imports()
    assert {"QtCore", "QtGui", "QtWidgets"} <= used
    excluded = spec_qt_excludes()
    assert "QtNetwork" in excluded and "QtWebEngineCore" in excluded
    assert not used & excluded, f"the spec excludes {used & excluded}, which the app imports"


def test_build_output_is_not_committed() -> None:
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").split()
    assert {"build/", "dist/"} <= set(ignored)


def run_smoke(tmp_path: Path, sample: Path) -> subprocess.CompletedProcess[str]:
    """smoke_test.py against the annotator command this environment installed."""
    console = Path(sys.executable).parent / "annotator"
    return subprocess.run(
        [sys.executable, str(REPO / "build_scripts" / "smoke_test.py"), "--console",
         str(console), "--sample", str(sample), "--installed", str(REPO / "resources"),
         "--label", "test", "--summary", str(tmp_path / "summary.md")],
        capture_output=True, text=True, timeout=120, check=False)


def test_the_smoke_test_runs_the_command_and_reports_figures(tmp_path: Path) -> None:
    result = run_smoke(tmp_path, REPO / "sample_projects" / "vicr-demo")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[ok]   annotator --version" in result.stdout
    assert "[ok]   annotator validate (bundled sample)" in result.stdout
    assert "[ok]   annotator lead --help (the lab lead's window)" in result.stdout
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "### Caption Rating Annotator " in summary and " on test" in summary
    assert re.search(r"\| `annotator validate \(bundled sample\)` \| [\d.]+ s \|", summary)
    assert re.search(r"\| installed \| \d+ MB in \d+ files \|", summary)


def test_the_smoke_test_fails_on_a_sample_with_problems(tmp_path: Path,
                                                        make_project_folder) -> None:
    folder = make_project_folder(2)
    (folder / "images" / "photo000.jpg").write_bytes(b"not a jpeg")
    result = run_smoke(tmp_path, folder)
    assert result.returncode == 1
    assert "[FAIL] annotator validate (bundled sample): exit status 1" in result.stdout
    assert "photo000.jpg" in result.stdout  # the command's own output is shown
    assert not (tmp_path / "summary.md").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="the install scripts are bash")
@pytest.mark.parametrize("script", ["install_chromium.sh", "install_display.sh", "install_r.sh"])
def test_an_install_script_without_apt_says_what_skips_and_lets_the_tests_run(
        script: str, tmp_path: Path) -> None:
    """On a Mac, Windows (Git Bash) or a Linux without apt, the README's test command goes
    on to ruff, mypy and pytest: the script installs nothing, says so and exits 0."""
    bare = tmp_path / "bin"  # a PATH with bash, and neither apt-get nor the tools
    bare.mkdir()
    bash = shutil.which("bash")
    assert bash is not None
    (bare / "bash").symlink_to(bash)
    (bare / "dirname").symlink_to(shutil.which("dirname") or "/usr/bin/dirname")
    done = subprocess.run([str(bare / "bash"), str(REPO / "build_scripts" / script)],
                          env={"PATH": str(bare)}, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "no apt-get here, so nothing installed" in done.stderr
    assert "skip" in done.stderr


def test_ci_runs_exactly_the_test_command_the_readme_and_contributing_give() -> None:
    def command(path: Path) -> str:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if line.startswith("build_scripts/install_chromium.sh")]
        assert len(lines) == 1, path
        return lines[0]

    readme = command(REPO / "README.md")
    assert command(REPO / ".ci" / "run") == readme == command(REPO / "CONTRIBUTING.md")
    assert '-e ".[test-full]"' in readme and readme.endswith("python -m pytest")
