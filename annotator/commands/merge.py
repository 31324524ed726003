"""``annotator merge PANEL.sqlite SESSION.sqlite|FOLDER... [--project FOLDER] [--preview]``:
laptops' session files into the panel database (safe to repeat)."""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits, Progress


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("panel", type=Path, help="the panel database (created if missing)")
    parser.add_argument("sessions", type=Path, nargs="+",
                        help="session files, or folders whose .sqlite files are merged")
    parser.add_argument("--project", type=Path,
                        help="project folder: merge only its files (names the project of a "
                             "new panel)")
    parser.add_argument("--preview", action="store_true",
                        help="report what would be merged, change nothing")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.store.merge import merge_session_files

    project_id = None if args.project is None else open_project(args.project).project_id
    with Progress.of(args) as progress:
        report = merge_session_files(args.panel, args.sessions, project_id=project_id,
                                     preview=args.preview, progress=progress)
    for line in report.lines():
        print(line)
    return ExitCode.PROBLEMS if report.refused_files else ExitCode.DONE


MERGE = Command(
    name="merge",
    help="merge laptops' session files into a panel database (safe to repeat)",
    exits=Exits(done="every file was merged (with --preview: would be); the report is on "
                     "stdout",
                problems="some files were refused, each named on stdout with why; the "
                         "others were merged",
                refused="nothing was merged: no session files, a panel database or --project "
                        "folder that cannot be used, or files of several projects"),
    add_arguments=_add_arguments,
    run=_run,
)
