"""``annotator import-ratings FORMAT FILE --out RATINGS.csv | --into PANEL.sqlite``: existing
ratings (Flickr8k-Expert's judgments, or answers given in Label Studio, Potato or Prodigy)
as the CSV that ``analyze --ratings-csv`` reads, or stored in a panel with where they came
from (:mod:`annotator.store.imported`), to be analysed and published with ratings given
here."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.errors import AnnotatorError

if TYPE_CHECKING:
    from annotator.project.interop.answers import CheckedRating, Read

FLICKR8K = "flickr8k-expert"
TOOL_FORMATS = {"label-studio": "its JSON, JSON_MIN, CSV or TSV export",
                "potato": "its output folder (annotation_output/), or 2.x's "
                          "annotation_history.jsonl or annotations.jsonl",
                "prodigy": "the JSONL of prodigy db-out"}
"""The tools of :data:`annotator.project.interop.TOOLS`, named here so ``--help`` loads no
more than argparse."""


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("format", choices=[FLICKR8K, *TOOL_FORMATS],
                        help="flickr8k-expert: ExpertAnnotations.txt of Flickr8k-Expert; "
                             + "; ".join(f"{name}: {reads}" for name, reads in
                                         TOOL_FORMATS.items()))
    parser.add_argument("file", type=Path, help="the ratings file (or Potato folder) to convert")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", type=Path, metavar="RATINGS.csv",
                       help="the item_id,tagger,round,rating CSV to write")
    where.add_argument("--into", type=Path, metavar="PANEL.sqlite",
                       help="store the ratings in this panel database (made if missing) with "
                            "where they came from, for analyze, the lead's window and export "
                            "(needs --project)")
    parser.add_argument("--project", type=Path, metavar="FOLDER",
                        help="the project the tasks came from (needed for a tool's answers "
                             "and for --into: its items and rubric)")
    parser.add_argument("--round", type=int, default=1, metavar="N",
                        help="the round the answers belong to (default 1)")


def _run(args: argparse.Namespace) -> ExitCode:
    if args.format == FLICKR8K and args.out is not None:
        return _flickr8k(args)
    from annotator.project.folder import open_project
    from annotator.project.interop.answers import checked_ratings, one_question, write_ratings
    from annotator.project.own_files import refuse_output_over_inputs

    if args.project is None:
        raise AnnotatorError(f"Give --project FOLDER: the {args.format} answers are checked "
                             "against the project's items and rubric.")
    if args.round < 1:
        raise AnnotatorError("--round counts from 1.")
    project = open_project(args.project)
    refuse_output_over_inputs([args.out or args.into], project.root, reads=[args.file])
    title, read = _read(args.format, args.file)
    one_question(project, title)
    if args.out is not None:
        written = write_ratings(read, project, args.out, round_number=args.round,
                                source=args.file)
        where = f"{args.out}. Analyze them with: annotator analyze --ratings-csv {args.out}"
    else:
        rows = checked_ratings(read, project, round_number=args.round, source=args.file)
        written = _into_panel(args, title, rows, project.project_id)
        where = f"the panel {args.into}"
    skipped = (f" ({read.not_answers} cancelled, rejected or ignored entries are no answer)"
               if read.not_answers else "")
    for warning in read.warnings:
        print(warning, file=sys.stderr)
    print(f"Wrote {written} ratings of round {args.round}{skipped} to {where}",
          file=sys.stderr)
    return ExitCode.DONE


def _read(name: str, file: Path) -> tuple[str, Read]:
    """The tool's title and what its file gave."""
    if name == FLICKR8K:
        from annotator.project.importers.flickr8k import expert_answers

        return "Flickr8k-Expert", expert_answers(file)
    from annotator.project.interop import TOOLS

    tool = TOOLS[name]
    return tool.title, tool.read(file)


def _into_panel(args: argparse.Namespace, title: str, rows: list[CheckedRating],
                project_id: str) -> int:
    """Store the checked answers in the panel; how many were new there."""
    from annotator.project.answer_model import SKIP_VALUE
    from annotator.store.imported import ImportedRating, ImportedSource, import_into_panel

    source = ImportedSource.of(args.file, title, args.round)
    done = import_into_panel(
        args.into, source,
        [ImportedRating(r.item_id, r.tagger, SKIP_VALUE if math.isnan(r.value) else r.value)
         for r in rows],
        project_id=project_id, waiting=lambda text: print(text, file=sys.stderr))
    if done.present:
        print(f"{done.present} of these ratings were already in the panel (this file was "
              "imported before).", file=sys.stderr)
    return done.new


def _flickr8k(args: argparse.Namespace) -> ExitCode:
    from annotator.project.importers.flickr8k import EXPERT_TAGGERS, expert_ratings_csv
    from annotator.project.own_files import refuse_output_over_inputs

    refuse_output_over_inputs([args.out], args.project)
    pairs = expert_ratings_csv(args.file, args.out)
    print(f"Wrote {pairs * len(EXPERT_TAGGERS)} ratings of {pairs} pairs to {args.out} "
          f"(taggers {', '.join(EXPERT_TAGGERS)}, round 1). The three taggers are the "
          "positions of each pair's scores, which Flickr8k-Expert sorts low to high, not three "
          "people: read per-tagger figures with that in mind. Analyze them with: "
          f"annotator analyze --ratings-csv {args.out}", file=sys.stderr)
    return ExitCode.DONE


IMPORT_RATINGS = Command(
    name="import-ratings",
    help="turn existing ratings into the CSV analyze --ratings-csv reads",
    exits=Exits(done="the ratings CSV was written (with --into: the panel holds them)",
                refused="nothing was written: the file has bad lines or entries (each one "
                        "named), answers off the rubric or of unknown items, or no judgments, "
                        "or --out/--into would overwrite it or one of the project's own files, "
                        "or the --into panel is another project's"),
    add_arguments=_add_arguments,
    run=_run,
)
