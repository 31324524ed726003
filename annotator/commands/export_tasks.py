"""``annotator export-tasks FOLDER --to label-studio|potato|prodigy --out DIR``: the project's
pairs as tasks another annotation tool imports, so part of a study can run there; its
answers come back with ``annotator import-ratings``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.commands.import_ratings import TOOL_FORMATS

SERVING = {
    "label-studio": "Label Studio shows the images once started with "
                    "LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED=true and "
                    "LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT={folder}, with a Local files "
                    "storage of {folder}/images added to the project (not synced). ",
    "potato": "Start Potato in that folder (potato start config.yaml): it serves images/ "
              "as /media/. ",
    "prodigy": "The tasks name each image by its path in that folder (images/…), as "
               "Prodigy's own image loaders do; run Prodigy from that folder. ",
}
"""How each tool serves the images ``--images copy`` put in the task folder."""


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
    parser.add_argument("--images", choices=["none", "copy"], default="none",
                        help="copy: put the images in DIR/images/, named in the tasks by the "
                             "URL the tool serves them at (default none: the tasks name the "
                             "project's paths after --image-prefix)")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.project.interop import TOOLS, export_tasks

    project = open_project(args.folder)
    tool = TOOLS[args.tool]
    for path in export_tasks(project, tool, args.out, image_prefix=args.image_prefix,
                             copy_images=args.images == "copy"):
        print(path)
    serve = SERVING[tool.name].format(folder=args.out.resolve()) if args.images == "copy" else ""
    print(f"Wrote {len(project.items)} pairs as {tool.title} tasks to {args.out}. {serve}"
          f"Bring the answers back with: annotator import-ratings {tool.name} ANSWERS "
          f"--project {args.folder} --out RATINGS.csv", file=sys.stderr)
    return ExitCode.DONE


EXPORT_TASKS = Command(
    name="export-tasks",
    help="write the project's pairs as Label Studio, Potato or Prodigy tasks",
    exits=Exits(done="the task files were written (listed on stdout)",
                refused="the project cannot be opened, has no items, or its rubric asks what "
                        "the tool cannot: a question before the image (Label Studio, Potato), "
                        "several questions (Prodigy)"),
    add_arguments=_add_arguments,
    run=_run,
)
