"""``annotator init FOLDER --images DIR [--captions FILE]``: a new project (with
``--gold``/``--priors``/``--licence``/``--citation``, everything the lead's New project wizard
writes); ``annotator init FOLDER --from TOOL EXPORT``: a new project from a lab's own project
in another tool."""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.errors import AnnotatorError
from annotator.project.importers import CAPTION_FORMATS

PEER_TOOLS = ("label-studio", "potato", "prodigy")
"""The tools ``--from`` reads (:mod:`annotator.project.interop.peer`)."""


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the new project folder")
    parser.add_argument("--images", type=Path,
                        help="folder of images (with --from: where the tasks' images are; "
                             "default: the export's folder)")
    parser.add_argument(
        "--captions", type=Path,
        help="CSV/TSV with image and caption columns, COCO captions JSON, Flickr8k token file "
             "or JSONL (omit to use sidecar .txt files)")
    parser.add_argument("--captions-format", choices=CAPTION_FORMATS,
                        help="the captions file's format (default: from its extension and "
                             "first line)")
    parser.add_argument("--from", dest="from_tool", nargs=2, metavar=("TOOL", "EXPORT"),
                        help="make the project from a lab's own project in another tool and "
                             f"import its answers: TOOL is one of {', '.join(PEER_TOOLS)}; "
                             "EXPORT is Label Studio's JSON, JSON_MIN or CSV export (its "
                             "label_config.xml beside it), Potato's project folder, or "
                             "Prodigy's db-out JSONL")
    parser.add_argument("--choice-map", type=Path, metavar="FILE",
                        help="with --from: a CSV of choice,level turning the tool's choices "
                             "into the rubric's levels")
    parser.add_argument("--name", help="project name (default: the folder's name)")
    parser.add_argument("--rubric", help="a shipped rubric's id (default: vicr5; with --from: "
                                         "the rubric the answers fit), or a rubric file "
                                         "(.toml) to copy into the project as rubric.toml")
    parser.add_argument("--gold", type=Path, help="a gold.csv to copy into the project")
    parser.add_argument("--priors", type=Path, help="a priors.csv to copy into the project")
    parser.add_argument("--title", default="", help="[dataset] title")
    parser.add_argument("--licence", "--license", metavar="ID",
                        help="the licence the ratings will be published under, as the Hugging "
                             "Face hub names it (cc-by-4.0, cc0-1.0, mit…); written to "
                             "[dataset] in project.toml")
    parser.add_argument("--citation", metavar="TEXT",
                        help="how to cite the dataset (written to [dataset] in project.toml)")


def _dataset(args: argparse.Namespace) -> dict[str, str]:
    """The ``[dataset]`` table the lead gave; a licence that is no licence id is refused."""
    from annotator.project.dataset_settings import LICENCE_ID

    given = {key: value.strip() for key, value in (("licence", args.licence),
                                                   ("citation", args.citation))
             if value is not None}
    if "licence" in given and not LICENCE_ID.fullmatch(given["licence"]):
        raise AnnotatorError(f"--licence {given['licence']!r} is not a licence id: give it as "
                             "the Hugging Face hub lists it, in lower case (cc-by-4.0, "
                             "cc0-1.0, mit, other).")
    if any(not value for value in given.values()):
        raise AnnotatorError("--licence and --citation need a text.")
    return given


def _licence_note(dataset: dict[str, str], root: Path) -> None:
    if "licence" not in dataset:
        print(f"{root / 'project.toml'}: note: no licence was given (--licence), so a "
              "dataset exported from this project says its licence is unknown; set licence "
              "under [dataset] in project.toml before publishing.")


def _run(args: argparse.Namespace) -> ExitCode:
    """The report, on stdout in the order things were found: each problem (an input line
    left out, file:line), each note (images without a caption), then what was created."""
    from annotator.project.manifest import DEFAULT_RUBRIC
    from annotator.project.model import DatasetCard
    from annotator.project.new_project import ProjectChoices, make_project

    dataset = _dataset(args)
    if args.from_tool is not None:
        return _from_tool(args, dataset)
    if args.images is None:
        raise AnnotatorError("Give --images DIR (or --from TOOL EXPORT).")
    made = make_project(ProjectChoices(
        folder=args.folder, images=args.images, captions=args.captions, name=args.name,
        rubric=args.rubric or DEFAULT_RUBRIC, captions_format=args.captions_format,
        gold_file=args.gold, priors_file=args.priors,
        dataset=DatasetCard(title=args.title, licence=dataset.get("licence", "unknown"),
                            citation=dataset.get("citation", ""))))
    project = made.project
    for problem in project.problems:
        print(problem)
    for note in made.notes:
        print(f"{note.file}: note: {note.message}")
    _licence_note(dataset, project.root)
    count = len(project.problems)
    print(f"Created {project.root} with {len(project.items)} pairs"
          + (f"; {count} problem{'s' if count != 1 else ''} listed above." if count else "."))
    return ExitCode.PROBLEMS if count else ExitCode.DONE


def _from_tool(args: argparse.Namespace, dataset: dict[str, str]) -> ExitCode:
    from annotator.project.interop.peer import init_from_tool, read_choice_map

    tool, export = args.from_tool[0], Path(args.from_tool[1])
    if tool not in PEER_TOOLS:
        raise AnnotatorError(f"--from takes one of {', '.join(PEER_TOOLS)}, not {tool!r}.")
    if args.captions is not None:
        raise AnnotatorError("--captions and --from exclude each other: the captions are "
                             "the tool's tasks.")
    choice_map = read_choice_map(args.choice_map) if args.choice_map is not None else None
    done = init_from_tool(args.folder, tool, export, images=args.images, rubric=args.rubric,
                          choice_map=choice_map, name=args.name, dataset=dataset)
    project = done.made.project
    for problem in (*project.problems, *done.read.warnings):
        print(problem)
    taggers = sorted({answer.tagger for answer in done.read.answers})
    _licence_note(dataset, project.root)
    skipped = (f"; {done.read.not_answers} cancelled, rejected or ignored entries are no "
               "answer" if done.read.not_answers else "")
    print(f"Created {project.root} with {len(project.items)} pairs (rubric "
          f"{project.rubric.rubric_id}) and wrote {done.written} ratings of round 1 by "
          f"{len(taggers)} taggers ({', '.join(taggers)}) to {done.ratings}{skipped}.")
    return ExitCode.PROBLEMS if project.problems or done.read.warnings else ExitCode.DONE


INIT = Command(
    name="init",
    help="create a project from images and captions, or from another tool's project",
    exits=Exits(done="the project was created from every caption given (images without "
                     "a caption are listed as notes); with --from, with every answer as a "
                     "rating",
                problems="the project was created; the input lines left out (or, with "
                         "--from, warnings on its taggers) are listed on stdout as "
                         "file:line: why",
                refused="nothing was created: the folder is already a project, or the images "
                        "or captions cannot be used; with --from, an answer cannot be used "
                        "(each one named)"),
    add_arguments=_add_arguments,
    run=_run,
)
