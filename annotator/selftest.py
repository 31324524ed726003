"""``annotator --self-test``: prove an installation works, end to end, without a screen.

Meant for the frozen bundle above all (CI runs it on every change): it finds the bundled
resources, opens a temporary copy of the sample project, records one rating through the
real rating screen of the tagger's window offscreen, reads it back from the session file,
runs the analysis on it (with three simulated taggers beside it), merges and opens the lab
lead's window on the panel. Each check is a named
step printed as it passes; the first failure stops the run (the command exits 1). Nothing is
written outside a temporary folder (the user's settings are left alone).
"""

from __future__ import annotations

import os
import platform
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from annotator import __version__, resources

if TYPE_CHECKING:
    from annotator.project.model import Project
    from annotator.ui.selftest import RatedPair

SELF_TEST_TAGGER = "self-test"


class SelfTestError(Exception):
    """A check found the installation broken; the message says what was wrong."""


@dataclass
class SelfTestContext:
    """What the checks share: the scratch folder and what earlier checks produced."""

    workdir: Path
    project_folder: Path | None = None
    level_value: float | None = None
    rated: RatedPair | None = None


@dataclass(frozen=True)
class Check:
    """One named step; ``run`` returns a one-line detail or raises :class:`SelfTestError`."""

    name: str
    run: Callable[[SelfTestContext], str]


def check_resources(_context: SelfTestContext) -> str:
    """The vicr5 rubric and the icons are found where this install keeps its resources
    (the first check: it needs nothing from the others)."""
    root = resources.resources_root()
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and not root.is_relative_to(Path(bundle)):
        raise SelfTestError(f"resources were found outside the bundle, at {root}")
    from annotator.project.rubric import load_rubric

    rubric = load_rubric("vicr5")
    for icon in ("annotator.png", "annotator.ico", "annotator.icns"):
        if not resources.resource_path("icons", icon).is_file():
            raise SelfTestError(f"the icon {icon} is missing from {root / 'icons'}")
    return f"{root} (rubric vicr5 with {len(rubric.levels)} levels, icons)"


def check_sample_project(context: SelfTestContext) -> str:
    from annotator.project.folder import validate_project

    source = resources.sample_project_dir()
    if source is None:
        raise SelfTestError("the sample project is not part of this installation")
    copy = context.workdir / source.name
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("sessions"))
    project = validate_project(copy)
    if project.problems:
        raise SelfTestError(f"the sample project has problems: {project.problems[0]}")
    if not project.items:
        raise SelfTestError("the sample project has no pairs to rate")
    context.project_folder = copy
    # Any level of the rubric is a valid answer whatever the pair; take the lowest.
    context.level_value = min(level.value for level in project.rubric.levels)
    return f"{len(project.items)} pairs, every image decoded, copied to {copy}"


def check_rating_screen(context: SelfTestContext) -> str:
    if context.project_folder is None or context.level_value is None:
        raise SelfTestError("no project to rate (the sample project check did not run)")
    started = time.perf_counter()
    from annotator.ui.selftest import rate_first_pair  # Qt only for this step

    rated = rate_first_pair(context.project_folder, tagger=SELF_TEST_TAGGER,
                            value=context.level_value, started=started)
    context.rated = rated
    return (
        f"Qt {rated.qt_version} on the '{rated.platform}' platform: Qt loaded, window up and "
        f"first image shown in {rated.startup_ms} ms; {rated.notices} opening notice(s); "
        f"rated {rated.item_id} ({rated.phase}) level {rated.value:g} as '{SELF_TEST_TAGGER}'"
    )


def check_session_file(context: SelfTestContext) -> str:
    """Reopen the file the GUI closed: the rating must be there, the file intact."""
    from annotator.project.folder import open_project
    from annotator.store.session_file import SessionStore

    rated = context.rated
    if rated is None or context.project_folder is None:
        raise SelfTestError("no rating to look for (the rating screen check did not run)")
    project = open_project(context.project_folder)
    files = sorted(project.sessions_dir.glob("*.sqlite"))
    if len(files) != 1:
        raise SelfTestError(f"expected one session file, found {len(files)}")
    store = SessionStore.open(files[0], project_id=project.project_id,
                              laptop_id="self-test-reader", create=False)
    try:
        ratings = store.ratings(tagger=SELF_TEST_TAGGER)
        integrity = store.integrity_check()
    finally:
        store.close()
    if integrity != "ok":
        raise SelfTestError(f"integrity_check says {integrity!r}")
    if [r.rating_id for r in ratings] != [rated.rating_id]:
        raise SelfTestError(f"expected exactly the submitted rating, found {len(ratings)}")
    rating = ratings[0]
    if (rating.item_id, rating.value) != (rated.item_id, rated.value):
        raise SelfTestError(f"the stored rating differs: {rating.item_id} {rating.value}")
    return f"{files[0].name}: the rating is stored, integrity_check ok"


def check_analysis(context: SelfTestContext) -> str:
    """Three simulated taggers join the self-test's rating; the full analysis runs on all.

    This runs the statistics engine (numpy) through the pipeline the lead's pane and
    ``annotator analyze`` use, so a bundle that left part of it out fails here.
    """
    from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
    from annotator.project.folder import open_project
    from annotator.session.simulate import simulate

    if context.project_folder is None or context.rated is None:
        raise SelfTestError("no rated project to analyse (the earlier checks did not run)")
    project = open_project(context.project_folder)
    simulated = simulate(project, taggers=3, seed=1)
    results = analyse(AnalysisSource(context.project_folder),
                      AnalysisOptions(reps=20, bootstrap=100)).results
    stored = sum(_data_ratings(project, tally.file) for tally in simulated.taggers)
    expected = stored + (1 if context.rated.phase in ("game", "retest") else 0)
    if results.n_ratings != expected:
        raise SelfTestError(f"the analysis counted {results.n_ratings} ratings, not {expected}")
    if SELF_TEST_TAGGER not in results.taggers:
        raise SelfTestError("the analysis does not list the self-test tagger")
    alpha = results.alpha.value
    if not isinstance(alpha, float):
        raise SelfTestError(f"Krippendorff's alpha is undefined: {alpha.reason}")
    return f"{expected} ratings by {results.n_taggers} taggers; alpha {alpha:.3f}"


def _data_ratings(project: Project, path: Path) -> int:
    """Game and retest ratings in a session file: what the analysis must count (a simulated
    tagger who fails probation three times leaves before rating every pair)."""
    from annotator.store.session_file import SessionStore

    store = SessionStore.open(path, project_id=project.project_id,
                              laptop_id="self-test-reader", create=False)
    try:
        return sum(rating.phase.is_data for rating in store.ratings())
    finally:
        store.close()


def check_merge(context: SelfTestContext) -> str:
    """Merge every session file into a panel twice (hash chains verified) and export a
    snapshot: the lead's path through the store, with this bundle's SQLite."""
    from annotator.store.merge import merge_session_files
    from annotator.store.snapshot import export_snapshot

    if context.project_folder is None:
        raise SelfTestError("no session files to merge (the earlier checks did not run)")
    sessions = context.project_folder / "sessions"
    panel = context.workdir / "panel.sqlite"
    first = merge_session_files(panel, [sessions])
    if first.refused_files:
        raise SelfTestError(first.refused_files[0].text())
    again = merge_session_files(panel, [sessions])
    if again.new or again.total_ratings != first.total_ratings:
        raise SelfTestError(f"merging again added {again.new} ratings")
    snapshot = export_snapshot(panel, context.workdir / "panel.snapshot")
    return (f"{len(first.files)} files, {first.total_ratings} ratings, chains verified; "
            f"merging again added none; snapshot of {snapshot.ratings} ratings")


def check_lead_window(context: SelfTestContext) -> str:
    """The lead's window on the merged panel: the analysis pane as its main view, every
    lead action in its menus, background analysis, charts, every export."""
    panel = context.workdir / "panel.sqlite"
    if not panel.exists():
        raise SelfTestError("no panel to analyse (the merge check did not run)")
    from annotator.ui.selftest import analyse_in_lead_window  # Qt only for this step

    return analyse_in_lead_window(panel, context.workdir / "exports")


CHECKS: list[Check] = [
    Check("resources", check_resources),
    Check("sample project", check_sample_project),
    Check("rating screen", check_rating_screen),
    Check("session file", check_session_file),
    Check("analysis", check_analysis),
    Check("merge", check_merge),
    Check("lead's window", check_lead_window),
]
"""In order; later checks use what earlier ones left in the context."""


def run_self_test(checks: list[Check] | None = None, *, out: TextIO | None = None) -> bool:
    """Run the checks in a scratch folder, printing each; True when all passed."""
    out = out or sys.stdout
    checks = CHECKS if checks is None else checks
    kind = f"frozen bundle at {sys._MEIPASS}" if hasattr(sys, "_MEIPASS") else "from source"
    _say(out, f"Caption Rating Annotator {__version__} self-test ({kind}; "
              f"Python {platform.python_version()}, {platform.system()})")
    started = time.perf_counter()
    saved_env = {key: os.environ.get(key) for key in ("ANNOTATOR_CONFIG_DIR", "QT_QPA_PLATFORM")}
    with tempfile.TemporaryDirectory(prefix="annotator-self-test-") as scratch:
        os.environ["ANNOTATOR_CONFIG_DIR"] = str(Path(scratch) / "settings")
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        try:
            failed = _run_checks(checks, SelfTestContext(workdir=Path(scratch)), out)
        finally:
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    seconds = time.perf_counter() - started
    if failed:
        _say(out, f"Self-test FAILED at '{failed}' after {seconds:.1f} s.")
        return False
    _say(out, f"Self-test passed: {len(checks)} checks in {seconds:.1f} s.")
    return True


def _run_checks(checks: list[Check], context: SelfTestContext, out: TextIO) -> str | None:
    """The name of the first failing check, or None."""
    for check in checks:
        tick = time.perf_counter()
        try:
            detail = check.run(context)
        except Exception as error:  # report any breakage as a failed check, then stop
            _say(out, f"[FAIL] {check.name}: {type(error).__name__}: {error}")
            if sys.stderr is not None:
                traceback.print_exc(file=sys.stderr)
            return check.name
        elapsed = round((time.perf_counter() - tick) * 1000)
        _say(out, f"[ok]   {check.name}: {detail} ({elapsed} ms)")
    return None


def _say(out: TextIO | None, line: str) -> None:
    """Print and flush; a windowed Windows build may have no stdout at all."""
    if out is not None:
        print(line, file=out, flush=True)
