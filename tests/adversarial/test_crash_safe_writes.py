"""Writes of several files survive a crash (issue 27, class 3): ``plan --replace``, the
dataset export and a first merge are killed (SIGKILL) at every write they make, and the
project always opens, the export is always one whole export, and the panel is never a file
every later merge refuses. Two merges into one panel take turns; a full disk during a merge
is a refusal naming the panel (exit 2), never a traceback."""

from __future__ import annotations

import hashlib
import json
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from annotator.store.lock import SessionLock
from annotator.store.merge import merge_session_files
from annotator.store.panel_reading import is_panel_file
from tests.store.sessionfiles import content, ratings_for, write_session_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and rlimits are POSIX")

KILLER = Path(__file__).with_name("kill_at_write.py")
REPO = Path(__file__).resolve().parents[2]
ENVIRONMENT = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(REPO)}


def run_killed_at(n: int, root: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """``annotator argv`` in a fresh process that SIGKILLs itself at its nth write in root."""
    import os

    return subprocess.run([sys.executable, str(KILLER), str(n), str(root), *argv],
                          capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, **ENVIRONMENT}, check=False)


def kill_at_every_write(fresh: Callable[[], Path], argv: Callable[[Path], list[str]],
                        check: Callable[[Path, str], None]) -> int:
    """Run the command on a fresh copy once per write it makes, killed at that write, and
    ``check`` what is left; returns how many runs were killed."""
    for n in range(1, 200):
        root = fresh()
        done = run_killed_at(n, root, argv(root))
        assert "Traceback" not in done.stderr, done.stderr
        if done.returncode != -signal.SIGKILL:
            assert done.returncode == 0, done.stderr
            return n - 1
        check(root, done.stderr)
    raise AssertionError("the command never finished")


def fingerprint(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# --- plan --replace ----------------------------------------------------------------------


@pytest.mark.slow  # one process per write of the command
def test_plan_replace_killed_at_every_write_leaves_one_whole_plan(make_project_folder,
                                                                   tmp_path: Path) -> None:
    planned = make_project_folder(6)
    plan = ["--ratings-per-item", "2", "--laptops", "3"]
    assert main(["plan", str(planned), *plan, "--seed", "1"]) == 0
    copies = iter(range(1000))

    def fresh() -> Path:
        return Path(shutil.copytree(planned, tmp_path / f"copy-{next(copies)}"))

    def replace(root: Path) -> list[str]:
        return ["plan", str(root), *plan, "--seed", "9", "--replace"]

    def check(root: Path, killed_at: str) -> None:
        seed = open_project(root).plan.seed  # opens: never "restore the lead's copy"
        assert seed in (1, 9), killed_at
        assert main(["plan", *replace(root)[1:]]) == 0  # the same command finishes it
        assert open_project(root).plan.seed == 9
        assert main(["validate", str(root)]) == ExitCode.DONE, killed_at

    assert kill_at_every_write(fresh, replace, check) >= 3


def test_validate_names_a_plan_left_by_an_interrupted_replace(make_project_folder,
                                                              capsys) -> None:
    folder = make_project_folder(6)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--laptops", "3"]) == 0
    capsys.readouterr()
    shutil.copy(folder / "plan.csv", folder / "plan-2.csv")  # written, never recorded
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out = capsys.readouterr().out
    assert f"{folder / 'plan-2.csv'}: No [plan] in project.toml names plan-2.csv" in out
    assert "run the same `annotator plan` command again" in out


# --- the dataset export ------------------------------------------------------------------


def whole_export(folder: Path) -> bool:
    """Whether every file the Data Package lists is there with its recorded hash."""
    package = json.loads((folder / "datapackage.json").read_bytes())
    for resource_ in package["resources"]:
        data = (folder / resource_["path"]).read_bytes()
        if resource_["hash"] != f"sha256:{hashlib.sha256(data).hexdigest()}":
            return False
    return True


@pytest.mark.slow  # one process per write of the command
def test_an_export_killed_at_every_write_is_the_old_or_the_new_whole(
        simulated_project: Path, tmp_path: Path) -> None:
    template = tmp_path / "template"
    assert main(["export", str(simulated_project), "--out", str(template / "dataset"),
                 "--include-simulated"]) == 0
    (template / "dataset" / "LICENSE.txt").write_text("added by the lab\n")
    old = fingerprint(template / "dataset")
    copies = iter(range(1000))

    def fresh() -> Path:
        return Path(shutil.copytree(template, tmp_path / f"copy-{next(copies)}"))

    def export(root: Path) -> list[str]:  # pseudonyms: every data file changes
        return ["export", str(simulated_project), "--out", str(root / "dataset"),
                "--pseudonymise", "--include-simulated"]

    def check(root: Path, killed_at: str) -> None:
        out = root / "dataset"
        if out.exists():
            assert fingerprint(out) == old or whole_export(out), killed_at
        else:  # killed between the two renames: the old one whole beside it, put back next
            (aside,) = root.glob(".dataset.*.old")
            assert fingerprint(aside) == old, killed_at
        assert main(export(root)) == 0
        assert whole_export(out) and (out / "LICENSE.txt").read_text() == "added by the lab\n"

    assert kill_at_every_write(fresh, export, check) >= 8


# --- merging -------------------------------------------------------------------------------


@pytest.fixture
def laptops(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "sessions"
    return [write_session_file(folder / f"lap-{n}.sqlite", ratings_for(f"t{n}", 400, seed=n))
            for n in range(3)]


def rows_in(panel_path: Path) -> int:
    """The panel's ratings, read without its lock (which the test itself may hold)."""
    conn = sqlite3.connect(f"{panel_path.as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM ratings").fetchone()[0])
    finally:
        conn.close()


def merge_argv(panel: Path, files: list[Path]) -> list[str]:
    return ["merge", str(panel), *map(str, files)]


def assert_mergeable(panel: Path, files: list[Path], complete: tuple[str, int]) -> None:
    """No panel, or one a merge takes; merging again completes it."""
    assert not panel.exists() or is_panel_file(panel)
    merge_session_files(panel, files)
    assert content(panel) == complete


@pytest.mark.slow  # one process per write of the command
def test_a_first_merge_killed_at_every_write_leaves_no_panel_or_a_good_one(
        laptops: list[Path], tmp_path: Path) -> None:
    merge_session_files(tmp_path / "complete.sqlite", laptops)
    complete = content(tmp_path / "complete.sqlite")
    runs = iter(range(1000))

    def fresh() -> Path:
        root = tmp_path / f"run-{next(runs)}"
        root.mkdir()
        return root

    def check(root: Path, killed_at: str) -> None:
        assert_mergeable(root / "panel.sqlite", laptops, complete)

    killed = kill_at_every_write(fresh, lambda root: merge_argv(root / "panel.sqlite", laptops),
                                 check)
    assert killed >= 3


@pytest.mark.slow  # first merges killed at moments spread over their run, one process each
def test_a_first_merge_killed_at_any_moment_never_leaves_a_refused_panel(
        laptops: list[Path], tmp_path: Path) -> None:
    merge_session_files(tmp_path / "complete.sqlite", laptops)
    complete = content(tmp_path / "complete.sqlite")
    command = [sys.executable, "-m", "annotator"]
    started = time.perf_counter()
    subprocess.run([*command, *merge_argv(tmp_path / "timed.sqlite", laptops)], check=True,
                   capture_output=True, cwd=REPO)
    duration = time.perf_counter() - started
    kills = 16
    for n in range(kills):
        panel = tmp_path / f"panel-{n}.sqlite"
        process = subprocess.Popen([*command, *merge_argv(panel, laptops)], cwd=REPO,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(duration * (0.2 + 0.8 * n / kills))
        process.send_signal(signal.SIGKILL)
        _, err = process.communicate(timeout=300)
        assert b"Traceback" not in err, err.decode()
        assert_mergeable(panel, laptops, complete)


@pytest.mark.slow  # fresh processes
def test_two_merges_into_one_new_panel_take_turns(laptops: list[Path], tmp_path: Path) -> None:
    """Started together, both merges finish; neither is told the panel is damaged."""
    for attempt in range(3):
        panel = tmp_path / f"panel-{attempt}.sqlite"
        processes = [subprocess.Popen([sys.executable, "-m", "annotator", "merge", str(panel),
                                       str(file)], cwd=REPO, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
                     for file in laptops[:2]]
        for process in processes:
            out, err = process.communicate(timeout=300)
            assert process.returncode == 0, err
            assert "damaged" not in err + out and "Traceback" not in err
        assert content(panel)[1] == 800


@pytest.mark.slow  # fresh processes
def test_a_merge_waits_for_the_one_running_and_says_so(laptops: list[Path],
                                                       tmp_path: Path) -> None:
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, laptops[:1])
    held = SessionLock.acquire(panel, laptop="the lead's other window")  # a merge running
    try:
        process = subprocess.Popen([sys.executable, "-m", "annotator", "merge", str(panel),
                                    str(laptops[1])], cwd=REPO, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        said = process.stderr.readline()
        assert said.startswith(f"{panel}: another merge into this panel is running "), said
        assert "the lead's other window" in said
        assert process.poll() is None and rows_in(panel) == 400  # waiting, not merging
    finally:
        held.release()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert content(panel)[1] == 800


@pytest.mark.slow  # fresh processes
def test_a_full_disk_during_a_merge_is_a_refusal_naming_the_panel(laptops: list[Path],
                                                                   tmp_path: Path) -> None:
    """The process may write no file past 64 KB (RLIMIT_FSIZE, what a nearly full disk
    allows): the panel's journal outgrows it, and SQLite's error reaches the lead as a
    sentence naming the panel, exit 2, the panel as it was."""
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, [write_session_file(tmp_path / "small.sqlite",
                                                   ratings_for("ana", 5, seed=9))])
    before = content(panel)
    limit = max(64 * 1024, panel.stat().st_size + 1)

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run([sys.executable, "-m", "annotator", "merge", str(panel),
                           *map(str, laptops)], cwd=REPO, capture_output=True, text=True,
                          preexec_fn=small_disk, check=False)
    assert "Traceback" not in done.stderr
    assert done.returncode == ExitCode.REFUSED, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(
        f"{panel}: The panel database could not be written (")
    conn = sqlite3.connect(panel)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert content(panel) == before
