"""The installer workflow: it lints clean, it runs whenever anything the bundle is made of
changes, and each platform's job installs, tests and removes what it built.

The workflow runs on GitHub's Windows and macOS runners, never here: these checks are what
catches a broken workflow before a push does.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
WORKFLOW = REPO / ".github" / "workflows" / "installers.yml"
SPEC = REPO / "build_scripts" / "annotator.spec"
BIN = Path(sys.executable).parent  # the test extra installs actionlint and shellcheck here


def tool(name: str) -> str:
    """The test extra's ``name`` binary (``name.exe`` on Windows)."""
    found = shutil.which(name, path=str(BIN))
    assert found is not None, f"the test extra's {name} is missing from {BIN}"
    return found


def lint_env() -> dict[str, str]:
    """PATH with the venv's tools first, so actionlint finds shellcheck and runs it on every
    ``run:`` script."""
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def test_the_workflows_pass_actionlint_with_shellcheck() -> None:
    tool("shellcheck")
    workflows = sorted(str(p) for p in (REPO / ".github" / "workflows").glob("*.yml"))
    result = subprocess.run([tool("actionlint"), "-no-color", *workflows], cwd=REPO,
                            env=lint_env(), capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_would_catch_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8")
                      .replace("runs-on: windows-2022", "runs-on: windows-2019")
                      .replace('"$GITHUB_STEP_SUMMARY"', "$GITHUB_STEP_SUMMARY"),
                      encoding="utf-8")
    result = subprocess.run([tool("actionlint"), "-no-color", str(broken)], cwd=tmp_path,
                            env=lint_env(), capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert 'label "windows-2019" is unknown' in result.stdout  # a retired runner image
    assert "SC2086" in result.stdout  # shellcheck ran on the release job's script


def test_the_build_and_ci_shell_scripts_pass_shellcheck() -> None:
    scripts = [*sorted((REPO / "build_scripts").glob("*.sh")), REPO / ".ci" / "run"]
    result = subprocess.run([tool("shellcheck"), *map(str, scripts)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


# which paths the bundle is made of ------------------------------------------------------

def _spec_constants(tree: ast.Module) -> dict[str, str]:
    return {node.targets[0].id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _repo_path(node: ast.expr, constants: dict[str, str]) -> str | None:
    """``REPO / "a" / SAMPLE / f"…"`` (possibly inside ``str(...)``) as a relative path."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "str" and node.args:
        return _repo_path(node.args[0], constants)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
        return None
    parts: list[str] = []
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        right = node.right
        if isinstance(right, ast.Constant):
            parts.append(right.value)
        elif isinstance(right, ast.Name) and right.id in constants:
            parts.append(constants[right.id])
        else:
            return None
        node = node.left
    if not (isinstance(node, ast.Name) and node.id == "REPO"):
        return None
    return "/".join(reversed(parts))


def paths_the_spec_uses() -> set[str]:
    """Every REPO-relative path the spec names (scripts, pathex, datas, icons) and the
    repository modules the entry script and ``hiddenimports`` pull in."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    constants = _spec_constants(tree)
    paths = {path for node in ast.walk(tree) if (path := _repo_path(node, constants))}
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "hiddenimports":
            modules |= {element.value for element in node.value.elts}
    launcher = ast.parse((REPO / "build_scripts" / "launcher.py").read_text(encoding="utf-8"))
    modules |= {node.module for node in ast.walk(launcher)
                if isinstance(node, ast.ImportFrom) and node.module}
    for module in modules:
        top = module.split(".")[0]
        if (REPO / top).is_dir() or (REPO / f"{top}.py").is_file():
            paths.add(top if (REPO / top).is_dir() else f"{top}.py")
    return paths | {"build_scripts/annotator.spec", "pyproject.toml"}


def paths_the_wheel_uses() -> set[str]:
    hatch = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]
    wheel = hatch["build"]["targets"]["wheel"]
    return set(wheel["force-include"]) | set(wheel["packages"])


def files_under(paths: set[str]) -> set[str]:
    """The files the paths stand for (a folder: every file in it)."""
    files: set[str] = set()
    for path in paths:
        full = REPO / path
        assert full.exists(), f"the build names {path}, which does not exist"
        if full.is_dir():
            files |= {p.relative_to(REPO).as_posix() for p in full.rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts}
        else:
            files.add(path)
    return files


def github_glob(pattern: str) -> re.Pattern[str]:
    """A workflow path filter as GitHub reads it: ``**`` any characters, ``*`` any but /."""
    regex = "".join(".*" if token == "**" else "[^/]*" if token == "*" else "[^/]"
                    if token == "?" else re.escape(token)
                    for token in re.split(r"(\*\*|\*|\?)", pattern) if token)
    return re.compile(f"{regex}$")


def triggers() -> dict[str, list[str]]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    return {event: on[event]["paths"] for event in ("push", "pull_request")}


def test_the_paths_the_bundle_uses_are_found_where_the_build_names_them() -> None:
    spec = paths_the_spec_uses()
    assert {"annotator", "resources", "LICENSE", "build_scripts/launcher.py",
            "sample_projects/vicr-demo/project.toml",
            "sample_projects/vicr-demo/images"} <= spec
    assert "resources" in paths_the_wheel_uses()


@pytest.mark.parametrize("event", ["push", "pull_request"])
def test_every_path_the_bundle_uses_triggers_the_workflow(event: str) -> None:
    patterns = [github_glob(p) for p in triggers()[event]]
    used = files_under(paths_the_spec_uses() | paths_the_wheel_uses()) | {
        ".github/workflows/installers.yml", "build_scripts/build_windows.ps1",
        "build_scripts/annotator.iss", "build_scripts/install_check_macos.sh"}
    missed = sorted(f for f in used if not any(p.match(f) for p in patterns))
    assert not missed, f"changing these does not rebuild the installers: {missed}"
    assert len(used) > 60  # the walk saw the package, resources and sample images
    # ... and a change to what the bundle does not hold costs no installer builds
    for path in ("docs/install.md", "tests/test_workflows.py", "README.md",
                 "sample_projects/vcr5-demo/items.csv", "annotator.py"):
        assert not any(p.match(path) for p in patterns), path


def test_tags_always_build_and_push_and_pull_request_watch_the_same_paths() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    on = workflow.get("on", workflow.get(True))
    assert on["push"]["tags"] == ["v*"]
    assert triggers()["push"] == triggers()["pull_request"]


def test_each_platform_is_built_installed_tested_and_removed() -> None:
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    runners = {jobs["windows"]["runs-on"],
               *(row["runner"] for row in jobs["macos"]["strategy"]["matrix"]["include"])}
    assert runners == {"windows-2022", "macos-15", "macos-15-intel"}  # x64, arm64, x86_64
    for name, check in (("windows", "install_check_windows.ps1"),
                        ("macos", "install_check_macos.sh")):
        runs = "\n".join(step.get("run", "") for step in jobs[name]["steps"])
        assert check in runs, name
        assert any(step.get("uses", "").startswith("actions/upload-artifact")
                   for step in jobs[name]["steps"]), name
    release = jobs["release"]
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(release["needs"]) == {"windows", "macos"}
    assert release["permissions"] == {"contents": "write"}
    assert "sha256sum" in "\n".join(step.get("run", "") for step in release["steps"])


@pytest.mark.parametrize("job", ["windows", "macos"])
def test_each_platform_runs_the_quick_tests_before_it_builds(job: str) -> None:
    steps = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"][job]["steps"]
    runs = [step.get("run", "") for step in steps]
    tests = next(i for i, run in enumerate(runs) if 'pytest -m "not slow"' in run)
    build = next(i for i, run in enumerate(runs) if "build_" in run)
    assert tests < build
    assert '-e ".[test-full]"' in runs[tests]  # CI=true there: nothing it needs may be missing
