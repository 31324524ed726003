"""``annotator analyze``: analyse the input (:func:`~annotator.analysis.pipeline.analyse`),
write the JSON and CSV tables, print a summary.

Files people keep are written beside their target and renamed into place, so an
interrupted run never leaves half a file.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.analysis.undefined import Undefined
from annotator.errors import AnnotatorError
from annotator.files import write_text
from annotator.reporting.summary import items_table, summary_text, taggers_table


def run_analyze(args: argparse.Namespace) -> int:
    """The command: 0 when the report was made, 1 when the input cannot be used."""
    try:
        analysis = analyse(source_of(args.input, args.ratings_csv), AnalysisOptions(
            level=args.level, reps=args.reps, bootstrap=args.bootstrap, seed=args.seed,
            exclude_failed_checks=args.exclude_failed_checks, metrics_file=args.metrics))
        results = analysis.results
        csv: str | Undefined = Undefined("no --csv-dir was given")
        if args.csv_dir is not None:
            args.csv_dir.mkdir(parents=True, exist_ok=True)
            csv = str(args.csv_dir / "items.csv")
            write_text(args.csv_dir / "items.csv",
                              items_table(analysis.table, results.items.summary))
            write_text(args.csv_dir / "taggers.csv", taggers_table(results.taggers))
        results = replace(results, items=replace(results.items, csv=csv))
        if args.json is not None:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            write_text(args.json, json.dumps(results.to_json(), indent=2,
                                                    ensure_ascii=False) + "\n")
    except AnnotatorError as error:
        print(error, file=sys.stderr)
        return 1
    print(summary_text(results))
    return 0


def source_of(given: Path | None, ratings_csv: Path | None) -> AnalysisSource:
    """A project folder / session file / panel database, or (``--ratings-csv``) a CSV."""
    if given is not None and ratings_csv is None:
        return AnalysisSource(given)
    if given is None and ratings_csv is not None:
        return AnalysisSource(ratings_csv, ratings_csv=True)
    raise AnnotatorError("Give either a project folder / session file, or --ratings-csv.")
