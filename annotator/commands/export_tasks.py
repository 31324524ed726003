"""``annotator export-tasks FOLDER --to label-studio|potato|prodigy --out DIR``: the project's
pairs as tasks another annotation tool imports, so part of a study can run there; its
answers come back with ``annotator import-ratings``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.commands.import_ratings import TOOL_FORMATS


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the project folder")
    parser.add_argument("--to", required=True, choices=list(TOOL_FORMATS), dest="tool",
                        help="the tool that will show the tasks")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="where to write the task files")
    parser.add_argument("--image-prefix", default="", metavar="PREFIX",
                        help="put before each image's path in the project folder to make the "
                             "URL the tool loads it from (e.g. /data/local-files/?d=my-panel/ "
                             "for Label Studio's local files)")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.project.interop import TOOLS, export_tasks

    project = open_project(args.folder)
    tool = TOOLS[args.tool]
    for path in export_tasks(project, tool, args.out, image_prefix=args.image_prefix):
        print(path)
    print(f"Wrote {len(project.items)} pairs as {tool.title} tasks to {args.out}. Bring the "
          f"answers back with: annotator import-ratings {tool.name} ANSWERS --project "
          f"{args.folder} --out RATINGS.csv", file=sys.stderr)
    return ExitCode.DONE


EXPORT_TASKS = Command(
    name="export-tasks",
    help="write the project's pairs as Label Studio, Potato or Prodigy tasks",
    exits=Exits(done="the task files were written (listed on stdout)",
                refused="the project cannot be opened, has no items, or its rubric asks "
                        "several questions"),
    add_arguments=_add_arguments,
    run=_run,
)
