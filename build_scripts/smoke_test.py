"""Smoke-test a built or installed app through its console command, and report figures.

    python build_scripts/smoke_test.py --console dist/annotator/annotator \
        --sample dist/annotator/_internal/sample_projects/vicr-demo [--self-test] \
        [--gui PATH] [--installed FOLDER] [--installer FILE] [--label TEXT] [--summary FILE]

Runs each of SMOKES with the console command (``annotator``, as a lab lead types it), checks
its exit status and output, and times it; ``--self-test`` adds the app's own self-test, run
by the console command and, when ``--gui`` names the Windows window program, by that one
too. ``.ci/run`` runs it on the Linux bundle; the installer workflow on the installed app of
each platform. The figures (sizes, times, the first window's start-up) are printed and, with
``--summary`` (the workflow passes ``$GITHUB_STEP_SUMMARY``), appended as a Markdown table.

Runs on the build machine's Python (the standard library only); the app it tests needs none.
Exits 1 at the first failure, naming the command and showing its output.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TIMEOUT_SECONDS = 300


@dataclass(frozen=True)
class Smoke:
    """One command line and what it must print (a regular expression, on stdout or stderr).

    ``{sample}`` in ``argv`` is the bundled sample project; ``{version}`` in ``expect``
    the app's version.
    """

    name: str
    argv: tuple[str, ...]
    expect: str
    stream: str = "stdout"
    program: str = "console"


SMOKES: tuple[Smoke, ...] = (
    Smoke("annotator --version", ("--version",), r"^annotator {version}$"),
    Smoke("annotator validate (bundled sample)", ("validate", "{sample}"),
          r"^0 problems; \d+ pairs can be rated\.$", stream="stderr"),
    Smoke("annotator lead --help (the lab lead's window)", ("lead", "--help"),
          r"^usage: annotator lead .*FOLDER\|PANEL\.sqlite"),
)
"""The windows themselves (the tagger's and the lab lead's) are opened by ``--self-test``."""
SELF_TESTS: tuple[Smoke, ...] = (
    Smoke("annotator --self-test", ("--self-test",), r"^Self-test passed: \d+ checks"),
    Smoke("window program --self-test", ("--self-test",), "", program="gui"),
)
"""The window program has no console on Windows: only its exit status is checked."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--console", type=Path, required=True, help="the annotator command")
    parser.add_argument("--sample", type=Path, required=True,
                        help="the sample project inside the bundle")
    parser.add_argument("--gui", type=Path, help="the window program (Windows)")
    parser.add_argument("--self-test", action="store_true", help="also run --self-test")
    parser.add_argument("--installed", type=Path, help="the installed folder, for its size")
    parser.add_argument("--installer", type=Path, help="the installer, for its size")
    parser.add_argument("--label", default=sys.platform, help="the platform, for the summary")
    parser.add_argument("--summary", type=Path, help="append the figures here (Markdown)")
    args = parser.parse_args(argv)
    programs = {"console": args.console, "gui": args.gui}
    smokes = [*SMOKES, *(SELF_TESTS if args.self_test else ())]
    figures: list[tuple[str, str]] = []
    for smoke in smokes:
        program = programs[smoke.program]
        if program is None:
            continue
        result = run(smoke, program, sample=args.sample)
        if result is None:
            return 1
        figures.append((f"`{smoke.name}`", result))
    figures = [*sizes(args.installer, args.installed), *figures]
    for name, value in figures:
        print(f"{name}: {value}")
    if args.summary is not None:
        with args.summary.open("a", encoding="utf-8") as summary:
            summary.write(markdown(args.label, figures))
    return 0


def run(smoke: Smoke, program: Path, *, sample: Path) -> str | None:
    """Run one smoke; its figure (time, and what the self-test measured), or None."""
    command = [str(program), *(part.format(sample=sample) for part in smoke.argv)]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    try:
        result = subprocess.run(command, capture_output=True, text=True, env=env,
                                timeout=TIMEOUT_SECONDS, encoding="utf-8", errors="replace")
    except (OSError, subprocess.TimeoutExpired) as error:
        print(f"[FAIL] {smoke.name}: {error}")
        return None
    seconds = time.perf_counter() - started
    output = result.stdout if smoke.stream == "stdout" else result.stderr
    expect = smoke.expect.format(version=re.escape(app_version()))
    if result.returncode != 0 or not re.search(expect, output, re.MULTILINE):
        print(f"[FAIL] {smoke.name}: exit status {result.returncode}, expected "
              f"{smoke.stream} to match {expect!r}\n--- stdout\n{result.stdout}"
              f"--- stderr\n{result.stderr}")
        return None
    print(f"[ok]   {smoke.name} ({seconds:.2f} s)")
    return f"{seconds:.2f} s{self_test_figures(result.stdout)}"


def self_test_figures(output: str) -> str:
    """What a self-test's own lines measured: the first window and the whole run."""
    window = re.search(r"first image shown in (\d+) ms", output)
    total = re.search(r"Self-test passed: (\d+) checks in ([\d.]+) s", output)
    parts = [f"first window {window.group(1)} ms" if window else "",
             f"{total.group(1)} checks passed in {total.group(2)} s" if total else ""]
    text = ", ".join(part for part in parts if part)
    return f" ({text})" if text else ""


def sizes(installer: Path | None, installed: Path | None) -> list[tuple[str, str]]:
    found = []
    if installer is not None:
        found.append(("installer", f"{installer.name}, {installer.stat().st_size / 1e6:.0f} MB"))
    if installed is not None:
        files = [p for p in installed.rglob("*") if p.is_file() and not p.is_symlink()]
        total = sum(p.stat().st_size for p in files)
        found.append(("installed", f"{total / 1e6:.0f} MB in {len(files)} files"))
    return found


def markdown(label: str, figures: list[tuple[str, str]]) -> str:
    rows = "\n".join(f"| {name} | {value} |" for name, value in figures)
    return (f"\n### Caption Rating Annotator {app_version()} on {label}\n\n"
            f"| measured | |\n|---|---|\n{rows}\n")


def app_version() -> str:
    text = (REPO / "annotator" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


if __name__ == "__main__":
    sys.exit(main())
