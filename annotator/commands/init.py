"""``annotator init FOLDER --images DIR [--captions FILE]``: a new project."""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.project.importers import CAPTION_FORMATS


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the new project folder")
    parser.add_argument("--images", type=Path, required=True, help="folder of images")
    parser.add_argument(
        "--captions", type=Path,
        help="CSV/TSV with image and caption columns, COCO captions JSON, Flickr8k token file "
             "or JSONL (omit to use sidecar .txt files)")
    parser.add_argument("--captions-format", choices=CAPTION_FORMATS,
                        help="the captions file's format (default: from its extension and "
                             "first line)")
    parser.add_argument("--name", help="project name (default: the folder's name)")
    parser.add_argument("--rubric", default="vicr5",
                        help="a shipped rubric's id (default: vicr5), or a rubric file (.toml) "
                             "to copy into the project as rubric.toml")


def _run(args: argparse.Namespace) -> ExitCode:
    """The report, on stdout in the order things were found: each problem (an input line
    left out, file:line), each note (images without a caption), then what was created."""
    from annotator.project.create import init_project

    made = init_project(args.folder, images=args.images, captions=args.captions,
                        name=args.name, rubric=args.rubric,
                        captions_format=args.captions_format)
    project = made.project
    for problem in project.problems:
        print(problem)
    for note in made.notes:
        print(f"{note.file}: note: {note.message}")
    count = len(project.problems)
    print(f"Created {project.root} with {len(project.items)} pairs"
          + (f"; {count} problem{'s' if count != 1 else ''} listed above." if count else "."))
    return ExitCode.PROBLEMS if count else ExitCode.DONE


INIT = Command(
    name="init",
    help="create a project from images and captions",
    exits=Exits(done="the project was created from every caption given (images without "
                     "a caption are listed as notes)",
                problems="the project was created; the input lines left out are listed on "
                         "stdout as file:line: why",
                refused="nothing was created: the folder is already a project, or the images "
                        "or captions cannot be used"),
    add_arguments=_add_arguments,
    run=_run,
)
