"""``annotator export FOLDER|PANEL.sqlite --out DIR``: the dataset a lab publishes.

The same files as the pane's File ▸ Export the dataset (:mod:`annotator.reporting.dataset.
writer`): ratings, items, codebook, dataset card, Data Package and Croissant metadata. The
paths written go to stdout, one per line; progress and what to do next to stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.commands.contract import Command, ExitCode, Exits

if TYPE_CHECKING:
    from annotator.planning.splits import SplitSpec


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", type=Path,
                        help="project folder, or a panel database kept in (or beside) it")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="the dataset folder to write (new, empty or an earlier export)")
    parser.add_argument("--pseudonymise", action="store_true",
                        help="replace tagger names with T01, T02… in the order they first "
                             "rated; who is who goes to DIR-tagger-key.csv beside DIR, never "
                             "into it")
    parser.add_argument("--exclude-failed-checks", action="store_true",
                        help="leave out taggers who failed the attention checks, every answer")
    parser.add_argument("--include-simulated", action="store_true",
                        help="publish the ratings `annotator simulate` made too (refused "
                             "otherwise); the dataset card then says which are simulated")
    parser.add_argument("--format", choices=["csv", "jsonl"], default="csv",
                        help="the ratings and items as CSV (default) or JSON Lines")
    parser.add_argument("--images", choices=["none", "copy", "link"], default="none",
                        help="copy: the images travel under DIR/images/ (with their licences "
                             "and an images/metadata.csv Hugging Face's ImageFolder loads); "
                             "link: links to the project's images instead (this computer "
                             "only); none (default): no images")
    add_split_arguments(parser, seed_option="--seed")


def add_split_arguments(parser: argparse.ArgumentParser, *, seed_option: str) -> None:
    """``--splits 80/10/10 [--by image|item]`` and the split's seed (``seed_option``:
    export's ``--seed``, analyze's ``--split-seed``, whose ``--seed`` is the analysis's)."""
    parser.add_argument("--splits", metavar="TRAIN/VALIDATION/TEST",
                        help="split the items into train/validation/test by these "
                             "percentages (80/10/10), seeded; each table is also written per "
                             "split and the card names them")
    parser.add_argument("--by", choices=["image", "item"], default="image",
                        help="with --splits: keep each image's captions in one split "
                             "(default), or split items one by one")
    parser.add_argument(seed_option, dest="split_seed", type=int, default=0, metavar="S",
                        help="with --splits: the seed of the split (default 0)")


def split_spec(args: argparse.Namespace) -> SplitSpec | None:
    """The split asked for, or None."""
    from annotator.planning.splits import SplitSpec, parse_shares

    if args.splits is None:
        return None
    return SplitSpec(parse_shares(args.splits), by=args.by, seed=args.split_seed)


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
    from annotator.reporting.dataset.writer import DatasetOptions, export_dataset

    def say(message: str) -> None:
        print(message, file=sys.stderr)

    say(f"Analysing {args.input}…")
    analysis = analyse(AnalysisSource(args.input),
                       AnalysisOptions(exclude_failed_checks=args.exclude_failed_checks))
    done = export_dataset(analysis, args.out, DatasetOptions(
        pseudonymise=args.pseudonymise, format=args.format,
        include_simulated=args.include_simulated, images=args.images,
        splits=split_spec(args)), progress=say)
    for path in done.written:
        print(path)
    project = analysis.input.project
    if project is not None and project.dataset.licence == "unknown":
        say(f"Warning: {project.root / 'project.toml'} names no licence for the dataset, and "
            "its card says so: set licence under [dataset] (for example cc-by-4.0) and "
            "export again before publishing.")
    say(f"Wrote the dataset to {done.folder} (content hash {done.content_hash}); its card is "
        "README.md.")
    if done.key_file is not None:
        say(f"Who is T01, T02…: {done.key_file}. Keep it with the project; do not publish it.")
    return ExitCode.DONE


EXPORT = Command(
    name="export",
    help="write the dataset a lab publishes: ratings, items, codebook, card, metadata",
    exits=Exits(done="the dataset folder was written (its files are listed on stdout)",
                refused="the input cannot be analysed or has no project folder, or DIR holds "
                        "other files than an earlier export"),
    add_arguments=_add_arguments,
    run=_run,
)
