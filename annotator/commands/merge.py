"""``annotator merge PANEL.sqlite SESSION.sqlite|FOLDER... [--project FOLDER] [--preview]``:
laptops' session files into the panel database (safe to repeat)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits, Progress


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("panel", type=Path, help="the panel database (created if missing)")
    parser.add_argument("sessions", type=Path, nargs="+",
                        help="session files, or folders whose .sqlite files are merged")
    parser.add_argument("--project", type=Path,
                        help="project folder: merge only its files (names the project of a "
                             "new panel), every value checked against its rubric (default: "
                             "the panel's folder, when it is a project folder)")
    parser.add_argument("--preview", action="store_true",
                        help="report what would be merged, change nothing")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.project.manifest import MANIFEST_FILE
    from annotator.project.own_files import refuse_output_over_inputs
    from annotator.store.merge import merge_session_files
    from annotator.store.validation import RowRules

    folder = args.project
    if folder is None and (args.panel.parent / MANIFEST_FILE).is_file():
        folder = args.panel.parent  # the panel's usual place: panel.sqlite in the project
    project = None if folder is None else open_project(folder)
    refuse_output_over_inputs([args.panel], folder,
                              reads=[path for path in args.sessions if not path.is_dir()])
    with Progress.of(args) as progress:
        report = merge_session_files(
            args.panel, args.sessions,
            project_id=None if project is None else project.project_id,
            preview=args.preview, rules=None if project is None else RowRules.of(project),
            item_sources=None if project is None else {
                item.item_id: item.source for item in project.items},
            progress=progress, waiting=lambda text: print(text, file=sys.stderr))
    if project is None:
        print("No project folder was named (--project), so the ratings' values were checked "
              "for their form only, not against the project's rubric.", file=sys.stderr)
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
                        "folder that cannot be used (or a panel named over the project's own "
                        "files), files of several projects, or a panel that cannot be "
                        "written (a full disk)"),
    add_arguments=_add_arguments,
    run=_run,
)
