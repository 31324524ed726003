"""``annotator import-ratings FORMAT FILE --out RATINGS.csv``: existing ratings as the CSV
that ``analyze --ratings-csv`` reads."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("format", choices=["flickr8k-expert"],
                        help="flickr8k-expert: ExpertAnnotations.txt of Flickr8k-Expert")
    parser.add_argument("file", type=Path, help="the ratings file to convert")
    parser.add_argument("--out", type=Path, required=True, metavar="RATINGS.csv",
                        help="the item_id,tagger,round,rating CSV to write")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.importers.flickr8k import EXPERT_TAGGERS, expert_ratings_csv

    pairs = expert_ratings_csv(args.file, args.out)
    print(f"Wrote {pairs * len(EXPERT_TAGGERS)} ratings of {pairs} pairs to {args.out} "
          f"(taggers {', '.join(EXPERT_TAGGERS)}, round 1). The three taggers are the "
          "positions of each pair's scores, which Flickr8k-Expert sorts low to high, not three "
          "people: read per-tagger figures with that in mind. Analyse them with: "
          f"annotator analyze --ratings-csv {args.out}", file=sys.stderr)
    return ExitCode.DONE


IMPORT_RATINGS = Command(
    name="import-ratings",
    help="turn existing ratings into the CSV analyze --ratings-csv reads",
    exits=Exits(done="the ratings CSV was written",
                refused="nothing was written: the file has bad lines (each one named) or no "
                        "judgments, or --out would overwrite it"),
    add_arguments=_add_arguments,
    run=_run,
)
