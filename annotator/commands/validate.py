"""``annotator validate FOLDER``: every problem of a project folder, one per line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import validate_project

    project = validate_project(args.folder)
    for problem in project.problems:
        print(problem)
    count = len(project.problems)
    print(f"{count} problem{'s' if count != 1 else ''}; {len(project.items)} pairs can be rated.",
          file=sys.stderr)
    return ExitCode.PROBLEMS if count else ExitCode.DONE


VALIDATE = Command(
    name="validate",
    help="list every problem of a project folder (every image is decoded)",
    exits=Exits(done="no problems, every pair can be rated",
                problems="one per line on stdout, as file:line: what is wrong (the other "
                         "pairs can still be rated)",
                refused="not a project folder, or its project.toml or rubric cannot be used"),
    add_arguments=_add_arguments,
    run=_run,
)
