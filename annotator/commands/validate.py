"""``annotator validate FOLDER``: every problem of a project folder, one per line, its
session files included (those the game and the analysis leave out)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.names import name_problem
    from annotator.project.briefing import briefing
    from annotator.project.folder import validate_project
    from annotator.store.sessions_folder import read_sessions_folder
    from annotator.store.snapshot import SNAPSHOTS_FOLDER

    project = validate_project(args.folder)
    folder = read_sessions_folder(project)
    left_out = folder.unreadable
    long_names = [f"{contents.path}: {too_long} Its ratings are used; the start screen "
                  "refuses such a name now." for contents in folder.files
                  for name in sorted(set(contents.ratings.tagger))
                  if (too_long := name_problem(name, what="tagger's name")) is not None]
    for problem in project.problems:
        print(problem)
    for entry in left_out:
        print(entry.warning())
    for line in long_names:
        print(line)
    snapshots = len(list((project.root / SNAPSHOTS_FOLDER).glob("*.sqlite")))
    for note in briefing(project, snapshots=snapshots):
        print(f"note: {note}", file=sys.stderr)
    count = len(project.problems) + len(left_out) + len(long_names)
    print(f"{count} problem{'s' if count != 1 else ''}; {len(project.items)} pairs can be rated.",
          file=sys.stderr)
    return ExitCode.PROBLEMS if count else ExitCode.DONE


VALIDATE = Command(
    name="validate",
    help="list every problem of a project folder (every image is decoded)",
    exits=Exits(done="no problems, every pair can be rated",
                problems="one per line on stdout, as file:line: what is wrong (the other "
                         "pairs can still be rated), each session file that cannot be "
                         "read, with what it holds, and each tagger's name longer than names "
                         "may be now; notes on what taggers will get (no tutorial, no "
                         "consensus yet, no checks) go to stderr and are not problems",
                refused="not a project folder, or its project.toml or rubric cannot be used"),
    add_arguments=_add_arguments,
    run=_run,
)
