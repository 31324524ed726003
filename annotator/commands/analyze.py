"""``annotator analyze``: load ratings, run every statistic, print a summary, write files.

Files people keep (the JSON, the CSV tables) are written beside their target and renamed
into place, so an interrupted run never leaves half a file (STYLE rule 6). ``--json -``
prints the JSON on stdout, and the summary then goes to stderr so stdout stays valid JSON.
numpy and the analysis load only when the command runs, Qt only for ``--gui`` (the lab
lead's window, as ``annotator lead SOURCE`` opens it).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.commands.contract import Command, ExitCode, Exits
from annotator.errors import AnnotatorError

if TYPE_CHECKING:
    from annotator.analysis.pipeline import AnalysisSource

STDOUT = Path("-")
"""``--json -``: the JSON on stdout instead of a file."""


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", type=Path, nargs="?",
                        help="project folder, session file or panel database")
    parser.add_argument("--ratings-csv", type=Path, help="item_id,tagger,round,rating CSV")
    parser.add_argument("--json", type=Path, metavar="FILE",
                        help="write the full results here ('-': print them on stdout, and the "
                             "summary on stderr)")
    parser.add_argument("--csv-dir", type=Path, help="write items.csv and taggers.csv here")
    parser.add_argument("--metrics", type=Path, metavar="FILE",
                        help="item_id,metric,score CSV of automatic metrics to benchmark "
                             "(default: metrics.csv of the project folder, if any)")
    parser.add_argument("--level", default="ordinal",
                        choices=["ordinal", "interval", "nominal", "ratio"])
    parser.add_argument("--reps", type=int, default=100, help="virtual-rater repetitions")
    parser.add_argument("--bootstrap", type=int, default=1000, help="resamples for α's CI")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random choice")
    parser.add_argument("--exclude-failed-checks", action="store_true",
                        help="leave out taggers who failed the attention checks")
    parser.add_argument("--gui", action="store_true",
                        help="open the lab lead's window on it instead (the same as "
                             "'annotator lead SOURCE')")


def _run(args: argparse.Namespace) -> int:
    return _open_pane(args) if args.gui else run_analyze(args)


def _open_pane(args: argparse.Namespace) -> int:
    if args.input is None or args.ratings_csv is not None:
        raise AnnotatorError("--gui opens a project folder or a panel database, not a "
                             "ratings CSV.")
    from annotator.commands.lead import open_lead_window

    return open_lead_window(args.input)


def run_analyze(args: argparse.Namespace) -> ExitCode:
    """The command without ``--gui``: DONE when the report was made; a refusal raises."""
    from annotator.analysis.pipeline import AnalysisOptions, analyse
    from annotator.analysis.undefined import Undefined
    from annotator.files import write_text
    from annotator.reporting.summary import items_table, summary_text, taggers_table

    analysis = analyse(source_of(args.input, args.ratings_csv), AnalysisOptions(
        level=args.level, reps=args.reps, bootstrap=args.bootstrap, seed=args.seed,
        exclude_failed_checks=args.exclude_failed_checks, metrics_file=args.metrics))
    results = analysis.results
    csv: str | Undefined = Undefined("no --csv-dir was given")
    if args.csv_dir is not None:
        args.csv_dir.mkdir(parents=True, exist_ok=True)
        csv = str(args.csv_dir / "items.csv")
        write_text(args.csv_dir / "items.csv", items_table(analysis.table, results.items.summary))
        write_text(args.csv_dir / "taggers.csv", taggers_table(results.taggers))
    results = replace(results, items=replace(results.items, csv=csv))
    text = json.dumps(results.to_json(), indent=2, ensure_ascii=False) + "\n"
    if args.json == STDOUT:
        sys.stdout.write(text)
    elif args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        write_text(args.json, text)
    print(summary_text(results), file=sys.stderr if args.json == STDOUT else sys.stdout)
    return ExitCode.DONE


def source_of(given: Path | None, ratings_csv: Path | None) -> AnalysisSource:
    """A project folder / session file / panel database, or (``--ratings-csv``) a CSV."""
    from annotator.analysis.pipeline import AnalysisSource

    if given is not None and ratings_csv is None:
        return AnalysisSource(given)
    if given is None and ratings_csv is not None:
        return AnalysisSource(ratings_csv, ratings_csv=True)
    raise AnnotatorError("Give either a project folder / session file, or --ratings-csv.")


ANALYZE = Command(
    name="analyze",
    help="agreement statistics of the panel's ratings",
    exits=Exits(done="the summary was printed (on stderr with --json -) and the files asked "
                     "for were written; with --gui: the window was closed",
                refused="the ratings, the metrics file or the options cannot be used (the "
                        "file and line are named)"),
    add_arguments=_add_arguments,
    run=_run,
)
