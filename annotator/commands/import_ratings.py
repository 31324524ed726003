"""``annotator import-ratings FORMAT FILE --out RATINGS.csv``: existing ratings as the CSV
that ``analyze --ratings-csv`` reads: Flickr8k-Expert's judgments, or answers given in
Label Studio, Potato or Prodigy to tasks ``annotator export-tasks`` made."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.errors import AnnotatorError

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
    parser.add_argument("--out", type=Path, required=True, metavar="RATINGS.csv",
                        help="the item_id,tagger,round,rating CSV to write")
    parser.add_argument("--project", type=Path, metavar="FOLDER",
                        help="the project the tasks came from (needed for a tool's answers: "
                             "its items and rubric)")
    parser.add_argument("--round", type=int, default=1, metavar="N",
                        help="the round the tool's answers belong to (default 1)")


def _run(args: argparse.Namespace) -> ExitCode:
    if args.format == FLICKR8K:
        return _flickr8k(args)
    from annotator.project.folder import open_project
    from annotator.project.interop import TOOLS
    from annotator.project.interop.answers import one_question, write_ratings
    from annotator.project.own_files import refuse_output_over_inputs

    if args.project is None:
        raise AnnotatorError(f"Give --project FOLDER: the {args.format} answers are checked "
                             "against the project's items and rubric.")
    if args.round < 1:
        raise AnnotatorError("--round counts from 1.")
    project = open_project(args.project)
    refuse_output_over_inputs([args.out], project.root)
    tool = TOOLS[args.format]
    one_question(project, tool.title)
    read = tool.read(args.file)
    written = write_ratings(read, project, args.out, round_number=args.round, source=args.file)
    skipped = (f"; {read.not_answers} cancelled, rejected or ignored entries are no answer"
               if read.not_answers else "")
    for warning in read.warnings:
        print(warning, file=sys.stderr)
    print(f"Wrote {written} ratings of round {args.round} to {args.out}{skipped}. Analyze "
          f"them with: annotator analyze --ratings-csv {args.out}", file=sys.stderr)
    return ExitCode.DONE


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
    exits=Exits(done="the ratings CSV was written",
                refused="nothing was written: the file has bad lines or entries (each one "
                        "named), answers off the rubric or of unknown items, or no judgments, "
                        "or --out would overwrite it or one of the project's own files"),
    add_arguments=_add_arguments,
    run=_run,
)
